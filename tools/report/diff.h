/* `ompt-inst diff`: two sides (BEFORE and AFTER), each one or more runs or
 * job folders. Each run is read into the report model once and reduced to
 * what a comparison needs (diff_runs.c), so the models are freed before
 * the next is read; the sides are then matched row by row (diff_match.c)
 * and judged (diff_judge.c); writers: diff_text.c, diff_json.c,
 * diff_html.c. See docs/reports.md, "Comparing runs". */
#ifndef OMPT_INST_REPORT_DIFF_H
#define OMPT_INST_REPORT_DIFF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model/profile.h"

#define OI_DIFF_MAX_RUNS 16 /* per side */
#define OI_DIFF_NONE UINT32_MAX

/* What matching reads of every row: rows with equal keys are paired in
 * the order of `order` (line, else address), so an edit that moves lines
 * keeps the pairs. Each row type below starts with one. */
typedef struct oi_diff_item {
  char *key;
  uint64_t order;
} oi_diff_item;

/* A construct row: key = file base name, function, event kind, construct
 * as written. */
typedef struct oi_diff_row {
  oi_diff_item item;
  char *label, *where, *function; /* where: "heat.c:42" */
  const char *kind;               /* event kind name */
  uint64_t instances, total_ns;
  bool timed;
} oi_diff_row;

/* A variable's data movement: key = the map item as written, else its
 * size (addresses change from run to run), in order of appearance. */
typedef struct oi_diff_var {
  oi_diff_item item;
  char *name;
  uint64_t ops[OI_DATA_OP_COUNT], bytes[OI_DATA_OP_COUNT], time_ns[OI_DATA_OP_COUNT];
  uint64_t transfer_ops, transfer_bytes, transfer_ns; /* to + from device */
} oi_diff_var;

/* A finding: key = kind, variable key, file base name, function. */
typedef struct oi_diff_finding {
  oi_diff_item item;
  const char *kind;
  char *var, *var_key, *where, *function, *suggestion;
  unsigned op; /* enum oi_data_op */
  unsigned line;
  uint64_t count, partial, total, bytes, time_ns;
  bool counted; /* in the potential: not identical content, no may_change */
} oi_diff_finding;

/* One run (or job) folder, reduced. Strings are NULL when not recorded. */
typedef struct oi_diff_run {
  char *dir;
  uint32_t ranks; /* 0: a run folder */
  char *program, *argv, *runtime, *hash, *hash_code, *clock, *data_ops;
  bool instrumented; /* compiler sites: a plugin build */
  uint32_t threads;
  uint64_t duration_ns, measured_ns, data_op_count, transfer_ops, transfer_bytes, transfer_ns,
      saved_bytes, saved_ns;
  oi_diff_row *rows;
  uint32_t row_count;
  oi_diff_var *vars;
  uint32_t var_count;
  oi_diff_finding *findings;
  uint32_t finding_count;
} oi_diff_run;

/* Reads `dir` (a run folder, or an MPI job's folder) into *run. 0, or -1
 * after one line on stderr; free *run in either case. */
int oi_diff_run_load(oi_diff_run *run, const char *dir, const oi_profile_options *options);
void oi_diff_run_free(oi_diff_run *run);

/* Pairs rows of `a` with rows of `b` (arrays of a type that starts with
 * oi_diff_item, `stride` bytes apart): match[i] is the index in b of a's
 * row i, or OI_DIFF_NONE. The caller frees match; NULL when out of memory. */
uint32_t *oi_diff_pair(const void *a, uint32_t a_count, const void *b, uint32_t b_count,
                       size_t stride);

/* The steps of oi_diff_build (diff_match.c): pairs of BEFORE's first run's
 * rows with AFTER's first run's, each row's time over its side's runs;
 * the run time over each side's runs. 0, or -1 when out of memory. */
struct oi_diff;
int oi_diff_match_rows(struct oi_diff *diff);
int oi_diff_match_vars(struct oi_diff *diff);
int oi_diff_match_findings(struct oi_diff *diff);

/* A time over the runs of one side: the mean, and the range as spread. */
typedef struct oi_diff_time {
  double mean;
  uint64_t min, max;
  uint32_t runs; /* runs that had the row */
} oi_diff_time;

/* UNJUDGED: a side has one run, so no spread is known (one run's time
 * says nothing about noise). */
enum oi_diff_verdict { OI_DIFF_SAME, OI_DIFF_SLOWER, OI_DIFF_FASTER, OI_DIFF_UNJUDGED };

/* A row of BEFORE's first run and its match in AFTER's: each pair type
 * starts with the two indices, OI_DIFF_NONE on the side without it. */
