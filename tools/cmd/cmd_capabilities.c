/* The capability listing: one pass over the events counting origins per
 * kind, joined with the trace's capability record. */
#include "cmd_capabilities.h"

#include <omp-tools.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "ompt-inst/events.h"
#include "trace/ompt_callback_names.h"
#include "trace/trace_reader.h"

/* The runtime callbacks that report each kind (its REPORTS rows of
 * OI_OMPT_CALLBACKS: an EMI callback first, then its pre-5.1 fallback);
 * kinds only the compiler reports have none (0). */
static const ompt_callbacks_t kind_callbacks[OI_KIND_COUNT][2] = {
#define KIND_CALLBACK(group, callback, kind, role)                                                 \
  OI_IF_REPORTS(role, [OI_KIND_##kind] = {ompt_callback_##callback}, )
#define KIND_CALLBACK_EMI(group, callback, kind, role)                                             \
  OI_IF_REPORTS(role,                                                                              \
                [OI_KIND_##kind] = {ompt_callback_##callback##_emi, ompt_callback_##callback}, )
    OI_OMPT_CALLBACKS(KIND_CALLBACK, KIND_CALLBACK_EMI)
#undef KIND_CALLBACK
#undef KIND_CALLBACK_EMI
};

static const char *const result_names[] = {"disabled",         "never", "impossible", "sometimes",
                                           "sometimes_paired", "always"};

/* "target_emi=always" for the first of the kind's callbacks the runtime
 * accepted, else the first one's answer; "-" without a callback. */
static void describe_callbacks(const oi_trace_reader *trace, unsigned kind, char *text,
                               size_t size) {
  snprintf(text, size, "-");
  int described = 0;
  for (int c = 0; c < 2 && kind_callbacks[kind][c]; c++) {
    for (uint32_t i = 0; i < trace->capability_count; i++) {
      if (trace->capabilities[i].callback != (uint32_t)kind_callbacks[kind][c])
        continue;
      const char *name = oi_ompt_callback_name(trace->capabilities[i].callback);
      uint32_t result = trace->capabilities[i].result;
      if (!described || result >= 3) {
        snprintf(text, size, "%s=%s", name,
                 result < sizeof result_names / sizeof *result_names ? result_names[result] : "?");
        described = 1;
      }
    }
  }
}

/* The origins' labels ("runtime", "compiler", "both", "inferred") or a
 * '+' list of them. */
static void describe_sources(const uint64_t count[OI_ORIGIN_COUNT], char *text, size_t size) {
  text[0] = '\0';
  for (unsigned o = 0; o < OI_ORIGIN_COUNT; o++)
    if (count[o])
      snprintf(text + strlen(text), size - strlen(text), "%s%s", text[0] ? "+" : "",
               oi_origin_label(o));
}

/* What a run on GCC's libgomp cannot show: GCC inlines these, so they never
 * call the runtime the interposition library sees (docs/coverage.md). */
static const char gomp_unseen[] =
    "GCC's libgomp has no OMPT: the constructs above are its entry points' calls, seen by\n"
    "libompt-inst-gomp.so. GCC inlines these, which never call it and are not recorded:\n"
    "  static loops (schedule(static), the default), master and masked, simd, atomics\n"
    "  without a lock, flush, taskyield, the end of a single (only its start calls), the\n"
    "  execution of a deferred task (its creation is recorded), cancellation points.";

static int list(oi_trace_reader *trace) {
  static uint64_t count[OI_KIND_COUNT][OI_ORIGIN_COUNT];
  const oi_event *e;
  int more;
  while ((more = oi_reader_next(trace, &e)) > 0)
    if (e->kind < OI_KIND_COUNT && e->origin < OI_ORIGIN_COUNT)
      count[e->kind][e->origin]++;
  if (more < 0) {
    fprintf(stderr, "ompt-inst: %s\n", trace->error);
    return OI_EXIT_FAILURE;
  }
  printf("%-16s %-34s", "kind", "runtime callback");
  for (unsigned o = 0; o < OI_ORIGIN_COUNT; o++)
    printf(" %10s", oi_origin_name(o));
  printf("  source\n");
  for (unsigned kind = 0; kind < OI_KIND_COUNT; kind++) {
    char callbacks[96], sources[64];
    describe_callbacks(trace, kind, callbacks, sizeof callbacks);
    describe_sources(count[kind], sources, sizeof sources);
    printf("%-16s %-34s", oi_kind_name(kind), callbacks);
    for (unsigned o = 0; o < OI_ORIGIN_COUNT; o++)
      printf(" %10llu", (unsigned long long)count[kind][o]);
    printf("  %s\n", sources[0] ? sources : "-");
  }
  bool interposed = false;
  for (unsigned kind = 0; kind < OI_KIND_COUNT; kind++)
    interposed |= count[kind][OI_ORIGIN_INTERPOSED] > 0;
  if (interposed)
    printf("\n%s\n", gomp_unseen);
  return OI_EXIT_OK;
}

int oi_cmd_capabilities(int argc, char **argv) {
  const char *dir = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--capabilities") == 0)
      continue;
    if (argv[i][0] == '-' || dir) {
      fprintf(stderr,
              "ompt-inst report: --capabilities takes only the run "
              "folder, not %s\n",
              argv[i]);
      return OI_EXIT_USAGE;
    }
    dir = argv[i];
  }
  if (!dir) {
    fprintf(stderr, "ompt-inst report: missing run folder\n");
    return OI_EXIT_USAGE;
  }
  oi_trace_reader *trace = malloc(sizeof *trace);
  if (!trace) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return OI_EXIT_FAILURE;
  }
  int code = OI_EXIT_FAILURE;
  if (oi_reader_open(trace, dir) != OI_READER_OK)
    fprintf(stderr, "ompt-inst: %s\n", trace->error);
  else
    code = list(trace);
  oi_reader_close(trace);
  free(trace);
  return code;
}
