/* `--format text`: the run header, the construct profile, data movement per
 * variable and the analysis findings, in 100 columns. */
#define _GNU_SOURCE /* qsort_r */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "model/job.h"
#include "writers.h"
#include "finding_words.h"
#include "unseen_text.h"

#define RULE_WIDTH 99

static void rule(FILE *out, const char *title) {
  fprintf(out, "\n%s\n", title);
  for (int i = 0; i < RULE_WIDTH; i++)
    fputc('-', out);
  fputc('\n', out);
}

/* Up to this many ranks the text lists them all; beyond, it folds them to
 * what a person reads (the JSON report lists every rank). */
#define LISTED_RANKS 16
#define FOLDED_EACH 5 /* slowest and fastest shown */

static void rank_line(const oi_rank_info *r, const char *tag, FILE *out) {
  char name[300], fitted[128], buf[64];
  oi_job_rank_name(r, name, sizeof name);
  if (r->problem)
    fprintf(out, "    %-24s LEFT OUT: %s\n", name,
            oi_format_fit(r->problem, 60, fitted, sizeof fitted));
  else
    fprintf(out, "    %-24s pid %-8" PRIu32 " events %-10" PRIu64 " %s, %" PRIu64 " lost%s%s%s\n",
            name, r->pid, r->events, r->complete ? "complete" : "INCOMPLETE", r->lost_events,
            tag ? "   " : "", tag ? tag : "",
            tag ? oi_format_ns(r->duration_ns, buf, sizeof buf) : "");
}

static int by_duration(const void *a, const void *b, void *ranks) {
  uint64_t x = ((const oi_rank_info *)ranks)[*(const uint32_t *)a].duration_ns;
  uint64_t y = ((const oi_rank_info *)ranks)[*(const uint32_t *)b].duration_ns;
  return x < y ? 1 : x > y ? -1 : 0; /* slowest first */
}

/* Many ranks: the outliers (left out, incomplete, with lost events, or
 * over twice the median run time), the slowest and the fastest. */
static void folded_ranks(const oi_profile *p, FILE *out) {
  uint32_t *order = malloc(p->rank_count * sizeof *order), merged = 0;
  for (uint32_t i = 0; order && i < p->rank_count; i++)
    if (!p->ranks[i].problem)
      order[merged++] = i;
  if (!order) {
    fputs("    (out of memory listing the ranks)\n", out);
    return;
  }
  qsort_r(order, merged, sizeof *order, by_duration, (void *)p->ranks);
  uint64_t median = merged ? p->ranks[order[merged / 2]].duration_ns : 0;
  uint32_t outliers = 0;
  for (uint32_t i = 0; i < p->rank_count; i++) {
    const oi_rank_info *r = &p->ranks[i];
    if (r->problem || !r->complete || r->lost_events || (median && r->duration_ns > 2 * median)) {
      if (outliers++ < LISTED_RANKS)
        rank_line(r, r->problem ? NULL : "outlier, run time ", out);
    }
  }
  if (outliers > LISTED_RANKS)
    fprintf(out, "    ... %" PRIu32 " more outliers (--format json lists every rank)\n",
            outliers - LISTED_RANKS);
  for (uint32_t i = 0; i < merged && i < FOLDED_EACH; i++)
    rank_line(&p->ranks[order[i]], "slowest, run time ", out);
  for (uint32_t i = merged > FOLDED_EACH ? merged - FOLDED_EACH : 0; i < merged; i++)
    if (i >= FOLDED_EACH)
      rank_line(&p->ranks[order[i]], "fastest, run time ", out);
  char buf[64];
  fprintf(out,
          "    (%" PRIu32 " ranks merged, median run time %s; --format json lists every rank)\n",
          merged, oi_format_ns(median, buf, sizeof buf));
  free(order);
}

/* A job's ranks: how many were merged, then one line per process (folded
 * beyond LISTED_RANKS). */
