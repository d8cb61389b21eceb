/* Linear probing over a mixed hash of all four words: short probe runs keep
 * the 10-million-operation analysis within its time budget. The words are
 * multiplied independently and folded by one final mix, so a lookup waits
 * for three multiplications, not eight in a row. */
#include "map.h"

#include <stdlib.h>
#include <string.h>

#define INITIAL_CAPACITY 64

static uint64_t rotate(uint64_t x, unsigned bits) { return x << bits | x >> (64 - bits); }

static uint64_t key_hash(const oi_map_key *key) {
  uint64_t h = (key->w[0] ^ 0x9e3779b97f4a7c15ULL) * 0xff51afd7ed558ccdULL;
  h ^= rotate((key->w[1] ^ 0xc2b2ae3d27d4eb4fULL) * 0xc4ceb9fe1a85ec53ULL, 16);
  h ^= rotate((key->w[2] ^ 0x165667b19e3779f9ULL) * 0x94d049bb133111ebULL, 32);
  h ^= rotate((key->w[3] ^ 0x27d4eb2f165667c5ULL) * 0xbf58476d1ce4e5b9ULL, 48);
  /* the products carry low bits upwards only; bring the high ones down to
   * the bits the mask keeps */
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93ULL;
  return h ^ h >> 29;
}

static int key_equal(const oi_map_key *a, const oi_map_key *b) {
  return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] && a->w[3] == b->w[3];
}

static oi_map_entry *find(oi_map_entry *slots, size_t mask, const oi_map_key *key) {
  size_t i = (size_t)key_hash(key) & mask;
  while (slots[i].value != OI_MAP_NONE && !key_equal(&slots[i].key, key))
    i = (i + 1) & mask;
  return &slots[i];
}

static oi_map_entry *alloc_slots(size_t capacity) {
  oi_map_entry *slots = malloc(capacity * sizeof *slots);
  if (slots)
    for (size_t i = 0; i < capacity; i++)
      slots[i].value = OI_MAP_NONE;
  return slots;
}

static int grow(oi_map *map) {
  size_t capacity = map->slots ? (map->mask + 1) * 2 : INITIAL_CAPACITY;
  oi_map_entry *slots = alloc_slots(capacity);
  if (!slots)
    return -1;
  if (map->slots) {
    for (size_t i = 0; i <= map->mask; i++)
      if (map->slots[i].value != OI_MAP_NONE)
        *find(slots, capacity - 1, &map->slots[i].key) = map->slots[i];
    free(map->slots);
  }
  map->slots = slots;
  map->mask = capacity - 1;
  return 0;
}

uint32_t oi_map_get(const oi_map *map, const oi_map_key *key) {
  if (!map->slots)
    return OI_MAP_NONE;
  return find(map->slots, map->mask, key)->value;
}

uint32_t *oi_map_slot(oi_map *map, const oi_map_key *key) {
  if (!map->slots || (map->used + 1) * 2 > map->mask + 1)
    if (grow(map) != 0)
      return NULL;
  oi_map_entry *entry = find(map->slots, map->mask, key);
  if (entry->value == OI_MAP_NONE) {
    entry->key = *key;
    map->used++;
  }
  return &entry->value;
}

/* Backward-shift deletion: the entries after the freed slot that probed
 * past it move up, so no probe run has a hole and none grows with removals
 * (a tombstone would make both). */
void oi_map_remove(oi_map *map, const oi_map_key *key) {
  if (!map->slots)
    return;
  oi_map_entry *hole = find(map->slots, map->mask, key);
  if (hole->value == OI_MAP_NONE)
    return;
  size_t i = (size_t)(hole - map->slots);
  for (size_t j = (i + 1) & map->mask; map->slots[j].value != OI_MAP_NONE;
       j = (j + 1) & map->mask) {
    size_t home = (size_t)key_hash(&map->slots[j].key) & map->mask;
    /* the entry at j may fill the hole at i when its home is not in (i, j] */
    if (((j - home) & map->mask) >= ((j - i) & map->mask)) {
      map->slots[i] = map->slots[j];
      i = j;
    }
  }
  map->slots[i].value = OI_MAP_NONE;
  map->used--;
}

void oi_map_free(oi_map *map) {
  free(map->slots);
  memset(map, 0, sizeof *map);
}

uint32_t oi_map_intern(oi_map *map, const oi_map_key *key, oi_array *records, int *created) {
  *created = 0;
  uint32_t *slot = oi_map_slot(map, key);
  if (!slot)
    return OI_MAP_NONE;
  if (*slot == OI_MAP_NONE) {
    if (records->len >= OI_MAP_NONE || !oi_array_push(records))
      return OI_MAP_NONE;
    *slot = (uint32_t)(records->len - 1);
    *created = 1;
  }
  return *slot;
}
