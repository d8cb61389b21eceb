/* Open-addressing string table (FNV-1a), grown at half load. */
#include "string_index.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash_text(const char *text) {
  uint64_t h = 1469598103934665603ull;
  for (; *text; text++)
    h = (h ^ (unsigned char)*text) * 1099511628211ull;
  return h;
}

static uint32_t *find_slot(uint32_t *slots, uint32_t slot_count, char **strings,
                           const char *text) {
  uint32_t mask = slot_count - 1;
  for (uint32_t i = (uint32_t)hash_text(text) & mask;; i = (i + 1) & mask)
    if (slots[i] == 0 || strcmp(strings[slots[i] - 1], text) == 0)
      return &slots[i];
}

static int grow_slots(oi_string_index *index) {
  uint32_t slot_count = index->slot_count ? index->slot_count * 2 : 64;
  uint32_t *slots = calloc(slot_count, sizeof *slots);
  if (!slots)
    return -1;
  for (uint32_t i = 0; i < index->count; i++)
    *find_slot(slots, slot_count, index->strings, index->strings[i]) = i + 1;
  free(index->slots);
  index->slots = slots;
  index->slot_count = slot_count;
  return 0;
}

uint32_t oi_string_index_find(const oi_string_index *index, const char *text) {
  if (index->slot_count == 0)
    return UINT32_MAX;
  uint32_t slot = *find_slot(index->slots, index->slot_count, index->strings, text);
  return slot ? slot - 1 : UINT32_MAX;
}

uint32_t oi_string_index_add(oi_string_index *index, const char *text) {
  uint32_t found = oi_string_index_find(index, text);
  if (found != UINT32_MAX)
    return found;
  if ((index->count + 1) * 2 > index->slot_count && grow_slots(index) != 0)
    return UINT32_MAX;
  if (index->count == index->capacity) {
    uint32_t capacity = index->capacity ? index->capacity * 2 : 32;
    char **strings = realloc(index->strings, capacity * sizeof *strings);
    if (!strings)
      return UINT32_MAX;
    index->strings = strings;
    index->capacity = capacity;
  }
  char *copy = strdup(text);
  if (!copy)
    return UINT32_MAX;
  index->strings[index->count] = copy;
  *find_slot(index->slots, index->slot_count, index->strings, text) = index->count + 1;
  return index->count++;
}

void oi_string_index_free(oi_string_index *index) {
  for (uint32_t i = 0; i < index->count; i++)
    free(index->strings[i]);
  free(index->strings);
  free(index->slots);
  memset(index, 0, sizeof *index);
}
