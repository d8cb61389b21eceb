/* `--format json`: the whole model as one JSON document; the schema is in
 * docs/report-json.md and versioned by "schema_version". */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "json_writer.h"
#include "writers.h"
#include "finding_words.h"

#define OI_REPORT_SCHEMA_VERSION 1

static void opt_str(oi_json *json, const char *key, const char *value) {
  if (value)
    oi_json_str(json, key, value);
}

/* A job: its processes, including the rank folders left out (with why). */
static void processes(const oi_profile *p, oi_json *json) {
  bool complete = true;
  oi_json_uint(json, "ranks", p->merged_ranks);
  oi_json_open(json, "processes", '[');
  for (uint32_t i = 0; i < p->rank_count; i++) {
    const oi_rank_info *r = &p->ranks[i];
    complete &= !r->problem && r->complete;
    oi_json_open(json, NULL, '{');
    oi_json_int(json, "rank", r->rank);
    oi_json_str(json, "dir", r->dir);
    if (r->problem) {
      oi_json_str(json, "problem", r->problem);
    } else {
      oi_json_uint(json, "pid", r->pid);
      opt_str(json, "host", r->host);
      oi_json_uint(json, "events", r->events);
      oi_json_bool(json, "complete", r->complete);
      oi_json_uint(json, "lost_events", r->lost_events);
      oi_json_uint(json, "start_offset_ns", r->shift_ns);
    }
    oi_json_close(json, '}');
  }
  oi_json_close(json, ']');
  oi_json_bool(json, "complete", complete);
}

static void run(const oi_profile *p, const oi_report_options *o, oi_json *json) {
  const oi_trace_reader *t = p->trace;
  oi_json_open(json, "run", '{');
  oi_json_str(json, "dir", o->run_dir);
  if (t)
    oi_json_str(json, "trace", t->path);
  opt_str(json, "program", p->program);
  opt_str(json, "argv", p->argv);
  opt_str(json, "runtime", p->runtime);
  opt_str(json, "offload_check", p->offload_check);
  opt_str(json, "hash", p->hash_mode);
  opt_str(json, "check", p->check);
  if (t) {
    oi_json_uint(json, "pid", t->header.pid);
    oi_json_bool(json, "complete", t->complete);
    if (t->complete)
      oi_json_uint(json, "lost_events", t->end.lost_events);
    if (t->complete && t->end.signal)
      oi_json_uint(json, "signal", t->end.signal);
    if (t->complete && t->end.write_error)
      oi_json_str(json, "write_error", strerror((int)t->end.write_error));
    const char *mode = oi_trace_info(t, "record");
    const char *absent = oi_format_record_absent(mode);
    if (mode && absent) {
      oi_json_str(json, "record", mode);
      oi_json_str(json, "not_recorded", absent);
    }
    /* sites the shim's table had no room for: not lost events */
    const char *beyond = oi_trace_info(t, "sites_beyond_bound");
    unsigned long long sites, bound, calls;
    if (beyond && sscanf(beyond, "%llu %llu %llu", &sites, &bound, &calls) == 3) {
      oi_json_open(json, "sites_beyond_bound", '{');
      oi_json_uint(json, "sites", sites);
      oi_json_uint(json, "bound", bound);
      oi_json_uint(json, "hook_calls", calls);
      oi_json_close(json, '}');
    }
    /* events the shim had no memory for: not lost events either */
    const char *memory = oi_trace_info(t, "out_of_memory");
    unsigned long long unrecorded;
    if (memory && sscanf(memory, "%llu", &unrecorded) == 1)
      oi_json_uint(json, "events_out_of_memory", unrecorded);
    /* what the shim mended in the runtime's stream, by repair */
    oi_repair_row repairs[32];
    size_t count = oi_format_repairs(oi_trace_info(t, "repairs"), repairs, 32);
    if (count) {
      oi_json_open(json, "repairs", '{');
      for (size_t i = 0; i < count; i++)
        oi_json_uint(json, repairs[i].name, repairs[i].count);
      oi_json_close(json, '}');
    }
  } else {
    processes(p, json);
  }
  oi_json_uint(json, "events", p->events);
  oi_json_uint(json, "duration_ns", p->duration_ns);
  oi_json_uint(json, "threads", p->thread_count);
  oi_json_open(json, "devices", '[');
  for (uint32_t i = 0; i < p->device_count; i++)
    oi_json_int(json, NULL, p->devices[i]);
  oi_json_close(json, ']');
  /* the mapping bugs this report looks for */
  oi_json_open(json, "mapping_checks", '[');
  for (unsigned kind = OI_FINDING_FIRST_BUG; kind < OI_FINDING_COUNT; kind++)
    if (oi_finding_checked(p, kind))
      oi_json_str(json, NULL, oi_finding_kind_name(kind));
  oi_json_close(json, ']');
  oi_json_open(json, "data_ops_by_origin", '{');
  for (unsigned origin = 0; origin < OI_ORIGIN_COUNT; origin++)
    oi_json_uint(json, oi_origin_name(origin), p->data_ops_by_origin[origin]);
  oi_json_close(json, '}');
  oi_json_close(json, '}');
}

