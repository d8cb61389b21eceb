/* Judging a diff: which findings of BEFORE are gone, reduced or still
 * there and which are new; what each variable's fix saved against what its
 * findings predicted; which time changes are beyond noise; what makes the
 * runs hard to compare; and the one-line summary. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "format.h"

enum oi_diff_verdict oi_diff_judge_time(const oi_diff_time *before, const oi_diff_time *after,
                                        double threshold_pct) {
  if (!before->runs || !after->runs)
    return OI_DIFF_SAME;
  if (before->runs < 2 || after->runs < 2)
    return OI_DIFF_UNJUDGED;
  double change = after->mean - before->mean;
  if (fabs(change) <= OI_DIFF_FLOOR_NS || fabs(change) <= threshold_pct / 100 * before->mean)
    return OI_DIFF_SAME;
  if (after->min > before->max)
    return OI_DIFF_SLOWER;
  if (after->max < before->min)
    return OI_DIFF_FASTER;
  return OI_DIFF_SAME;
}

static void warn(oi_diff *d, const char *fmt, ...) {
  void *grown = realloc(d->warnings, (d->warning_count + 1) * sizeof *d->warnings);
  if (!grown)
    return; /* a warning lost to a full memory is not worth failing for */
  d->warnings = grown;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->warnings[d->warning_count++], OI_DIFF_WARNING_SIZE, fmt, ap);
  va_end(ap);
}

/* argv without the program's own name, which a fixed build changes. */
static const char *arguments(const char *argv) {
  const char *space = argv ? strchr(argv, ' ') : NULL;
  return space ? space + 1 : "";
}

static void compare_text(oi_diff *d, const char *what, const char *x, const char *y,
                         const oi_diff_run *a, const oi_diff_run *b) {
  if (x && y && strcmp(x, y) != 0)
    warn(d, "%s differ: '%s' (%s) and '%s' (%s)", what, x, a->dir, y, b->dir);
}

static void compare_two(oi_diff *d, const oi_diff_run *a, const oi_diff_run *b) {
  compare_text(d, "the binaries", a->program, b->program, a, b);
  if (a->argv && b->argv)
    compare_text(d, "the arguments", arguments(a->argv), arguments(b->argv), a, b);
  compare_text(d, "the runtimes", a->runtime, b->runtime, a, b);
  compare_text(d, "the data operations' sources", a->data_ops, b->data_ops, a, b);
  compare_text(d, "the hash modes (OMPT_INST_HASH)", a->hash, b->hash, a, b);
  compare_text(d, "the hash functions (hash_code)", a->hash_code, b->hash_code, a, b);
  compare_text(d, "the clocks", a->clock, b->clock, a, b);
  if (a->instrumented != b->instrumented)
    warn(d, "the builds differ: %s is %s, %s is %s", a->dir,
         a->instrumented ? "a plugin build" : "a plain build", b->dir,
         b->instrumented ? "a plugin build" : "a plain build");
  if (a->threads != b->threads)
    warn(d, "the thread counts differ: %u (%s) and %u (%s)", a->threads, a->dir, b->threads,
         b->dir);
  if (a->ranks != b->ranks)
    warn(d, "the ranks differ: %u (%s) and %u (%s)", a->ranks, a->dir, b->ranks, b->dir);
}

/* What makes two runs comparable: AFTER's first run against BEFORE's, and
 * each further run against its side's first. Keys a trace does not record
 * (an older release's) are not compared. */
static void compare_runs(oi_diff *d) {
  compare_two(d, &d->runs[0][0], &d->runs[1][0]);
  for (int side = 0; side < 2; side++)
    for (uint32_t r = 1; r < d->run_count[side]; r++)
      compare_two(d, &d->runs[side][0], &d->runs[side][r]);
}

static void judge_findings(oi_diff *d) {
  for (uint32_t i = 0; i < d->finding_pair_count; i++) {
    oi_diff_finding_pair *p = &d->finding_pairs[i];
    const oi_diff_finding *x = oi_diff_finding_of(d, p, 0), *y = oi_diff_finding_of(d, p, 1);
    if (!x)
      p->status = OI_DIFF_NEW, d->new_findings++;
    else if (!y || y->count + y->partial == 0)
      p->status = OI_DIFF_GONE, d->fixed++;
    else if (y->count < x->count || y->bytes < x->bytes)
      p->status = OI_DIFF_REDUCED, d->reduced++;
    else
      p->status = OI_DIFF_STILL, d->still++;
    if (x && x->counted)
      d->counted_before++;
  }
}

