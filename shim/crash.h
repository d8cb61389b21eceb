/* Fatal signals (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM,
 * SIGINT, SIGQUIT): the trace gets every buffered event and an END record
 * naming the signal, then the program dies of it exactly as without the
 * tool (same status, its core dump). A handler the program installed is
 * called instead of dying (the buffers are written first): one installed
 * before the tool at once, one installed later from the next buffer flush
 * on, when the tool puts its handler in front of it again. An ignored
 * signal stays ignored. */
#ifndef OMPT_INST_SHIM_CRASH_H
#define OMPT_INST_SHIM_CRASH_H

/* What a handler does with the trace, async-signal-safe both: write what
 * is buffered (the program's own handler runs next), or end the trace
 * naming the signal the program dies of and call `announce` once it is
 * sealed, before any other thread's handler may go on to end the process
 * (1 if this call ended it). Handed in by the tool so that this file needs
 * nothing of the recorder. */
typedef struct oi_crash_writer {
  void (*write_buffers)(void);
  int (*end_trace)(int signal_number, void (*announce)(int signal_number));
} oi_crash_writer;

/* Install the handlers (once, when recording starts). */
void oi_crash_install(oi_crash_writer writer);
/* Put the handler back in front of one the program installed since (at
 * buffer flushes: a few system calls per 4096 events). */
void oi_crash_reclaim(void);

/* A stack overflow faults with no stack left to run a handler on, so each
 * recording thread gets an alternate signal stack (unless the program gave
 * it one): attach when the thread starts recording, detach when it retires. */
void oi_crash_thread_attach(void);
void oi_crash_thread_detach(void);

#endif