static void place(const oi_place *pl, oi_json *json) {
  if (pl->file) {
    oi_json_str(json, "file", pl->file);
    oi_json_uint(json, "line", pl->line);
    if (pl->end_line)
      oi_json_uint(json, "end_line", pl->end_line);
  } else if (pl->module) {
    oi_json_str(json, "module", pl->module);
    oi_json_hex(json, "offset", pl->offset);
  }
  opt_str(json, "function", pl->function);
}

/* A duration, null when the row's instances were not timed. */
static void measured_ns(oi_json *json, const char *key, bool measured, uint64_t ns) {
  if (measured)
    oi_json_uint(json, key, ns);
  else
    oi_json_null(json, key);
}

/* A job's construct row: its figures per merged rank (zero where the rank
 * never ran it) and how uneven they are. */
static void per_rank(const oi_profile *p, const oi_construct_row *r, oi_json *json) {
  oi_json_open(json, "per_rank", '[');
  for (uint32_t i = 0; i < p->rank_count; i++) {
    if (p->ranks[i].problem)
      continue;
    oi_json_open(json, NULL, '{');
    oi_json_int(json, "rank", p->ranks[i].rank);
    oi_json_uint(json, "instances", r->rank_instances[i]);
    measured_ns(json, "total_ns", r->timed, r->rank_ns[i]);
    oi_json_close(json, '}');
  }
  oi_json_close(json, ']');
  if (r->timed)
    oi_json_real(json, "rank_imbalance", r->rank_imbalance);
  else
    oi_json_null(json, "rank_imbalance");
}

static void constructs(const oi_profile *p, oi_json *json) {
  uint32_t *order = oi_profile_rows_by_cost(p);
  oi_json_open(json, "constructs", '[');
  for (uint32_t k = 0; order && k < p->row_keys.count; k++) {
    const oi_construct_row *r = &p->rows[order[k]];
    oi_json_open(json, NULL, '{');
    place(&p->places[r->place], json);
    oi_json_str(json, "construct", r->label);
    oi_json_str(json, "event_kind", oi_kind_name(r->kind));
    oi_json_str(json, "seen_by", r->compiler ? "compiler" : "runtime");
    oi_json_uint(json, "instances", r->instances);
    oi_json_uint(json, "unpaired", r->unpaired);
    oi_json_uint(json, "threads", r->threads);
    measured_ns(json, "total_ns", r->timed, r->total_ns);
    measured_ns(json, "mean_ns", r->timed, r->instances ? r->total_ns / r->instances : 0);
    measured_ns(json, "max_ns", r->timed, r->max_ns);
    if (r->timed)
      oi_json_real(json, "imbalance", r->imbalance);
    else
      oi_json_null(json, "imbalance");
    oi_json_open(json, "per_thread", '[');
    for (uint32_t t = 0; t < r->thread_capacity; t++) {
      if (r->thread_instances[t] == 0)
        continue;
      oi_json_open(json, NULL, '{');
      oi_json_uint(json, "thread", t);
      oi_json_uint(json, "instances", r->thread_instances[t]);
      measured_ns(json, "total_ns", r->timed, r->thread_ns[t]);
      oi_json_close(json, '}');
    }
    oi_json_close(json, ']');
    if (p->rank_count > 0)
      per_rank(p, r, json);
    oi_json_close(json, '}');
  }
  oi_json_close(json, ']');
  free(order);
}

