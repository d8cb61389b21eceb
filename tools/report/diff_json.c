/* `ompt-inst diff --format json`: the diff as one JSON document; keys in
 * docs/report-json.md, "ompt-inst diff". */
#include <math.h>

#include "diff.h"
#include "json_writer.h"

static void time_object(oi_json *j, const char *key, const oi_diff_time *t) {
  if (!t->runs) {
    oi_json_null(j, key);
    return;
  }
  oi_json_open(j, key, '{');
  oi_json_uint(j, "runs", t->runs);
  oi_json_uint(j, "mean_ns", (uint64_t)llround(t->mean));
  oi_json_uint(j, "min_ns", t->min);
  oi_json_uint(j, "max_ns", t->max);
  oi_json_close(j, '}');
}

static void run_object(oi_json *j, const oi_diff_run *r) {
  oi_json_open(j, NULL, '{');
  oi_json_str(j, "dir", r->dir);
  if (r->ranks)
    oi_json_uint(j, "ranks", r->ranks);
  const char *texts[][2] = {{"program", r->program},        {"argv", r->argv},
                            {"runtime", r->runtime},        {"hash", r->hash},
                            {"hash_code", r->hash_code},    {"clock", r->clock},
                            {"data_op_source", r->data_ops}};
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
    if (texts[i][1])
      oi_json_str(j, texts[i][0], texts[i][1]);
  oi_json_bool(j, "instrumented", r->instrumented);
  oi_json_uint(j, "threads", r->threads);
  oi_json_uint(j, "duration_ns", r->duration_ns);
  oi_json_uint(j, "measured_ns", r->measured_ns);
  oi_json_uint(j, "data_op_count", r->data_op_count);
  oi_json_uint(j, "transfer_ops", r->transfer_ops);
  oi_json_uint(j, "transfer_bytes", r->transfer_bytes);
  oi_json_uint(j, "transfer_ns", r->transfer_ns);
  oi_json_uint(j, "findings", r->finding_count);
  oi_json_uint(j, "saved_bytes", r->saved_bytes);
  oi_json_uint(j, "saved_ns", r->saved_ns);
  oi_json_close(j, '}');
}

static void side(oi_json *j, const oi_diff *d, int s) {
  oi_json_open(j, s ? "after" : "before", '{');
  oi_json_open(j, "runs", '[');
  for (uint32_t i = 0; i < d->run_count[s]; i++)
    run_object(j, &d->runs[s][i]);
  oi_json_close(j, ']');
  time_object(j, "measured", &d->run_time[s]);
  oi_json_close(j, '}');
}

static void finding_object(oi_json *j, const char *key, const oi_diff_finding *f) {
  if (!f) {
    oi_json_null(j, key);
    return;
  }
  oi_json_open(j, key, '{');
  oi_json_str(j, "where", f->where);
  oi_json_uint(j, "line", f->line);
  oi_json_str(j, "function", f->function);
  oi_json_uint(j, "count", f->count);
  oi_json_uint(j, "partial", f->partial);
  oi_json_uint(j, "total", f->total);
  oi_json_uint(j, "bytes", f->bytes);
  oi_json_uint(j, "time_ns", f->time_ns);
  oi_json_bool(j, "counted", f->counted);
  oi_json_str(j, "suggestion", f->suggestion);
  oi_json_close(j, '}');
}

static void findings(oi_json *j, const oi_diff *d) {
  oi_json_open(j, "findings", '[');
  for (uint32_t i = 0; i < d->finding_pair_count; i++) {
    const oi_diff_finding_pair *p = &d->finding_pairs[i];
    const oi_diff_finding *x = oi_diff_finding_of(d, p, 0), *y = oi_diff_finding_of(d, p, 1);
    const oi_diff_finding *f = x ? x : y;
    oi_json_open(j, NULL, '{');
    oi_json_str(j, "status", oi_diff_status_name(p->status));
    oi_json_str(j, "kind", f->kind);
    oi_json_str(j, "var", f->var ? f->var : "");
    oi_json_str(j, "op", oi_data_op_name(f->op));
    finding_object(j, "before", x);
    finding_object(j, "after", y);
    oi_json_close(j, '}');
  }
  oi_json_close(j, ']');
}

static void savings(oi_json *j, const oi_diff *d) {
  oi_json_open(j, "savings", '[');
  for (uint32_t i = 0; i < d->saving_count; i++) {
    const oi_diff_saving *s = &d->savings[i];
    oi_json_open(j, NULL, '{');
    oi_json_str(j, "var", s->var ? s->var : "");
    oi_json_str(j, "op", oi_data_op_name(s->op));
    oi_json_uint(j, "findings", s->findings);
    oi_json_uint(j, "counted", s->counted);
    oi_json_open(j, "predicted", '{');
    oi_json_uint(j, "ops", s->predicted_ops);
    oi_json_uint(j, "bytes", s->predicted_bytes);
    oi_json_uint(j, "time_ns", s->predicted_ns);
    oi_json_close(j, '}');
    oi_json_open(j, "achieved", '{');
    oi_json_bool(j, "matched", s->var_pair != OI_DIFF_NONE);
    oi_json_int(j, "ops", s->achieved_ops);
    oi_json_int(j, "bytes", s->achieved_bytes);
    oi_json_int(j, "time_ns", s->achieved_ns);
    oi_json_close(j, '}');
    oi_json_close(j, '}');
  }
  oi_json_close(j, ']');
}

