/* Whether a data operation's host content is hashed now or later: the one
 * owner of that decision. A copy to the device is hashed at once (the copy
 * read its source, which it left as it was, and it is in cache if it
 * fits); a copy back inside a target region once it has landed
 * (landing_hashes.h: at the region's end, the task's completion, or the
 * buffer's flush); a copy back outside every region (omp_target_memcpy),
 * or one that holds a pointer the runtime attaches, at once. Neither hash
 * is part of the op's duration. */
#ifndef OMPT_INST_SHIM_DATA_OP_HASHING_H
#define OMPT_INST_SHIM_DATA_OP_HASHING_H

#include <stdint.h>

#include "data_op_view.h"
#include "record.h"

/* A target region begins on t: it has copied nothing yet. */
void oi_data_op_hashing_region_begins(oi_thread *t);

/* Hashes the host content of `e` (the op `view`, of `bytes`), now or
 * once it has landed. */
void oi_data_op_hash(oi_thread *t, oi_event *e, const data_op_view *view, uint64_t bytes);

#endif
