/* The site descriptor (format: ompt-inst/hooks.h) of a call into an
 * OpenMP runtime that a program built without the plugin makes: its
 * construct, the entry point (call=), its location and its map items, as
 * the offload library (clang's calls into libomptarget) and the libgomp
 * library (GCC's calls) both describe them. */
#ifndef OMPT_INST_OFFLOAD_CALL_DESCRIPTOR_H
#define OMPT_INST_OFFLOAD_CALL_DESCRIPTOR_H

#include <stdbool.h>
#include <stddef.h>

/* A descriptor being written: a growing text, zeroed when empty. */
typedef struct oi_call_descriptor {
  char *data;
  size_t len, cap;
  bool failed; /* out of memory: the text is incomplete */
} oi_call_descriptor;

/* The head: magic, construct and entry point. */
void oi_describe_call(oi_call_descriptor *d, const char *construct, const char *entry_point);
/* The location (lengths as given: a field of clang's location string). */
void oi_describe_location(oi_call_descriptor *d, const char *file, size_t file_length,
                          const char *function, size_t function_length, const char *line,
                          size_t line_length, const char *col, size_t col_length);
/* A map item's type (OMPT_INST_MAP_*) from what the runtime is told: a
 * delete, else at an exit `from` or release, else tofrom, to, from or
 * alloc. */
const char *oi_descriptor_map_type(bool exit, bool to, bool from, bool delete_item);
/* One map item: its type and modifier (OMPT_INST_MAP_*), whether the
 * compiler mapped it implicitly, its name (`length` 0: none, the shim
 * names it by address). */
void oi_describe_map(oi_call_descriptor *d, const char *type, const char *modifier, bool implicit,
                     const char *item, size_t length);
/* The text, handed over (NULL when out of memory); the descriptor is empty
 * again. */
char *oi_describe_finish(oi_call_descriptor *d);

#endif
