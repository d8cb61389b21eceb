/* `ompt-inst diff [options] BEFORE AFTER` and `ompt-inst diff [options]
 * B1 B2 ... -- A1 A2 ...`: reads each side's run or job folders, matches
 * and judges them (tools/report/diff.h), writes one format, and with
 * --fail-on exits 3 when what it names happened (docs/cli.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "options.h"
#include "report/diff.h"
#include "model/job.h"
#include "analysis/profile_findings.h"

enum { EXIT_FAIL_ON = 3, DEFAULT_THRESHOLD_PCT = 10 };

typedef int (*diff_writer)(const oi_diff *, const oi_diff_options *, FILE *);
static const struct {
  const char *name;
  diff_writer write;
} formats[] = {
    {"text", oi_diff_write_text},
    {"json", oi_diff_write_json},
    {"html", oi_diff_write_html},
};

static void print_usage(FILE *out) {
  fputs("usage: ompt-inst diff [--format text|json|html] [--output PATH] [--top N]\n"
        "                      [--fail-on new-findings|regression[=PCT]] BEFORE AFTER\n"
        "       ompt-inst diff [options] BEFORE... -- AFTER...\n"
        "  Compares two runs (run or MPI job folders): BEFORE's findings gone, reduced\n"
        "  or still there with their predicted saving next to the achieved one, new\n"
        "  findings, construct and variable deltas, the totals (see docs/reports.md).\n"
        "  Several runs per side give times with their spread; a time change is real\n"
        "  only beyond the spread of both sides and the threshold.\n"
        "  --format F      text (default), json, or html (both runs side by side)\n"
        "  --output PATH   write there instead of standard output\n"
        "  --top N         construct rows in the text (default 20, 0 = all)\n"
        "  --fail-on new-findings   exit 3 when AFTER has a finding BEFORE has not\n"
        "  --fail-on regression[=PCT]  exit 3 when a construct or the run is slower,\n"
        "                  or more bytes move, by more than PCT% (default 10) and\n"
        "                  beyond noise; PCT is also the threshold of the report\n"
        "  exit codes: 0 ok, 1 failure reading input, 2 usage error, 3 --fail-on met\n",
        out);
}

typedef struct request {
  const char *dirs[2][OI_DIFF_MAX_RUNS];
  uint32_t count[2];
  unsigned format;
  const char *output;
  oi_diff_options options;
  bool fail_new, fail_regression;
  double threshold_pct;
} request;

static const oi_command_usage usage = {"diff", print_usage};

static int parse_fail_on(request *r, const char *value) {
  if (strcmp(value, "new-findings") == 0) {
    r->fail_new = true;
    return 0;
  }
  if (strncmp(value, "regression", 10) != 0 || (value[10] && value[10] != '='))
    return oi_usage_error(&usage, "--fail-on takes new-findings or regression[=PCT], not", value);
  r->fail_regression = true;
  if (value[10] == '=') {
    char *end;
    errno = 0;
    double pct = strtod(value + 11, &end);
    if (end == value + 11 || *end || errno || !(pct >= 0))
      return oi_usage_error(&usage, "regression=PCT needs a percentage, not", value + 11);
    r->threshold_pct = pct;
  }
  return 0;
}

/* 0 with *r filled, -1 after --help, else the usage exit code. */
static int parse(int argc, char **argv, request *r) {
  *r = (request){.threshold_pct = DEFAULT_THRESHOLD_PCT};
  oi_shared_options shared = {.top = 20};
  int side = 0;
  bool separated = false;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *value;
    int failed = oi_shared_option(&usage, argc, argv, &i, &shared);
    if (failed == 1)
      continue;
    if (failed != 0)
      return failed;
    if (strcmp(arg, "--fail-on") == 0) {
      if ((failed = oi_option_value(&usage, argc, argv, &i, &value)) != 0 ||
          (failed = parse_fail_on(r, value)) != 0)
        return failed;
    } else if (strcmp(arg, "--") == 0) {
      if (separated)
        return oi_usage_error(&usage, "a second --", NULL);
      separated = true;
      side = 1;
    } else if (arg[0] == '-' && arg[1]) {
      return oi_usage_error(&usage, "unknown option", arg);
    } else {
      if (r->count[side] == OI_DIFF_MAX_RUNS)
        return oi_usage_error(&usage, "too many runs on one side; at most 16:", arg);
      r->dirs[side][r->count[side]++] = arg;
    }
  }
  if (shared.format) {
    while (r->format < sizeof formats / sizeof *formats &&
           strcmp(shared.format, formats[r->format].name) != 0)
      r->format++;
    if (r->format == sizeof formats / sizeof *formats)
      return oi_usage_error(&usage, "unknown format", shared.format);
  }
  r->output = shared.output;
  r->options.top = shared.top;
  if (!separated) { /* BEFORE AFTER */
    if (r->count[0] != 2)
      return oi_usage_error(&usage,
                            r->count[0] < 2 ? "needs two folders, BEFORE and AFTER"
                                            : "more than two folders need -- between the sides",
                            NULL);
    r->dirs[1][0] = r->dirs[0][1];
    r->count[0] = r->count[1] = 1;
  }
  if (!r->count[0] || !r->count[1])
    return oi_usage_error(&usage, r->count[0] ? "no folder after --" : "no folder before --", NULL);
  return 0;
}

