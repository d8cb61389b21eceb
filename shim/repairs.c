/* Counting and writing the runtime repairs (repairs.h). */
#include "repairs.h"

#include <stdio.h>

#include "ompt-inst/trace.h"
#include "trace_file.h"

static const char *const repair_names[] = {
#define OI_REPAIR_NAME(name, words) #name,
    OI_REPAIRS(OI_REPAIR_NAME)
#undef OI_REPAIR_NAME
};

void oi_repairs_add(uint64_t total[OI_REPAIR_COUNT], const oi_repair_counts *counts) {
  for (unsigned i = 0; i < OI_REPAIR_COUNT; i++)
    total[i] += atomic_load_explicit(&counts->count[i], memory_order_relaxed);
}

void oi_repairs_write(uint64_t total[OI_REPAIR_COUNT]) {
  char text[1024];
  int n = snprintf(text, sizeof text, "repairs=");
  int any = 0;
  for (unsigned i = 0; i < OI_REPAIR_COUNT && n < (int)sizeof text; i++) {
    uint64_t count = total[i];
    if (!count)
      continue;
    n += snprintf(text + n, sizeof text - (size_t)n, "%s%s:%llu", any ? " " : "", repair_names[i],
                  (unsigned long long)count);
    any = 1;
  }
  if (any && n < (int)sizeof text)
    oi_trace_record(OI_REC_INFO, text, (uint32_t)n);
}
