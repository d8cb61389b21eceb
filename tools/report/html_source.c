/* The annotated source of the html page: every source file that has events,
 * each line with its instances, time, transfers and bytes, the constructs'
 * extents (begin to end line) as coloured bars, findings marked and linked.
 * A file that is missing, or newer than the trace, is said to be so. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/array.h"
#include "format.h"
#include "html_page.h"
#include "finding_words.h"

#define MAX_EXTENT_BARS 4 /* nesting levels drawn beside a line */

typedef struct extent {
  uint32_t begin, end;
  const char *class_name;
} extent;

typedef struct source_file {
  char **lines;
  uint32_t count;
  char found[8192];
  bool missing, newer; /* not found; modified after the trace was written */
  uint32_t beyond;     /* a line with events past the end of the file, 0 if none */
} source_file;

static int compare_extents(const void *left, const void *right) {
  const extent *a = left, *b = right;
  if (a->begin != b->begin)
    return a->begin < b->begin ? -1 : 1;
  return (a->end < b->end) - (a->end > b->end);
}

static void load(const oi_html_page *page, const char *file, source_file *s) {
  *s = (source_file){0};
  FILE *in = oi_listing_open_source(file, page->o->source_dir, s->found, sizeof s->found);
  if (!in) {
    s->missing = true;
    return;
  }
  struct stat source, trace;
  /* a job has one trace per rank: its sources are not compared with them */
  if (page->p->trace && fstat(fileno(in), &source) == 0 &&
      stat(page->p->trace->path, &trace) == 0 && source.st_mtime > trace.st_mtime)
    s->newer = true;
  char *text = NULL;
  size_t capacity = 0;
  uint64_t allocated = 0;
  ssize_t length;
  while ((length = getline(&text, &capacity, in)) >= 0) {
    if (length > 0 && text[length - 1] == '\n')
      text[--length] = '\0';
    if (oi_grow((void **)&s->lines, &allocated, (uint64_t)s->count + 1, sizeof *s->lines) != 0)
      break;
    s->lines[s->count] = strdup(text);
    if (!s->lines[s->count])
      break;
    s->count++;
  }
  free(text);
  fclose(in);
}

static void unload(source_file *s) {
  for (uint32_t i = 0; i < s->count; i++)
    free(s->lines[i]);
  free(s->lines);
}

/* The row that names a place's construct: as only the compiler saw it,
 * else its target or parallel region, else the costliest. */
static const oi_construct_row *main_row(const oi_source_listing *l, uint32_t place) {
  const oi_construct_row *best = NULL;
  static const uint8_t preferred[] = {OI_KIND_CONSTRUCT, OI_KIND_TARGET, OI_KIND_PARALLEL};
  for (size_t want = 0; want < sizeof preferred && !best; want++)
    for (uint32_t k = 0; k < l->runs[place] && !best; k++)
      if (l->p->rows[l->rows[l->first[place] + k]].kind == preferred[want])
        best = &l->p->rows[l->rows[l->first[place] + k]];
  return best ? best : l->runs[place] ? &l->p->rows[l->rows[l->first[place]]] : NULL;
}

/* Constructs of places order[from, to) that span several lines. */
static extent *extents_of(const oi_source_listing *l, uint32_t from, uint32_t to, uint32_t *count) {
  extent *all = malloc((to - from + 1) * sizeof *all);
  *count = 0;
  for (uint32_t i = from; all && i < to; i++) {
    const oi_place *where = &l->p->places[l->order[i]];
    const oi_construct_row *row = main_row(l, l->order[i]);
    if (!row || where->end_line <= where->line)
      continue;
    bool seen = false;
    for (uint32_t k = 0; k < *count && !seen; k++)
      seen = all[k].begin == where->line && all[k].end == where->end_line;
    if (!seen)
      all[(*count)++] = (extent){where->line, where->end_line, oi_html_row_class(row)};
  }
  if (all)
    qsort(all, *count, sizeof *all, compare_extents);
  return all;
}

static void extent_bars(FILE *out, const extent *extents, uint32_t count, uint32_t line) {
  fputs("<td class=\"x\">", out);
  unsigned drawn = 0;
  for (uint32_t k = 0; k < count && drawn < MAX_EXTENT_BARS; k++) {
    if (line < extents[k].begin || line > extents[k].end)
      continue;
    fprintf(out, "<i class=\"%s%s\" title=\"lines %" PRIu32 "&ndash;%" PRIu32 "\"></i>",
            extents[k].class_name, line == extents[k].begin ? " s" : "", extents[k].begin,
            extents[k].end);
    drawn++;
  }
  fputs("</td>", out);
}

/* The construct rows, data movement and findings of places order[from, to)
 * under their line. */
