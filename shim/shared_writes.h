/* The rule of the event path (docs/shim.md, "No shared writes on an
 * event's path"): from callback to buffer an event touches only its
 * thread's memory; a store or atomic read-modify-write to memory other
 * threads write too happens only on rare paths. Each such store on a path
 * an event can take is marked OI_SHARED_WRITE(); the test build
 * (OMPT_INST_SMALL_BOUNDS) counts them per thread and writes
 * `shared_writes=N` at the end (trace_end.c), which test shim_shared_writes
 * holds at 0 for host constructs, tied tasks, locks and kernel constructs. */
#ifndef OMPT_INST_SHIM_SHARED_WRITES_H
#define OMPT_INST_SHIM_SHARED_WRITES_H

#ifdef OMPT_INST_SMALL_BOUNDS
void oi_shared_write_note(void);
#define OI_SHARED_WRITE() oi_shared_write_note()
/* The INFO `shared_writes=N` of every thread's count. */
void oi_shared_writes_write(void);
#else
#define OI_SHARED_WRITE() ((void)0)
static inline void oi_shared_writes_write(void) {}
#endif

#endif
