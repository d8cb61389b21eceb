/* The begin and end callbacks of a data operation paired into one op:
 * what the runtime leaves out or repeats is mended here (an end without a
 * begin, a begin whose end never comes, a duplicate end: repairs.def). */
#ifndef OMPT_INST_SHIM_DATA_OP_PAIRING_H
#define OMPT_INST_SHIM_DATA_OP_PAIRING_H

#include "record.h"

/* The begin (`begin`) or end of `op` on the calling thread `t`, stamped
 * (op.begin_ns) with the callback's time. */
void oi_data_op_pair(oi_thread *t, int begin, oi_open_data_op op);

/* A data operation begun on the thread whose end has not come where it
 * should (before the next op, or its region's end): recorded from its
 * begin. */
void oi_data_op_end_missing(oi_thread *t);

#endif
