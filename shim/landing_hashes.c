/* Hashing copies from a device after they land (landing_hashes.h). */
#include "landing_hashes.h"

#include "content_hash.h"

void oi_landing_defer(oi_landing_hashes *l, uint32_t index) {
  if (l->count == 0)
    atomic_store_explicit(&l->hold, index + 1, memory_order_release);
  l->event[l->count++] = index;
}

uint32_t oi_landing_hash(oi_landing_hashes *l, oi_event *events) {
  uint32_t hashed = l->count;
  for (uint32_t i = 0; i < l->count; i++) {
    oi_event *e = &events[l->event[i]];
    uint64_t hash = 0;
    unsigned flags =
        oi_content_hash((const void *)(uintptr_t)e->u.data.host_addr, e->u.data.bytes, &hash);
    e->u.data.hash = hash;
    e->flags = (uint8_t)(e->flags | flags);
  }
  l->count = 0;
  atomic_store_explicit(&l->hold, 0, memory_order_release);
  return hashed;
}
