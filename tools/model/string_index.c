/* The strings in a grown array, found through an oi_map keyed by the text's
 * FNV-1a hash and length. Distinct texts with the same hash and length take
 * the next `probe` word, so lookups stay exact. */
#include "string_index.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

static oi_map_key key_of(const char *text, uint64_t probe) {
  size_t length;
  uint64_t h = oi_map_text_hash(text, &length);
  return (oi_map_key){{h, length, probe, 0}};
}

/* text's index, or OI_MAP_NONE with *key set to where it would go. */
static uint32_t lookup(const oi_string_index *index, const char *text, oi_map_key *key) {
  for (uint64_t probe = 0;; probe++) {
    *key = key_of(text, probe);
    uint32_t value = oi_map_get(&index->ids, key);
    if (value == OI_MAP_NONE || strcmp(index->strings[value], text) == 0)
      return value;
  }
}

uint32_t oi_string_index_add(oi_string_index *index, const char *text) {
  oi_map_key key;
  uint32_t found = lookup(index, text, &key);
  if (found != OI_MAP_NONE)
    return found;
  if (oi_grow((void **)&index->strings, &index->capacity, (uint64_t)index->count + 1,
              sizeof *index->strings) != 0)
    return UINT32_MAX;
  char *copy = strdup(text);
  uint32_t *slot = copy ? oi_map_slot(&index->ids, &key) : NULL;
  if (!slot) {
    free(copy);
    return UINT32_MAX;
  }
  index->strings[index->count] = copy;
  *slot = index->count;
  return index->count++;
}

void oi_string_index_free(oi_string_index *index) {
  for (uint32_t i = 0; i < index->count; i++)
    free(index->strings[i]);
  free(index->strings);
  oi_map_free(&index->ids);
  memset(index, 0, sizeof *index);
}

uint32_t oi_string_index_intern(oi_string_index *index, const char *text, void **records,
                                uint64_t *capacity, size_t size, int *created) {
  uint32_t before = index->count;
  uint32_t i = oi_string_index_add(index, text);
  *created = i != UINT32_MAX && i == before;
  if (*created && oi_grow(records, capacity, (uint64_t)i + 1, size) != 0)
    return UINT32_MAX; /* the model is unusable then, as after any lack of memory */
  return i;
}
