/* Doubling growth: amortised O(1) appends. */
#include "array.h"

#include <stdlib.h>
#include <string.h>

int oi_grow(void **array, uint64_t *capacity, uint64_t need, size_t size) {
  return oi_grow_from(array, capacity, need, size, 64);
}

int oi_grow_from(void **array, uint64_t *capacity, uint64_t need, size_t size, uint64_t first) {
  if (need <= *capacity)
    return 0;
  if (need > UINT64_MAX / 2)
    return -1; /* doubling would wrap */
  uint64_t wanted = *capacity ? *capacity * 2 : first ? first : 1;
  while (wanted < need)
    wanted *= 2;
  if (wanted > SIZE_MAX / size)
    return -1;
  void *grown = realloc(*array, (size_t)wanted * size);
  if (!grown)
    return -1;
  *array = grown;
  *capacity = wanted;
  return 0;
}

int oi_grow_zeroed(void **array, uint64_t *capacity, uint64_t need, size_t size) {
  uint64_t before = *capacity;
  if (oi_grow(array, capacity, need, size) != 0)
    return -1;
  memset((char *)*array + before * size, 0, (size_t)(*capacity - before) * size);
  return 0;
}

void *oi_array_push(oi_array *array) {
  if (array->len == array->cap) {
    size_t cap = array->cap ? array->cap * 2 : 16;
    void *data = realloc(array->data, cap * array->elem);
    if (!data)
      return NULL;
    array->data = data;
    array->cap = cap;
  }
  void *record = (char *)array->data + array->len++ * array->elem;
  memset(record, 0, array->elem);
  return record;
}

void oi_array_remove_swap(oi_array *array, size_t i) {
  char *data = array->data;
  if (i + 1 < array->len)
    memcpy(data + i * array->elem, data + (array->len - 1) * array->elem, array->elem);
  array->len--;
}

void oi_array_free(oi_array *array) {
  free(array->data);
  array->data = NULL;
  array->len = array->cap = 0;
}
