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

/* The table grows instead of being mapped at its largest: the kernel
 * zeroes every page at its first touch, and lookups land anywhere, so a
 * largest table was all touched by a few thousand contents (a fifth of the
 * exit summary's time on a trace of 15,000 transfers). A new content that
 * meets a full set doubles the table until it is at its largest: each set
 * splits in two by one more bit of the key's hash, each half in the order
 * it had, so only the largest table forgets, and it forgets what it would
 * have forgotten had it been that large from the start. A table of 2 MiB
 * or more goes on huge pages: then five entries of the TLB cover the
 * largest, where on 4 KiB pages nearly each lookup also missed it. */
#define HUGE_PAGE ((size_t)2 << 20)

_Static_assert(sizeof(oia_content_set) % 64 == 0, "sets fill whole cache lines");
_Static_assert((OIA_CONTENT_FIRST_SETS & (OIA_CONTENT_FIRST_SETS - 1)) == 0 &&
                   OIA_CONTENT_FIRST_SETS <= OIA_CONTENT_SETS,
               "the table doubles from its first size to its largest");

static uint64_t key_hash(int32_t receiver, uint64_t hash, uint64_t bytes) {
  return (hash ^ bytes * 0x9e3779b97f4a7c15ULL ^
          (uint64_t)(uint32_t)receiver * 0xc2b2ae3d27d4eb4fULL) *
         0xff51afd7ed558ccdULL;
}

static size_t set_index(uint64_t h, uint32_t set_count) {
  return (size_t)((h ^ h >> 32) & (set_count - 1));
}

static oia_content_set *set_of(const oia_content_memory *memory, int32_t receiver, uint64_t hash,
                               uint64_t bytes) {
  return &memory->sets[set_index(key_hash(receiver, hash, bytes), memory->set_count)];
}

void oia_content_prefetch(const oia_content_memory *memory, int32_t receiver, uint64_t hash,
                          uint64_t bytes) {
  if (!memory->sets)
    return;
  /* the whole set: a new content's entry goes into the stalest way, which
   * only the first line names, and a store that misses waits as a load
   * does once the store buffer is full */
  const char *set = (const char *)set_of(memory, receiver, hash, bytes);
  for (size_t line = 0; line < sizeof(oia_content_set); line += 64)
    __builtin_prefetch(set + line, 1);
}

/* way, at `position` in the set's order (or just past its end, when new),
 * becomes the most recently seen */
static void to_front(oia_content_set *set, unsigned position, uint8_t way) {
  memmove(&set->order[1], &set->order[0], position);
  set->order[0] = way;
}

/* A zeroed table of set_count sets, untouched until used; a large one
 * aligned by hand to a huge page and on huge pages (a hint only). */
static bool map_table(oia_content_memory *table, uint32_t set_count) {
  size_t bytes = (size_t)set_count * sizeof(oia_content_set);
  bool huge = bytes >= HUGE_PAGE;
  size_t mapped_bytes = bytes + (huge ? HUGE_PAGE : 0);
  void *mapped =
      mmap(NULL, mapped_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED)
    return false;
  uintptr_t at = (uintptr_t)mapped;
  if (huge) {
    at = (at + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
    (void)madvise((void *)at, bytes, MADV_HUGEPAGE);
#endif
  }
  *table = (oia_content_memory){.allocation = mapped,
                                .mapped_bytes = mapped_bytes,
                                .sets = (oia_content_set *)at,
                                .set_count = set_count};
  return true;
}

/* Appends an entry to a set as its stalest. */
static void append(oia_content_set *set, uint32_t tag, const oia_content_entry *entry) {
  uint8_t way = set->used++;
  set->tag[way] = tag;
  set->entry[way] = *entry;
  set->order[way] = way;
}

/* Twice the sets, each entry in the half of its set that one more bit of
 * its key's hash names, in the order it had. Left as it is (and so
 * forgetting earlier) if the larger table cannot be mapped. */
static void double_table(oia_content_memory *memory) {
  oia_content_memory larger;
  if (!map_table(&larger, memory->set_count * 2))
    return;
  for (uint32_t i = 0; i < memory->set_count; i++) {
    const oia_content_set *set = &memory->sets[i];
    for (unsigned position = 0; position < set->used; position++) {
      uint8_t way = set->order[position];
      const oia_content_entry *e = &set->entry[way];
      append(set_of(&larger, e->receiver, e->hash, e->bytes), set->tag[way], e);
    }
  }
  oia_content_memory_free(memory);
  *memory = larger;
}

bool oia_content_seen(oia_content_memory *memory, int32_t receiver, uint64_t hash, uint64_t bytes,
                      const oia_content_holder *holder, oia_content_holder *first, bool *failed) {
  if (!memory->allocation && !map_table(memory, OIA_CONTENT_FIRST_SETS)) {
    *failed = true;
    return false;
  }
  uint64_t h = key_hash(receiver, hash, bytes);
  oia_content_set *set = &memory->sets[set_index(h, memory->set_count)];
  uint32_t tag = (uint32_t)(h >> 32);
  for (unsigned position = 0; position < set->used; position++) {
    uint8_t way = set->order[position];
    const oia_content_entry *e = &set->entry[way];
    if (set->tag[way] != tag || e->hash != hash || e->bytes != bytes || e->receiver != receiver)
      continue;
    *first = (oia_content_holder){
        .profile = (e->holder >> 1) - 1, .sampled = e->holder & 1, .host_addr = e->host_addr};
    to_front(set, position, way);
    return true;
  }
  if (holder->profile >= (UINT32_MAX >> 1) - 1)
    return false; /* beyond what an entry holds: not remembered */
  for (uint32_t sets = memory->set_count; set->used == OIA_CONTENT_WAYS && sets < OIA_CONTENT_SETS;
       sets *= 2) {
    double_table(memory);
    set = &memory->sets[set_index(h, memory->set_count)];
  }
  /* a free way, else the stalest one's */
  unsigned position = set->used < OIA_CONTENT_WAYS ? set->used : OIA_CONTENT_WAYS - 1;
  uint8_t way = set->used < OIA_CONTENT_WAYS ? set->used++ : set->order[position];
  set->tag[way] = tag;
  set->entry[way] =
      (oia_content_entry){.hash = hash,
                          .bytes = bytes,
                          .host_addr = holder->host_addr,
                          .receiver = receiver,
                          .holder = (holder->profile + 1) << 1 | (uint32_t)holder->sampled};
  to_front(set, position, way);
  return false;
}

uint32_t oia_content_largest_set(int32_t receiver, uint64_t hash, uint64_t bytes) {
  return (uint32_t)set_index(key_hash(receiver, hash, bytes), OIA_CONTENT_SETS);
}

void oia_content_memory_free(oia_content_memory *memory) {
  if (memory->allocation)
    munmap(memory->allocation, memory->mapped_bytes);
  *memory = (oia_content_memory){0};
}
