/* Where the program's code and data are in its source, asked at run time
 * by the libgomp interposition library (GCC's calls carry no source
 * location, as clang's do): a code address's file, line and function from
 * the debug information (-g), a data address's symbol. */
#ifndef OMPT_INST_GOMP_SOURCE_LINES_H
#define OMPT_INST_GOMP_SOURCE_LINES_H

#include <stdbool.h>
#include <stddef.h>

/* The file (absolute where the debug information gives its folder), line
 * and function of the instruction before `code` (a return address: its
 * call; OI_GOMP_BODY's address + 1: the body's first); false without debug
 * information or when `file` (`size` bytes) is too small. */
bool oi_source_line(const void *code, char *file, size_t size, int *line, char *function,
                    size_t function_size);

/* The data symbol that starts at `data` (a global or static variable),
 * into `name` of `size` bytes; false for memory no symbol starts at (the
 * heap, the stack, inside an array). */
bool oi_data_symbol(const void *data, char *name, size_t size);

#endif
