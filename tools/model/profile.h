/* The report model: one streaming pass over a run's trace that aggregates
 * what every report format needs — the run header, a profile per construct
 * site, data movement per mapped variable, the analysis findings and, when
 * asked for, the timeline of slices per thread and device for trace
 * formats. See docs/reports.md for the definitions. */
#ifndef OMPT_INST_REPORT_PROFILE_H
#define OMPT_INST_REPORT_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "findings.h"
#include "string_index.h"
#include "trace/symbolize.h"
#include "unseen_directives.h"
#include "trace/trace_reader.h"

/* Where events happened: a source line (compiler site, or the return
 * address through -g line tables), else a module and offset, else unknown. */
typedef struct oi_place {
  const char *file; /* NULL when only module/offset or nothing is known */
  uint32_t line, end_line;
  const char *function; /* NULL if unknown */
  const char *module;   /* set when file is NULL and the address is known */
  uint64_t offset;
  /* data movement attributed to this place (for the annotated listing) */
  uint64_t data_ops, data_bytes, data_ns;
} oi_place;

/* One row of the construct profile: events of one kind and construct at one
 * place. `label` is the construct as written ("target teams distribute
 * parallel for"), the runtime's construct name, or "kernel". */
typedef struct oi_construct_row {
  uint32_t place;
  const char *label;
  uint8_t kind;       /* enum oi_kind */
  bool compiler;      /* seen by the compiler hooks only */
  uint64_t instances; /* begin events (or point events, or the counts of
                         count events) */
  bool timed;         /* some instance had a begin and an end: without one
                         (point events, counted atomics) no time was measured */
  uint64_t unpaired;  /* begins without an end: timed to the thread's last event */
  uint64_t total_ns, max_ns;
  uint64_t *thread_ns;        /* time per tool thread, `thread_capacity` entries */
  uint64_t *thread_instances; /* instances per tool thread */
  uint64_t thread_capacity;
  uint32_t threads; /* threads with at least one instance */
  double imbalance; /* max / mean of the per-thread totals (1.0 = even) */
  /* job reports only (job.c): per rank slot (oi_profile.ranks), and max /
   * mean of the per-rank totals over the merged ranks */
  uint64_t *rank_ns, *rank_instances;
  double rank_imbalance;
} oi_construct_row;

/* Data movement of one mapped variable (all places, all devices). */
typedef struct oi_variable_row {
  const char *name; /* as written ("a[0:n]"), else "0x7ffd... (800 bytes)" */
  bool whole;       /* a map clause can name it (names.h) */
  oi_name_source source;
  uint64_t ops[OI_DATA_OP_COUNT], bytes[OI_DATA_OP_COUNT], time_ns[OI_DATA_OP_COUNT];
} oi_variable_row;

enum oi_track_kind { OI_TRACK_THREAD = 0, OI_TRACK_DEVICE = 1 };

/* One slice of a trace timeline: a construct instance on a thread, or a
 * kernel or data operation on a device. */
typedef struct oi_slice {
  uint64_t start_ns, end_ns; /* relative to the trace start */
  uint32_t row;              /* construct row; UINT32_MAX for data operations */
  uint32_t variable;         /* data operations: variable row */
  uint32_t track;            /* thread number or device number */
  uint32_t lane;             /* 0; n > 0 when it overlaps slices of lane 0 without nesting */
  uint64_t bytes;
  uint32_t rank;      /* job reports: the rank slot (oi_profile.ranks); else 0 */
  uint8_t track_kind; /* enum oi_track_kind */
  uint8_t op;         /* enum oi_data_op for data operations */
} oi_slice;

/* One process of an MPI job (job reports only, job.c). */
typedef struct oi_rank_info {
  long rank;
  uint32_t pid;
  const char *host; /* NULL when the trace does not say */
  const char *dir;  /* the rank's folder */
  uint64_t events;
  bool complete; /* the trace has its end record */
  uint64_t lost_events;
  /* NULL when merged, else why not ("no trace", the reader's message) */
  const char *problem;
  uint64_t duration_ns;
  uint64_t start_wall_ns; /* wall clock of the trace start, 0 without an anchor */
  /* added to the rank's times (relative to its trace start) to put them on
   * the job's time axis, from the wall-clock anchors; 0 without them */
  uint64_t shift_ns;
} oi_rank_info;

/* The construct a thread was in when the trace ended (the innermost one
 * still open), else the last one it left: for runs ended by a signal. */
