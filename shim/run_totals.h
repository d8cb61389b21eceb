/* What the exit summary takes from the events it does not model
 * (oi_totals_record): the span of all events, the threads with events and
 * the initial thread's time in OpenMP constructs, counted as the buffers
 * are written, so that the summary never reads the host events back. */
#ifndef OMPT_INST_SHIM_RUN_TOTALS_H
#define OMPT_INST_SHIM_RUN_TOTALS_H

#include <stdint.h>

#include "ompt-inst/trace.h"

/* Events of tool thread `thread`, written to the trace; `first` says they
 * are the first written of that thread. Called under the thread's flush
 * lock: the initial thread's events are counted in order. */
void oi_totals_note(const oi_event *events, uint32_t count, uint32_t thread, int first);
/* The OI_REC_TOTALS record, once every buffer is written. */
void oi_totals_write(void);

#endif
