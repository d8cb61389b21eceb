/* `ompt-inst report DIR [--format F] [--output PATH] [--top N]
 * [--source-dir D]`: reads the run once into the report model, then writes
 * one format. Output goes to a temporary name next to PATH and is renamed
 * only when complete, so a failed report never leaves a partial file. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capabilities.h"
#include "commands.h"
#include "job.h"
#include "writers.h"

static const char report_usage[] =
    "usage: ompt-inst report DIR [--format text|annotate|json|html|chrome|otf2|summary]\n"
    "                            [--output PATH] [--top N] [--source-dir D] [--rank N]\n"
    "  Reports on the run folder DIR (see docs/reports.md), or on every rank of\n"
    "  an MPI job's folder merged (see docs/mpi.md).\n"
    "  --format F      text (default): profile per construct, data movement per\n"
    "                  variable, findings; annotate: source listing with counts;\n"
    "                  json: everything as one JSON document; html: one page to\n"
    "                  open in a browser (also for a damaged trace, saying so);\n"
    "                  chrome: Chrome/Perfetto\n"
    "                  trace; otf2: OTF2 archive (needs --output); summary: the\n"
    "                  lines printed when a program ends under the shim\n"
    "  --output PATH   write there instead of standard output (otf2: the archive\n"
    "                  folder to create)\n"
    "  --top N         rows per table in the text report (default 10, 0 = all)\n"
    "  --source-dir D  annotate, html: look for sources not found where they were\n"
    "                  compiled in D, by relative path or base name\n"
    "  --rank N        a job folder: report rank N alone\n"
    "       ompt-inst report DIR --capabilities\n"
    "  Per event kind: the runtime callback's answer and how many events came\n"
    "  from the runtime, the compiler, both (merged) or were inferred.\n";

enum format {
  FORMAT_TEXT, FORMAT_ANNOTATE, FORMAT_JSON, FORMAT_CHROME, FORMAT_OTF2, FORMAT_SUMMARY,
  FORMAT_HTML
};

static const char *const format_names[] = {"text", "annotate", "json", "chrome",
                                           "otf2", "summary",  "html"};

typedef int (*stream_writer)(const oi_profile *, const oi_report_options *, FILE *);
static const stream_writer stream_writers[] = {oi_write_text,   oi_write_annotate,
                                               oi_write_json,   oi_write_chrome,
                                               NULL,            oi_write_summary,
                                               oi_write_html};

typedef struct request {
  const char *dir, *output, *rank;
  enum format format;
  oi_report_options options;
} request;

static int usage_error(const char *message, const char *argument) {
  fprintf(stderr, "ompt-inst report: %s%s%s\n%s", message, argument ? " " : "",
          argument ? argument : "", report_usage);
  return OI_EXIT_USAGE;
}

/* 0 with *r filled, -1 after --help, else the usage exit code. */
static int parse(int argc, char **argv, request *r) {
  *r = (request){.format = FORMAT_TEXT, .options.top = 10};
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    bool takes_value = strcmp(arg, "--format") == 0 || strcmp(arg, "--output") == 0 ||
                       strcmp(arg, "-o") == 0 || strcmp(arg, "--top") == 0 ||
                       strcmp(arg, "--source-dir") == 0 || strcmp(arg, "--rank") == 0;
    if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
      fputs(report_usage, stdout);
      return -1;
    }
    if (takes_value && i + 1 == argc)
      return usage_error("missing value for", arg);
    if (strcmp(arg, "--format") == 0) {
      const char *name = argv[++i];
      size_t f = 0;
      while (f < sizeof format_names / sizeof *format_names && strcmp(name, format_names[f]) != 0)
        f++;
      if (f == sizeof format_names / sizeof *format_names)
        return usage_error("unknown format", name);
      r->format = (enum format)f;
    } else if (strcmp(arg, "--output") == 0 || strcmp(arg, "-o") == 0) {
      r->output = argv[++i];
    } else if (strcmp(arg, "--top") == 0) {
      char *end;
      errno = 0;
      unsigned long top = strtoul(argv[++i], &end, 10);
      if (*end || end == argv[i] || errno || top > UINT_MAX || argv[i][0] == '-')
        return usage_error("--top needs a number, not", argv[i]);
      r->options.top = (unsigned)top;
    } else if (strcmp(arg, "--rank") == 0) {
      r->rank = argv[++i];
      if (strspn(r->rank, "0123456789") != strlen(r->rank) || !r->rank[0])
        return usage_error("--rank needs a rank number, not", r->rank);
    } else if (strcmp(arg, "--source-dir") == 0) {
      r->options.source_dir = argv[++i];
    } else if (arg[0] == '-' || r->dir) {
      return usage_error("unexpected argument", arg);
    } else {
      r->dir = arg;
    }
  }
  if (!r->dir)
    return usage_error("missing run folder", NULL);
  if (r->format == FORMAT_OTF2 && !r->output)
    return usage_error("--format otf2 needs --output PATH (the archive folder)", NULL);
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
  stream_writer writer = stream_writers[r->format];
  if (!r->output) {
    int failed = writer(p, &r->options, stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) {
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

static int remove_entry(const char *path, const struct stat *st, int type,
                        struct FTW *ftw) {
  (void)st;
  (void)ftw;
  return type == FTW_DP ? rmdir(path) : unlink(path);
}

/* Removes a half-written archive folder. */
static void remove_tree(const char *path) {
  nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

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
    fprintf(stderr, "ompt-inst: cannot write %s: it exists already (remove it first)\n",
            r->output);
    return OI_EXIT_FAILURE;
  }
  char *temporary = temporary_name(r->output);
  if (!temporary) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return OI_EXIT_FAILURE;
  }
  int code = OI_EXIT_OK;
  if (oi_write_otf2(p, &r->options, temporary) != 0) {
    fprintf(stderr, "ompt-inst: cannot write %s: %s\n", r->output, oi_otf2_error());
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
  return (oi_profile_options){
      .timeline = r->format == FORMAT_CHROME || r->format == FORMAT_OTF2 ||
                  r->format == FORMAT_HTML,
      .progress = r->format != FORMAT_SUMMARY && isatty(STDERR_FILENO)};
}

/* A job folder: every rank merged into one model, then the same writers. */
static int report_job(const request *r) {
  oi_profile job;
  oi_profile_options options = profile_options(r);
  int code = OI_EXIT_FAILURE;
  if (oi_job_build(&job, r->dir, &options) == 0)
    code = r->format == FORMAT_OTF2 ? write_archive(r, &job) : write_stream(r, &job);
  oi_profile_free(&job);
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
  oi_trace_reader *trace = malloc(sizeof *trace);
  if (!trace) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return OI_EXIT_FAILURE;
  }
  int code = OI_EXIT_FAILURE;
  enum oi_reader_status status = oi_reader_open(trace, r.dir);
  /* a page says at its top that the trace is damaged; other formats would
   * pass for a whole report */
  bool up_to_damage = r.format == FORMAT_HTML && status == OI_READER_DAMAGED;
  if (status != OI_READER_OK && !up_to_damage) {
    /* a damaged trace must not pass for a whole one: refuse to report */
    fprintf(stderr, "ompt-inst: %s\n", trace->error);
  } else {
    oi_profile profile;
    oi_profile_options options = profile_options(&r);
    options.up_to_damage = up_to_damage;
    if (oi_profile_build(&profile, trace, &options) == 0) {
      if (r.format != FORMAT_SUMMARY)
        oi_reader_print_notes(trace, stderr);
      if (!trace->complete)
        fprintf(stderr, "ompt-inst: warning: %s: no end record, the trace is incomplete "
                        "(the program did not finish normally); reporting its %llu events\n",
                trace->path, (unsigned long long)trace->events_in_file);
      code = r.format == FORMAT_OTF2 ? write_archive(&r, &profile) : write_stream(&r, &profile);
    }
    oi_profile_free(&profile);
  }
  oi_reader_close(trace);
  free(trace);
  return code;
}
