/* Repairs of the device callbacks' stream (repairs.def): target regions
 * whose end or begin the runtime did not report (ROCm drops the end of
 * target enter/exit data, ROCm/aomp #527), callbacks delivered twice, and
 * data operations whose end never comes or comes twice or out of order.
 * Called by device_callbacks.c on the abnormal path only. */
#ifndef OMPT_INST_SHIM_DEVICE_REPAIRS_H
#define OMPT_INST_SHIM_DEVICE_REPAIRS_H

#include <stdint.h>

#include "record.h"

/* Ends the thread's open target region at its latest event, with the site
 * and origin its begin took. */
void oi_end_missing_target(oi_thread *t);
/* A target region's end without a begin: a begin at the end's time. */
void oi_begin_missing_target(oi_thread *t, unsigned construct, int device, uint64_t target_id,
                             uint64_t codeptr);
/* 1 when a target begin repeats the open region's (`value`: its target
 * data, which the first begin set) with nothing recorded since: dropped. */
int oi_repeated_target_begin(oi_thread *t, uint64_t value);

#endif
