/* Reading one side's run or job folder for `ompt-inst diff`: the report
 * model is built as `ompt-inst report` builds it, then reduced to the rows a
 * comparison reads (keys that survive an edit that moves lines), and freed,
 * so several runs per side cost the memory of one model at a time. */
#define _GNU_SOURCE /* vasprintf */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/site_descriptor.h"
#include "diff.h"
#include "model/job.h"
#include "model/names.h"
#include "finding_words.h"

/* NULL stays NULL; out of memory too, which `keep` notices. */
static char *copy(const char *text) { return text ? strdup(text) : NULL; }

static char *format(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text;
  if (vasprintf(&text, fmt, ap) < 0)
    text = NULL;
  va_end(ap);
  return text;
}

static const char *base_name(const char *path) {
  const char *slash = path ? strrchr(path, '/') : NULL;
  return slash ? slash + 1 : path ? path : "";
}

/* Where a place is, by what an edit keeps: the file's base name (the fixed
 * program may live in another folder) or the module's, the program itself
 * standing for its own (a fixed build has another name), and the function
 * without template arguments (a plugin build names `run<float>` what a
 * plain build names `run`). */
static char *place_key(const oi_profile *p, const oi_place *place) {
  const char *where = base_name(place->file ? place->file : place->module);
  if (!place->file && place->module && p->program && strcmp(where, base_name(p->program)) == 0)
    where = "(program)";
  const char *function = place->function ? place->function : "";
  return format("%s\x1f%.*s", where, (int)oi_function_base_length(function), function);
}

static uint64_t place_order(const oi_place *place) {
  return place->file ? place->line : place->offset;
}

static int keep_rows(oi_diff_run *run, const oi_profile *p) {
  run->rows = calloc(p->row_keys.count ? p->row_keys.count : 1, sizeof *run->rows);
  if (!run->rows)
    return -1;
  for (uint32_t i = 0; i < p->row_keys.count; i++) {
    const oi_construct_row *r = &p->rows[i];
    const oi_place *place = &p->places[r->place];
    oi_diff_row *d = &run->rows[run->row_count++];
    char *where_key = place_key(p, place), where[512];
    d->kind = oi_kind_name(r->kind);
    d->item.key = where_key ? format("%s\x1f%s\x1f%s", where_key, d->kind, r->label) : NULL;
    free(where_key);
    d->item.order = place_order(place);
    d->label = copy(r->label);
    d->where = copy(oi_place_text(place, false, where, sizeof where));
    d->function = copy(place->function ? place->function : "?");
    d->instances = r->instances;
    d->total_ns = r->total_ns;
    d->timed = r->timed;
    if (!d->item.key || !d->label || !d->where || !d->function)
      return -1;
  }
  return 0;
}

static int keep_vars(oi_diff_run *run, const oi_profile *p) {
  run->vars = calloc(p->variable_names.count ? p->variable_names.count : 1, sizeof *run->vars);
  if (!run->vars)
    return -1;
  for (uint32_t i = 0; i < p->variable_names.count; i++) {
    const oi_variable_row *v = &p->variables[i];
    oi_diff_var *d = &run->vars[run->var_count++];
    d->name = copy(v->name);
    d->item.key = oi_variable_spelling_key(v->name);
    d->item.order = i; /* unnamed ones of one size pair in order of appearance */
    memcpy(d->ops, v->ops, sizeof d->ops);
    memcpy(d->bytes, v->bytes, sizeof d->bytes);
    memcpy(d->time_ns, v->time_ns, sizeof d->time_ns);
    d->transfer_ops = oi_variable_transfer_ops(v);
    d->transfer_bytes = oi_variable_transfer_bytes(v);
    d->transfer_ns = oi_variable_transfer_ns(v);
    if (!d->name || !d->item.key)
      return -1;
  }
  return 0;
}

static int keep_findings(oi_diff_run *run, const oi_profile *p) {
  run->findings = calloc(p->finding_count ? p->finding_count : 1, sizeof *run->findings);
  if (!run->findings)
    return -1;
  for (size_t k = 0; k < p->finding_count; k++) {
    const oi_finding *f = &p->findings[k];
    const oi_place *place = &p->places[p->finding_places[k]];
    oi_diff_finding *d = &run->findings[run->finding_count++];
    char *where_key = place_key(p, place), where[512];
    d->kind = oi_finding_kind_name(f->kind);
    d->var = copy(oi_profile_finding_var(p, f));
    d->var_key = d->var ? oi_variable_spelling_key(d->var) : NULL;
    d->item.key = where_key && d->var ? oi_finding_key(f, d->var, where_key) : NULL;
    free(where_key);
    d->item.order = place_order(place);
    d->where = copy(oi_place_text(place, false, where, sizeof where));
    d->function = copy(place->function ? place->function : "?");
    char advice[1024];
    d->suggestion = copy(oi_profile_finding_advice(p, f, advice, sizeof advice));
    d->op = f->op;
    d->line = f->at.line;
    d->count = f->count;
    d->partial = f->partial;
    d->total = f->total;
    d->bytes = f->bytes;
    d->time_ns = f->time_ns;
    d->counted = f->kind != OI_FINDING_IDENTICAL_CONTENT && f->may_change == 0;
    if (!d->item.key || !d->where || !d->function || !d->suggestion)
      return -1;
  }
  return 0;
}