static void variables(const oi_profile *p, oi_json *json) {
  uint32_t count;
  uint32_t *order = oi_profile_variables_by_cost(p, &count);
  oi_json_open(json, "variables", '[');
  for (uint32_t k = 0; order && k < count; k++) {
    const oi_variable_row *v = &p->variables[order[k]];
    oi_json_open(json, NULL, '{');
    oi_json_str(json, "var", v->name);
    oi_json_uint(json, "transfer_bytes", oi_variable_transfer_bytes(v));
    oi_json_uint(json, "transfer_ops", oi_variable_transfer_ops(v));
    oi_json_uint(json, "transfer_ns", oi_variable_transfer_ns(v));
    oi_json_open(json, "ops", '{');
    for (unsigned op = 1; op < OI_DATA_OP_COUNT; op++) {
      if (v->ops[op] == 0)
        continue;
      oi_json_open(json, oi_data_op_name(op), '{');
      oi_json_uint(json, "count", v->ops[op]);
      oi_json_uint(json, "bytes", v->bytes[op]);
      oi_json_uint(json, "time_ns", v->time_ns[op]);
      oi_json_close(json, '}');
    }
    oi_json_close(json, '}');
    oi_json_close(json, '}');
  }
  oi_json_close(json, ']');
  free(order);
}

static void finding_place(oi_json *json, const oi_finding_place *at) {
  oi_json_str(json, "file", at->file ? at->file : "");
  oi_json_uint(json, "line", at->line);
  if (at->site)
    oi_json_uint(json, "site", at->site);
  if (at->codeptr)
    oi_json_hex(json, "codeptr", at->codeptr);
  if (at->instantiations > 1)
    oi_json_uint(json, "instantiations", at->instantiations);
}

static void findings(const oi_profile *p, oi_json *json) {
  oi_json_open(json, "findings", '[');
  for (size_t k = 0; k < p->finding_count; k++) {
    const oi_finding *f = &p->findings[k];
    oi_json_open(json, NULL, '{');
    oi_json_str(json, "kind", oi_finding_kind_name(f->kind));
    oi_json_str(json, "class", oi_finding_class(f));
    oi_json_str(json, "var", oi_profile_finding_var(p, f));
    oi_json_str(json, "op", oi_data_op_name(f->op));
    oi_json_int(json, "device", f->device);
    oi_json_uint(json, "count", f->count);
    oi_json_uint(json, "partial", f->partial);
    oi_json_uint(json, "sampled", f->sampled);
    oi_json_bool(json, "probable", f->sampled > 0);
    oi_json_str(json, "confidence", oi_finding_confidence(f));
    oi_json_uint(json, "may_change", f->may_change);
    if (f->changed_line) {
      oi_json_uint(json, "changed_line", f->changed_line);
      oi_json_bool(json, "changed_unseen", f->changed_unseen);
    }
    oi_json_uint(json, "total", f->total);
    oi_json_uint(json, "bytes", f->bytes);
    oi_json_uint(json, "time_ns", f->time_ns);
    finding_place(json, &f->at);
    const oi_place *where = &p->places[p->finding_places[k]];
    if (!where->file && where->module) {
      oi_json_str(json, "module", where->module);
      oi_json_hex(json, "offset", where->offset);
    }
    oi_json_open(json, "other", '{');
    opt_str(json, "var", oi_profile_finding_vars(p, f).other);
    finding_place(json, &f->other);
    oi_json_close(json, '}');
    oi_json_uint(json, "first_line", f->first_line);
    oi_json_uint(json, "last_line", f->last_line);
    char advice[1024];
    opt_str(json, "suggestion", oi_profile_finding_advice(p, f, advice, sizeof advice));
    if (p->finding_ranks) {
      oi_json_open(json, "ranks", '[');
      for (uint32_t i = 0; i < p->finding_ranks[k].count; i++)
        oi_json_int(json, NULL, p->ranks[p->finding_ranks[k].slots[i]].rank);
      oi_json_close(json, ']');
    }
    oi_json_close(json, '}');
  }
  oi_json_close(json, ']');
}

