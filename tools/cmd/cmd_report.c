/* `ompt-inst report DIR [--format F] [--output PATH] [--top N]
 * [--source-dir D]`: reads the run once into the report model, then writes
 * one format. Output goes to a temporary name next to PATH and is renamed
 * only when complete, so a failed report never leaves a partial file. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd_capabilities.h"
#include "commands.h"
#include "options.h"
#include "model/job.h"
#include "analysis/profile_findings.h"
#include "model/summary_events.h"
#include "report/writers.h"

enum format {
#define FORMAT_ENUM(id, name, kind, timeline, what) FORMAT_##id,
  OI_REPORT_FORMATS(FORMAT_ENUM)
#undef FORMAT_ENUM
      FORMAT_COUNT
};

typedef int (*stream_writer)(const oi_profile *, const oi_report_options *, FILE *);
typedef int (*archive_writer)(const oi_profile *, const oi_report_options *, const char *);
#define WRITERS_STREAM(name) oi_write_##name, NULL, NULL
#define WRITERS_ARCHIVE(name) NULL, oi_write_##name, oi_##name##_error
static const struct format_row {
  const char *name;
  stream_writer stream;               /* NULL for an archive */
  archive_writer archive;             /* NULL for a stream */
  const char *(*archive_error)(void); /* why archive failed */
  bool timeline;
  const char *what;
} formats[] = {
#define FORMAT_ROW(id, name, kind, timeline, what) {#name, WRITERS_##kind(name), timeline, what},
    OI_REPORT_FORMATS(FORMAT_ROW)
#undef FORMAT_ROW
};

void oi_report_list_formats(FILE *out, const char *separator) {
  for (unsigned f = 0; f < FORMAT_COUNT; f++)
    fprintf(out, "%s%s", f ? separator : "", formats[f].name);
}

/* The usage text, its format list from the rows of formats.def. */
static void print_usage(FILE *out) {
  fputs("usage: ompt-inst report DIR [--format ", out);
  oi_report_list_formats(out, "|");
  fputs("]\n"
        "                            [--output PATH] [--top N] [--source-dir D] [--rank N]\n"
        "  Reports on the run folder DIR (see docs/reports.md), or on every rank of\n"
        "  an MPI job's folder merged (see docs/mpi.md).\n"
        "  --format F      one of:\n",
        out);
  for (unsigned f = 0; f < FORMAT_COUNT; f++)
    fprintf(out, "    %-10s   %s\n", formats[f].name, formats[f].what);
  fputs("  --output PATH   write there instead of standard output (otf2: the archive\n"
        "                  folder to create)\n"
        "  --top N         rows per table in the text report (default 10, 0 = all)\n"
        "  --source-dir D  annotate, html: look for sources not found where they were\n"
        "                  compiled in D, by relative path or base name\n"
        "  --rank N        a job folder: report rank N alone\n"
        "       ompt-inst report DIR --capabilities\n"
        "  Per event kind: the runtime callback's answer and how many events came\n"
        "  from the runtime, the compiler, both (merged) or were inferred.\n",
        out);
}

typedef struct request {
  const char *dir, *output, *rank;
  enum format format;
  oi_report_options options;
  FILE *stream; /* without --output: standard output, or the exit summary's stderr */
} request;

static const oi_command_usage usage = {"report", print_usage};