typedef struct oi_diff_row_pair {
  uint32_t row[2];
  oi_diff_time time[2];
  enum oi_diff_verdict verdict;
} oi_diff_row_pair;

typedef struct oi_diff_var_pair {
  uint32_t var[2];
} oi_diff_var_pair;

enum oi_diff_status { OI_DIFF_GONE, OI_DIFF_REDUCED, OI_DIFF_STILL, OI_DIFF_NEW };

typedef struct oi_diff_finding_pair {
  uint32_t finding[2];
  enum oi_diff_status status;
} oi_diff_finding_pair;

/* The findings of BEFORE about one variable and operation kind: their
 * predicted saving, and what the variable's movement of that kind really
 * lost (one fix can remove several findings of a variable). */
typedef struct oi_diff_saving {
  uint32_t var_pair; /* into oi_diff.var_pairs */
  const char *var;
  unsigned op;
  uint32_t findings, counted;
  uint64_t predicted_ops, predicted_bytes, predicted_ns;
  /* bytes: of transfers only, as a finding's bytes */
  int64_t achieved_ops, achieved_bytes, achieved_ns;
} oi_diff_saving;

enum { OI_DIFF_WARNING_SIZE = 320 };

typedef struct oi_diff {
  oi_diff_run *runs[2]; /* [0] BEFORE, [1] AFTER */
  uint32_t run_count[2];
  double threshold_pct; /* a time change below it is noise */
  oi_diff_row_pair *row_pairs;
  uint32_t row_pair_count;
  oi_diff_var_pair *var_pairs;
  uint32_t var_pair_count;
  oi_diff_finding_pair *finding_pairs; /* BEFORE's, then the new ones */
  uint32_t finding_pair_count;
  oi_diff_saving *savings;
  uint32_t saving_count;
  char (*warnings)[OI_DIFF_WARNING_SIZE];
  uint32_t warning_count;
  /* the run totals over the runs of each side */
  oi_diff_time run_time[2];
  enum oi_diff_verdict run_verdict;
  bool moved_more; /* AFTER transferred more bytes, beyond the threshold */
  uint32_t fixed, reduced, still, new_findings, slower, faster;
  uint32_t counted_before; /* findings of BEFORE in the potential */
} oi_diff;

void oi_diff_time_of_runs(const oi_diff *diff, int side, oi_diff_time *time);

/* Matches and judges the loaded sides. 0, or -1 when out of memory. */
int oi_diff_build(oi_diff *diff, oi_diff_run *before, uint32_t before_count, oi_diff_run *after,
                  uint32_t after_count, double threshold_pct);
void oi_diff_free(oi_diff *diff);

/* Whether a time change is real: both sides have two runs or more, and
 * the change is beyond the spread of both (their ranges do not overlap),
 * more than the threshold in percent of BEFORE and more than
 * OI_DIFF_FLOOR_NS. */
#define OI_DIFF_FLOOR_NS 100000u
enum oi_diff_verdict oi_diff_judge_time(const oi_diff_time *before, const oi_diff_time *after,
                                        double threshold_pct);

/* The one line for a CI log ("2 of 3 findings fixed, ...") into buf. */
const char *oi_diff_summary(const oi_diff *diff, char *buf, size_t size);
/* Achieved bytes over the whole run (BEFORE's transfers - AFTER's, first
 * runs) and achieved time (the mean measured time of BEFORE - AFTER's). */
int64_t oi_diff_saved_bytes(const oi_diff *diff);
double oi_diff_saved_ns(const oi_diff *diff);

/* "44.0 MB" and "2.41 ms", with a "-" when negative (more moved, slower);
 * buf of OI_DIFF_SIGNED_SIZE. */
enum { OI_DIFF_SIGNED_SIZE = 48 };
const char *oi_diff_signed_bytes(int64_t bytes, char *buf, size_t size);
const char *oi_diff_signed_ns(double ns, char *buf, size_t size);

/* A row of one side, for the writers. */
const oi_diff_row *oi_diff_row_of(const oi_diff *diff, const oi_diff_row_pair *pair, int side);
const oi_diff_finding *oi_diff_finding_of(const oi_diff *diff, const oi_diff_finding_pair *pair,
                                          int side);
const char *oi_diff_status_name(enum oi_diff_status status);
const char *oi_diff_verdict_name(enum oi_diff_verdict verdict);

typedef struct oi_diff_options {
  unsigned top; /* rows per table (text), 0 = all */
} oi_diff_options;

int oi_diff_write_text(const oi_diff *diff, const oi_diff_options *o, FILE *out);
int oi_diff_write_json(const oi_diff *diff, const oi_diff_options *o, FILE *out);
int oi_diff_write_html(const oi_diff *diff, const oi_diff_options *o, FILE *out);

#endif
