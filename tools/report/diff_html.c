/* `ompt-inst diff --format html`: one self-contained page in the report
 * page's style (its stylesheet, inline): the two runs side by side, each
 * with its summary and findings, then the predicted against achieved
 * savings, the construct and variable deltas and the unmatched rows. */
#include <inttypes.h>
#include <math.h>

#include "diff.h"
#include "format.h"
#include "html_page.h"

static void cell(FILE *out, const char *text, bool number) {
  fputs(number ? "<td class=\"num\">" : "<td>", out);
  oi_html_text(out, text);
  fputs("</td>", out);
}

static void cell_u(FILE *out, uint64_t value) {
  fprintf(out, "<td class=\"num\">%" PRIu64 "</td>", value);
}

static void cell_bytes(FILE *out, uint64_t bytes) {
  char text[32];
  cell(out, oi_format_bytes(bytes, text, sizeof text), true);
}

static void cell_ns(FILE *out, uint64_t ns) {
  char text[32];
  cell(out, oi_format_ns(ns, text, sizeof text), true);
}

static void item(FILE *out, const char *label, const char *value) {
  fprintf(out, "<div><dt>%s</dt><dd>", label);
  oi_html_text(out, value ? value : "unknown");
  fputs("</dd></div>\n", out);
}

/* One side's column: its first run's summary and findings. */
static void side(const oi_diff *d, int s, FILE *out) {
  const oi_diff_run *r = &d->runs[s][0];
  char text[64], runs[32];
  fprintf(out, "<section aria-labelledby=\"h-%s\"><h2 id=\"h-%s\">%s: <code>",
          s ? "after" : "before", s ? "after" : "before", s ? "After" : "Before");
  oi_html_text(out, r->dir);
  fputs("</code></h2>\n<dl class=\"summary\">\n", out);
  item(out, "Program", r->argv ? r->argv : r->program);
  item(out, "Runtime", r->runtime);
  snprintf(runs, sizeof runs, "%u", d->run_count[s]);
  item(out, "Runs", runs);
  const oi_diff_time *t = &d->run_time[s];
  oi_format_ns((uint64_t)llround(t->mean), text, sizeof text);
  item(out, "Measured time (mean)", text);
  item(out, "Transferred", oi_format_bytes(r->transfer_bytes, text, sizeof text));
  item(out, "Avoidable (predicted)", oi_format_bytes(r->saved_bytes, text, sizeof text));
  fputs("</dl>\n<table><caption class=\"note\">Findings</caption><thead><tr><th>kind</th>"
        "<th>variable</th><th>where</th><th class=\"num\">count</th><th class=\"num\">bytes"
        "</th><th>status</th></tr></thead><tbody>\n",
        out);
  if (!r->finding_count)
    fputs("<tr><td colspan=\"6\" class=\"note\">none</td></tr>\n", out);
  for (uint32_t i = 0; i < d->finding_pair_count; i++) {
    const oi_diff_finding_pair *p = &d->finding_pairs[i];
    const oi_diff_finding *f = oi_diff_finding_of(d, p, s);
    if (!f)
      continue;
    fprintf(out, "<tr data-status=\"%s\">", oi_diff_status_name(p->status));
    fprintf(out, "<td><span class=\"kind\">%s</span></td>", f->kind);
    cell(out, f->var ? f->var : "?", false);
    cell(out, f->where, false);
    cell_u(out, f->count);
    cell_bytes(out, f->bytes);
    cell(out, s == 0 || p->status == OI_DIFF_NEW ? oi_diff_status_name(p->status) : "", false);
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table>\n</section>\n", out);
}

static void savings(const oi_diff *d, FILE *out) {
  fputs("<section aria-labelledby=\"h-savings\"><h2 id=\"h-savings\">Predicted against achieved"
        "</h2>\n<table><thead><tr><th>variable</th><th>operation</th><th class=\"num\">findings"
        "</th><th class=\"num\">predicted ops</th><th class=\"num\">predicted bytes</th>"
        "<th class=\"num\">predicted time</th><th class=\"num\">achieved ops</th>"
        "<th class=\"num\">achieved bytes</th><th class=\"num\">achieved time</th></tr></thead>"
        "<tbody>\n",
        out);
  for (uint32_t i = 0; i < d->saving_count; i++) {
    const oi_diff_saving *s = &d->savings[i];
    fputs("<tr>", out);
    cell(out, s->var ? s->var : "?", false);
    cell(out, oi_data_op_name(s->op), false);
    cell_u(out, s->findings);
    cell_u(out, s->predicted_ops);
    cell_bytes(out, s->predicted_bytes);
    cell_ns(out, s->predicted_ns);
    char text[OI_DIFF_SIGNED_SIZE];
    fprintf(out, "<td class=\"num\">%" PRId64 "</td>", s->achieved_ops);
    cell(out, oi_diff_signed_bytes(s->achieved_bytes, text, sizeof text), true);
    cell(out, oi_diff_signed_ns((double)s->achieved_ns, text, sizeof text), true);
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table></section>\n", out);
}

static void constructs(const oi_diff *d, FILE *out) {
  fputs("<section aria-labelledby=\"h-constructs\"><h2 id=\"h-constructs\">Constructs</h2>\n"
        "<table><thead><tr><th>construct</th><th>before</th><th>after</th><th class=\"num\">"
        "time before</th><th class=\"num\">time after</th><th>change</th></tr></thead><tbody>\n",
        out);
  for (uint32_t i = 0; i < d->row_pair_count; i++) {
    const oi_diff_row_pair *p = &d->row_pairs[i];
    const oi_diff_row *x = oi_diff_row_of(d, p, 0), *y = oi_diff_row_of(d, p, 1);
    fprintf(out, "<tr data-verdict=\"%s\">",
            x && y ? oi_diff_verdict_name(p->verdict) : "unmatched");
    cell(out, (x ? x : y)->label, false);
    cell(out, x ? x->where : "not matched", false);
    cell(out, y ? y->where : "not matched", false);
    for (int s = 0; s < 2; s++) {
      const oi_diff_row *r = s ? y : x;
      char text[32] = "-"; /* a row nobody timed has no time, not 0 */
      if (r && r->timed && p->time[s].runs)
        oi_format_ns((uint64_t)llround(p->time[s].mean), text, sizeof text);
      cell(out, text, true);
    }
    cell(out, x && y && x->timed ? oi_diff_verdict_name(p->verdict) : "", false);
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table></section>\n", out);
}

static void variables(const oi_diff *d, FILE *out) {
  fputs("<section aria-labelledby=\"h-variables\"><h2 id=\"h-variables\">Variables</h2>\n"
        "<table><thead><tr><th>before</th><th>after</th><th class=\"num\">bytes before</th>"
        "<th class=\"num\">bytes after</th><th class=\"num\">transfers before</th>"
        "<th class=\"num\">transfers after</th></tr></thead><tbody>\n",
        out);
  for (uint32_t i = 0; i < d->var_pair_count; i++) {
    const oi_diff_var *v[2] = {NULL, NULL};
    for (int s = 0; s < 2; s++)
      if (d->var_pairs[i].var[s] != OI_DIFF_NONE)
        v[s] = &d->runs[s][0].vars[d->var_pairs[i].var[s]];
    fputs("<tr>", out);
    cell(out, v[0] ? v[0]->name : "not matched", false);
    cell(out, v[1] ? v[1]->name : "not matched", false);
    cell_bytes(out, v[0] ? v[0]->transfer_bytes : 0);
    cell_bytes(out, v[1] ? v[1]->transfer_bytes : 0);
    cell_u(out, v[0] ? v[0]->transfer_ops : 0);
    cell_u(out, v[1] ? v[1]->transfer_ops : 0);
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table></section>\n", out);
}

int oi_diff_write_html(const oi_diff *d, const oi_diff_options *o, FILE *out) {
  (void)o;
  char summary[512];
  fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
        out);
  oi_html_text(out, d->runs[0][0].dir);
  fputs(" / ", out);
  oi_html_text(out, d->runs[1][0].dir);
  fputs(" &ndash; ompt-inst diff</title>\n<style>\n", out);
  fputs(oi_html_style, out);
  fputs(
      ".sides { display: grid; grid-template-columns: 1fr 1fr; gap: 20px; }\n"
      "tr[data-status=\"gone\"] td:last-child { color: var(--good, #1a7f37); font-weight: 600; }\n"
      "tr[data-status=\"new\"] td:last-child, tr[data-verdict=\"slower\"] td:last-child "
      "{ color: var(--bad); font-weight: 600; }\n"
      "</style>\n</head>\n<body>\n<header>\n<h1>ompt-inst diff</h1>\n",
      out);
  fputs("<p id=\"diff-summary\" class=\"banner\">", out);
  oi_html_text(out, oi_diff_summary(d, summary, sizeof summary));
  fputs("</p>\n", out);
  for (uint32_t i = 0; i < d->warning_count; i++) {
    fputs("<div class=\"banner warn\" role=\"alert\">", out);
    oi_html_text(out, d->warnings[i]);
    fputs("</div>\n", out);
  }
  fputs("</header>\n<main>\n<div class=\"sides\">\n", out);
  side(d, 0, out);
  side(d, 1, out);
  fputs("</div>\n", out);
  savings(d, out);
  constructs(d, out);
  variables(d, out);
  fputs("</main>\n</body>\n</html>\n", out);
  return 0;
}
