/* Constructs counted instead of recorded (count_state.h): counted sites
 * (atomics, by the site the plugin gave them) and native instances (by
 * code address: spin-wait flushes, the constructs of a kernel run on the
 * host). Each flush turns the counts into OI_KIND_CONSTRUCT_COUNT events
 * (oi_counts_append), which is also where a count's site and origin are
 * decided. */
#ifndef OMPT_INST_SHIM_CONSTRUCT_COUNTS_H
#define OMPT_INST_SHIM_CONSTRUCT_COUNTS_H

#include <stdint.h>

#include "record.h"

/* Makes room in t->counts.site_counts for `site` (the owner only). Returns
 * 0, or -1 when out of memory (the instance is then counted as not
 * recorded for want of memory, out_of_memory.h). */
int oi_site_counts_grow(oi_thread *t, uint32_t site);

/* One more instance of a counted site on the calling thread: no clock read,
 * no event (the count goes out with the next flush). */
static inline void oi_site_count(oi_thread *t, uint32_t site) {
  if (site >= t->counts.site_count_capacity && oi_site_counts_grow(t, site) != 0)
    return;
  /* relaxed load and store, not an atomic add: only the owner increments;
   * another thread reads and resets the counts only at the end of the
   * trace (like the buffer itself) */
  _Atomic uint64_t *count = &t->counts.site_counts[site];
  atomic_store_explicit(count, atomic_load_explicit(count, memory_order_relaxed) + 1,
                        memory_order_relaxed);
  oi_record_flush_if_asked(t);
}

/* Where the probes for (key, construct) start in the native table: the
 * count's and the rehash's one hash. */
static inline unsigned oi_native_probe_start(uint64_t key, unsigned construct) {
  return (unsigned)((key ^ construct) * 0x9e3779b97f4a7c15ull >> 40);
}

/* One more instance of the native table's (construct, codeptr, site) if a
 * slot within the probes holds it or is free: 1, else 0. */
static inline int oi_native_count_in_table(oi_thread *t, unsigned construct, uint64_t codeptr,
                                           uint32_t site) {
  /* never 0, the free slot's */
  uint64_t key = codeptr ? codeptr : 1ull << 63 | site;
  unsigned start = oi_native_probe_start(key, construct);
  for (unsigned probe = 0; probe < OI_NATIVE_COUNT_PROBES; probe++) {
    oi_native_count *slot = &t->counts.native[(start + probe) & t->counts.native_mask];
    uint64_t held = atomic_load_explicit(&slot->key, memory_order_relaxed);
    if (held == 0) {
      slot->codeptr = codeptr;
      slot->site = site;
      slot->construct = (uint8_t)construct;
      atomic_store_explicit(&slot->key, key, memory_order_release);
      held = key;
    }
    if (held == key && slot->construct == construct) {
      atomic_store_explicit(&slot->count,
                            atomic_load_explicit(&slot->count, memory_order_relaxed) + 1,
                            memory_order_relaxed);
      return 1;
    }
  }
  return 0;
}

/* No slot within the probes: grows the table or spills it (the owner only,
 * outside the hot path), then counts the instance. */
void oi_native_count_miss(oi_thread *t, unsigned construct, uint64_t codeptr, uint32_t site);

/* One more instance of a counted construct the runtime reported at
 * codeptr, with `site` (0: none). */
static inline void oi_native_count_add(oi_thread *t, unsigned construct, uint64_t codeptr,
                                       uint32_t site) {
  if (oi_native_count_in_table(t, construct, codeptr, site))
    oi_record_flush_if_asked(t);
  else
    oi_native_count_miss(t, construct, codeptr, site);
}

/* One count event per counted site, and per code address of counted
 * native instances, with instances since the last flush, appended to t's
 * buffer whatever the recording state (the instances were counted while
 * recording). Called with flush_lock held. */
void oi_counts_append(oi_thread *t);

#endif
