/* Events not recorded for want of memory (out_of_memory.h). */
#include "out_of_memory.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include "ompt-inst/trace.h"
#include "trace_file.h"
#include "shared_writes.h"

static _Atomic uint64_t events_without_memory;

void oi_out_of_memory_note(void) {
  OI_SHARED_WRITE();
  atomic_fetch_add(&events_without_memory, 1);
}

void oi_out_of_memory_write(void) {
  uint64_t events = atomic_load(&events_without_memory);
  if (!events)
    return;
  char text[64];
  int n = snprintf(text, sizeof text, "out_of_memory=%llu", (unsigned long long)events);
  oi_trace_record(OI_REC_INFO, text, (uint32_t)n);
}
