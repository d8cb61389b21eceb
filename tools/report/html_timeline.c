/* The html page's timeline: one track per thread (constructs, target
 * regions) and per device (kernels, data operations), an SVG rectangle per
 * slice, nested slices one row lower. The page's script zooms and pans it
 * by changing the plot's viewBox.
 *
 * Long runs are downsampled so the page stays small: the run is cut into at
 * most MAX_BUCKETS time buckets; a slice shorter than a bucket is merged
 * with the other short slices of its row and bucket into one rectangle as
 * wide as their summed time, named after the longest of them. So a row
 * holds at most 2 rectangles per bucket, and buckets shrink until all rows
 * fit in MAX_RECTS rectangles. Rows deeper than MAX_DEPTH and tracks beyond
 * MAX_ROWS rows are left out; the caption says how many. */
#include <inttypes.h>
#include <stdlib.h>

#include "common/array.h"
#include "format.h"
#include "html_page.h"

#define UNITS 10000.0 /* viewBox width of the whole run */
#define ROW_HEIGHT 12 /* px per nesting level */
#define TRACK_GAP 6   /* px between tracks */
#define MAX_DEPTH 10  /* nesting levels drawn per track */
#define MAX_ROWS 200  /* rows (tracks x levels) drawn: MAX_RECTS / (2 MIN_BUCKETS) */
#define MAX_BUCKETS 2000
#define MIN_BUCKETS 100
#define MAX_RECTS 40000

typedef struct track {
  uint64_t first, end; /* slices [first, end) */
  unsigned depth;      /* levels drawn */
  unsigned y;
} track;

/* Short slices of one row and bucket, merged. */
typedef struct merge {
  int64_t bucket; /* -1: nothing pending */
  uint64_t count, busy_ns, start_ns, longest_ns;
  const oi_slice *longest;
} merge;

typedef struct timeline {
  const oi_html_page *page;
  double span_ns, bucket_ns;
  uint64_t rects, merged, left_out;
  merge pending[MAX_DEPTH];
} timeline;

static bool same_track(const oi_slice *a, const oi_slice *b) {
  return a->track_kind == b->track_kind && a->track == b->track && a->lane == b->lane;
}

/* Depth of `s` among the open slices of its lane (a stack of end times). */
static unsigned depth_of(uint64_t *ends, unsigned *open, const oi_slice *s) {
  while (*open > 0 && ends[*open - 1] <= s->start_ns)
    (*open)--;
  unsigned depth = *open;
  if (*open < MAX_DEPTH + 1)
    ends[(*open)++] = s->end_ns;
  return depth;
}

static uint32_t name_index(const oi_profile *p, const oi_slice *s) {
  return s->row != UINT32_MAX ? s->row : p->row_keys.count + s->variable;
}

static const char *class_of(const oi_profile *p, const oi_slice *s) {
  return s->row != UINT32_MAX ? oi_html_row_class(&p->rows[s->row]) : oi_html_op_class(s->op);
}

static void rect(timeline *tl, const oi_slice *s, uint64_t start_ns, uint64_t ns, unsigned y,
                 uint64_t merged) {
  FILE *out = tl->page->out;
  double x = (double)start_ns / tl->span_ns * UNITS, w = (double)ns / tl->span_ns * UNITS;
  fprintf(out,
          "<rect x=\"%.2f\" y=\"%u\" width=\"%.3g\" height=\"%d\" class=\"%s%s\" "
          "data-n=\"%" PRIu32 "\"",
          x, y, w, ROW_HEIGHT - 1, class_of(tl->page->p, s), merged > 1 ? " m" : "",
          name_index(tl->page->p, s));
  if (merged > 1)
    fprintf(out, " data-m=\"%" PRIu64 "\"", merged);
  fputs("/>", out);
  tl->rects++;
  tl->merged += merged > 1;
}

static void flush(timeline *tl, merge *m, unsigned y) {
  if (m->bucket >= 0)
    rect(tl, m->longest, m->start_ns, m->busy_ns, y, m->count);
  m->bucket = -1;
}

