/* The event of one data operation, from its begin and end as the pairing
 * (data_op_pairing.h) found them: its host and device sides, the device
 * buffers it makes or frees, the region's code address, its hash
 * (data_op_hashing.h), and the one edit of an event still in the buffer
 * (a made-up alloc learning its device address). */
#ifndef OMPT_INST_SHIM_DATA_OP_EVENTS_H
#define OMPT_INST_SHIM_DATA_OP_EVENTS_H

#include <stdint.h>

#include "record.h"

/* Records `op` of the calling thread `t`, stamped with its begin, lasting
 * until end_ns; `repaired`: OI_FLAG_REPAIRED when made up. */
void oi_data_op_event(oi_thread *t, const oi_open_data_op *op, uint64_t end_ns, unsigned repaired);

#endif