static void details(const oi_html_page *page, uint32_t from, uint32_t to,
                    const oi_line_summary *s) {
  const oi_source_listing *l = &page->listing;
  const oi_profile *p = page->p;
  FILE *out = page->out;
  char a[64], b[64];
  fputs("<tr class=\"det\"><td colspan=\"7\"></td><td><ul>", out);
  for (uint32_t i = from; i < to; i++)
    for (uint32_t k = 0; k < l->runs[l->order[i]]; k++) {
      const oi_construct_row *r = &p->rows[l->rows[l->first[l->order[i]] + k]];
      fprintf(out, "<li><span class=\"chip %s\"></span>%s", oi_html_row_class(r),
              r->compiler ? "[c] " : "");
      oi_html_text(out, r->label);
      fprintf(out, ": %" PRIu64 " on %" PRIu32 " thread%s, %s", r->instances, r->threads,
              r->threads == 1 ? "" : "s",
              r->timed ? oi_format_ns(r->total_ns, a, sizeof a) : "not timed");
      if (r->threads > 1 && r->timed)
        fprintf(out, ", imbalance %.2f", r->imbalance);
      fputs("</li>", out);
    }
  if (s->data_ops)
    fprintf(out, "<li>data: %" PRIu64 " operations, %s transferred, %s</li>", s->data_ops,
            oi_format_bytes(s->data_bytes, a, sizeof a), oi_format_ns(s->data_ns, b, sizeof b));
  fputs("</ul></td></tr>\n", out);
}

/* One source line; order[from, to) are its places (from == to: none). */
static void line_row(const oi_html_page *page, int file_index, uint32_t number, const char *text,
                     uint32_t from, uint32_t to, const extent *extents, uint32_t extent_count) {
  const oi_source_listing *l = &page->listing;
  const oi_profile *p = page->p;
  FILE *out = page->out;
  oi_line_summary s = {0};
  if (from < to)
    oi_listing_summary(l, from, to, &s);
  const char *file = page->files[file_index];
  size_t found = 0;
  for (size_t k = 0; k < p->finding_count; k++)
    found += oi_listing_finding_at(l, &p->findings[k], file, number);
  fprintf(out, "<tr id=\"L%d-%" PRIu32 "\"%s%s%s>", file_index, number,
          from < to || found ? " class=\"" : "",
          from < to ? (found ? "ev fnd" : "ev")
          : found   ? "fnd"
                    : "",
          from < to || found ? "\"" : "");
  char a[64] = "", b[64] = "", c[64] = "", d[64] = "";
  if (s.counted)
    snprintf(a, sizeof a, "%" PRIu64, s.count);
  if (s.ns)
    oi_format_ns(s.ns, b, sizeof b);
  if (s.data_ops)
    snprintf(c, sizeof c, "%" PRIu64, s.data_ops);
  if (s.data_bytes)
    oi_format_bytes(s.data_bytes, d, sizeof d);
  fprintf(out,
          "<td class=\"n\">%" PRIu32 "</td><td class=\"num\">%s</td><td class=\"num\">%s"
          "</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"mk\">",
          number, a, b, c, d);
  for (size_t k = 0; k < p->finding_count; k++) {
    const oi_finding *f = &p->findings[k];
    if (!oi_listing_finding_at(l, f, file, number))
      continue;
    fprintf(out, "<a href=\"#finding-%zu\" title=\"%s of ", k + 1, oi_finding_kind_name(f->kind));
    oi_html_text(out, oi_profile_finding_var(p, f));
    fprintf(out, "\" aria-label=\"finding %zu: %s\">!</a>", k + 1, oi_finding_kind_name(f->kind));
  }
  fputs("</td>", out);
  extent_bars(out, extents, extent_count, number);
  fputs("<td class=\"code\">", out);
  if (text)
    oi_html_text(out, text);
  else
    fprintf(out, "<span class=\"note\">(line %" PRIu32 ": not in the file)</span>", number);
  fputs("</td></tr>\n", out);
  if (from < to)
    details(page, from, to, &s);
}

