/* `--format annotate`: every source file that has events, each line
 * prefixed with what happened there — instances, time, bytes moved — and
 * followed by the constructs and findings of that line, like perf annotate
 * or gcov. Sources moved since compilation are looked for in --source-dir. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "writers.h"

/* Places with a source file, grouped into listing lines: places of one
 * (file, line) — a compiler site and a return address, say — share a line. */
typedef struct listing {
  const oi_profile *p;
  const oi_report_options *o;
  const char **files;     /* distinct file names of places */
  const char **canonical; /* per distinct file: the name to list it under */
  uint32_t file_count;
  const char **place_file; /* per place: canonical file, NULL if none */
  uint32_t *order;         /* places with a file, by (file, line) */
  uint32_t count;
  uint32_t *rows;          /* rows by place */
  uint32_t *first, *runs;  /* per place: its rows in `rows` */
} listing;

static const listing *sorting;

/* A relative name (line tables may hold paths relative to the compilation
 * folder) stands for the absolute name of another place that ends in it. */
static const char *canonical_name(const listing *l, const char *file) {
  if (!file || file[0] == '/')
    return file;
  size_t length = strlen(file);
  for (uint32_t i = 0; i < l->file_count; i++) {
    const char *other = l->files[i];
    size_t other_length = strlen(other);
    if (other[0] == '/' && other_length > length + 1 &&
        strcmp(other + other_length - length, file) == 0 &&
        other[other_length - length - 1] == '/')
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

/* Opens `file`, else looks in `source_dir` for its path with ever fewer
 * leading folders (the last try is the base name). */
static FILE *open_source(const char *file, const char *source_dir, char *found, size_t size) {
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

/* Which rows say how often a line ran: the construct as only the compiler
 * saw it, else the target region, else the parallel region (one begin per
 * region, not per thread), else any construct, and only when a line has
 * nothing else the implicit tasks, barriers and kernels that regions bring. */
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

/* Listing line: order[from, to) share file and line. */
static void margin(const listing *l, uint32_t from, uint32_t to, FILE *out) {
  const oi_profile *p = l->p;
  uint64_t count = 0, ns = 0, bytes = 0;
  int best = NO_RANK;
  for (uint32_t i = from; i < to; i++)
    for (uint32_t k = 0; k < l->runs[l->order[i]]; k++) {
      int rank = rank_of(&p->rows[l->rows[l->first[l->order[i]] + k]]);
      best = rank < best ? rank : best;
    }
  for (uint32_t i = from; i < to; i++) {
    bytes += p->places[l->order[i]].data_bytes;
    for (uint32_t k = 0; k < l->runs[l->order[i]]; k++) {
      const oi_construct_row *r = &p->rows[l->rows[l->first[l->order[i]] + k]];
      if (rank_of(r) != best)
        continue;
      count = r->instances > count ? r->instances : count;
      ns = r->total_ns > ns ? r->total_ns : ns;
    }
  }
  char a[32] = "", b[32] = "", c[32] = "";
  if (best < NO_RANK)
    snprintf(a, sizeof a, "%" PRIu64, count);
  if (ns)
    oi_format_ns(ns, b, sizeof b);
  if (bytes)
    oi_format_bytes(bytes, c, sizeof c);
  fprintf(out, "%8s %9s %9s | ", a, b, c);
}

static void details(const listing *l, uint32_t from, uint32_t to, FILE *out) {
  const oi_profile *p = l->p;
  char a[32], b[32];
  uint64_t ops = 0, bytes = 0, ns = 0;
  for (uint32_t i = from; i < to; i++) {
    const oi_place *where = &p->places[l->order[i]];
    ops += where->data_ops, bytes += where->data_bytes, ns += where->data_ns;
    for (uint32_t k = 0; k < l->runs[l->order[i]]; k++) {
      const oi_construct_row *r = &p->rows[l->rows[l->first[l->order[i]] + k]];
      fprintf(out, "%28s | ^ %s%s: %" PRIu64 " on %" PRIu32 " thread%s, %s", "",
              r->compiler ? "[c] " : "", r->label, r->instances, r->threads,
              r->threads == 1 ? "" : "s",
              r->timed ? oi_format_ns(r->total_ns, a, sizeof a) : "not timed");
      if (r->threads > 1 && r->timed)
        fprintf(out, ", imbalance %.2f", r->imbalance);
      fputc('\n', out);
    }
  }
  if (ops)
    fprintf(out, "%28s | ^ data: %" PRIu64 " operations, %s transferred, %s\n", "", ops,
            oi_format_bytes(bytes, a, sizeof a), oi_format_ns(ns, b, sizeof b));
  const char *file = l->place_file[l->order[from]];
  uint32_t line = p->places[l->order[from]].line;
  for (size_t k = 0; k < p->finding_count; k++) {
    const oi_finding *f = &p->findings[k];
    const char *at = canonical_name(l, f->at.file);
    if (!at || f->at.line != line || strcmp(at, file) != 0)
      continue;
    fprintf(out, "%28s | ! %s of %s: %" PRIu64 " of %" PRIu64 " %s %s, %s, %s\n", "",
            oi_finding_kind_name(f->kind), oi_profile_finding_var(p, f), f->count, f->total,
            oi_data_op_name(f->op), oi_profile_finding_counted(f),
            oi_format_bytes(f->bytes, a, sizeof a),
            oi_format_ns(f->time_ns, b, sizeof b));
  }
}

/* order[from, to): the places of one file. */
static void annotate_file(const listing *l, uint32_t from, uint32_t to, FILE *out) {
  const oi_profile *p = l->p;
  const char *file = l->place_file[l->order[from]];
  char found[8192];
  FILE *in = open_source(file, l->o->source_dir, found, sizeof found);
  fprintf(out, "\n=== %s\n", in ? found : file);
  if (!in)
    fprintf(out, "(source not found: %s is not where it was compiled%s)\n", file,
            l->o->source_dir ? " nor in --source-dir" : "; try --source-dir D");
  fprintf(out, "%8s %9s %9s |\n", "count", "time", "moved");
  uint32_t next = from, number = 0;
  char *text = NULL;
  size_t capacity = 0;
  ssize_t length;
  while (in && (length = getline(&text, &capacity, in)) >= 0) {
    number++;
    if (length > 0 && text[length - 1] == '\n')
      text[length - 1] = '\0';
    while (next < to && p->places[l->order[next]].line < number)
      next++; /* line 0: no line known */
    uint32_t end = next;
    while (end < to && p->places[l->order[end]].line == number)
      end++;
    if (end > next) {
      margin(l, next, end, out);
      fprintf(out, "%s\n", text);
      details(l, next, end, out);
      next = end;
    } else {
      fprintf(out, "%28s | %s\n", "", text);
    }
  }
  free(text);
  if (in)
    fclose(in);
  /* lines the source does not have (or no source at all) */
  while (next < to) {
    uint32_t end = next, line = p->places[l->order[next]].line;
    while (end < to && p->places[l->order[end]].line == line)
      end++;
    margin(l, next, end, out);
    fprintf(out, "(line %" PRIu32 ")\n", line);
    details(l, next, end, out);
    next = end;
  }
}

/* Rows at places without a source file: module+offset or unknown. */
static void unplaced(const listing *l, FILE *out) {
  const oi_profile *p = l->p;
  bool any = false;
  for (uint32_t k = 0; k < p->row_keys.count; k++) {
    const oi_construct_row *r = &p->rows[l->rows[k]];
    if (p->places[r->place].file)
      continue;
    if (!any)
      fprintf(out, "\n=== without source lines (build with -g, or with the ompt-inst plugin)\n");
    any = true;
    char where[512], a[32];
    fprintf(out, "%8" PRIu64 " %9s %9s | %s at %s\n", r->instances,
            oi_format_measured_ns(r->timed, r->total_ns, a, sizeof a), "", r->label,
            oi_place_text(&p->places[r->place], false, where, sizeof where));
  }
}

static int build(listing *l) {
  const oi_profile *p = l->p;
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
    l->canonical[f] = canonical_name(l, l->files[f]);
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

static void release(listing *l) {
  free(l->files), free(l->canonical), free(l->place_file), free(l->order);
  free(l->rows), free(l->first), free(l->runs);
}

int oi_write_annotate(const oi_profile *p, const oi_report_options *o, FILE *out) {
  listing l = {.p = p, .o = o};
  if (build(&l) != 0) {
    release(&l);
    fprintf(stderr, "ompt-inst: out of memory\n");
    return -1;
  }
  fprintf(out, "ompt-inst annotated source of %s\n", o->run_dir);
  fprintf(out, "count: instances of the line's constructs; time: their total; moved: bytes "
               "transferred to/from devices\n");
  for (uint32_t i = 0; i < l.count;) {
    uint32_t j = i;
    while (j < l.count && strcmp(l.place_file[l.order[j]], l.place_file[l.order[i]]) == 0)
      j++;
    annotate_file(&l, i, j, out);
    i = j;
  }
  unplaced(&l, out);
  release(&l);
  return 0;
}
