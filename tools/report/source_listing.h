/* Places with a source file, grouped into listing lines, for the writers
 * that show source code (annotate, html): places of one (file, line) — a
 * compiler site and a return address, say — share a line, and a relative
 * file name from a line table is listed under the absolute name it ends. */
#ifndef OMPT_INST_REPORT_SOURCE_LISTING_H
#define OMPT_INST_REPORT_SOURCE_LISTING_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model/profile.h"

typedef struct oi_source_listing {
  const oi_profile *p;
  const char **files;     /* distinct file names of places */
  const char **canonical; /* per distinct file: the name to list it under */
  uint32_t file_count;
  const char **place_file; /* per place: canonical file, NULL if none */
  uint32_t *order;         /* places with a file, by (file, line) */
  uint32_t count;
  uint32_t *rows;         /* rows by place, costliest first */
  uint32_t *first, *runs; /* per place: its rows in `rows` */
} oi_source_listing;

/* What happened at one listing line, order[from, to). `count` and `ns` come
 * from the rows that say how often the line ran (`counted` when there is
 * one): the construct as only the compiler saw it, else the target region,
 * else the parallel region, else any construct, and only when a line has
 * nothing else its implicit tasks, barriers and kernels. */
typedef struct oi_line_summary {
  bool counted;
  uint64_t count, ns;
  uint64_t data_ops, data_bytes, data_ns; /* bytes: to/from devices only */
} oi_line_summary;

/* 0, or -1 when out of memory (then free it all the same). */
int oi_listing_build(oi_source_listing *l, const oi_profile *p);
void oi_listing_free(oi_source_listing *l);

/* The end of the run of places in `order` from `from` that share its file
 * (`same_line`: and its line). */
uint32_t oi_listing_group_end(const oi_source_listing *l, uint32_t from, bool same_line);
const char *oi_listing_file(const oi_source_listing *l, uint32_t index);
uint32_t oi_listing_line(const oi_source_listing *l, uint32_t index);
void oi_listing_summary(const oi_source_listing *l, uint32_t from, uint32_t to, oi_line_summary *s);
/* Whether finding `f` is at `file` (a listing name) and `line`. */
bool oi_listing_finding_at(const oi_source_listing *l, const oi_finding *f, const char *file,
                           uint32_t line);
/* The listing name of a file as a finding or place names it. */
const char *oi_listing_canonical(const oi_source_listing *l, const char *file);

/* Opens `file`, else looks in `source_dir` for its path with ever fewer
 * leading folders (the last try is the base name); `found` gets the path
 * opened. NULL when nowhere. */
FILE *oi_listing_open_source(const char *file, const char *source_dir, char *found, size_t size);

#endif
