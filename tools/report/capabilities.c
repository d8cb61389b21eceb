/* The capability listing: one pass over the events counting origins per
 * kind, joined with the trace's capability record. */
#include "capabilities.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "ompt-inst/events.h"
#include "ompt_callback_names.h"
#include "trace_reader.h"

/* The runtime callbacks that report each kind (EMI first, then its pre-5.1
 * fallback); kinds only the compiler reports have none. */
static const char *const kind_callbacks[OI_KIND_COUNT][2] = {
    [OI_KIND_THREAD] = {"thread_begin"},
    [OI_KIND_PARALLEL] = {"parallel_begin"},
    [OI_KIND_IMPLICIT_TASK] = {"implicit_task"},
    [OI_KIND_WORK] = {"work"},
    [OI_KIND_DISPATCH] = {"dispatch"},
    [OI_KIND_SYNC] = {"sync_region"},
    [OI_KIND_MUTEX] = {"mutex_acquired"},
    [OI_KIND_LOCK_INIT] = {"lock_init"},
    [OI_KIND_LOCK_DESTROY] = {"lock_destroy"},
    [OI_KIND_NEST_LOCK] = {"nest_lock"},
    [OI_KIND_TASK_CREATE] = {"task_create"},
    [OI_KIND_TASK] = {"task_schedule"},
    [OI_KIND_DEPENDENCE] = {"dependences"},
    [OI_KIND_MASKED] = {"masked"},
    [OI_KIND_FLUSH] = {"flush"},
    [OI_KIND_CANCEL] = {"cancel"},
    [OI_KIND_REDUCTION] = {"reduction"},
    [OI_KIND_CONTROL_TOOL] = {"control_tool"},
    [OI_KIND_DEVICE_INIT] = {"device_initialize"},
    [OI_KIND_DEVICE_FINALIZE] = {"device_finalize"},
    [OI_KIND_DEVICE_LOAD] = {"device_load"},
    [OI_KIND_DEVICE_UNLOAD] = {"device_unload"},
    [OI_KIND_TARGET] = {"target_emi", "target"},
    [OI_KIND_KERNEL] = {"target_submit_emi", "target_submit"},
    [OI_KIND_DATA_OP] = {"target_data_op_emi", "target_data_op"},
    [OI_KIND_MAP] = {"target_map_emi", "target_map"},
    [OI_KIND_ERROR] = {"error"},
};

static const char *const result_names[] = {"disabled", "never", "impossible",
                                           "sometimes", "sometimes_paired",
                                           "always"};

/* "target_emi=always" for the first of the kind's callbacks the runtime
 * accepted, else the first one's answer; "-" without a callback. */
static void describe_callbacks(const oi_trace_reader *trace, unsigned kind,
                               char *text, size_t size) {
  snprintf(text, size, "-");
  int described = 0;
  for (int c = 0; c < 2 && kind_callbacks[kind][c]; c++) {
    for (uint32_t i = 0; i < trace->capability_count; i++) {
      const char *name = oi_ompt_callback_name(trace->capabilities[i].callback);
      if (!name || strcmp(name, kind_callbacks[kind][c]) != 0)
        continue;
      uint32_t result = trace->capabilities[i].result;
      if (!described || result >= 3) {
        snprintf(text, size, "%s=%s", name,
                 result < sizeof result_names / sizeof *result_names
                     ? result_names[result]
                     : "?");
        described = 1;
      }
    }
  }
}

/* "runtime", "compiler", "both", "inferred" or a '+' list of them. */
static void describe_sources(const uint64_t count[OI_ORIGIN_COUNT], char *text,
                             size_t size) {
  static const char *const names[OI_ORIGIN_COUNT] = {
      [OI_ORIGIN_NATIVE] = "runtime", [OI_ORIGIN_COMPILER] = "compiler",
      [OI_ORIGIN_MERGED] = "both", [OI_ORIGIN_INFERRED] = "inferred"};
  text[0] = '\0';
  for (unsigned o = 0; o < OI_ORIGIN_COUNT; o++)
    if (count[o])
      snprintf(text + strlen(text), size - strlen(text), "%s%s",
               text[0] ? "+" : "", names[o]);
}

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
  printf("%-16s %-34s %10s %10s %10s %10s  %s\n", "kind", "runtime callback",
         "native", "compiler", "merged", "inferred", "source");
  for (unsigned kind = 0; kind < OI_KIND_COUNT; kind++) {
    char callbacks[96], sources[64];
    describe_callbacks(trace, kind, callbacks, sizeof callbacks);
    describe_sources(count[kind], sources, sizeof sources);
    printf("%-16s %-34s %10llu %10llu %10llu %10llu  %s\n", oi_kind_name(kind),
           callbacks, (unsigned long long)count[kind][OI_ORIGIN_NATIVE],
           (unsigned long long)count[kind][OI_ORIGIN_COMPILER],
           (unsigned long long)count[kind][OI_ORIGIN_MERGED],
           (unsigned long long)count[kind][OI_ORIGIN_INFERRED],
           sources[0] ? sources : "-");
  }
  return OI_EXIT_OK;
}

int oi_cmd_capabilities(int argc, char **argv) {
  const char *dir = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--capabilities") == 0)
      continue;
    if (argv[i][0] == '-' || dir) {
      fprintf(stderr, "ompt-inst report: --capabilities takes only the run "
                      "folder, not %s\n", argv[i]);
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
