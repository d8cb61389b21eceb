/* Parsed compiler site descriptors (the text format is defined in
 * include/ompt-inst/hooks.h): one parser for the shim and the command. */
#ifndef OMPT_INST_SITE_DESCRIPTOR_H
#define OMPT_INST_SITE_DESCRIPTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One list item of a map clause: map=<type>;<modifiers>;<explicit|implicit>;<item> */
typedef struct oi_map_item {
  char *item;      /* as written, e.g. "a[0:n]" */
  char *type;      /* to from tofrom alloc release delete */
  char *modifiers; /* comma list, "" when none */
  bool is_explicit;
} oi_map_item;

/* A directive nested in a target region (inner=<construct>;<line>;<col>;<end_line>):
 * device code, without hooks of its own; the shim gives it a site so that
 * the runtime's events of its parallel, worksharing and tasks sit on its
 * line. */
typedef struct oi_inner_directive {
  char *construct;
  uint32_t line, col, end_line;
} oi_inner_directive;

typedef struct oi_site {
  uint32_t id;
  char *construct; /* as written: "target teams distribute parallel for" */
  char *file;
  char *function;
  char *clauses;
  uint32_t line, col, end_line;
  bool nowait, depend;
  bool runtime_silent; /* runtime_events=0: no runtime call reports it */
  uint8_t severity;    /* `error` at(execution): ompt_severity_t (1 warning,
                          2 fatal), 0 for other constructs */
  char *message;       /* `error`: its message literal, NULL if none */
  uint32_t map_count;
  oi_map_item *maps;
  uint64_t map_capacity; /* grown by doubling (common/array.h) */
  /* writes=: the 1-based map items the construct's body may write, `*`
   * for memory no item names, `-` for none; NULL when not given (no
   * target region, or a plugin older than the line) */
  char *writes;
  uint32_t inner_count;
  oi_inner_directive *inner;
  uint64_t inner_capacity;
  /* call=: the offload entry point whose call made the site (a build
   * without the plugin), NULL for a plugin site */
  char *call;
  /* the construct's place in the source, one for every template
   * instantiation of it: a hash of file, line, column, construct and the
   * function without its template arguments (`run<float>` and
   * `run<double>` are `run`, as a build without the plugin names both) */
  uint64_t place;
} oi_site;

/* Parses `length` bytes of descriptor text into *site (id is left to the
 * caller). Unknown keys are ignored. Returns 0, or -1 when the text does not
 * start with OMPT_INST_SITE_MAGIC or memory runs out (*site is then empty). */
int oi_site_parse(const char *text, size_t length, oi_site *site);

void oi_site_free(oi_site *site);

/* The length of a function's name without the template arguments it ends
 * with (`ns::run<float>` -> `ns::run`; `operator<` keeps its own). */
size_t oi_function_base_length(const char *function);

/* Whether the construct's body may write map item `var` (1-based; 0: none,
 * then as *other), into *item, and memory no map item names, into *other:
 * 1 yes, 0 no, -1 not known. */
void oi_site_writes(const oi_site *site, uint32_t var, int *item, int *other);

/* The leading leaf construct of a spelling such as "target teams distribute
 * parallel for" (OI_CONSTRUCT_TARGET): the longest construct name that is a
 * whole-word prefix, so "target data" wins over "target";
 * OI_CONSTRUCT_OTHER if none is. */
unsigned oi_leading_construct(const char *spelling, size_t length);

#endif