static void job_header(const oi_profile *p, FILE *out) {
  fprintf(out, "  ranks     %" PRIu32 " ranks", p->merged_ranks);
  if (p->merged_ranks < p->rank_count)
    fprintf(out, " (%" PRIu32 " of %" PRIu32 " rank folders; see below)", p->merged_ranks,
            p->rank_count);
  fputc('\n', out);
  if (p->rank_count > LISTED_RANKS) {
    folded_ranks(p, out);
    return;
  }
  for (uint32_t i = 0; i < p->rank_count; i++)
    rank_line(&p->ranks[i], NULL, out);
}

/* A job's header names its ranks instead of one trace (job_header). */
static void header(const oi_profile *p, const oi_report_options *o, FILE *out) {
  char buf[64], fitted[128], pid[32] = "(all ranks)";
  const oi_trace_reader *t = p->trace;
  fprintf(out, "ompt-inst report of %s\n",
          oi_format_fit_tail(o->run_dir, 80, fitted, sizeof fitted));
  fprintf(out, "  program   %s\n",
          oi_format_fit(p->argv      ? p->argv
                        : p->program ? p->program
                                     : "?",
                        88, fitted, sizeof fitted));
  if (p->runtime)
    fprintf(out, "  runtime   %s\n", oi_format_fit(p->runtime, 88, fitted, sizeof fitted));
  else if (p->unstarted_runtime)
    fprintf(out, "  runtime   %s, %s\n", p->unstarted_runtime,
            oi_unstarted_runtime_state(p->unstarted_runtime));
  if (t)
    snprintf(pid, sizeof pid, "pid %" PRIu32, t->header.pid);
  fprintf(out,
          "  run time  %s   threads %" PRIu32 "   devices %" PRIu32 "   events %" PRIu64 "   %s\n",
          oi_format_ns(p->duration_ns, buf, sizeof buf), p->thread_count, p->device_count,
          p->events, pid);
  if (p->offload_check)
    fprintf(out, "  offload   %s\n", p->offload_check);
  const char *source = oi_data_op_source_words(p);
  if (source)
    fprintf(out, "  data ops  %s\n", source);
  const char *hashing = oi_profile_hashing(p);
  if (hashing)
    fprintf(out, "  hashing   %s\n", hashing);
  if (oi_finding_checked(p, OI_FINDING_STALE_DEVICE_DATA))
    fprintf(out, "  checks    mapping: each kernel's host copies hashed as it starts (stale "
                 "device data)\n");
  const char *mode = t ? oi_trace_info(t, "record") : NULL;
  const char *absent = oi_format_record_absent(mode);
  if (mode && absent)
    fprintf(out, "  record    %s only: %s not recorded\n", mode, absent);
  char ending[256];
  if (!t)
    job_header(p, out);
  else if (t->complete && *oi_reader_ending(t, ending, sizeof ending))
    fprintf(out, "  trace     %s, %s\n", oi_format_fit_tail(t->path, 40, fitted, sizeof fitted),
            ending);
  else if (t->complete)
    fprintf(out, "  trace     %s, complete, %" PRIu64 " events lost\n",
            oi_format_fit_tail(t->path, 60, fitted, sizeof fitted), t->end.lost_events);
  else
    fprintf(out, "  trace     %s, INCOMPLETE (no end record: the program did not finish)\n",
            oi_format_fit_tail(t->path, 40, fitted, sizeof fitted));
  /* sites the shim's table had no room for (shim/bounds.h): their hook
   * calls are counted under their own name, not as lost events */
  const char *beyond = t ? oi_trace_info(t, "sites_beyond_bound") : NULL;
  unsigned long long sites, bound, calls;
  if (beyond && sscanf(beyond, "%llu %llu %llu", &sites, &bound, &calls) == 3)
    fprintf(out,
            "  sites     %llu sites beyond the table's %llu: their %llu hook calls not recorded\n",
            sites, bound, calls);
  /* events the shim had no memory for: not lost events either */
  const char *memory = t ? oi_trace_info(t, "out_of_memory") : NULL;
  unsigned long long unrecorded;
  if (memory && sscanf(memory, "%llu", &unrecorded) == 1)
    fprintf(out, "  memory    %llu events not recorded: the tool was out of memory\n", unrecorded);
  /* what the shim mended in the runtime's stream */
  oi_repair_row repairs[32];
  size_t count = oi_format_repairs(t ? oi_trace_info(t, "repairs") : NULL, repairs, 32);
  for (size_t i = 0; i < count; i++) {
    char line[512];
    snprintf(line, sizeof line, "%llu %.400s", repairs[i].count,
             repairs[i].words ? repairs[i].words : repairs[i].name);
    /* its label first: the wrapping counts columns from the text's start */
    fputs("  repaired", out);
    oi_format_wrapped(out, line, 2, 12, 100 - 10);
  }
}

