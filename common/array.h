/* Growable arrays: the one implementation of "make room for more" in the
 * project. oi_grow grows a typed array the caller holds (its pointer and
 * capacity live in the caller's struct); oi_array is a self-describing
 * array of fixed-size records. Capacities double from 64 (records) or 16. */
#ifndef OMPT_INST_COMMON_ARRAY_H
#define OMPT_INST_COMMON_ARRAY_H

#include <stddef.h>
#include <stdint.h>

/* Makes *array hold at least `need` elements of `size` bytes (contents
 * kept, new ones uninitialised). 0, or -1 when out of memory (the array
 * then unchanged). */
int oi_grow(void **array, uint64_t *capacity, uint64_t need, size_t size);

/* oi_grow, starting at `first` elements: for the many small arrays of one
 * record (a site's few map items), where 64 would waste most of the room. */
int oi_grow_from(void **array, uint64_t *capacity, uint64_t need, size_t size, uint64_t first);

/* oi_grow, with the elements it adds zeroed. */
int oi_grow_zeroed(void **array, uint64_t *capacity, uint64_t need, size_t size);

typedef struct oi_array {
  void *data;
  size_t len, cap;
  size_t elem; /* record size: set before the first push */
} oi_array;

#define OI_ARRAY_INIT(type) {NULL, 0, 0, sizeof(type)} /* for a declaration */
#define OI_ARRAY_AT(array, type, i) ((type *)(array).data + (i))

/* A new zeroed record at the end, NULL when out of memory. */
void *oi_array_push(oi_array *array);
/* Removes record i by moving the last one into its place. */
void oi_array_remove_swap(oi_array *array, size_t i);
void oi_array_free(oi_array *array);

#endif