static void row_object(oi_json *j, const char *key, const oi_diff_row *r, const oi_diff_time *t) {
  if (!r) {
    oi_json_null(j, key);
    return;
  }
  oi_json_open(j, key, '{');
  oi_json_str(j, "where", r->where);
  oi_json_uint(j, "instances", r->instances);
  if (r->timed)
    time_object(j, "time", t);
  else
    oi_json_null(j, "time");
  oi_json_close(j, '}');
}

static void constructs(oi_json *j, const oi_diff *d) {
  oi_json_open(j, "constructs", '[');
  for (uint32_t i = 0; i < d->row_pair_count; i++) {
    const oi_diff_row_pair *p = &d->row_pairs[i];
    const oi_diff_row *x = oi_diff_row_of(d, p, 0), *y = oi_diff_row_of(d, p, 1);
    const oi_diff_row *r = x ? x : y;
    oi_json_open(j, NULL, '{');
    oi_json_str(j, "construct", r->label);
    oi_json_str(j, "event_kind", r->kind);
    oi_json_str(j, "function", r->function);
    oi_json_bool(j, "matched", x && y);
    row_object(j, "before", x, &p->time[0]);
    row_object(j, "after", y, &p->time[1]);
    if (x && y && x->timed && y->timed) {
      oi_json_real(j, "change_ns", p->time[1].mean - p->time[0].mean);
      oi_json_str(j, "verdict", oi_diff_verdict_name(p->verdict));
    }
    oi_json_close(j, '}');
  }
  oi_json_close(j, ']');
}

static void var_object(oi_json *j, const char *key, const oi_diff_var *v) {
  if (!v) {
    oi_json_null(j, key);
    return;
  }
  oi_json_open(j, key, '{');
  oi_json_str(j, "var", v->name);
  oi_json_uint(j, "transfer_ops", v->transfer_ops);
  oi_json_uint(j, "transfer_bytes", v->transfer_bytes);
  oi_json_uint(j, "transfer_ns", v->transfer_ns);
  oi_json_uint(j, "allocs", v->ops[OI_DATA_OP_ALLOC]);
  oi_json_close(j, '}');
}

static void variables(oi_json *j, const oi_diff *d) {
  oi_json_open(j, "variables", '[');
  for (uint32_t i = 0; i < d->var_pair_count; i++) {
    const oi_diff_var_pair *p = &d->var_pairs[i];
    oi_json_open(j, NULL, '{');
    oi_json_bool(j, "matched", p->var[0] != OI_DIFF_NONE && p->var[1] != OI_DIFF_NONE);
    for (int s = 0; s < 2; s++)
      var_object(j, s ? "after" : "before",
                 p->var[s] == OI_DIFF_NONE ? NULL : &d->runs[s][0].vars[p->var[s]]);
    oi_json_close(j, '}');
  }
  oi_json_close(j, ']');
}

static void totals(oi_json *j, const oi_diff *d) {
  oi_json_open(j, "totals", '{');
  oi_json_uint(j, "fixed", d->fixed);
  oi_json_uint(j, "reduced", d->reduced);
  oi_json_uint(j, "still", d->still);
  oi_json_uint(j, "new_findings", d->new_findings);
  oi_json_uint(j, "slower", d->slower);
  oi_json_uint(j, "faster", d->faster);
  oi_json_str(j, "run_verdict", oi_diff_verdict_name(d->run_verdict));
  oi_json_bool(j, "moved_more", d->moved_more);
  oi_json_int(j, "saved_bytes", oi_diff_saved_bytes(d));
  oi_json_real(j, "saved_ns", oi_diff_saved_ns(d));
  oi_json_uint(j, "predicted_bytes", d->runs[0][0].saved_bytes);
  oi_json_uint(j, "predicted_ns", d->runs[0][0].saved_ns);
  oi_json_real(j, "threshold_pct", d->threshold_pct);
  oi_json_close(j, '}');
}

int oi_diff_write_json(const oi_diff *d, const oi_diff_options *o, FILE *out) {
  (void)o;
  oi_json j;
  char summary[512];
  oi_json_init(&j, out);
  oi_json_open(&j, NULL, '{');
  oi_json_uint(&j, "schema_version", 1);
  side(&j, d, 0);
  side(&j, d, 1);
  oi_json_open(&j, "warnings", '[');
  for (uint32_t i = 0; i < d->warning_count; i++)
    oi_json_str(&j, NULL, d->warnings[i]);
  oi_json_close(&j, ']');
  findings(&j, d);
  savings(&j, d);
  constructs(&j, d);
  variables(&j, d);
  totals(&j, d);
  oi_json_str(&j, "summary", oi_diff_summary(d, summary, sizeof summary));
  oi_json_close(&j, '}');
  fputc('\n', out);
  return 0;
}