/* Where each thread was when a signal ended the run. */
static void last_constructs(const oi_profile *p, FILE *out) {
  if (!p->trace || !p->trace->complete || !p->trace->end.signal)
    return;
  for (uint32_t i = 0; i < p->last_construct_count; i++) {
    const oi_last_construct *last = &p->last_constructs[i];
    char place[512] = "an unknown place";
    if (last->place != UINT32_MAX)
      oi_place_text(&p->places[last->place], false, place, sizeof place);
    fprintf(out, "  thread %-3" PRIu32 " %s %s at %s\n", last->thread,
            last->open ? "was in" : "had left", last->label, place);
  }
}

static unsigned shown(unsigned count, unsigned top) { return top && top < count ? top : count; }

/* Implicit parts of a construct: the implicit tasks of its team and the
 * barriers it ends with, which the programmer did not write. */
static bool is_implicit_part(const oi_construct_row *r) {
  return r->kind == OI_KIND_IMPLICIT_TASK || r->kind == OI_KIND_SYNC;
}

/* Rows in cost order, but each site's rows together, at the place of its
 * costliest row: what the programmer wrote first, its implicit parts
 * after it (so a `parallel for` is not ninth behind its own barriers). */
static void grouped_by_site(const oi_profile *p, uint32_t *order, uint32_t count) {
  uint32_t *grouped = malloc((count + 1) * sizeof *grouped);
  bool *taken = calloc(count + 1, sizeof *taken);
  if (!grouped || !taken) { /* out of memory: plain cost order */
    free(grouped);
    free(taken);
    return;
  }
  uint32_t n = 0;
  for (uint32_t i = 0; i < count; i++) {
    if (taken[i])
      continue;
    uint32_t place = p->rows[order[i]].place;
    for (int parts = 0; parts < 2; parts++)
      for (uint32_t j = i; j < count; j++)
        if (!taken[j] && p->rows[order[j]].place == place &&
            is_implicit_part(&p->rows[order[j]]) == (parts == 1)) {
          taken[j] = true;
          grouped[n++] = order[j];
        }
  }
  memcpy(order, grouped, count * sizeof *order);
  free(grouped);
  free(taken);
}

/* The first piece of `label` that fits `width` columns, broken after a
 * word when one fits; returns the rest (without its leading space). */
static const char *label_piece(const char *label, unsigned width, char *piece, size_t size) {
  size_t length = strlen(label);
  if (oi_format_width(label) <= width || length < width) {
    snprintf(piece, size, "%s", label);
    return label + length;
  }
  size_t cut = width;
  while (cut > 0 && label[cut] != ' ')
    cut--;
  if (cut == 0)
    cut = width;
  snprintf(piece, size, "%.*s", (int)cut, label);
  return label + cut + (label[cut] == ' ');
}

