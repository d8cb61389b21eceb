/* Fatal signals (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM,
 * SIGINT, SIGQUIT): the trace gets every buffered event and an END record
 * naming the signal, then the program dies of it exactly as without the
 * tool (same status, its core dump). A handler the program installed before
 * the tool is called instead of dying (the buffers are written first); one
 * it installs later replaces the tool's. An ignored signal stays ignored. */
#ifndef OMPT_INST_SHIM_CRASH_H
#define OMPT_INST_SHIM_CRASH_H

/* Install the handlers (once, when recording starts). */
void oi_crash_install(void);

#endif
