/* `ompt-inst diff` as text, in 100 columns: the two sides, what makes them
 * hard to compare, BEFORE's findings and what became of them, predicted
 * against achieved savings, construct and variable deltas, rows that could
 * not be matched, the run totals and the one-line summary. */
#define _GNU_SOURCE /* qsort_r */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "format.h"

#define RULE_WIDTH 99

static void rule(FILE *out, const char *title) {
  fprintf(out, "\n%s\n", title);
  for (int i = 0; i < RULE_WIDTH; i++)
    fputc('-', out);
  fputc('\n', out);
}

/* "12.68 ms", with "±0.21 ms" (half the range) over several runs. */
static const char *time_text(const oi_diff_time *t, char *buf, size_t size) {
  char mean[32], spread[32];
  if (!t->runs)
    return snprintf(buf, size, "-"), buf;
  oi_format_ns((uint64_t)llround(t->mean), mean, sizeof mean);
  if (t->runs < 2)
    return snprintf(buf, size, "%s", mean), buf;
  snprintf(buf, size, "%s ±%s", mean, oi_format_ns((t->max - t->min) / 2, spread, sizeof spread));
  return buf;
}

/* "+1.23 ms +12.3% slower": the change of the means, and the verdict. */
static const char *change_text(const oi_diff_time *x, const oi_diff_time *y,
                               enum oi_diff_verdict verdict, char *buf, size_t size) {
  if (!x->runs || !y->runs)
    return snprintf(buf, size, "-"), buf;
  double change = y->mean - x->mean;
  char amount[32], percent[32] = "";
  oi_format_ns((uint64_t)fabs(change), amount, sizeof amount);
  if (x->mean > 0)
    snprintf(percent, sizeof percent, " %+.1f%%", 100 * change / x->mean);
  snprintf(buf, size, "%s%s%s%s", change < 0 ? "-" : "+", amount, percent,
           verdict == OI_DIFF_SLOWER   ? " SLOWER"
           : verdict == OI_DIFF_FASTER ? " faster"
                                       : "");
  return buf;
}

static void side_line(const oi_diff *d, int side, FILE *out) {
  const oi_diff_run *r = &d->runs[side][0];
  char fitted[128], t[64], bytes[32];
  fprintf(out, "  %-7s %s", side ? "after" : "before",
          oi_format_fit(r->argv      ? r->argv
                        : r->program ? r->program
                                     : "?",
                        50, fitted, sizeof fitted));
  if (r->ranks)
    fprintf(out, " (job of %u ranks)", r->ranks);
  fprintf(out, "\n          %u run%s, run time %s, %s in %" PRIu64 " transfers, %u finding%s\n",
          d->run_count[side], d->run_count[side] == 1 ? "" : "s",
          time_text(&d->run_time[side], t, sizeof t),
          oi_format_bytes(r->transfer_bytes, bytes, sizeof bytes), r->transfer_ops,
          r->finding_count, r->finding_count == 1 ? "" : "s");
}

static void header(const oi_diff *d, FILE *out) {
  char x[128], y[128];
  fprintf(out, "ompt-inst diff of %s and %s\n",
          oi_format_fit_tail(d->runs[0][0].dir, 40, x, sizeof x),
          oi_format_fit_tail(d->runs[1][0].dir, 40, y, sizeof y));
  side_line(d, 0, out);
  side_line(d, 1, out);
  for (uint32_t i = 0; i < d->warning_count; i++) {
    fputs("  warning: ", out);
    oi_format_wrapped(out, d->warnings[i], 0, 11, RULE_WIDTH - 11);
  }
}

static void figure_cells(FILE *out, uint64_t ops, uint64_t bytes, uint64_t ns) {
  char text[32];
  snprintf(text, sizeof text, "%" PRIu64, ops);
  oi_format_cell(out, text, 5, true, false);
  oi_format_cell(out, oi_format_bytes(bytes, text, sizeof text), 9, true, false);
  oi_format_cell(out, oi_format_ns(ns, text, sizeof text), 9, true, false);
}

static void finding_row(const oi_diff *d, const oi_diff_finding_pair *p, FILE *out) {
  const oi_diff_finding *f = oi_diff_finding_of(d, p, p->status == OI_DIFF_NEW);
  const oi_diff_finding *after = oi_diff_finding_of(d, p, 1);
  char status[64];
  oi_format_cell(out, f->kind, 18, false, false);
  oi_format_cell(out, f->var ? f->var : "?", 18, false, false);
  char where[64];
  oi_format_cell(out, oi_format_fit_place(f->where, 22, where, sizeof where), 22, false, false);
  if (p->status == OI_DIFF_REDUCED || p->status == OI_DIFF_STILL)
    snprintf(status, sizeof status, "%s (%" PRIu64 " -> %" PRIu64 ")",
             oi_diff_status_name(p->status), f->count, after->count);
  else
    snprintf(status, sizeof status, "%s", oi_diff_status_name(p->status));
  oi_format_cell(out, status, 22, false, false);
  figure_cells(out, f->count, f->bytes, f->time_ns);
  fprintf(out, "%s\n", f->counted ? "" : " (not counted)");
}