typedef struct oi_last_construct {
  uint32_t thread;
  const char *label;
  uint32_t place; /* OI_NO_INDEX (UINT32_MAX) when unknown */
  bool open;      /* still in it */
} oi_last_construct;

typedef struct oi_profile oi_profile;

typedef struct oi_profile_options {
  bool timeline;     /* collect slices (chrome, otf2, html) */
  bool progress;     /* progress lines on stderr */
  bool up_to_damage; /* a damaged trace: model the events before the damage */
  /* Run once the trace is read, to fill the findings, totals and memory
   * samples (the detectors' oi_profile_analyse, tools/analysis: the model
   * does not know them). NULL: none. 0, or -1 when out of memory. */
  int (*analyse)(oi_profile *profile);
} oi_profile_options;

struct oi_profile {
  oi_trace_reader *trace;
  oi_symbolizer *symbolizer;

  /* header */
  const char *offload_check;            /* `ompt-inst run`'s verdict on the device images
                                            when they would not run as built, else NULL */
  const char *program, *argv, *runtime; /* from info records, NULL if absent;
                                           runtime is OI_PROFILE_NO_OMPT for
                                           a run on a runtime without OMPT,
                                           OI_PROFILE_INTERPOSED when its
                                           calls into it were recorded */
  const char *hash_mode;                /* "sampled", "full" or "off"; NULL if absent */
  /* a run whose runtime never started (or, GCC's, was never called): the
   * runtime library as the program links it, and the directives of the
   * program's sources it never saw; NULL otherwise */
  const char *unstarted_runtime;
  oi_unseen_directives unseen;
  /* "mapping" when the run was recorded with `--check mapping` (the host
   * copies of kernels' map items hashed: stale device data), else NULL */
  const char *check;
  uint64_t events;        /* events read */
  bool damaged;           /* reading stopped at damage (up_to_damage);
                             trace->error says where */
  uint64_t duration_ns;   /* end record, else last event - start */
  uint64_t last_event_ns; /* relative */
  /* time the initial thread spent in its outermost OpenMP constructs */
  uint64_t initial_thread_construct_ns;
  uint32_t thread_count; /* distinct tool threads with events */
  uint32_t device_count;
  int32_t devices[64]; /* device numbers seen, ascending (the first 64) */
  /* data operations by origin: whether the runtime reported them or the
   * shim inferred them from map clauses */
  uint64_t data_ops_by_origin[OI_ORIGIN_COUNT];

  oi_string_index place_keys;
  oi_place *places; /* place_keys.count of place_capacity */
  uint64_t place_capacity;
  oi_string_index row_keys;
  oi_construct_row *rows; /* row_keys.count of row_capacity */
  uint64_t row_capacity;
  oi_string_index variable_names;
  oi_variable_row *variables; /* variable_names.count of variable_capacity */
  uint64_t variable_capacity;
  /* the names of findings' variables (names.h): the ids their places carry */
  oi_names names;
  oi_string_index labels; /* owns the row labels */
  oi_string_index texts;  /* owns file, function and module strings */

  oi_last_construct *last_constructs; /* per thread with a construct */
  uint32_t last_construct_count;

  oi_slice *slices; /* sorted by track kind, track, lane, start */
  uint64_t slice_count, slice_capacity;

  /* the detectors' context that owns findings and totals, and how to free it */
  oi_analysis *analysis;
  void (*analysis_destroy)(oi_analysis *analysis);
  const oi_finding *findings; /* mapping bugs first (oi_finding_compare) */
  size_t finding_count;
  uint32_t *finding_places; /* per finding: the place of `at` */
  const oi_analysis_totals *totals;
  /* device memory in use after each allocation and delete, in time order */
  const oi_memory_sample *memory_samples;
  size_t memory_sample_count;

  /* A job (several ranks merged by job.c) when rank_count > 0: `trace` is
   * then NULL, `ranks` holds every rank folder found (sorted by rank) and
   * findings[k] occurred on the rank slots finding_ranks[k]. */
  uint32_t rank_count, merged_ranks;
  oi_rank_info *ranks;
  const char *job_dir;
  uint64_t job_start_wall_ns; /* wall clock of the job's time zero, 0 if unknown */
  struct oi_finding_ranks {
    uint32_t count;
    uint32_t *slots;
    uint64_t capacity;
  } *finding_ranks;
  oi_finding *job_findings; /* what findings and totals point to in a job */
  oi_analysis_totals *job_totals;
  oi_device_summary *job_devices;