static void draw_track(timeline *tl, const track *t) {
  const oi_slice *slices = tl->page->p->slices;
  uint64_t ends[MAX_DEPTH + 1];
  unsigned open = 0;
  for (unsigned d = 0; d < MAX_DEPTH; d++)
    tl->pending[d].bucket = -1;
  for (uint64_t i = t->first; i < t->end; i++) {
    const oi_slice *s = &slices[i];
    unsigned depth = depth_of(ends, &open, s);
    if (depth >= MAX_DEPTH) {
      tl->left_out++;
      continue;
    }
    unsigned y = t->y + depth * ROW_HEIGHT;
    uint64_t ns = s->end_ns - s->start_ns;
    merge *m = &tl->pending[depth];
    if ((double)ns >= tl->bucket_ns) {
      rect(tl, s, s->start_ns, ns, y, 1);
      continue;
    }
    int64_t bucket = (int64_t)((double)s->start_ns / tl->bucket_ns);
    if (bucket != m->bucket) {
      flush(tl, m, y);
      *m = (merge){.bucket = bucket, .start_ns = s->start_ns};
    }
    m->count++;
    m->busy_ns += ns;
    if (!m->longest || ns > m->longest_ns)
      m->longest = s, m->longest_ns = ns;
  }
  for (unsigned d = 0; d < MAX_DEPTH; d++)
    flush(tl, &tl->pending[d], t->y + d * ROW_HEIGHT);
}

/* Tracks in slice order, with the levels each needs; NULL when out of memory. */
static track *tracks_of(const oi_profile *p, uint64_t *count) {
  track *tracks = NULL;
  uint64_t capacity = 0;
  uint64_t ends[MAX_DEPTH + 1];
  unsigned open = 0;
  *count = 0;
  for (uint64_t i = 0; i < p->slice_count; i++) {
    const oi_slice *s = &p->slices[i];
    if (i == 0 || !same_track(s, &p->slices[i - 1])) {
      if (oi_grow((void **)&tracks, &capacity, *count + 1, sizeof *tracks) != 0) {
        free(tracks);
        return NULL;
      }
      tracks[(*count)++] = (track){.first = i, .end = i, .depth = 1};
      open = 0;
    }
    track *t = &tracks[*count - 1];
    unsigned depth = depth_of(ends, &open, s) + 1;
    t->depth = depth > t->depth ? (depth > MAX_DEPTH ? MAX_DEPTH : depth) : t->depth;
    t->end = i + 1;
  }
  return tracks;
}

static void names(const oi_profile *p, FILE *out) {
  char name[4200];
  fputs("<ol id=\"timeline-names\" hidden>", out);
  for (uint32_t r = 0; r < p->row_keys.count; r++) {
    fputs("<li>", out);
    oi_html_text(out, oi_profile_row_name(p, r, name, sizeof name));
    fputs("</li>", out);
  }
  for (uint32_t v = 0; v < p->variable_names.count; v++) {
    fputs("<li>", out);
    oi_html_text(out, p->variables[v].name);
    fputs("</li>", out);
  }
  fputs("</ol>\n", out);
}

static void labels(const oi_profile *p, const track *tracks, uint64_t shown, unsigned height,
                   FILE *out) {
  fprintf(out, "<svg class=\"labels\" width=\"150\" height=\"%u\" aria-hidden=\"true\">", height);
  for (uint64_t k = 0; k < shown; k++) {
    const oi_slice *s = &p->slices[tracks[k].first];
    fprintf(out, "<text x=\"6\" y=\"%u\">%s %" PRIu32, tracks[k].y + ROW_HEIGHT - 2,
            s->track_kind == OI_TRACK_DEVICE ? "device" : "thread", s->track);
    if (s->lane)
      fprintf(out, " (lane %" PRIu32 ")", s->lane);
    fputs("</text>", out);
  }
  fputs("</svg>\n", out);
}

static const struct {
  const char *class_name, *meaning;
} legend[] = {{"c-par", "parallel, teams"},
              {"c-itask", "implicit task"},
              {"c-work", "worksharing"},
              {"c-sync", "barrier, taskwait"},
              {"c-task", "task"},
              {"c-mut", "critical, atomic, lock"},
              {"c-tgt", "target region"},
              {"c-krn", "kernel"},
              {"d-to", "to device"},
              {"d-from", "from device"},
              {"d-alloc", "allocation"},
              {"d-del", "delete"},
              {"c-oth", "other"}};

