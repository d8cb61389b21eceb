/* `--format summary`: the few lines printed when a program ends under the
 * shim — run time, time in OpenMP constructs, data moved, the top findings
 * with their potential, and where the run folder is. Colour only when the
 * output is a terminal and NO_COLOR is unset. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format.h"
#include "writers.h"
#include "finding_words.h"

#define SUMMARY_FINDINGS 3

typedef struct style {
  const char *bold, *warn, *off;
} style;

static style style_for(FILE *out) {
  const char *no_color = getenv("NO_COLOR");
  if (isatty(fileno(out)) && !(no_color && *no_color))
    return (style){"\033[1m", "\033[1;33m", "\033[0m"};
  return (style){"", "", ""};
}

/* The transfers' line; returns how many there were. */
static uint64_t data_moved(const oi_profile *p, FILE *out, const style *s) {
  uint64_t to = 0, from = 0, ops = 0, ns = 0;
  for (uint32_t v = 0; v < p->variable_names.count; v++) {
    const oi_variable_row *row = &p->variables[v];
    to += row->bytes[OI_DATA_OP_TO_DEVICE];
    from += row->bytes[OI_DATA_OP_FROM_DEVICE];
    ops += oi_variable_transfer_ops(row);
    ns += oi_variable_transfer_ns(row);
  }
  if (ops == 0)
    return 0;
  char a[32], b[32], c[32], d[32];
  fprintf(out,
          "%sompt-inst:%s data moved %s in %" PRIu64 " transfers (%s): %s to device, %s "
          "from device; %s\n",
          s->bold, s->off, oi_format_bytes(to + from, a, sizeof a), ops,
          oi_format_ns(ns, b, sizeof b), oi_format_bytes(to, c, sizeof c),
          oi_format_bytes(from, d, sizeof d), oi_data_op_source_words(p));
  return ops;
}

static void top_findings(const oi_profile *p, FILE *out, const style *s) {
  const oi_analysis_totals *t = p->totals;
  if (!t || p->finding_count == 0)
    return;
  char a[32], b[32], potential[160];
  size_t bugs = oi_profile_bug_count(p), costs = p->finding_count - bugs;
  if (bugs)
    fprintf(out,
            "%sompt-inst:%s %s%zu mapping bug%s%s: the device computes on, or returns, the "
            "wrong data\n",
            s->bold, s->off, s->warn, bugs, bugs == 1 ? "" : "s", s->off);
  if (costs)
    fprintf(out, "%sompt-inst:%s %s%zu data-mapping finding%s%s: %s\n", s->bold, s->off, s->warn,
            costs, costs == 1 ? "" : "s", s->off,
            oi_potential_short_words(t, potential, sizeof potential));
  for (size_t k = 0; k < p->finding_count && k < SUMMARY_FINDINGS + bugs; k++) {
    const oi_finding *f = &p->findings[k];
    char where[256], line[1024];
    oi_place_text(&p->places[p->finding_places[k]], false, where, sizeof where);
    if (oi_finding_is_bug(f->kind)) { /* every bug, and the top costs */
      fprintf(out, "ompt-inst:   %s\n",
              oi_finding_line(k + 1, f, oi_profile_finding_var(p, f), where, line, sizeof line));
      continue;
    }
    char instances[64];
    fprintf(out,
            "ompt-inst:   %zu. %s of %s at %s%s: %" PRIu64 " of %" PRIu64 " %s, %s, "
            "%s%s\n",
            k + 1, oi_finding_kind_name(f->kind), oi_profile_finding_var(p, f), where,
            oi_finding_instantiations(f, instances, sizeof instances), f->count, f->total,
            oi_finding_counted(f), oi_format_bytes(f->bytes, a, sizeof a),
            oi_format_ns(f->time_ns, b, sizeof b), oi_finding_certainty(f));
  }
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

int oi_write_summary(const oi_profile *p, const oi_report_options *o, FILE *out) {
  style s = style_for(out);
  char a[32], b[32];
  uint64_t in_constructs = p->initial_thread_construct_ns;
  double share = p->duration_ns ? 100.0 * (double)in_constructs / (double)p->duration_ns : 0.0;
  const char *mode = p->trace ? oi_trace_info(p->trace, "record") : NULL;
  const char *absent = oi_format_record_absent(mode);
  const char *program = p->program ? base_name(p->program) : "the program";
  oi_format_ns(p->duration_ns, a, sizeof a);
  if (p->unstarted_runtime) /* nothing was recorded */
    fprintf(out, "%sompt-inst:%s %s ran %s\n", s.bold, s.off, program, a);
  else if (absent) /* the host's constructs and threads were not recorded */
    fprintf(out, "%sompt-inst:%s %s ran %s; %" PRIu32 " device%s\n", s.bold, s.off, program, a,
            p->device_count, p->device_count == 1 ? "" : "s");
  else
    fprintf(out,
            "%sompt-inst:%s %s ran %s; %s (%.0f%%) in OpenMP constructs on the initial "
            "thread; %" PRIu32 " thread%s, %" PRIu32 " device%s\n",
            s.bold, s.off, program, a, oi_format_ns(in_constructs, b, sizeof b), share,
            p->thread_count, p->thread_count == 1 ? "" : "s", p->device_count,
            p->device_count == 1 ? "" : "s");
  if (p->unstarted_runtime) {
    fprintf(out, "%sompt-inst:%s nothing was recorded: the program's OpenMP runtime, %s, %s: %s\n",
            s.bold, s.off, p->unstarted_runtime, oi_unstarted_runtime_state(p->unstarted_runtime),
            oi_unstarted_runtime_why(p->unstarted_runtime));
    fprintf(out, "%sompt-inst:%s %zu OpenMP directive%s in its sources never seen by it\n", s.bold,
            s.off, p->unseen.count, p->unseen.count == 1 ? "" : "s");
  }
  if (p->runtime && (strcmp(p->runtime, OI_PROFILE_INTERPOSED) == 0 ||
                     strcmp(p->runtime, OI_PROFILE_NO_OMPT) == 0))
    fprintf(out, "%sompt-inst:%s %s\n", s.bold, s.off, p->runtime);
  if (p->offload_check)
    fprintf(out, "%sompt-inst:%s %s\n", s.bold, s.off, p->offload_check);
  if (mode && absent)
    fprintf(out, "%sompt-inst:%s record: %s only, %s not recorded\n", s.bold, s.off, mode, absent);
  if (data_moved(p, out, &s) == 0 && absent)
    fprintf(out,
            "%sompt-inst:%s no data moved between host and device (the data-only record "
            "keeps nothing else)\n",
            s.bold, s.off);
  top_findings(p, out, &s);
  fprintf(out, "%sompt-inst:%s details: ompt-inst report %s\n", s.bold, s.off, o->run_dir);
  return 0;
}
