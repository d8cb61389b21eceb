/* Buffers written once a second by a thread of the tool's own, so that a
 * program killed without a chance to run any code (SIGKILL: the OOM killer,
 * a batch system's hard limit) loses at most about a second of events, and
 * a thread that went quiet does not keep its events until the end. */
#ifndef OMPT_INST_SHIM_BACKGROUND_FLUSH_H
#define OMPT_INST_SHIM_BACKGROUND_FLUSH_H

/* Once recording started. */
void oi_background_flush_start(void);
/* Before the trace's end is written: no write of the flusher's comes
 * after this returns. */
void oi_background_flush_stop(void);

#endif