static void constructs(const oi_profile *p, const oi_report_options *o, FILE *out) {
  uint32_t count = p->row_keys.count;
  uint32_t *order = oi_profile_rows_by_cost(p);
  if (!order)
    return;
  char title[128], a[64], b[64], c[64], d[64];
  snprintf(title, sizeof title, "Constructs (%u of %" PRIu32 ", by total time)",
           shown(count, o->top), count);
  rule(out, title);
  bool job = p->rank_count > 0;
  const unsigned w[] = {20, job ? 22 : 28, 8, 4, 9, 9, 9, 5, 5};
  const char *head[] = {"site", "construct", "inst",  "thr", "total",
                        "mean", "max",       "imbal", "rimb"};
  unsigned columns = job ? 9 : 8;
  for (unsigned i = 0; i < columns; i++)
    oi_format_cell(out, head[i], w[i], i >= 2, i == columns - 1);
  fputc('\n', out);
  grouped_by_site(p, order, count);
  for (uint32_t k = 0; k < shown(count, o->top); k++) {
    const oi_construct_row *r = &p->rows[order[k]];
    /* a construct's implicit parts follow it, indented */
    bool under = k > 0 && is_implicit_part(r) && p->rows[order[k - 1]].place == r->place;
    char place[512], fitted_place[512];
    oi_place_text(&p->places[r->place], false, place, sizeof place);
    snprintf(a, sizeof a, "%" PRIu64, r->instances);
    snprintf(b, sizeof b, "%" PRIu32, r->threads);
    if (r->timed)
      snprintf(d, sizeof d, "%.2f", r->imbalance);
    else
      snprintf(d, sizeof d, "-");
    oi_format_cell(out,
                   under ? "" : oi_format_fit_place(place, w[0], fitted_place, sizeof fitted_place),
                   w[0], false, false);
    char label[512], piece[512];
    snprintf(label, sizeof label, "%s%s%s", under ? "  " : "", r->compiler ? "[c] " : "", r->label);
    const char *rest = label_piece(label, w[1], piece, sizeof piece);
    oi_format_cell(out, piece, w[1], false, false);
    oi_format_cell(out, a, w[2], true, false);
    oi_format_cell(out, b, w[3], true, false);
    oi_format_cell(out, oi_format_measured_ns(r->timed, r->total_ns, c, sizeof c), w[4], true,
                   false);
    uint64_t mean = r->instances ? r->total_ns / r->instances : 0;
    oi_format_cell(out, oi_format_measured_ns(r->timed, mean, c, sizeof c), w[5], true, false);
    oi_format_cell(out, oi_format_measured_ns(r->timed, r->max_ns, c, sizeof c), w[6], true, false);
    oi_format_cell(out, d, w[7], true, !job);
    if (job) {
      if (r->timed)
        snprintf(d, sizeof d, "%.2f", r->rank_imbalance);
      oi_format_cell(out, d, w[8], true, true);
    }
    fputc('\n', out);
    while (*rest) { /* the rest of a long construct name, never cut */
      rest = label_piece(rest, w[1] - 2, piece, sizeof piece);
      fprintf(out, "%*s   %s\n", (int)w[0], "", piece);
    }
  }
  fputs("inst: instances; imbal: max/mean of per-thread time; -: counted, untimed; [c]: compiler "
        "hooks only\n",
        out);
  if (job)
    fputs("summed over ranks; rimb: max/mean of per-rank time\n", out);
  free(order);
}