static bool same_text(const char *x, const char *y) {
  return x == y || (x && y && strcmp(x, y) == 0);
}

static uint32_t var_index(const oi_diff_run *run, const char *name) {
  for (uint32_t i = 0; name && i < run->var_count; i++)
    if (strcmp(run->vars[i].name, name) == 0)
      return i;
  return OI_DIFF_NONE;
}

static uint32_t var_pair_of(const oi_diff *d, uint32_t before) {
  for (uint32_t i = 0; i < d->var_pair_count; i++)
    if (d->var_pairs[i].var[0] == before)
      return i;
  return OI_DIFF_NONE;
}

/* One saving per variable and operation kind of BEFORE's findings. */
static int judge_savings(oi_diff *d) {
  const oi_diff_run *b = &d->runs[0][0], *a = &d->runs[1][0];
  d->savings = calloc(b->finding_count + 1, sizeof *d->savings);
  if (!d->savings)
    return -1;
  for (uint32_t k = 0; k < b->finding_count; k++) {
    const oi_diff_finding *f = &b->findings[k];
    uint32_t var = var_index(b, f->var);
    uint32_t pair = var == OI_DIFF_NONE ? OI_DIFF_NONE : var_pair_of(d, var);
    oi_diff_saving *s = d->savings;
    while (s < d->savings + d->saving_count && !(same_text(s->var, f->var) && s->op == f->op))
      s++;
    if (s == d->savings + d->saving_count) {
      *s = (oi_diff_saving){.var_pair = pair, .var = f->var, .op = f->op};
      d->saving_count++;
      if (pair != OI_DIFF_NONE) {
        const oi_diff_var *x = &b->vars[var];
        uint32_t after = d->var_pairs[pair].var[1];
        const oi_diff_var *y = after == OI_DIFF_NONE ? NULL : &a->vars[after];
        s->achieved_ops = (int64_t)x->ops[f->op] - (int64_t)(y ? y->ops[f->op] : 0);
        if (f->op == OI_DATA_OP_TO_DEVICE || f->op == OI_DATA_OP_FROM_DEVICE)
          s->achieved_bytes = (int64_t)x->bytes[f->op] - (int64_t)(y ? y->bytes[f->op] : 0);
        s->achieved_ns = (int64_t)x->time_ns[f->op] - (int64_t)(y ? y->time_ns[f->op] : 0);
      }
    }
    s->findings++;
    if (f->counted) {
      s->counted++;
      s->predicted_ops += f->count;
      s->predicted_bytes += f->bytes;
      s->predicted_ns += f->time_ns;
    }
  }
  return 0;
}

/* Variables matched although spelled differently (a plain build run from
 * a folder where its source was not found, against a plugin build): said
 * once each, so that nobody reads two names as two variables. */
static void judge_spellings(oi_diff *d) {
  for (uint32_t i = 0; i < d->var_pair_count; i++) {
    const oi_diff_var_pair *p = &d->var_pairs[i];
    if (p->var[0] == OI_DIFF_NONE || p->var[1] == OI_DIFF_NONE)
      continue;
    const char *x = d->runs[0][0].vars[p->var[0]].name, *y = d->runs[1][0].vars[p->var[1]].name;
    if (strcmp(x, y) != 0)
      warn(d, "one variable spelled two ways, matched: '%s' (%s) and '%s' (%s)", x,
           d->runs[0][0].dir, y, d->runs[1][0].dir);
  }
}

static void judge_times(oi_diff *d) {
  for (uint32_t i = 0; i < d->row_pair_count; i++) {
    oi_diff_row_pair *p = &d->row_pairs[i];
    p->verdict = oi_diff_judge_time(&p->time[0], &p->time[1], d->threshold_pct);
    d->slower += p->verdict == OI_DIFF_SLOWER;
    d->faster += p->verdict == OI_DIFF_FASTER;
  }
  oi_diff_time_of_runs(d, 0, &d->run_time[0]);
  oi_diff_time_of_runs(d, 1, &d->run_time[1]);
  d->run_verdict = oi_diff_judge_time(&d->run_time[0], &d->run_time[1], d->threshold_pct);
  uint64_t before = d->runs[0][0].transfer_bytes, after = d->runs[1][0].transfer_bytes;
  d->moved_more = after > before && (double)(after - before) > d->threshold_pct / 100 * before;
}

