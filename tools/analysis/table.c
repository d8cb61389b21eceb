/* Linear probing, capacity doubled at half load: short probe runs keep the
 * 10-million-operation analysis within its time budget. */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#define INITIAL_CAPACITY 64

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

static uint64_t key_hash(const oia_key *key) {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (int i = 0; i < 4; i++)
    h = mix(h ^ key->w[i]) + (uint64_t)i;
  return h;
}

static int key_equal(const oia_key *a, const oia_key *b) {
  return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] &&
         a->w[3] == b->w[3];
}

static oia_table_entry *find(oia_table_entry *slots, size_t mask,
                             const oia_key *key) {
  size_t i = (size_t)key_hash(key) & mask;
  while (slots[i].value != OIA_TABLE_NONE && !key_equal(&slots[i].key, key))
    i = (i + 1) & mask;
  return &slots[i];
}

static oia_table_entry *alloc_slots(size_t capacity) {
  oia_table_entry *slots = malloc(capacity * sizeof *slots);
  if (slots)
    for (size_t i = 0; i < capacity; i++)
      slots[i].value = OIA_TABLE_NONE;
  return slots;
}

static int grow(oia_table *table) {
  size_t capacity = table->slots ? (table->mask + 1) * 2 : INITIAL_CAPACITY;
  oia_table_entry *slots = alloc_slots(capacity);
  if (!slots)
    return -1;
  if (table->slots) {
    for (size_t i = 0; i <= table->mask; i++)
      if (table->slots[i].value != OIA_TABLE_NONE)
        *find(slots, capacity - 1, &table->slots[i].key) = table->slots[i];
    free(table->slots);
  }
  table->slots = slots;
  table->mask = capacity - 1;
  return 0;
}

void oia_table_free(oia_table *table) {
  free(table->slots);
  memset(table, 0, sizeof *table);
}

uint32_t oia_table_get(const oia_table *table, const oia_key *key) {
  if (!table->slots)
    return OIA_TABLE_NONE;
  return find(table->slots, table->mask, key)->value;
}

uint32_t *oia_table_slot(oia_table *table, const oia_key *key) {
  if (!table->slots || (table->used + 1) * 2 > table->mask + 1)
    if (grow(table) != 0)
      return NULL;
  oia_table_entry *entry = find(table->slots, table->mask, key);
  if (entry->value == OIA_TABLE_NONE) {
    entry->key = *key;
    table->used++;
  }
  return &entry->value;
}
