/* Open-addressing hash map from an exact key of up to four 64-bit words to
 * a 32-bit value (typically an index into the caller's array). Linear
 * probing, capacity doubled at half load; a value may be rewritten
 * through its slot, never to OI_MAP_NONE (that marks an empty slot): a
 * key goes with oi_map_remove. The one hash map of the project:
 * the analysis's tables, the report's address and string indices. */
#ifndef OMPT_INST_COMMON_MAP_H
#define OMPT_INST_COMMON_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "array.h"

#define OI_MAP_NONE UINT32_MAX /* no value; never stored */

typedef struct oi_map_key {
  uint64_t w[4]; /* unused words 0 */
} oi_map_key;

typedef struct oi_map_entry {
  oi_map_key key;
  uint32_t value; /* OI_MAP_NONE = empty slot */
} oi_map_entry;

typedef struct oi_map {
  oi_map_entry *slots;
  size_t mask; /* capacity - 1, capacity a power of two */
  size_t used;
} oi_map; /* zero-initialised = empty */

/* The value stored for key, or OI_MAP_NONE. */
uint32_t oi_map_get(const oi_map *map, const oi_map_key *key);
/* The slot of key's value: an existing one, or a new one holding
 * OI_MAP_NONE that the caller must fill. NULL when out of memory. */
uint32_t *oi_map_slot(oi_map *map, const oi_map_key *key);
/* The index in `records` of key's record: an existing one, or a new zeroed
 * record pushed at its end (*created set). OI_MAP_NONE when out of memory
 * (then nothing was added). */
uint32_t oi_map_intern(oi_map *map, const oi_map_key *key, oi_array *records, int *created);
/* Forgets key, if there. */
void oi_map_remove(oi_map *map, const oi_map_key *key);
static inline size_t oi_map_size(const oi_map *map) { return map->used; }
void oi_map_free(oi_map *map);

/* FNV-1a: the start of a hash, and `n` more bytes of `data` into hash h
 * (the key words of several fields: hash one after another). */
#define OI_MAP_HASH_START 1469598103934665603ull
static inline uint64_t oi_map_hash_byte(uint64_t h, unsigned char byte) {
  return (h ^ byte) * 1099511628211ull;
}
static inline uint64_t oi_map_hash_bytes(uint64_t h, const void *data, size_t n) {
  const unsigned char *b = data;
  for (size_t i = 0; i < n; i++)
    h = oi_map_hash_byte(h, b[i]);
  return h;
}

/* A key word for a text: its FNV-1a hash; *length (when not NULL) gets its
 * length. Distinct texts can share it: keep the text to compare, or
 * accept the 2^-64 chance. */
static inline uint64_t oi_map_text_hash(const char *text, size_t *length) {
  uint64_t h = OI_MAP_HASH_START;
  size_t n = 0;
  for (; text[n]; n++)
    h = oi_map_hash_byte(h, (unsigned char)text[n]);
  if (length)
    *length = n;
  return h;
}

/* Keyed by one address, where address 0 means "none": never stored, never
 * found. Set is last write wins, OI_MAP_NONE removes the address: 0, or -1
 * when out of memory. */
static inline uint32_t oi_map_get_address(const oi_map *map, uint64_t address) {
  oi_map_key key = {{address, 0, 0, 0}};
  return address ? oi_map_get(map, &key) : OI_MAP_NONE;
}
static inline int oi_map_set_address(oi_map *map, uint64_t address, uint32_t value) {
  oi_map_key key = {{address, 0, 0, 0}};
  if (value == OI_MAP_NONE) {
    oi_map_remove(map, &key);
    return 0;
  }
  uint32_t *slot = address ? oi_map_slot(map, &key) : NULL;
  if (slot)
    *slot = value;
  return address && !slot ? -1 : 0;
}

#endif
