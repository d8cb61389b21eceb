/* The test build's count of shared writes on the event path
 * (shared_writes.h). */
#include "shared_writes.h"

#include <stdio.h>

#include "thread.h"
#include "trace_file.h"
#include "ompt-inst/trace.h"

#ifdef OMPT_INST_SMALL_BOUNDS
static _Atomic uint64_t shared_writes_without_thread;

void oi_shared_write_note(void) {
  oi_thread *t = oi_tls_thread;
  if (!t) {
    atomic_fetch_add(&shared_writes_without_thread, 1);
    return;
  }
  atomic_store_explicit(&t->shared_writes,
                        atomic_load_explicit(&t->shared_writes, memory_order_relaxed) + 1,
                        memory_order_relaxed);
}

void oi_shared_writes_write(void) {
  uint64_t total = atomic_load(&shared_writes_without_thread);
  for (oi_thread *t = oi_threads_first(); t; t = t->next)
    total += atomic_load_explicit(&t->shared_writes, memory_order_relaxed);
  char text[64];
  int n = snprintf(text, sizeof text, "shared_writes=%llu", (unsigned long long)total);
  oi_trace_record(OI_REC_INFO, text, (uint32_t)n);
}
#endif
