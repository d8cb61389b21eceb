/* Constructs counted instead of recorded: the tables' growth and their
 * counts into the buffer. */
#include "construct_counts.h"

#include <stdlib.h>

#include "event_frames.h"
#include "out_of_memory.h"
#include "sites.h"
#include "unify.h"

static void append_count(oi_thread *t, uint64_t *now, unsigned origin, unsigned construct,
                         uint32_t site, uint64_t codeptr, uint64_t count) {
  uint32_t n = atomic_load_explicit(&t->count, memory_order_relaxed);
  if (n == OI_BUFFER_EVENTS) {
    oi_frames_write_buffer(t);
    n = 0;
  }
  if (*now == 0)
    *now = oi_now_ns();
  t->event[n] = (oi_event){.time_ns = *now,
                           .kind = OI_KIND_CONSTRUCT_COUNT,
                           .origin = (uint8_t)origin,
                           .construct = (uint8_t)construct,
                           .thread = t->number,
                           .site = site,
                           .codeptr = codeptr,
                           .device = -1};
  OI_SET(&t->event[n], CONSTRUCT_COUNT, count, count);
  atomic_store_explicit(&t->count, n + 1, memory_order_release);
}

/* One count event per used slot of the native table with instances since
 * the last flush; `empty`: the slots are freed as well. */
static void append_native_counts(oi_thread *t, uint64_t *now, int empty) {
  for (uint32_t i = 0; i <= t->counts.native_mask; i++) {
    oi_native_count *slot = &t->counts.native[i];
    uint64_t key = atomic_load_explicit(&slot->key, memory_order_acquire);
    uint64_t count = key ? atomic_exchange_explicit(&slot->count, 0, memory_order_relaxed) : 0;
    if (empty)
      atomic_store_explicit(&slot->key, 0, memory_order_relaxed);
    if (!count)
      continue;
    oi_placement place = oi_unify_counted(slot->construct, slot->site);
    append_count(t, now, place.origin, slot->construct, place.site, slot->codeptr, count);
  }
}

void oi_counts_append(oi_thread *t) {
  uint64_t now = 0;
  for (uint32_t site = 1; site < t->counts.site_count_capacity; site++) {
    uint64_t count =
        atomic_exchange_explicit(&t->counts.site_counts[site], 0, memory_order_relaxed);
    if (count == 0)
      continue;
    const oi_site_entry *entry = oi_site_by_id(site);
    append_count(t, &now, OI_ORIGIN_COMPILER, entry ? entry->construct : OI_CONSTRUCT_OTHER, site,
                 0, count);
  }
  append_native_counts(t, &now, 0);
}

/* The used slots of `from` (`slots` of them) into `to`, an empty table of
 * mask + 1 slots, each within the probes: 0, or -1 when one finds none. */
static int native_rehash(oi_native_count *to, uint32_t mask, const oi_native_count *from,
                         uint32_t slots) {
  for (uint32_t i = 0; i < slots; i++) {
    uint64_t key = atomic_load_explicit(&from[i].key, memory_order_relaxed);
    if (!key)
      continue;
    unsigned construct = from[i].construct;
    unsigned start = oi_native_probe_start(key, construct);
    unsigned probe = 0;
    while (probe < OI_NATIVE_COUNT_PROBES &&
           atomic_load_explicit(&to[(start + probe) & mask].key, memory_order_relaxed))
      probe++;
    if (probe == OI_NATIVE_COUNT_PROBES)
      return -1;
    oi_native_count *slot = &to[(start + probe) & mask];
    slot->codeptr = from[i].codeptr;
    slot->site = from[i].site;
    slot->construct = from[i].construct;
    atomic_init(&slot->count, atomic_load_explicit(&from[i].count, memory_order_relaxed));
    atomic_init(&slot->key, key);
  }
  return 0;
}

/* Grows the table to the next size its slots fit in; at its bound (or out
 * of memory) its counts go to the buffer as count events and it starts
 * empty: an address then has a count event per spill, none is lost. Under
 * flush_lock: the end's flush on another thread reads the table. */
void oi_native_count_miss(oi_thread *t, unsigned construct, uint64_t codeptr, uint32_t site) {
  pthread_mutex_lock(&t->flush_lock);
  uint32_t slots = t->counts.native_mask + 1;
  oi_native_count *grown = NULL;
  while (!grown && slots < OI_NATIVE_COUNTS_MAX) {
    slots *= 2;
    grown = calloc(slots, sizeof *grown);
    if (!grown)
      break;
    if (native_rehash(grown, slots - 1, t->counts.native, t->counts.native_mask + 1) != 0) {
      free(grown);
      grown = NULL;
    }
  }
  if (grown) {
    if (t->counts.native != t->native_first)
      free(t->counts.native);
    t->counts.native = grown;
    t->counts.native_mask = slots - 1;
  } else {
    uint64_t now = 0;
    append_native_counts(t, &now, 1);
    /* a full buffer goes out now: the next event's slot must exist */
    if (atomic_load_explicit(&t->count, memory_order_relaxed) == OI_BUFFER_EVENTS)
      oi_frames_write_buffer(t);
  }
  pthread_mutex_unlock(&t->flush_lock);
  /* a slot is free now within the probes, or the table grows again */
  if (!oi_native_count_in_table(t, construct, codeptr, site))
    oi_native_count_miss(t, construct, codeptr, site);
}

int oi_site_counts_grow(oi_thread *t, uint32_t site) {
  uint32_t capacity = t->counts.site_count_capacity ? t->counts.site_count_capacity : 64;
  while (capacity <= site && capacity < UINT32_MAX / 2)
    capacity *= 2;
  if (capacity <= site)
    return -1;
  pthread_mutex_lock(&t->flush_lock); /* a flush may be reading the counts */
  _Atomic uint64_t *grown =
      realloc(t->counts.site_counts, capacity * sizeof *t->counts.site_counts);
  if (grown) {
    for (uint32_t i = t->counts.site_count_capacity; i < capacity; i++)
      atomic_init(&grown[i], 0);
    t->counts.site_counts = grown;
    t->counts.site_count_capacity = capacity;
  }
  pthread_mutex_unlock(&t->flush_lock);
  if (!grown)
    oi_out_of_memory_note();
  return grown ? 0 : -1;
}
