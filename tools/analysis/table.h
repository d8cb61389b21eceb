/* Open-addressing hash table from an exact 4-word key to a 32-bit index
 * into a caller-owned array. Entries are never removed: the analysis keeps
 * one record per distinct key and updates it in place. */
#ifndef OIA_ANALYSIS_TABLE_H
#define OIA_ANALYSIS_TABLE_H

#include <stddef.h>
#include <stdint.h>

#define OIA_TABLE_NONE UINT32_MAX

typedef struct oia_key {
  uint64_t w[4];
} oia_key;

typedef struct oia_table_entry {
  oia_key key;
  uint32_t value; /* OIA_TABLE_NONE = empty slot */
} oia_table_entry;

typedef struct oia_table {
  oia_table_entry *slots;
  size_t mask; /* capacity - 1, capacity a power of two */
  size_t used;
} oia_table;

void oia_table_free(oia_table *table);
/* The value stored for key, or OIA_TABLE_NONE. */
uint32_t oia_table_get(const oia_table *table, const oia_key *key);
/* The slot of key's value: an existing one, or a new one holding
 * OIA_TABLE_NONE that the caller must fill. NULL on out of memory. */
uint32_t *oia_table_slot(oia_table *table, const oia_key *key);
static inline size_t oia_table_size(const oia_table *table) {
  return table->used;
}

#endif