/* Whether compiler sites were recorded: only they know a construct's end. */
static bool instrumented(const oi_profile *p) {
  for (uint32_t i = 0; i < p->place_keys.count; i++)
    if (p->places[i].end_line)
      return true;
  return false;
}

static int keep(oi_diff_run *run, const oi_profile *p) {
  const oi_trace_reader *t = p->trace; /* NULL for a job */
  run->ranks = p->merged_ranks;
  run->program = copy(p->program);
  run->argv = copy(p->argv);
  run->runtime = copy(p->runtime);
  run->hash = copy(p->hash_mode);
  run->hash_code = t ? copy(oi_trace_info(t, "hash_code")) : NULL;
  run->clock = t ? copy(oi_trace_info(t, "clock")) : NULL;
  run->data_ops = copy(oi_data_op_source_words(p));
  run->instrumented = instrumented(p);
  run->threads = p->thread_count;
  run->duration_ns = p->duration_ns;
  if (p->totals) {
    run->measured_ns = p->totals->measured_ns;
    run->data_op_count = p->totals->data_ops;
    run->transfer_bytes = p->totals->transfer_bytes;
    run->transfer_ns = p->totals->transfer_ns;
    run->saved_bytes = p->totals->saved_bytes;
    run->saved_ns = p->totals->saved_ns;
  }
  if (!run->measured_ns) /* no device event: the run's own span */
    run->measured_ns = p->duration_ns;
  if (keep_rows(run, p) || keep_vars(run, p) || keep_findings(run, p))
    return -1;
  for (uint32_t i = 0; i < run->var_count; i++)
    run->transfer_ops += run->vars[i].transfer_ops;
  return 0;
}

static int out_of_memory(void) {
  fprintf(stderr, "ompt-inst: out of memory\n");
  return -1;
}

static int load_job(oi_diff_run *run, const char *dir, const oi_profile_options *options) {
  oi_profile job;
  int result = oi_job_build(&job, dir, options);
  if (result == 0 && keep(run, &job) != 0)
    result = out_of_memory();
  oi_profile_free(&job);
  return result;
}

/* A damaged trace is refused, as `ompt-inst report` does: a comparison with
 * part of a run would pass for a whole one. */
static int load_trace(oi_diff_run *run, const char *dir, const oi_profile_options *options) {
  oi_trace_reader *trace = malloc(sizeof *trace);
  if (!trace)
    return out_of_memory();
  int result = -1;
  if (oi_reader_open(trace, dir) != OI_READER_OK) {
    fprintf(stderr, "ompt-inst: %s\n", trace->error);
  } else {
    oi_profile profile;
    if (oi_profile_build(&profile, trace, options) == 0) {
      if (!trace->complete)
        fprintf(stderr, "ompt-inst: warning: %s: no end record, the trace is incomplete\n",
                trace->path);
      result = keep(run, &profile) == 0 ? 0 : out_of_memory();
    }
    oi_profile_free(&profile);
  }
  oi_reader_close(trace);
  free(trace);
  return result;
}

int oi_diff_run_load(oi_diff_run *run, const char *dir, const oi_profile_options *options) {
  *run = (oi_diff_run){.dir = strdup(dir)};
  if (!run->dir)
    return out_of_memory();
  return oi_job_is_job_folder(dir) ? load_job(run, dir, options) : load_trace(run, dir, options);
}

void oi_diff_run_free(oi_diff_run *run) {
  for (uint32_t i = 0; i < run->row_count; i++) {
    oi_diff_row *r = &run->rows[i];
    free(r->item.key), free(r->label), free(r->where), free(r->function);
  }
  for (uint32_t i = 0; i < run->var_count; i++)
    free(run->vars[i].item.key), free(run->vars[i].name);
  for (uint32_t i = 0; i < run->finding_count; i++) {
    oi_diff_finding *f = &run->findings[i];
    free(f->item.key), free(f->var), free(f->var_key), free(f->where), free(f->function),
        free(f->suggestion);
  }
  free(run->rows), free(run->vars), free(run->findings);
  free(run->dir), free(run->program), free(run->argv), free(run->runtime), free(run->hash),
      free(run->hash_code), free(run->clock), free(run->data_ops);
  *run = (oi_diff_run){0};
}