/* 0 with *r filled, -1 after --help, else the usage exit code. */
static int parse(int argc, char **argv, request *r) {
  *r = (request){.format = FORMAT_TEXT, .stream = stdout};
  oi_shared_options shared = {.top = 10};
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    int failed = oi_shared_option(&usage, argc, argv, &i, &shared);
    if (failed == 1)
      continue;
    if (failed != 0)
      return failed;
    if (strcmp(arg, "--rank") == 0) {
      if ((failed = oi_option_value(&usage, argc, argv, &i, &r->rank)) != 0)
        return failed;
      if (strspn(r->rank, "0123456789") != strlen(r->rank) || !r->rank[0])
        return oi_usage_error(&usage, "--rank needs a rank number, not", r->rank);
    } else if (strcmp(arg, "--source-dir") == 0) {
      if ((failed = oi_option_value(&usage, argc, argv, &i, &r->options.source_dir)) != 0)
        return failed;
    } else if (arg[0] == '-' || r->dir) {
      return oi_usage_error(&usage, "unexpected argument", arg);
    } else {
      r->dir = arg;
    }
  }
  if (shared.format) {
    size_t f = 0;
    while (f < FORMAT_COUNT && strcmp(shared.format, formats[f].name) != 0)
      f++;
    if (f == FORMAT_COUNT)
      return oi_usage_error(&usage, "unknown format", shared.format);
    r->format = (enum format)f;
  }
  r->output = shared.output;
  r->options.top = shared.top;
  if (!r->dir)
    return oi_usage_error(&usage, "missing run folder", NULL);
  if (formats[r->format].archive && !r->output) {
    fprintf(stderr, "ompt-inst report: --format %s needs --output PATH (the archive folder)\n",
            formats[r->format].name);
    print_usage(stderr);
    return OI_EXIT_USAGE;
  }
  r->options.run_dir = r->dir;
  return 0;
}

/* PATH.tmp-<pid>: beside PATH, so rename() is atomic. */
static char *temporary_name(const char *path) {
  size_t size = strlen(path) + 32;
  char *name = malloc(size);
  if (name)
    snprintf(name, size, "%s.tmp-%ld", path, (long)getpid());
  return name;
}

static int write_stream(const request *r, const oi_profile *p) {
  stream_writer writer = formats[r->format].stream;
  if (!r->output) {
    int failed = writer(p, &r->options, r->stream);
    if (fflush(r->stream) != 0 || ferror(r->stream)) {
      fprintf(stderr, "ompt-inst: error writing the report: %s\n", strerror(errno));
      return OI_EXIT_FAILURE;
    }
    return failed ? OI_EXIT_FAILURE : OI_EXIT_OK;
  }
  char *temporary = temporary_name(r->output);
  FILE *out = temporary ? fopen(temporary, "w") : NULL;
  if (!out) {
    fprintf(stderr, "ompt-inst: cannot write %s: %s\n", r->output, strerror(errno));
    free(temporary);
    return OI_EXIT_FAILURE;
  }
  int failed = writer(p, &r->options, out);
  failed |= ferror(out);
  int saved_errno = errno;
  if (fclose(out) != 0) {
    failed = 1;
    saved_errno = errno;
  }
  if (!failed && rename(temporary, r->output) != 0) {
    failed = 1;
    saved_errno = errno;
  }
  if (failed) {
    fprintf(stderr, "ompt-inst: cannot write %s: %s\n", r->output, strerror(saved_errno));
    unlink(temporary);
  }
  free(temporary);
  return failed ? OI_EXIT_FAILURE : OI_EXIT_OK;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw) {
  (void)st;
  (void)ftw;
  return type == FTW_DP ? rmdir(path) : unlink(path);
}

/* Removes a half-written archive folder. */
static void remove_tree(const char *path) { nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS); }

/* The folder that would hold `path` must exist: libotf2 would create it. */
static bool parent_exists(const char *path) {
  char parent[4096];
  snprintf(parent, sizeof parent, "%s", path);
  char *slash = strrchr(parent, '/');
  if (!slash)
    return true;
  if (slash == parent)
    slash[1] = '\0';
  else
    *slash = '\0';
  struct stat st;
  if (stat(parent, &st) != 0)
    return false;
  if (!S_ISDIR(st.st_mode)) {
    errno = ENOTDIR;
    return false;
  }
  return true;
}

static int write_archive(const request *r, const oi_profile *p) {
  struct stat st;
  if (!parent_exists(r->output)) {
    fprintf(stderr, "ompt-inst: cannot write %s: %s\n", r->output, strerror(errno));
    return OI_EXIT_FAILURE;
  }
  if (stat(r->output, &st) == 0) {
    fprintf(stderr, "ompt-inst: cannot write %s: it exists already (remove it first)\n", r->output);
    return OI_EXIT_FAILURE;
  }
  char *temporary = temporary_name(r->output);
  if (!temporary) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return OI_EXIT_FAILURE;
  }
  int code = OI_EXIT_OK;
  if (formats[r->format].archive(p, &r->options, temporary) != 0) {
    fprintf(stderr, "ompt-inst: cannot write %s: %s\n", r->output,
            formats[r->format].archive_error());
    remove_tree(temporary);
    code = OI_EXIT_FAILURE;
  } else if (rename(temporary, r->output) != 0) {
    fprintf(stderr, "ompt-inst: cannot write %s: %s\n", r->output, strerror(errno));
    remove_tree(temporary);
    code = OI_EXIT_FAILURE;
  }
  free(temporary);
  return code;
}

