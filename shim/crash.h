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

/* Install the handlers (once, when recording starts). */
void oi_crash_install(void);
/* Put the handler back in front of one the program installed since (at
 * buffer flushes: a few system calls per 4096 events). */
void oi_crash_reclaim(void);

/* A stack overflow faults with no stack left to run a handler on, so each
 * recording thread gets an alternate signal stack (unless the program gave
 * it one): attach when the thread starts recording, detach when it retires. */
void oi_crash_thread_attach(void);
void oi_crash_thread_detach(void);

#endif
