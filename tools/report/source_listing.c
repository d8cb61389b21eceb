/* Places with a source file in listing order (source_listing.h). */
#include <stdlib.h>
#include <string.h>

#include "source_listing.h"

static const oi_source_listing *sorting; /* qsort has no context argument in C11 */

/* A relative name (line tables may hold paths relative to the compilation
 * folder) stands for the absolute name of another place that ends in it. */
const char *oi_listing_canonical(const oi_source_listing *l, const char *file) {
  if (!file || file[0] == '/')
    return file;
  size_t length = strlen(file);
  for (uint32_t i = 0; i < l->file_count; i++) {
    const char *other = l->files[i];
    size_t other_length = strlen(other);
    if (other[0] == '/' && other_length > length + 1 &&
        strcmp(other + other_length - length, file) == 0 && other[other_length - length - 1] == '/')
      return other;
  }
  return file;
}

static int compare_places(const void *left, const void *right) {
  uint32_t a = *(const uint32_t *)left, b = *(const uint32_t *)right;
  int c = strcmp(sorting->place_file[a], sorting->place_file[b]);
  if (c)
    return c;
  uint32_t la = sorting->p->places[a].line, lb = sorting->p->places[b].line;
  return la != lb ? (la > lb) - (la < lb) : (a > b) - (a < b);
}

static int compare_rows_by_place(const void *left, const void *right) {
  const oi_construct_row *a = &sorting->p->rows[*(const uint32_t *)left];
  const oi_construct_row *b = &sorting->p->rows[*(const uint32_t *)right];
  if (a->place != b->place)
    return a->place < b->place ? -1 : 1;
  return (a->total_ns < b->total_ns) - (a->total_ns > b->total_ns);
}

FILE *oi_listing_open_source(const char *file, const char *source_dir, char *found, size_t size) {
  FILE *in = fopen(file, "r");
  if (in) {
    snprintf(found, size, "%s", file);
    return in;
  }
  if (!source_dir)
    return NULL;
  for (const char *tail = file; tail; tail = strchr(tail, '/')) {
    while (*tail == '/')
      tail++;
    if (!*tail)
      break;
    snprintf(found, size, "%s/%s", source_dir, tail);
    if ((in = fopen(found, "r")))
      return in;
  }
  return NULL;
}

/* Which rows say how often a line ran (see oi_line_summary). */
static int rank_of(const oi_construct_row *r) {
  switch (r->kind) {
  case OI_KIND_CONSTRUCT:
    return 0;
  case OI_KIND_TARGET:
    return 1;
  case OI_KIND_PARALLEL:
    return 2;
  case OI_KIND_IMPLICIT_TASK:
  case OI_KIND_SYNC:
  case OI_KIND_KERNEL:
    return 4;
  default:
    return 3;
  }
}
#define NO_RANK 5

void oi_listing_summary(const oi_source_listing *l, uint32_t from, uint32_t to,
                        oi_line_summary *s) {
  const oi_profile *p = l->p;
  *s = (oi_line_summary){0};
  int best = NO_RANK;
  for (uint32_t i = from; i < to; i++)
    for (uint32_t k = 0; k < l->runs[l->order[i]]; k++) {
      int rank = rank_of(&p->rows[l->rows[l->first[l->order[i]] + k]]);
      best = rank < best ? rank : best;
    }
  s->counted = best < NO_RANK;
  for (uint32_t i = from; i < to; i++) {
    const oi_place *where = &p->places[l->order[i]];
    s->data_ops += where->data_ops;
    s->data_bytes += where->data_bytes;
    s->data_ns += where->data_ns;
    for (uint32_t k = 0; k < l->runs[l->order[i]]; k++) {
      const oi_construct_row *r = &p->rows[l->rows[l->first[l->order[i]] + k]];
      if (rank_of(r) != best)
        continue;
      s->count = r->instances > s->count ? r->instances : s->count;
      s->ns = r->total_ns > s->ns ? r->total_ns : s->ns;
    }
  }
}

uint32_t oi_listing_group_end(const oi_source_listing *l, uint32_t from, bool same_line) {
  uint32_t end = from;
  while (end < l->count &&
         strcmp(l->place_file[l->order[end]], l->place_file[l->order[from]]) == 0 &&
         (!same_line || l->p->places[l->order[end]].line == l->p->places[l->order[from]].line))
    end++;
  return end;
}

const char *oi_listing_file(const oi_source_listing *l, uint32_t index) {
  return l->place_file[l->order[index]];
}

uint32_t oi_listing_line(const oi_source_listing *l, uint32_t index) {
  return l->p->places[l->order[index]].line;
}

bool oi_listing_finding_at(const oi_source_listing *l, const oi_finding *f, const char *file,
                           uint32_t line) {
  const char *at = oi_listing_canonical(l, f->at.file);
  return at && f->at.line == line && strcmp(at, file) == 0;
}

int oi_listing_build(oi_source_listing *l, const oi_profile *p) {
  *l = (oi_source_listing){.p = p};
  uint32_t places = p->place_keys.count, rows = p->row_keys.count;
  l->files = malloc((places + 1) * sizeof *l->files);
  l->canonical = malloc((places + 1) * sizeof *l->canonical);
  l->place_file = calloc(places + 1, sizeof *l->place_file);
  l->order = malloc((places + 1) * sizeof *l->order);
  l->rows = malloc((rows + 1) * sizeof *l->rows);
  l->first = calloc(places + 1, sizeof *l->first);
  l->runs = calloc(places + 1, sizeof *l->runs);
  if (!l->files || !l->canonical || !l->place_file || !l->order || !l->rows || !l->first ||
      !l->runs)
    return -1;
  /* file names are interned: equal names are equal pointers */
  for (uint32_t i = 0; i < places; i++) {
    const char *file = p->places[i].file;
    uint32_t f = 0;
    while (f < l->file_count && l->files[f] != file)
      f++;
    if (file && f == l->file_count)
      l->files[l->file_count++] = file;
  }
  for (uint32_t f = 0; f < l->file_count; f++)
    l->canonical[f] = oi_listing_canonical(l, l->files[f]);
  for (uint32_t i = 0; i < places; i++) {
    for (uint32_t f = 0; f < l->file_count; f++)
      if (l->files[f] == p->places[i].file)
        l->place_file[i] = l->canonical[f];
    if (l->place_file[i])
      l->order[l->count++] = i;
  }
  sorting = l;
  qsort(l->order, l->count, sizeof *l->order, compare_places);
  for (uint32_t i = 0; i < rows; i++)
    l->rows[i] = i;
  qsort(l->rows, rows, sizeof *l->rows, compare_rows_by_place);
  for (uint32_t k = 0; k < rows; k++) {
    uint32_t place = p->rows[l->rows[k]].place;
    if (l->runs[place]++ == 0)
      l->first[place] = k;
  }
  return 0;
}

void oi_listing_free(oi_source_listing *l) {
  free(l->files), free(l->canonical), free(l->place_file), free(l->order);
  free(l->rows), free(l->first), free(l->runs);
}
