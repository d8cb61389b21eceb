/* Growable arrays of fixed-size records. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

void *oia_vec_push(oia_vec *vec) {
  if (vec->len == vec->cap) {
    size_t cap = vec->cap ? vec->cap * 2 : 16;
    void *data = realloc(vec->data, cap * vec->elem);
    if (!data)
      return NULL;
    vec->data = data;
    vec->cap = cap;
  }
  void *rec = (char *)vec->data + vec->len++ * vec->elem;
  memset(rec, 0, vec->elem);
  return rec;
}

void oia_vec_free(oia_vec *vec) {
  free(vec->data);
  vec->data = NULL;
  vec->len = vec->cap = 0;
}
