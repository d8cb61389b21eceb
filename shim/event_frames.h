/* A thread's buffered events into the trace: OI_REC_EVENTS frames (the
 * compact encoding of event_codec.h, or plain 80-byte records), each with
 * one writev(), counted as written or lost. The caller holds the thread's
 * flush_lock; async-signal-safe. */
#ifndef OMPT_INST_SHIM_EVENT_FRAMES_H
#define OMPT_INST_SHIM_EVENT_FRAMES_H

#include <stdint.h>

#include "thread.h"

/* OMPT_INST_TRACE_ENCODING=plain writes events as 80-byte records (format
 * 2's events, for tools that read them raw); anything else, or unset, in
 * the compact encoding. */
void oi_frames_configure(const char *encoding);

/* Events [from, to) of t's buffer as frames, each as many as fit in
 * t->encoded. */
void oi_frames_write(oi_thread *t, uint32_t from, uint32_t to);
/* What t's buffer holds and no signal handler wrote yet; the buffer is
 * empty after. */
void oi_frames_write_buffer(oi_thread *t);

/* Events written to the trace and lost (a failed write), so far. */
uint64_t oi_frames_events_written(void);
uint64_t oi_frames_events_lost(void);

#endif
