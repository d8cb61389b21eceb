/* Open-addressing table of addresses, grown at half load. */
#include "address_index.h"

#include <stdlib.h>
#include <string.h>

static uint32_t first_slot(uint64_t address, uint32_t slot_count) {
  return (uint32_t)((address * 0x9e3779b97f4a7c15ull) >> 32) & (slot_count - 1);
}

static uint32_t find_slot(const uint64_t *keys, uint32_t slot_count, uint64_t address) {
  uint32_t i = first_slot(address, slot_count);
  while (keys[i] != 0 && keys[i] != address)
    i = (i + 1) & (slot_count - 1);
  return i;
}

static int grow(oi_address_index *index) {
  uint32_t slot_count = index->slot_count ? index->slot_count * 2 : 64;
  uint64_t *keys = calloc(slot_count, sizeof *keys);
  uint32_t *values = malloc(slot_count * sizeof *values);
  if (!keys || !values) {
    free(keys);
    free(values);
    return -1;
  }
  for (uint32_t i = 0; i < index->slot_count; i++) {
    if (index->keys[i] == 0)
      continue;
    uint32_t slot = find_slot(keys, slot_count, index->keys[i]);
    keys[slot] = index->keys[i];
    values[slot] = index->values[i];
  }
  free(index->keys);
  free(index->values);
  index->keys = keys;
  index->values = values;
  index->slot_count = slot_count;
  return 0;
}

int oi_address_index_set(oi_address_index *index, uint64_t address, uint32_t value) {
  if (address == 0)
    return 0;
  if ((index->count + 1) * 2 > index->slot_count && grow(index) != 0)
    return -1;
  uint32_t slot = find_slot(index->keys, index->slot_count, address);
  if (index->keys[slot] == 0)
    index->count++;
  index->keys[slot] = address;
  index->values[slot] = value;
  return 0;
}

uint32_t oi_address_index_get(const oi_address_index *index, uint64_t address) {
  if (address == 0 || index->slot_count == 0)
    return UINT32_MAX;
  uint32_t slot = find_slot(index->keys, index->slot_count, address);
  return index->keys[slot] == address ? index->values[slot] : UINT32_MAX;
}

void oi_address_index_free(oi_address_index *index) {
  free(index->keys);
  free(index->values);
  memset(index, 0, sizeof *index);
}