  void *state; /* building state (profile_internal.h) */
};

/* Reads every event of an opened trace once. Returns 0, or -1 with a message
 * on stderr (damaged trace, out of memory); the profile must then still be
 * freed. A damaged trace leaves what was read before the damage; with
 * `up_to_damage` that part is modelled whole, `damaged` is set and 0 is
 * returned. */
int oi_profile_build(oi_profile *profile, oi_trace_reader *trace,
                     const oi_profile_options *options);

/* The events the data-movement analysis reads, in time order (file order
 * breaks ties): data operations, kernels, target regions and their map
 * items, between the earliest and the latest other event (NULL when there
 * is none), which stand for the measured span. Valid while the profile is
 * being built, from the `analyse` option. */
typedef struct oi_device_event {
  oi_event event;       /* an operation without a site or map item has the map
                           item that last mapped its host address */
  oi_event_facts facts; /* its name, place and line, resolved once */
} oi_device_event;
typedef struct oi_device_stream {
  const oi_event *first, *last;
  const oi_device_event *events;
  uint64_t count;
} oi_device_stream;
oi_device_stream oi_profile_device_stream(oi_profile *profile);

/* The value of an info record ("host", "rank", "hash_code", ...), NULL if
 * absent. */
const char *oi_trace_info(const oi_trace_reader *trace, const char *key);

/* Row indices sorted by total time, then instances (descending). The caller
 * frees the array. NULL when out of memory. */
uint32_t *oi_profile_rows_by_cost(const oi_profile *profile);
/* The variables with at least one data operation, sorted by transfer time,
 * then bytes (descending); *count of them. The caller frees the array. */
uint32_t *oi_profile_variables_by_cost(const oi_profile *profile, uint32_t *count);

/* "heat.c:42", "libfoo.so+0x1234" or "?" into buf. `full` keeps the path. */
const char *oi_place_text(const oi_place *place, bool full, char *buf, size_t size);
/* "parallel @heat.c:42": a construct row's name in traces. */
const char *oi_profile_row_name(const oi_profile *p, uint32_t row, char *buf, size_t size);
/* The names a finding's words use: its variable (`var_whole`: one a map
 * clause can name), and the variable that first held the same content
 * (identical content; else the same as `var`). */
typedef struct oi_finding_vars {
  const char *var;
  bool var_whole;
  oi_name_source var_source;
  const char *other; /* NULL without one */
} oi_finding_vars;

/* A finding's names in a profile, from the ids it carries. Every writer,
 * the advice and `ompt-inst diff` name a finding's variables by this. */
oi_finding_vars oi_profile_finding_vars(const oi_profile *profile, const oi_finding *finding);

/* How many of the findings are mapping bugs: the first ones. */
size_t oi_profile_bug_count(const oi_profile *profile);

/* oi_profile_finding_vars' var. */
const char *oi_profile_finding_var(const oi_profile *profile, const oi_finding *finding);
/* The runtime of a run whose shim started from the first hook because the
 * runtime has no OMPT (the trace's info ompt=none). */
#define OI_PROFILE_NO_OMPT "runtime without OMPT: compiler events only"
/* The runtime of a run that has the program's calls into a runtime without
 * OMPT (GCC's libgomp), seen by the interposition library. */
#define OI_PROFILE_INTERPOSED                                                                      \
  "runtime without OMPT (GCC's libgomp): the program's calls into it, interposed"

/* Where the data operations came from (their words: report/finding_words.h). */
enum oi_data_op_source {
  OI_DATA_OPS_NONE,            /* there were none */
  OI_DATA_OPS_RUNTIME,         /* all reported by the runtime */
  OI_DATA_OPS_INFERRED,        /* all inferred from map clauses */
  OI_DATA_OPS_PARTLY_INFERRED, /* some of each */
};
enum oi_data_op_source oi_profile_data_op_source(const oi_profile *profile);
/* Transfer totals of a variable: to + from device. */
uint64_t oi_variable_transfer_bytes(const oi_variable_row *v);
uint64_t oi_variable_transfer_ns(const oi_variable_row *v);
/* A row's threads and imbalance from its per-thread figures, once they are
 * all in (a run's rows and a job's merged rows alike). */
void oi_row_finish_threads(oi_construct_row *row);
uint64_t oi_variable_transfer_ops(const oi_variable_row *v);

void oi_profile_free(oi_profile *profile);

#endif
