/* Inferred data operations: where the runtime reports none (no device
 * callbacks, or OMPT_INST_DISABLE_NATIVE=target), the shim replays OpenMP's
 * map semantics on a present table per device, from the map items the
 * compiler hooks pass, and records the operations the runtime performs,
 * origin `inferred`, in the order LLVM 19 performs them. */
#ifndef OMPT_INST_SHIM_MAPSIM_H
#define OMPT_INST_SHIM_MAPSIM_H

#include "record.h"

/* At a device construct's ENTER: maps of target, target data and enter
 * data; copies of `target update to`. Host data is hashed now. */
void oi_mapsim_enter(oi_thread *t, const oi_construct_frame *frame);
/* At its EXIT: unmaps of target, target data and exit data; copies of
 * `target update from`. Host data is hashed now, after the copies. */
void oi_mapsim_exit(oi_thread *t, const oi_construct_frame *frame);

#endif
