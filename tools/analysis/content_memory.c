/* A set-associative table with least-recently-seen order inside each set.
 * A lookup reads the set's first cache line (tags and order), and an
 * entry's line only when its tag matches; what it found moves to the front
 * of the order, so contents seen again stay, and a new content takes the
 * way of the set's stalest one. With 2^15 sets of 8, a trace of up to about
 * 2^15 distinct contents loses none (a set rarely gets more than 8). */
#include "content_memory.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(oia_content_set) % 64 == 0, "sets fill whole cache lines");

static uint64_t key_hash(int32_t receiver, uint64_t hash, uint64_t bytes) {
  return (hash ^ bytes * 0x9e3779b97f4a7c15ULL ^
          (uint64_t)(uint32_t)receiver * 0xc2b2ae3d27d4eb4fULL) *
         0xff51afd7ed558ccdULL;
}

/* way, at `position` in the set's order (or just past its end, when new),
 * becomes the most recently seen */
static void to_front(oia_content_set *set, unsigned position, uint8_t way) {
  memmove(&set->order[1], &set->order[0], position);
  set->order[0] = way;
}

static bool allocate(oia_content_memory *memory) {
  size_t size = (size_t)OIA_CONTENT_SETS * sizeof(oia_content_set);
  /* zeroed and untouched until used; aligned by hand to a cache line */
  memory->allocation = calloc(1, size + 64);
  if (!memory->allocation)
    return false;
  uintptr_t at = ((uintptr_t)memory->allocation + 63) & ~(uintptr_t)63;
  memory->sets = (oia_content_set *)at;
  return true;
}

bool oia_content_seen(oia_content_memory *memory, int32_t receiver,
                      uint64_t hash, uint64_t bytes,
                      const oia_content_holder *holder,
                      oia_content_holder *first, bool *failed) {
  if (!memory->allocation && !allocate(memory)) {
    *failed = true;
    return false;
  }
  uint64_t h = key_hash(receiver, hash, bytes);
  oia_content_set *set = &memory->sets[(h ^ h >> 32) & (OIA_CONTENT_SETS - 1)];
  uint32_t tag = (uint32_t)(h >> 32);
  for (unsigned position = 0; position < set->used; position++) {
    uint8_t way = set->order[position];
    const oia_content_entry *e = &set->entry[way];
    if (set->tag[way] != tag || e->hash != hash || e->bytes != bytes ||
        e->receiver != receiver)
      continue;
    *first = (oia_content_holder){.profile = (e->holder >> 1) - 1,
                                  .sampled = e->holder & 1,
                                  .host_addr = e->host_addr};
    to_front(set, position, way);
    return true;
  }
  if (holder->profile >= (UINT32_MAX >> 1) - 1)
    return false; /* beyond what an entry holds: not remembered */
  /* a free way, else the stalest one's */
  unsigned position = set->used < OIA_CONTENT_WAYS ? set->used : OIA_CONTENT_WAYS - 1;
  uint8_t way = set->used < OIA_CONTENT_WAYS ? set->used++ : set->order[position];
  set->tag[way] = tag;
  set->entry[way] = (oia_content_entry){
      .hash = hash, .bytes = bytes, .host_addr = holder->host_addr,
      .receiver = receiver,
      .holder = (holder->profile + 1) << 1 | (uint32_t)holder->sampled};
  to_front(set, position, way);
  return false;
}

void oia_content_memory_free(oia_content_memory *memory) {
  free(memory->allocation);
  memory->allocation = NULL;
  memory->sets = NULL;
}
