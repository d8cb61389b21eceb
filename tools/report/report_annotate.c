/* `--format annotate`: every source file that has events, each line
 * prefixed with what happened there — instances, time, bytes moved — and
 * followed by the constructs and findings of that line, like perf annotate
 * or gcov. Sources moved since compilation are looked for in --source-dir. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "source_listing.h"
#include "unseen_text.h"
#include "writers.h"
#include "finding_words.h"

/* Listing line: order[from, to) share file and line. */
static void margin(const oi_source_listing *l, uint32_t from, uint32_t to, FILE *out) {
  oi_line_summary s;
  oi_listing_summary(l, from, to, &s);
  char a[32] = "", b[32] = "", c[32] = "";
  if (s.counted)
    snprintf(a, sizeof a, "%" PRIu64, s.count);
  if (s.ns)
    oi_format_ns(s.ns, b, sizeof b);
  if (s.data_bytes)
    oi_format_bytes(s.data_bytes, c, sizeof c);
  fprintf(out, "%8s %9s %9s | ", a, b, c);
}

static void details(const oi_source_listing *l, uint32_t from, uint32_t to, FILE *out) {
  const oi_profile *p = l->p;
  char a[32], b[32];
  for (uint32_t i = from; i < to; i++) {
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
  oi_line_summary s;
  oi_listing_summary(l, from, to, &s);
  if (s.data_ops)
    fprintf(out, "%28s | ^ data: %" PRIu64 " operations, %s transferred, %s\n", "", s.data_ops,
            oi_format_bytes(s.data_bytes, a, sizeof a), oi_format_ns(s.data_ns, b, sizeof b));
  const char *file = oi_listing_file(l, from);
  uint32_t line = oi_listing_line(l, from);
  for (size_t k = 0; k < p->finding_count; k++) {
    const oi_finding *f = &p->findings[k];
    if (!oi_listing_finding_at(l, f, file, line))
      continue;
    char counts[160];
    fprintf(out, "%28s | ! %s of %s: %s, %s, %s\n", "", oi_finding_kind_name(f->kind),
            oi_profile_finding_var(p, f), oi_finding_counts(f, counts, sizeof counts),
            oi_format_bytes(f->bytes, a, sizeof a), oi_format_ns(f->time_ns, b, sizeof b));
  }
}

/* order[from, to): the places of one file. */
static void annotate_file(const oi_source_listing *l, const oi_report_options *o, uint32_t from,
                          uint32_t to, FILE *out) {
  const char *file = oi_listing_file(l, from);
  char found[8192];
  FILE *in = oi_listing_open_source(file, o->source_dir, found, sizeof found);
  fprintf(out, "\n=== %s\n", in ? found : file);
  if (!in)
    fprintf(out, "(source not found: %s is not where it was compiled%s)\n", file,
            o->source_dir ? " nor in --source-dir" : "; try --source-dir D");
  fprintf(out, "%8s %9s %9s |\n", "count", "time", "moved");
  uint32_t next = from, number = 0;
  char *text = NULL;
  size_t capacity = 0;
  ssize_t length;
  while (in && (length = getline(&text, &capacity, in)) >= 0) {
    number++;
    if (length > 0 && text[length - 1] == '\n')
      text[length - 1] = '\0';
    while (next < to && oi_listing_line(l, next) < number)
      next++; /* line 0: no line known */
    if (next < to && oi_listing_line(l, next) == number) {
      uint32_t end = oi_listing_group_end(l, next, true);
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
    uint32_t end = oi_listing_group_end(l, next, true);
    margin(l, next, end, out);
    fprintf(out, "(line %" PRIu32 ")\n", oi_listing_line(l, next));
    details(l, next, end, out);
    next = end;
  }
}

/* Rows at places without a source file: module+offset or unknown. */
static void unplaced(const oi_source_listing *l, FILE *out) {
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

int oi_write_annotate(const oi_profile *p, const oi_report_options *o, FILE *out) {
  oi_source_listing l;
  if (oi_listing_build(&l, p) != 0) {
    oi_listing_free(&l);
    fprintf(stderr, "ompt-inst: out of memory\n");
    return -1;
  }
  fprintf(out, "ompt-inst annotated source of %s\n", o->run_dir);
  if (p->unstarted_runtime) {
    oi_write_unseen_directives(p, out, 99);
    oi_listing_free(&l);
    return 0;
  }
  fprintf(out, "count: instances of the line's constructs; time: their total; moved: bytes "
               "transferred to/from devices\n");
  for (uint32_t i = 0; i < l.count;) {
    uint32_t j = oi_listing_group_end(&l, i, false);
    annotate_file(&l, o, i, j, out);
    i = j;
  }
  unplaced(&l, out);
  oi_listing_free(&l);
  return 0;
}