static void potential(const oi_profile *p, oi_json *json) {
  const oi_analysis_totals *t = p->totals;
  oi_json_open(json, "potential", '{');
  oi_json_uint(json, "measured_ns", t->measured_ns);
  oi_json_uint(json, "saved_ns", t->saved_ns);
  oi_json_uint(json, "saved_bytes", t->saved_bytes);
  oi_json_uint(json, "predicted_ns", t->predicted_ns);
  oi_json_real(json, "speedup", t->speedup);
  oi_json_bool(json, "upper_bound", t->upper_bound != 0);
  oi_json_uint(json, "data_ops", t->data_ops);
  oi_json_uint(json, "transfer_bytes", t->transfer_bytes);
  oi_json_uint(json, "transfer_ns", t->transfer_ns);
  oi_json_open(json, "devices", '[');
  for (size_t i = 0; i < t->ndevices; i++) {
    oi_json_open(json, NULL, '{');
    oi_json_int(json, "device", t->devices[i].device);
    oi_json_uint(json, "peak_bytes", t->devices[i].peak_bytes);
    oi_json_uint(json, "allocs", t->devices[i].allocs);
    oi_json_uint(json, "kernels", t->devices[i].kernels);
    oi_json_close(json, '}');
  }
  oi_json_close(json, ']');
  oi_json_close(json, '}');
}

/* A run whose runtime never started: the directives of its sources. */
static void unstarted_runtime(const oi_profile *p, oi_json *json) {
  const oi_unseen_directives *u = &p->unseen;
  oi_json_open(json, "unstarted_runtime", '{');
  oi_json_str(json, "library", p->unstarted_runtime);
  oi_json_str(json, "state", oi_unstarted_runtime_state(p->unstarted_runtime));
  oi_json_str(json, "why", oi_unstarted_runtime_why(p->unstarted_runtime));
  opt_str(json, "directives_unlisted", u->missing);
  oi_json_open(json, "directives", '[');
  for (size_t i = 0; i < u->count; i++) {
    oi_json_open(json, NULL, '{');
    oi_json_str(json, "file", u->at[i].file);
    oi_json_uint(json, "line", (uint64_t)u->at[i].line);
    oi_json_str(json, "directive", u->at[i].text);
    oi_json_close(json, '}');
  }
  oi_json_close(json, ']');
  oi_json_close(json, '}');
}

int oi_write_json(const oi_profile *p, const oi_report_options *o, FILE *out) {
  oi_json json;
  oi_json_init(&json, out);
  oi_json_open(&json, NULL, '{');
  oi_json_uint(&json, "schema_version", OI_REPORT_SCHEMA_VERSION);
  run(p, o, &json);
  if (p->unstarted_runtime)
    unstarted_runtime(p, &json);
  constructs(p, &json);
  variables(p, &json);
  findings(p, &json);
  potential(p, &json);
  oi_json_close(&json, '}');
  fputc('\n', out);
  return 0;
}
