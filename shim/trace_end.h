/* The end of the trace: every buffer, the closing records and the END
 * record, once, whichever of ompt_finalize, exit(), the destructor or a
 * fatal signal comes first; and what a signal handler may write meanwhile. */
#ifndef OMPT_INST_SHIM_TRACE_END_H
#define OMPT_INST_SHIM_TRACE_END_H

/* Flush every buffer (at exit, while the runtime ends its threads). */
void oi_record_checkpoint(void);
/* Flush everything, write module map, threads and the END record; runs
 * once whichever of ompt_finalize, exit() or the destructor comes first.
 * Returns 1 for the call that finished the trace, else 0, after waiting
 * (up to 10 s) for another thread that is ending it. */
int oi_record_finish(void);
/* In the child of fork(): record nothing more. */
void oi_record_forked_child(void);

/* Async-signal-safe, from a signal handler or the flushing thread
 * (background_flush.h): write what every thread has
 * buffered and not yet written (a buffer whose flush is under way, or in
 * which the signal interrupted the shim, is left alone). Recording goes on:
 * the program's own handler may return. */
void oi_record_write_buffers_async_safe(void);
/* Async-signal-safe: the program dies of `signal_number` (0: it calls
 * _exit, maybe from a signal handler): write the
 * buffers, the threads and an END record naming the signal; seal the trace;
 * then `announce` (may be NULL), before waiting threads go on.
 * Returns 1 if this call ended the trace; 0 when another thread did or is
 * doing it, once that one has (bounded, as oi_record_finish). */
int oi_record_end_async_safe(int signal_number, void (*announce)(int signal_number));

#endif
