/* A map item as the program's source writes it. The offload runtime is
 * handed each item's name after macro expansion (`u[0:4096]`); the plugin,
 * and the user, know it as written (`u[0:N]`). The pragma's own text, at
 * the line the runtime's location string gives, holds the written form. */
#ifndef OMPT_INST_OFFLOAD_WRITTEN_ITEMS_H
#define OMPT_INST_OFFLOAD_WRITTEN_ITEMS_H

#include <stdbool.h>
#include <stddef.h>

/* The items of the map, to and from clauses of the OpenMP pragma on `line`
 * of `file` (C and C++ `#pragma omp`, continued lines joined), in the
 * order written. */
typedef struct oi_written_items {
  char **items;
  bool *taken;
  size_t count;
} oi_written_items;

/* Reads them; an unreadable file or a line without such a pragma gives
 * none (count 0). Free with oi_written_items_free. */
void oi_written_items_read(oi_written_items *w, const char *file, long line);
void oi_written_items_free(oi_written_items *w);

/* The first item not yet taken that names the same variable as the
 * runtime's `expanded` name (its `length` bytes) in the same shape (the
 * same base name and number of array sections, or more sections: clang
 * gives the runtime a section's first dimension only), now taken; NULL if
 * none. */
const char *oi_written_item_take(oi_written_items *w, const char *expanded, size_t length);

/* The first item not yet taken whose variable is `variable` (its base
 * name: `u` of `u[0:N]`), now taken; NULL if none. GCC hands its runtime
 * no names: its items are named by the symbol at their address. */
const char *oi_written_item_take_variable(oi_written_items *w, const char *variable);
/* How many items are not taken yet. */
size_t oi_written_items_left(const oi_written_items *w);
/* The first item not yet taken, now taken; NULL if none. */
const char *oi_written_item_take_next(oi_written_items *w);

#endif
