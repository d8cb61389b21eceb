/* What the identical-content detector remembers: per receiver (a device or
 * the host), content hash and size, the first holder of that content (its
 * place profile, host address, and whether its hash was sampled). A table
 * of sets of OIA_CONTENT_WAYS entries that grows with the contents it
 * holds, up to OIA_CONTENT_SETS sets (10 MiB): memory stays bounded
 * however long the trace, and a set of the largest table that is full
 * forgets its least recently seen content, so a long trace keeps finding
 * its newer contents. */
#ifndef OIA_CONTENT_MEMORY_H
#define OIA_CONTENT_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OIA_CONTENT_WAYS 8
#define OIA_CONTENT_SETS (1u << 15) /* the most: 2^18 contents in all */
#define OIA_CONTENT_FIRST_SETS 64u  /* 20 KiB, for a trace's first contents */

typedef struct oia_content_entry {
  uint64_t hash, bytes, host_addr;
  int32_t receiver;
  uint32_t holder; /* (profile + 1) << 1 | sampled */
} oia_content_entry;

/* One set: a cache line that says which ways hold what (a lookup of a new
 * content reads only this line), then the entries. */
typedef struct oia_content_set {
  uint32_t tag[OIA_CONTENT_WAYS];  /* bits of the key's hash, to skip ways */
  uint8_t order[OIA_CONTENT_WAYS]; /* ways, most recently seen first */
  uint8_t used;                    /* ways filled */
  uint8_t padding[64 - 5 * OIA_CONTENT_WAYS - 1];
  oia_content_entry entry[OIA_CONTENT_WAYS];
} oia_content_set;

typedef struct oia_content_memory {
  void *allocation;      /* mapped; NULL until the first content */
  size_t mapped_bytes;   /* of allocation */
  oia_content_set *sets; /* inside allocation (huge-page aligned if large) */
  uint32_t set_count;    /* a power of two, up to OIA_CONTENT_SETS */
} oia_content_memory;

typedef struct oia_content_holder {
  uint32_t profile;
  bool sampled; /* its hash covers sampled blocks */
  uint64_t host_addr;
} oia_content_holder;

/* Whether the content was seen before on `receiver`: then *first is its
 * first holder. Else the caller's holder is remembered as the first one
 * (when it fits: profile < 2^31 - 1). false with *failed set when out of
 * memory. */
bool oia_content_seen(oia_content_memory *memory, int32_t receiver, uint64_t hash, uint64_t bytes,
                      const oia_content_holder *holder, oia_content_holder *first, bool *failed);
/* Starts loading the set that oia_content_seen will read for this key: a
 * table of new contents misses the cache once per lookup, and the work
 * done between the two calls then hides that wait. */
void oia_content_prefetch(const oia_content_memory *memory, int32_t receiver, uint64_t hash,
                          uint64_t bytes);
void oia_content_memory_free(oia_content_memory *memory);
/* The set of the largest table that a key belongs to (tests model the
 * table with it). */
uint32_t oia_content_largest_set(int32_t receiver, uint64_t hash, uint64_t bytes);

#endif