static void variables(const oi_profile *p, const oi_report_options *o, FILE *out) {
  uint32_t count;
  uint32_t *order = oi_profile_variables_by_cost(p, &count);
  if (!order)
    return;
  char title[128], n[64];
  snprintf(title, sizeof title, "Data movement per variable (%u of %" PRIu32 ", by transfer time)",
           shown(count, o->top), count);
  rule(out, title);
  const unsigned w[] = {22, 9, 6, 9, 9, 6, 9, 6, 6, 6};
  const char *head[] = {"variable", "bytes",    "ops", "time",  "to dev",
                        "ops",      "from dev", "ops", "alloc", "del"};
  for (unsigned i = 0; i < 10; i++)
    oi_format_cell(out, head[i], w[i], i >= 1, i == 9);
  fputc('\n', out);
  for (uint32_t k = 0; k < shown(count, o->top); k++) {
    const oi_variable_row *v = &p->variables[order[k]];
    oi_format_cell(out, v->name, w[0], false, false);
    oi_format_cell(out, oi_format_bytes(oi_variable_transfer_bytes(v), n, sizeof n), w[1], true,
                   false);
    snprintf(n, sizeof n, "%" PRIu64, oi_variable_transfer_ops(v));
    oi_format_cell(out, n, w[2], true, false);
    oi_format_cell(out, oi_format_ns(oi_variable_transfer_ns(v), n, sizeof n), w[3], true, false);
    oi_format_cell(out, oi_format_bytes(v->bytes[OI_DATA_OP_TO_DEVICE], n, sizeof n), w[4], true,
                   false);
    snprintf(n, sizeof n, "%" PRIu64, v->ops[OI_DATA_OP_TO_DEVICE]);
    oi_format_cell(out, n, w[5], true, false);
    oi_format_cell(out, oi_format_bytes(v->bytes[OI_DATA_OP_FROM_DEVICE], n, sizeof n), w[6], true,
                   false);
    snprintf(n, sizeof n, "%" PRIu64, v->ops[OI_DATA_OP_FROM_DEVICE]);
    oi_format_cell(out, n, w[7], true, false);
    snprintf(n, sizeof n, "%" PRIu64, v->ops[OI_DATA_OP_ALLOC]);
    oi_format_cell(out, n, w[8], true, false);
    snprintf(n, sizeof n, "%" PRIu64, v->ops[OI_DATA_OP_DELETE]);
    oi_format_cell(out, n, w[9], true, true);
    fputc('\n', out);
  }
  free(order);
}

/* Findings [from, to) of the profile, numbered from from + 1. */
static void finding_lines(const oi_profile *p, size_t from, size_t to, FILE *out) {
  char line[1024], where[512];
  for (size_t k = from; k < to; k++) {
    const oi_finding *f = &p->findings[k];
    oi_finding_vars vars = oi_profile_finding_vars(p, f);
    oi_place_text(&p->places[p->finding_places[k]], false, where, sizeof where);
    oi_finding_line(k + 1, f, vars.var, where, line, sizeof line);
    if (p->finding_ranks) {
      size_t used = strlen(line);
      snprintf(line + used, sizeof line - used, ", on %" PRIu32 " of %" PRIu32 " ranks",
               p->finding_ranks[k].count, p->merged_ranks);
    }
    /* the finding's own lines hang under its text, not its number */
    oi_format_wrapped(out, line, 0, (unsigned)strcspn(line, " ") + 1, RULE_WIDTH);
    char advice[1024];
    oi_format_wrapped(out, oi_finding_advice(f, &vars, advice, sizeof advice), 4, 4, RULE_WIDTH);
  }
}

/* Mapping bugs first, all of them (wrong data is never cut by --top), then
 * the cost findings. */
static void findings(const oi_profile *p, const oi_report_options *o, FILE *out) {
  char title[256], line[1024];
  const oi_analysis_totals *t = p->totals;
  size_t bugs = oi_profile_bug_count(p), costs = p->finding_count - bugs;
  if (bugs) {
    snprintf(title, sizeof title,
             "Mapping bugs (%zu): the device computes on, or returns, the "
             "wrong data",
             bugs);
    rule(out, title);
    finding_lines(p, 0, bugs, out);
  }
  snprintf(title, sizeof title, "Findings (%u of %zu)", shown((unsigned)costs, o->top), costs);
  rule(out, title);
  if (t)
    fprintf(out, "potential: %s\n", oi_potential_words(t, "->", line, sizeof line));
  if (costs == 0)
    fprintf(out, "%s\n", OI_NO_FINDINGS_WORDS);
  finding_lines(p, bugs, bugs + shown((unsigned)costs, o->top), out);
}

int oi_write_text(const oi_profile *p, const oi_report_options *o, FILE *out) {
  header(p, o, out);
  if (p->unstarted_runtime) { /* no table, and no "no finding": nothing was seen */
    char title[128];
    snprintf(title, sizeof title, "OpenMP directives the runtime never saw (%zu)", p->unseen.count);
    rule(out, title);
    oi_write_unseen_directives(p, out, RULE_WIDTH);
    return 0;
  }
  last_constructs(p, out);
  constructs(p, o, out);
  variables(p, o, out);
  findings(p, o, out);
  return 0;
}