int oi_diff_build(oi_diff *d, oi_diff_run *before, uint32_t before_count, oi_diff_run *after,
                  uint32_t after_count, double threshold_pct) {
  *d = (oi_diff){.runs = {before, after},
                 .run_count = {before_count, after_count},
                 .threshold_pct = threshold_pct};
  if (oi_diff_match_rows(d) || oi_diff_match_vars(d) || oi_diff_match_findings(d) ||
      judge_savings(d))
    return -1;
  judge_findings(d);
  judge_times(d);
  compare_runs(d);
  judge_spellings(d);
  return 0;
}

void oi_diff_free(oi_diff *d) {
  free(d->row_pairs), free(d->var_pairs), free(d->finding_pairs), free(d->savings),
      free(d->warnings);
  *d = (oi_diff){0};
}

const oi_diff_row *oi_diff_row_of(const oi_diff *d, const oi_diff_row_pair *p, int side) {
  return p->row[side] == OI_DIFF_NONE ? NULL : &d->runs[side][0].rows[p->row[side]];
}

const oi_diff_finding *oi_diff_finding_of(const oi_diff *d, const oi_diff_finding_pair *p,
                                          int side) {
  return p->finding[side] == OI_DIFF_NONE ? NULL : &d->runs[side][0].findings[p->finding[side]];
}

const char *oi_diff_status_name(enum oi_diff_status status) {
  static const char *const names[] = {"gone", "reduced", "still there", "new"};
  return names[status];
}

const char *oi_diff_verdict_name(enum oi_diff_verdict verdict) {
  static const char *const names[] = {"same", "slower", "faster", "not judged"};
  return names[verdict];
}

int64_t oi_diff_saved_bytes(const oi_diff *d) {
  return (int64_t)d->runs[0][0].transfer_bytes - (int64_t)d->runs[1][0].transfer_bytes;
}

double oi_diff_saved_ns(const oi_diff *d) { return d->run_time[0].mean - d->run_time[1].mean; }

const char *oi_diff_signed_bytes(int64_t bytes, char *buf, size_t size) {
  char text[32];
  oi_format_bytes(bytes < 0 ? (uint64_t)-bytes : (uint64_t)bytes, text, sizeof text);
  snprintf(buf, size, "%s%s", bytes < 0 ? "-" : "", text);
  return buf;
}

const char *oi_diff_signed_ns(double ns, char *buf, size_t size) {
  char text[32];
  oi_format_ns((uint64_t)fabs(ns), text, sizeof text);
  snprintf(buf, size, "%s%s", ns < 0 ? "-" : "", text);
  return buf;
}

const char *oi_diff_summary(const oi_diff *d, char *buf, size_t size) {
  const oi_diff_run *b = &d->runs[0][0];
  char saved_b[OI_DIFF_SIGNED_SIZE], saved_t[OI_DIFF_SIGNED_SIZE], pred_b[32], pred_t[32],
      reduced[48] = "", slower[96];
  uint32_t before = b->finding_count;
  if (d->reduced)
    snprintf(reduced, sizeof reduced, ", %u reduced", d->reduced);
  if (d->run_verdict == OI_DIFF_UNJUDGED)
    snprintf(slower, sizeof slower, "times not judged (one run on a side)");
  else if (!d->slower && d->run_verdict != OI_DIFF_SLOWER)
    snprintf(slower, sizeof slower, "no construct slower beyond noise");
  else if (!d->slower)
    snprintf(slower, sizeof slower, "the run slower beyond noise");
  else
    snprintf(slower, sizeof slower, "%u construct%s%s slower beyond noise", d->slower,
             d->slower == 1 ? "" : "s", d->run_verdict == OI_DIFF_SLOWER ? " and the run" : "");
  char fresh[32] = "no new finding";
  if (d->new_findings)
    snprintf(fresh, sizeof fresh, "%u new finding%s", d->new_findings,
             d->new_findings == 1 ? "" : "s");
  char fixed[64] = "no finding to fix";
  if (before)
    snprintf(fixed, sizeof fixed, "%u of %u finding%s fixed", d->fixed, before,
             before == 1 ? "" : "s");
  snprintf(buf, size, "%s%s, %s and %s saved of %s and %s predicted; %s; %s", fixed, reduced,
           oi_diff_signed_bytes(oi_diff_saved_bytes(d), saved_b, sizeof saved_b),
           oi_diff_signed_ns(oi_diff_saved_ns(d), saved_t, sizeof saved_t),
           oi_format_bytes(b->saved_bytes, pred_b, sizeof pred_b),
           oi_format_ns(b->saved_ns, pred_t, sizeof pred_t), fresh, slower);
  return buf;
}
