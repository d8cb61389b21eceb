/* Maps strings to dense indices 0, 1, 2, ... in first-seen order (an
 * interning table): the report model keys its rows, places and variables by
 * text, and writers walk them by index. Built on common/'s array and map. */
#ifndef OMPT_INST_REPORT_STRING_INDEX_H
#define OMPT_INST_REPORT_STRING_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "common/map.h"

typedef struct oi_string_index {
  char **strings; /* by index */
  uint32_t count;
  uint64_t capacity;
  oi_map ids; /* (text hash, length, probe) -> index */
} oi_string_index;

/* The index of `text`, added if new; UINT32_MAX when out of memory. */
uint32_t oi_string_index_add(oi_string_index *index, const char *text);
/* The index of `text`, added if new, and then (*created) room for its record
 * in `records`, the caller's array of `size`-byte records by index (its
 * capacity in *capacity; the new record is not initialised). UINT32_MAX when
 * out of memory. */
uint32_t oi_string_index_intern(oi_string_index *index, const char *text, void **records,
                                uint64_t *capacity, size_t size, int *created);
void oi_string_index_free(oi_string_index *index);

#endif