static void findings(const oi_diff *d, FILE *out) {
  rule(out, "Findings of BEFORE, and what became of them      predicted saving:  ops     bytes     "
            " time");
  uint32_t shown = 0;
  for (uint32_t i = 0; i < d->finding_pair_count; i++)
    if (d->finding_pairs[i].status != OI_DIFF_NEW)
      finding_row(d, &d->finding_pairs[i], out), shown++;
  if (!shown)
    fputs("  none\n", out);
  rule(out, "New findings in AFTER                                                avoidable:  ops  "
            "   bytes      time");
  if (!d->new_findings)
    fputs("  none\n", out);
  for (uint32_t i = 0; i < d->finding_pair_count; i++)
    if (d->finding_pairs[i].status == OI_DIFF_NEW)
      finding_row(d, &d->finding_pairs[i], out);
}

static void achieved_cells(FILE *out, int64_t ops, int64_t bytes, int64_t ns) {
  char text[OI_DIFF_SIGNED_SIZE];
  snprintf(text, sizeof text, "%" PRId64, ops);
  oi_format_cell(out, text, 6, true, false);
  oi_format_cell(out, oi_diff_signed_bytes(bytes, text, sizeof text), 10, true, false);
  oi_format_cell(out, oi_diff_signed_ns((double)ns, text, sizeof text), 10, true, true);
}

static void savings(const oi_diff *d, FILE *out) {
  if (!d->saving_count)
    return;
  rule(out, "Saving per variable and operation    findings   predicted:  ops     bytes      time"
            "  achieved:");
  for (uint32_t i = 0; i < d->saving_count; i++) {
    const oi_diff_saving *s = &d->savings[i];
    char count[32];
    oi_format_cell(out, s->var ? s->var : "?", 22, false, false);
    oi_format_cell(out, oi_data_op_name(s->op), 12, false, false);
    snprintf(count, sizeof count, "%u", s->findings);
    oi_format_cell(out, count, 9, true, false);
    fputs("            ", out);
    figure_cells(out, s->predicted_ops, s->predicted_bytes, s->predicted_ns);
    achieved_cells(out, s->achieved_ops, s->achieved_bytes, s->achieved_ns);
    fputc('\n', out);
  }
}

static int by_before_time(const void *x, const void *y, void *pairs) {
  const oi_diff_row_pair *a = (const oi_diff_row_pair *)pairs + *(const uint32_t *)x,
                         *b = (const oi_diff_row_pair *)pairs + *(const uint32_t *)y;
  return (a->time[0].mean < b->time[0].mean) - (a->time[0].mean > b->time[0].mean);
}

static void constructs(const oi_diff *d, const oi_diff_options *o, FILE *out) {
  rule(
      out,
      "Constructs (matched), by time before          before             after              change");
  if (d->run_verdict == OI_DIFF_UNJUDGED)
    fputs("  (one run on a side: no spread, so no change is called real; give several runs\n"
          "  per side: ompt-inst diff B1 B2 B3 -- A1 A2 A3)\n",
          out);
  uint32_t *order = malloc((d->row_pair_count + 1) * sizeof *order), n = 0;
  if (!order)
    return;
  for (uint32_t i = 0; i < d->row_pair_count; i++)
    if (d->row_pairs[i].row[0] != OI_DIFF_NONE && d->row_pairs[i].row[1] != OI_DIFF_NONE)
      order[n++] = i;
  qsort_r(order, n, sizeof *order, by_before_time, d->row_pairs);
  for (uint32_t k = 0; k < n && (!o->top || k < o->top); k++) {
    const oi_diff_row_pair *p = &d->row_pairs[order[k]];
    const oi_diff_row *x = oi_diff_row_of(d, p, 0), *y = oi_diff_row_of(d, p, 1);
    char text[160], where[64];
    snprintf(text, sizeof text, "%s @%s", x->label,
             oi_format_fit_place(x->where, 20, where, sizeof where));
    oi_format_cell(out, text, 45, false, false);
    if (!x->timed && !y->timed) {
      snprintf(text, sizeof text, "%" PRIu64 " -> %" PRIu64 " times (not timed)", x->instances,
               y->instances);
      fprintf(out, "%s\n", text);
      continue;
    }
    oi_format_cell(out, time_text(&p->time[0], text, sizeof text), 18, true, false);
    oi_format_cell(out, time_text(&p->time[1], text, sizeof text), 18, true, false);
    fprintf(out, " %s\n", change_text(&p->time[0], &p->time[1], p->verdict, text, sizeof text));
  }
  if (o->top && n > o->top)
    fprintf(out, "  (%u more; --top 0 shows all)\n", n - o->top);
  free(order);
}

