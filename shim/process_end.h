/* Ways a process ends without exit(): _exit, _Exit, quick_exit and the exec
 * family run no atexit handler and no destructor, so the trace would lose
 * every buffered event and its END record. quick_exit gets an
 * at_quick_exit handler; the others are defined by the shim in front of
 * libc's when it is preloaded (`ompt-inst run`): each ends the trace, then
 * does what libc's does. _exit and _Exit, which signal handlers call, end
 * it as the fatal-signal handler does (async-signal-safe, no summary). Only in the process that
 * started recording (a forked or vforked child writes nothing). Loaded through OMP_TOOL_LIBRARIES
 * alone the shim comes after libc and cannot. */
#ifndef OMPT_INST_SHIM_PROCESS_END_H
#define OMPT_INST_SHIM_PROCESS_END_H

/* Once recording started: `end_trace` ends the trace (and prints the
 * summary) when the process leaves by one of those ways. */
void oi_process_end_install(void (*end_trace)(void));

#endif
