/* Native code addresses (OMPT codeptr_ra) → source file, line, column and
 * function, through libdw and the trace's module records. Each distinct
 * address is resolved once. */
#ifndef OMPT_INST_SYMBOLIZE_H
#define OMPT_INST_SYMBOLIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace_reader.h"

typedef struct oi_location {
  const oi_module *module; /* NULL: the address is in no recorded module */
  uint64_t offset;         /* address - module load bias */
  bool has_source;         /* file/line known (the module has -g line info) */
  const char *file;
  uint32_t line, col;
  const char *function; /* ELF symbol, NULL if none */
} oi_location;

typedef struct oi_symbolizer oi_symbolizer;

/* `modules` must outlive the symbolizer. NULL when out of memory. */
oi_symbolizer *oi_symbolizer_new(const oi_module *modules, uint32_t count);

/* Location of the call whose return address is `codeptr` (the line lookup
 * uses codeptr - 1, which lies inside the call instruction). The result
 * stays valid until the next call. */
const oi_location *oi_symbolize(oi_symbolizer *symbolizer, uint64_t codeptr);

/* The data object (an ELF symbol: a global or static array) that holds
 * `address`, as "name" at its start or "name+OFFSET" inside it, in `buf`;
 * NULL when no recorded module has a data symbol there (heap and stack
 * memory). Needs no -g: symbol tables stay in unstripped binaries. */
const char *oi_symbolize_data(oi_symbolizer *symbolizer, uint64_t address, char *buf, size_t size);

/* Distinct addresses resolved so far (for tests of the cache). */
uint64_t oi_symbolizer_resolved(const oi_symbolizer *symbolizer);

void oi_symbolizer_free(oi_symbolizer *symbolizer);

#endif