static void variables(const oi_diff *d, FILE *out) {
  rule(out, "Variables (matched): transfers     before:  ops     bytes      time"
            "   after:  ops     bytes      time");
  uint32_t shown = 0;
  for (uint32_t i = 0; i < d->var_pair_count; i++) {
    const oi_diff_var_pair *p = &d->var_pairs[i];
    if (p->var[0] == OI_DIFF_NONE || p->var[1] == OI_DIFF_NONE)
      continue;
    const oi_diff_var *x = &d->runs[0][0].vars[p->var[0]], *y = &d->runs[1][0].vars[p->var[1]];
    if (!x->transfer_ops && !y->transfer_ops)
      continue;
    oi_format_cell(out, x->name, 30, false, false);
    fputs("     ", out);
    figure_cells(out, x->transfer_ops, x->transfer_bytes, x->transfer_ns);
    fputs("      ", out);
    figure_cells(out, y->transfer_ops, y->transfer_bytes, y->transfer_ns);
    fputc('\n', out);
    shown++;
  }
  if (!shown)
    fputs("  none\n", out);
}

static void unmatched(const oi_diff *d, FILE *out) {
  rule(out, "Not matched (only in one run: new, removed, or moved to another function)");
  uint32_t n = 0;
  for (uint32_t i = 0; i < d->row_pair_count; i++) {
    const oi_diff_row_pair *p = &d->row_pairs[i];
    int side = p->row[0] == OI_DIFF_NONE;
    if (p->row[!side] != OI_DIFF_NONE)
      continue;
    const oi_diff_row *r = oi_diff_row_of(d, p, side);
    fprintf(out, "  %-6s construct '%s' (%s) @%s in %s\n", side ? "after" : "before", r->label,
            r->kind, r->where, r->function);
    n++;
  }
  for (uint32_t i = 0; i < d->var_pair_count; i++) {
    const oi_diff_var_pair *p = &d->var_pairs[i];
    int side = p->var[0] == OI_DIFF_NONE;
    if (p->var[!side] != OI_DIFF_NONE)
      continue;
    fprintf(out, "  %-6s variable  %s\n", side ? "after" : "before",
            d->runs[side][0].vars[p->var[side]].name);
    n++;
  }
  if (!n)
    fputs("  none: every construct and variable has its match\n", out);
}

static void totals(const oi_diff *d, FILE *out) {
  const oi_diff_run *x = &d->runs[0][0], *y = &d->runs[1][0];
  char a[64], b[64], c[96];
  rule(out, "Totals                    before             after              change");
  fprintf(out, "  %-22s %18s %18s %s\n", "measured time", time_text(&d->run_time[0], a, sizeof a),
          time_text(&d->run_time[1], b, sizeof b),
          change_text(&d->run_time[0], &d->run_time[1], d->run_verdict, c, sizeof c));
  char xb[32], yb[32];
  fprintf(out, "  %-22s %18s %18s\n", "transfer time", oi_format_ns(x->transfer_ns, xb, sizeof xb),
          oi_format_ns(y->transfer_ns, yb, sizeof yb));
  fprintf(out, "  %-22s %18s %18s %+" PRId64 " bytes\n", "transferred",
          oi_format_bytes(x->transfer_bytes, xb, sizeof xb),
          oi_format_bytes(y->transfer_bytes, yb, sizeof yb),
          (int64_t)y->transfer_bytes - (int64_t)x->transfer_bytes);
  fprintf(out, "  %-22s %18" PRIu64 " %18" PRIu64 " %+" PRId64 "\n", "transfers", x->transfer_ops,
          y->transfer_ops, (int64_t)y->transfer_ops - (int64_t)x->transfer_ops);
  fprintf(out, "  %-22s %18" PRIu64 " %18" PRIu64 " %+" PRId64 "\n", "data operations",
          x->data_op_count, y->data_op_count,
          (int64_t)y->data_op_count - (int64_t)x->data_op_count);
  fprintf(out, "  %-22s %18u %18u %+d\n", "findings", x->finding_count, y->finding_count,
          (int)y->finding_count - (int)x->finding_count);
  fprintf(out, "  %-22s %18s %18s\n", "avoidable (predicted)",
          oi_format_bytes(x->saved_bytes, xb, sizeof xb),
          oi_format_bytes(y->saved_bytes, yb, sizeof yb));
}

int oi_diff_write_text(const oi_diff *d, const oi_diff_options *o, FILE *out) {
  char summary[512];
  header(d, out);
  findings(d, out);
  savings(d, out);
  constructs(d, o, out);
  variables(d, out);
  unmatched(d, out);
  totals(d, out);
  fprintf(out, "\nsummary: %s\n", oi_diff_summary(d, summary, sizeof summary));
  return 0;
}
