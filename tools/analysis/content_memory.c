/* A set-associative table with least-recently-seen order inside each set:
 * a lookup reads one set (four cache lines) and moves what it found to the
 * front, so contents seen again stay, and a new content pushes out the
 * set's stalest one. With 2^15 sets of 8, a trace of up to about 2^15
 * distinct contents loses none (a set rarely gets more than 8). */
#include "content_memory.h"

#include <stdlib.h>
#include <string.h>

static uint32_t set_of(int32_t receiver, uint64_t hash, uint64_t bytes) {
  uint64_t h = (hash ^ bytes * 0x9e3779b97f4a7c15ULL ^
                (uint64_t)(uint32_t)receiver * 0xc2b2ae3d27d4eb4fULL) *
               0xff51afd7ed558ccdULL;
  return (uint32_t)((h ^ h >> 32) & (OIA_CONTENT_SETS - 1));
}

static void to_front(oia_content_entry *set, unsigned way,
                     const oia_content_entry *entry) {
  memmove(&set[1], &set[0], way * sizeof *set);
  set[0] = *entry;
}

bool oia_content_seen(oia_content_memory *memory, int32_t receiver,
                      uint64_t hash, uint64_t bytes,
                      const oia_content_holder *holder,
                      oia_content_holder *first, bool *failed) {
  if (!memory->entries) {
    memory->entries = calloc((size_t)OIA_CONTENT_SETS * OIA_CONTENT_WAYS,
                             sizeof *memory->entries);
    if (!memory->entries) {
      *failed = true;
      return false;
    }
  }
  oia_content_entry *set =
      &memory->entries[(size_t)set_of(receiver, hash, bytes) * OIA_CONTENT_WAYS];
  unsigned way = 0;
  for (; way < OIA_CONTENT_WAYS && set[way].holder; way++)
    if (set[way].hash == hash && set[way].bytes == bytes &&
        set[way].receiver == receiver) {
      oia_content_entry found = set[way];
      to_front(set, way, &found);
      *first = (oia_content_holder){.profile = (found.holder >> 1) - 1,
                                    .sampled = found.holder & 1,
                                    .host_addr = found.host_addr};
      return true;
    }
  if (holder->profile >= (UINT32_MAX >> 1) - 1)
    return false; /* beyond what an entry holds: not remembered */
  oia_content_entry entry = {
      .hash = hash, .bytes = bytes, .host_addr = holder->host_addr,
      .receiver = receiver,
      .holder = (holder->profile + 1) << 1 | (uint32_t)holder->sampled};
  /* the stalest one (the last way) drops out when the set is full */
  to_front(set, way < OIA_CONTENT_WAYS ? way : OIA_CONTENT_WAYS - 1, &entry);
  return false;
}

void oia_content_memory_free(oia_content_memory *memory) {
  free(memory->entries);
  memory->entries = NULL;
}