static oi_profile_options profile_options(const request *r) {
  return (oi_profile_options){.timeline = formats[r->format].timeline,
                              .progress = r->format != FORMAT_SUMMARY && isatty(STDERR_FILENO),
                              .analyse = oi_profile_analyse};
}

/* A job folder: every rank merged into one model, then the same writers. */
static int report_job(const request *r) {
  oi_profile job;
  oi_profile_options options = profile_options(r);
  int code = OI_EXIT_FAILURE;
  if (oi_job_build(&job, r->dir, &options) == 0)
    code = formats[r->format].archive ? write_archive(r, &job) : write_stream(r, &job);
  oi_profile_free(&job);
  return code;
}

/* One run's folder (or one rank's): its trace read into one model, then
 * the writer of the request's format. */
static int report_run(const request *r) {
  oi_trace_reader *trace = malloc(sizeof *trace);
  if (!trace) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return OI_EXIT_FAILURE;
  }
  int code = OI_EXIT_FAILURE;
  enum oi_reader_status status = oi_reader_open(trace, r->dir);
  /* a page says at its top that the trace is damaged; other formats would
   * pass for a whole report */
  bool up_to_damage = r->format == FORMAT_HTML && status == OI_READER_DAMAGED;
  if (status != OI_READER_OK && !up_to_damage) {
    /* a damaged trace must not pass for a whole one: refuse to report */
    fprintf(stderr, "ompt-inst: %s\n", trace->error);
  } else {
    oi_profile profile;
    oi_profile_options options = profile_options(r);
    options.up_to_damage = up_to_damage;
    /* the exit summary models only what it prints (summary_events.h) */
    oi_summary_events summary;
    bool summary_only = r->format == FORMAT_SUMMARY && !getenv("OMPT_INST_SUMMARY_FULL") &&
                        oi_summary_events_attach(&summary, trace);
    if (oi_profile_build(&profile, trace, &options) == 0) {
      if (summary_only)
        oi_summary_events_apply(&summary, &profile);
      if (r->format != FORMAT_SUMMARY)
        oi_reader_print_notes(trace, stderr);
      if (!trace->complete)
        fprintf(stderr,
                "ompt-inst: warning: %s: no end record, the trace is incomplete "
                "(the program did not finish normally); reporting its %llu events\n",
                trace->path, (unsigned long long)trace->events_in_file);
      code = formats[r->format].archive ? write_archive(r, &profile) : write_stream(r, &profile);
    }
    oi_profile_free(&profile);
  }
  oi_reader_close(trace);
  free(trace);
  return code;
}

int oi_cmd_report(int argc, char **argv) {
  for (int i = 1; i < argc; i++) /* a listing of its own (capabilities.c) */
    if (strcmp(argv[i], "--capabilities") == 0)
      return oi_cmd_capabilities(argc, argv);
  request r;
  int parsed = parse(argc, argv, &r);
  if (parsed != 0)
    return parsed < 0 ? OI_EXIT_OK : parsed;
  char rank_dir[4096];
  if (r.rank) {
    snprintf(rank_dir, sizeof rank_dir, "%s/rank-%s", r.dir, r.rank);
    r.dir = rank_dir;
    r.options.run_dir = rank_dir;
  } else if (oi_job_is_job_folder(r.dir)) {
    return report_job(&r);
  }
  return report_run(&r);
}

int oi_report_exit_summary(const char *dir) {
  char *argv[] = {"report", (char *)dir, "--format", "summary", NULL};
  request r;
  if (parse(4, argv, &r) != 0)
    return OI_EXIT_FAILURE;
  r.stream = stderr;
  return report_run(&r);
}