void oi_html_timeline(const oi_html_page *page) {
  const oi_profile *p = page->p;
  FILE *out = page->out;
  fputs("<figure id=\"plot-timeline\" aria-labelledby=\"plot-timeline-h\"><h3 "
        "id=\"plot-timeline-h\">Timeline per thread and device</h3>\n",
        out);
  uint64_t track_count;
  track *tracks = p->slice_count ? tracks_of(p, &track_count) : NULL;
  if (!tracks) {
    fputs("<p>No timed construct instance, kernel or data operation.</p></figure>\n", out);
    return;
  }
  uint64_t shown = 0, rows = 0;
  unsigned y = 2;
  while (shown < track_count && rows + tracks[shown].depth <= MAX_ROWS) {
    tracks[shown].y = y;
    y += tracks[shown].depth * ROW_HEIGHT + TRACK_GAP;
    rows += tracks[shown++].depth;
  }
  uint64_t span = p->duration_ns > p->last_event_ns ? p->duration_ns : p->last_event_ns;
  for (uint64_t i = 0; i < p->slice_count; i++)
    span = p->slices[i].end_ns > span ? p->slices[i].end_ns : span;
  uint64_t buckets = MAX_RECTS / (2 * (rows ? rows : 1));
  buckets = buckets > MAX_BUCKETS ? MAX_BUCKETS : buckets < MIN_BUCKETS ? MIN_BUCKETS : buckets;
  timeline tl = {.page = page, .span_ns = span ? (double)span : 1.0};
  tl.bucket_ns = tl.span_ns / (double)buckets;
  unsigned height = y;
  fputs("<div class=\"timeline-tools\"><button type=\"button\" data-zoom=\"2\">Zoom in</button>"
        "<button type=\"button\" data-zoom=\"0.5\">Zoom out</button><button type=\"button\" "
        "data-zoom=\"reset\">Whole run</button><span id=\"timeline-range\" class=\"note\" "
        "aria-live=\"polite\"></span></div>\n<ul class=\"legend\">",
        out);
  for (size_t k = 0; k < sizeof legend / sizeof *legend; k++)
    fprintf(out, "<li><i class=\"%s\"></i>%s</li>", legend[k].class_name, legend[k].meaning);
  fputs("</ul>\n<div class=\"timeline\">", out);
  labels(p, tracks, shown, height, out);
  fprintf(out,
          "<div class=\"scroll\"><svg class=\"plot\" tabindex=\"0\" role=\"img\" "
          "aria-label=\"Timeline; + and - zoom, arrow keys pan, 0 shows the whole run\" "
          "viewBox=\"0 0 %.0f %u\" preserveAspectRatio=\"none\" height=\"%u\" "
          "data-span-ns=\"%" PRIu64 "\" data-units=\"%.0f\" data-height=\"%u\">\n",
          UNITS, height, height, span, UNITS, height);
  for (uint64_t k = 0; k < shown; k++) {
    draw_track(&tl, &tracks[k]);
    fputc('\n', out);
  }
  uint64_t dropped = 0;
  for (uint64_t k = shown; k < track_count; k++)
    dropped += tracks[k].end - tracks[k].first;
  fprintf(out, "</svg><svg class=\"axis\" aria-hidden=\"true\"><g class=\"ticks\"></g></svg>"
               "</div></div>\n");
  names(p, out);
  char a[64];
  fprintf(out,
          "<figcaption data-slices=\"%" PRIu64 "\" data-rects=\"%" PRIu64 "\" "
          "data-merged=\"%" PRIu64 "\">%" PRIu64 " slices over %s drawn as %" PRIu64 " rectangles",
          p->slice_count, tl.rects, tl.merged, p->slice_count, oi_format_ns(span, a, sizeof a),
          tl.rects);
  if (tl.merged)
    fprintf(out,
            " (%" PRIu64 " of them merge slices shorter than %s, as wide as their summed "
            "time)",
            tl.merged, oi_format_ns((uint64_t)tl.bucket_ns, a, sizeof a));
  if (tl.left_out)
    fprintf(out, "; %" PRIu64 " slices nested deeper than %d levels left out", tl.left_out,
            MAX_DEPTH);
  if (shown < track_count)
    fprintf(out, "; %" PRIu64 " tracks (%" PRIu64 " slices) beyond the first %d rows left out",
            track_count - shown, dropped, MAX_ROWS);
  fputs(". Wheel or + / - to zoom, drag or arrow keys to pan.</figcaption></figure>\n", out);
  free(tracks);
}
