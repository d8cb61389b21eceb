/* A set-associative table with least-recently-seen order inside each set.
 * A lookup reads the set's first cache line (tags and order), and an
 * entry's line only when its tag matches; what it found moves to the front
 * of the order, so contents seen again stay, and a new content takes the
 * way of the set's stalest one. With 2^15 sets of 8, a trace of up to about
 * 2^15 distinct contents loses none (a set rarely gets more than 8). */
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */
#include "content_memory.h"

#include <string.h>
#include <sys/mman.h>

/* Lookups land anywhere in the 10 MiB table: on 4 KiB pages nearly each
 * one also misses the TLB, on 2 MiB pages five entries cover it. But the
 * kernel zeroes a huge page at its first touch: for a trace of a few
 * contents that was a quarter of the exit summary's time (five 2 MiB pages
 * for a handful of sets), so the table starts on small pages and is
 * copied onto huge ones when it has remembered OIA_CONTENT_HUGE_AT
 * contents (a few milliseconds, once, in an analysis far longer). */
#define HUGE_PAGE ((size_t)2 << 20)
#define TABLE_BYTES ((size_t)OIA_CONTENT_SETS * sizeof(oia_content_set))
#define MAPPED_BYTES (TABLE_BYTES + HUGE_PAGE)

_Static_assert(sizeof(oia_content_set) % 64 == 0, "sets fill whole cache lines");

static uint64_t key_hash(int32_t receiver, uint64_t hash, uint64_t bytes) {
  return (hash ^ bytes * 0x9e3779b97f4a7c15ULL ^
          (uint64_t)(uint32_t)receiver * 0xc2b2ae3d27d4eb4fULL) *
         0xff51afd7ed558ccdULL;
}

static size_t set_index(uint64_t h) {
  return (size_t)((h ^ h >> 32) & (OIA_CONTENT_SETS - 1));
}

void oia_content_prefetch(const oia_content_memory *memory, int32_t receiver,
                          uint64_t hash, uint64_t bytes) {
  if (!memory->sets)
    return;
  /* the whole set: a new content's entry goes into the stalest way, which
   * only the first line names, and a store that misses waits as a load
   * does once the store buffer is full */
  const char *set =
      (const char *)&memory->sets[set_index(key_hash(receiver, hash, bytes))];
  for (size_t line = 0; line < sizeof(oia_content_set); line += 64)
    __builtin_prefetch(set + line, 1);
}

/* way, at `position` in the set's order (or just past its end, when new),
 * becomes the most recently seen */
static void to_front(oia_content_set *set, unsigned position, uint8_t way) {
  memmove(&set->order[1], &set->order[0], position);
  set->order[0] = way;
}

/* A zeroed table, untouched until used, aligned by hand to a huge page;
 * on huge pages if `huge` (a hint only). */
static bool map_table(void **allocation, oia_content_set **sets, bool huge) {
  void *mapped = mmap(NULL, MAPPED_BYTES, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED)
    return false;
  *allocation = mapped;
  uintptr_t at =
      ((uintptr_t)mapped + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
  *sets = (oia_content_set *)at;
#ifdef MADV_HUGEPAGE
  if (huge)
    (void)madvise(*sets, TABLE_BYTES, MADV_HUGEPAGE);
#else
  (void)huge;
#endif
  return true;
}

/* The table onto huge pages: the same sets in the same places, so what it
 * remembers and forgets does not change. Left on small pages if the copy
 * cannot be mapped. */
static void move_to_huge_pages(oia_content_memory *memory) {
  void *allocation;
  oia_content_set *sets;
  if (!map_table(&allocation, &sets, true))
    return;
  memcpy(sets, memory->sets, TABLE_BYTES);
  munmap(memory->allocation, MAPPED_BYTES);
  memory->allocation = allocation;
  memory->sets = sets;
}

bool oia_content_seen(oia_content_memory *memory, int32_t receiver,
                      uint64_t hash, uint64_t bytes,
                      const oia_content_holder *holder,
                      oia_content_holder *first, bool *failed) {
  if (!memory->allocation && !map_table(&memory->allocation, &memory->sets, false)) {
    *failed = true;
    return false;
  }
  uint64_t h = key_hash(receiver, hash, bytes);
  oia_content_set *set = &memory->sets[set_index(h)];
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
  if (memory->stored < OIA_CONTENT_HUGE_AT && ++memory->stored == OIA_CONTENT_HUGE_AT)
    move_to_huge_pages(memory);
  return false;
}

void oia_content_memory_free(oia_content_memory *memory) {
  if (memory->allocation)
    munmap(memory->allocation, MAPPED_BYTES);
  memory->allocation = NULL;
  memory->sets = NULL;
}