/* Each side's folders, all runs or all jobs: a job's sums against one
 * process would compare different things. */
static int load_side(const request *r, int side, oi_diff_run *runs) {
  oi_profile_options options = {.analyse = oi_profile_analyse};
  for (uint32_t i = 0; i < r->count[side]; i++) {
    const char *dir = r->dirs[side][i];
    if (oi_job_is_job_folder(dir) != oi_job_is_job_folder(r->dirs[0][0])) {
      fprintf(stderr,
              "ompt-inst: cannot compare %s, %s, with %s, %s: diff jobs with jobs and "
              "runs with runs (--rank N of report names one rank)\n",
              r->dirs[0][0], oi_job_is_job_folder(r->dirs[0][0]) ? "a job folder" : "a run folder",
              dir, oi_job_is_job_folder(dir) ? "a job folder" : "a run folder");
      return -1;
    }
    if (oi_diff_run_load(&runs[i], dir, &options) != 0)
      return -1;
  }
  return 0;
}

static int write_diff(const request *r, const oi_diff *d) {
  FILE *out = r->output ? fopen(r->output, "w") : stdout;
  if (!out) {
    fprintf(stderr, "ompt-inst: cannot write %s: %s\n", r->output, strerror(errno));
    return OI_EXIT_FAILURE;
  }
  int failed = formats[r->format].write(d, &r->options, out);
  failed |= fflush(out) != 0 || ferror(out);
  if (r->output) {
    failed |= fclose(out) != 0;
    char summary[512]; /* what a CI log shows of a diff written to a file */
    printf("ompt-inst diff: %s\n", oi_diff_summary(d, summary, sizeof summary));
  }
  if (failed) {
    fprintf(stderr, "ompt-inst: cannot write %s: %s\n", r->output ? r->output : "the diff",
            strerror(errno));
    return OI_EXIT_FAILURE;
  }
  return OI_EXIT_OK;
}

/* --fail-on: a line for the CI log naming what failed. */
static int fail_on(const request *r, const oi_diff *d) {
  bool regressed = d->slower || d->run_verdict == OI_DIFF_SLOWER || d->moved_more;
  if (r->fail_new && d->new_findings)
    fprintf(stderr, "ompt-inst diff: failed: %u new finding%s\n", d->new_findings,
            d->new_findings == 1 ? "" : "s");
  if (r->fail_regression && regressed)
    fprintf(stderr,
            "ompt-inst diff: failed: regression beyond %.4g%% and noise (%u construct%s "
            "slower%s%s)\n",
            d->threshold_pct, d->slower, d->slower == 1 ? "" : "s",
            d->run_verdict == OI_DIFF_SLOWER ? ", the run slower" : "",
            d->moved_more ? ", more bytes transferred" : "");
  return (r->fail_new && d->new_findings) || (r->fail_regression && regressed) ? EXIT_FAIL_ON
                                                                               : OI_EXIT_OK;
}

int oi_cmd_diff(int argc, char **argv) {
  request r;
  int parsed = parse(argc, argv, &r);
  if (parsed != 0)
    return parsed < 0 ? OI_EXIT_OK : parsed;
  oi_diff_run runs[2][OI_DIFF_MAX_RUNS] = {0};
  int code = OI_EXIT_FAILURE;
  if (load_side(&r, 0, runs[0]) == 0 && load_side(&r, 1, runs[1]) == 0) {
    oi_diff d;
    if (oi_diff_build(&d, runs[0], r.count[0], runs[1], r.count[1], r.threshold_pct) != 0)
      fprintf(stderr, "ompt-inst: out of memory\n");
    else if ((code = write_diff(&r, &d)) == OI_EXIT_OK)
      code = fail_on(&r, &d);
    oi_diff_free(&d);
  }
  for (int side = 0; side < 2; side++)
    for (uint32_t i = 0; i < r.count[side]; i++)
      oi_diff_run_free(&runs[side][i]);
  return code;
}
