/* Repairs of the runtime's event stream, counted per thread (no shared
 * write on the event path) and written once at the end: which exist and
 * their words are include/ompt-inst/repairs.def's. */
#ifndef OMPT_INST_SHIM_REPAIRS_H
#define OMPT_INST_SHIM_REPAIRS_H

#include <stdatomic.h>
#include <stdint.h>

#include "ompt-inst/repairs.def"

enum oi_repair {
#define OI_REPAIR_ENUM(name, words) OI_REPAIR_##name,
  OI_REPAIRS(OI_REPAIR_ENUM)
#undef OI_REPAIR_ENUM
      OI_REPAIR_COUNT
};

/* A thread's counts: the owner adds, the end of the trace reads. */
typedef struct oi_repair_counts {
  _Atomic uint64_t count[OI_REPAIR_COUNT];
} oi_repair_counts;

static inline void oi_repair_note(oi_repair_counts *counts, enum oi_repair repair) {
  /* only the owner adds: a relaxed load and store, not an atomic add */
  atomic_store_explicit(&counts->count[repair],
                        atomic_load_explicit(&counts->count[repair], memory_order_relaxed) + 1,
                        memory_order_relaxed);
}

/* Adds one thread's counts into `total`. */
void oi_repairs_add(uint64_t total[OI_REPAIR_COUNT], const oi_repair_counts *counts);
/* The INFO record `repairs=name:count ...` of every repair made, if any. */
void oi_repairs_write(uint64_t total[OI_REPAIR_COUNT]);

#endif