/* order[from, to): the places of one file. */
static void source_section(const oi_html_page *page, int file_index, uint32_t from, uint32_t to) {
  const oi_source_listing *l = &page->listing;
  FILE *out = page->out;
  const char *file = page->files[file_index];
  source_file s;
  load(page, file, &s);
  uint32_t last = oi_listing_line(l, to - 1);
  if (!s.missing && last > s.count)
    s.beyond = last;
  fprintf(out,
          "<section class=\"file\" id=\"file-%d\" aria-labelledby=\"file-%d-h\" "
          "data-file=\"",
          file_index, file_index);
  oi_html_text(out, file);
  fprintf(out, "\" data-state=\"%s\"><h3 id=\"file-%d-h\">",
          s.missing             ? "missing"
          : s.newer || s.beyond ? "changed"
                                : "ok",
          file_index);
  oi_html_text(out, s.missing ? file : s.found);
  fputs("</h3>\n", out);
  if (s.missing) {
    fputs("<p class=\"banner warn\">Source not found: ", out);
    oi_html_text(out, file);
    fprintf(out,
            " is not where it was compiled%s. Its lines with events are listed by "
            "number.</p>\n",
            page->o->source_dir ? " nor in --source-dir" : " (try --source-dir D)");
  } else if (s.newer || s.beyond) {
    fputs("<p class=\"banner warn\">This source has changed since the run: ", out);
    if (s.beyond)
      fprintf(out, "line %" PRIu32 " has events but the file has %" PRIu32 " lines", s.beyond,
              s.count);
    else
      fputs("it was modified after the trace was written", out);
    fputs("; lines may not match what ran.</p>\n", out);
  }
  uint32_t extent_count;
  extent *extents = extents_of(l, from, to, &extent_count);
  fputs("<table class=\"src\"><thead><tr><th scope=\"col\" class=\"num\">Line</th>"
        "<th scope=\"col\" class=\"num\">Count</th><th scope=\"col\" class=\"num\">Time</th>"
        "<th scope=\"col\" class=\"num\">Transfers</th><th scope=\"col\" class=\"num\">Bytes"
        "</th><th scope=\"col\" title=\"findings\">!</th><th scope=\"col\" title=\"construct "
        "extent\"></th><th scope=\"col\">Source</th></tr></thead>\n<tbody>\n",
        out);
  uint32_t next = from;
  while (next < to && oi_listing_line(l, next) == 0)
    next++; /* no line known */
  for (uint32_t number = 1; number <= s.count; number++) {
    uint32_t end = next;
    if (next < to && oi_listing_line(l, next) == number)
      end = oi_listing_group_end(l, next, true);
    line_row(page, file_index, number, s.lines[number - 1], next, end, extents,
             extents ? extent_count : 0);
    next = end;
  }
  while (next < to) { /* lines the file does not have, or no file at all */
    uint32_t end = oi_listing_group_end(l, next, true);
    line_row(page, file_index, oi_listing_line(l, next), NULL, next, end, extents,
             extents ? extent_count : 0);
    next = end;
  }
  fputs("</tbody></table>\n</section>\n", out);
  free(extents);
  unload(&s);
}

/* Rows at places without a source file: module+offset or unknown. */
static void unplaced(const oi_html_page *page) {
  const oi_profile *p = page->p;
  FILE *out = page->out;
  bool any = false;
  for (uint32_t k = 0; k < p->row_keys.count; k++) {
    const oi_construct_row *r = &p->rows[page->listing.rows[k]];
    if (p->places[r->place].file)
      continue;
    if (!any)
      fputs("<h3>Without source lines</h3>\n<p class=\"note\">Build with -g, or with the "
            "ompt-inst plugin, to see these on their lines.</p>\n<table id=\"unplaced\"><thead>"
            "<tr><th scope=\"col\">Where</th><th scope=\"col\">Construct</th>"
            "<th scope=\"col\" class=\"num\">Instances</th><th scope=\"col\" class=\"num\">"
            "Time</th></tr></thead><tbody>\n",
            out);
    any = true;
    char where[512], a[64];
    fputs("<tr><td><code>", out);
    oi_html_text(out, oi_place_text(&p->places[r->place], false, where, sizeof where));
    fputs("</code></td><td>", out);
    oi_html_text(out, r->label);
    fprintf(out, "</td><td class=\"num\">%" PRIu64 "</td><td class=\"num\">%s</td></tr>\n",
            r->instances, oi_format_measured_ns(r->timed, r->total_ns, a, sizeof a));
  }
  if (any)
    fputs("</tbody></table>\n", out);
}

void oi_html_source(const oi_html_page *page) {
  const oi_source_listing *l = &page->listing;
  FILE *out = page->out;
  fputs("<section id=\"source\" aria-labelledby=\"h-source\"><h2 id=\"h-source\">Annotated "
        "source</h2>\n<p class=\"note\">Count: instances of the line's constructs; time: "
        "their total; transfers and bytes: data moved to and from devices by the line; "
        "<strong>!</strong>: a finding (links to it); bars: the extent of each construct, "
        "coloured by kind.</p>\n",
        out);
  if (page->file_count == 0)
    fputs("<p>No event has a source line.</p>\n", out);
  int index = 0;
  for (uint32_t i = 0; i < l->count; index++) {
    uint32_t j = oi_listing_group_end(l, i, false);
    source_section(page, index, i, j);
    i = j;
  }
  unplaced(page);
  fputs("</section>\n", out);
}
