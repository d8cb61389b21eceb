/* `ompt-inst`: dispatches to one subcommand per file (cmd_*.c). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "flavours.h"
#include "ompt-inst/config.h"

/* One row per command line form; the usage text is made from them. */
typedef struct command {
  const char *name;
  const char *synopsis; /* after the name */
  const char *summary;  /* lines after the first indented to the column */
  int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"run", "[-o DIR] [--repeat N] [--] PROG ARGS...",
     "run PROG with the ompt-inst tool, record to DIR\n"
     "(default ompt-inst-<prog>-<pid>); N times into\n"
     "DIR-1 ... DIR-N with --repeat",
     oi_cmd_run},
    {"dump", "[--header] DIR", "print the recorded events as JSON lines", oi_cmd_dump},
    {"report", "DIR [--format F] [--output PATH] [--top N] [--source-dir D] [--rank N]",
     "profile, data movement and findings of a run\n"
     "or an MPI job's folder; F is one of\n"
     "FORMATS",
     oi_cmd_report},
    {"report", "DIR --capabilities",
     "per event kind: the runtime callback's answer and\n"
     "the events from the runtime, compiler, both, inferred",
     oi_cmd_report},
    {"diff", "BEFORE AFTER [--format text|json|html] [--fail-on ...]",
     "did the fix work: BEFORE's findings gone or not,\n"
     "predicted against achieved savings, time and\n"
     "movement deltas (BEFORE... -- AFTER...: several\n"
     "runs per side)",
     oi_cmd_diff},
    {"doctor", "[PROGRAM]",
     "the offload stack PROGRAM will meet: its runtime,\n"
     "the driver, devices, its images and whether they load",
     oi_cmd_doctor},
    {"cc", "ARGS...", "compile C with clang, -fopenmp and the plugin", oi_cmd_cc},
    {"c++", "ARGS...", "compile C++ likewise", oi_cmd_cc},
    {"fc", "ARGS...",
     "compile Fortran with flang and -fopenmp\n"
     "(no plugin: the runtime's events only)",
     oi_cmd_cc},
};

enum { SUMMARY_COLUMN = 34 };

/* A summary's lines at the column; FORMATS stands for the report formats. */
static void print_summary(FILE *out, const char *summary) {
  for (const char *line = summary; *line;) {
    size_t length = strcspn(line, "\n");
    if (line != summary)
      fprintf(out, "%*s", SUMMARY_COLUMN, "");
    bool formats = length >= 7 && strncmp(line + length - 7, "FORMATS", 7) == 0;
    fprintf(out, "%.*s", (int)(length - (formats ? 7 : 0)), line);
    if (formats)
      oi_report_list_formats(out, ", ");
    fputc('\n', out);
    line += length + (line[length] == '\n');
  }
}

static void print_usage(FILE *out) {
  fputs("usage: ompt-inst COMMAND [ARGS...]\n\ncommands:\n", out);
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
    int width = fprintf(out, "  %s %s", commands[i].name, commands[i].synopsis);
    if (width + 2 > SUMMARY_COLUMN)
      fprintf(out, "\n%*s", SUMMARY_COLUMN, "");
    else
      fprintf(out, "%*s", SUMMARY_COLUMN - width, "");
    print_summary(out, commands[i].summary);
  }
  fputs("\n"
        "  -h, --help     show this help\n"
        "  --version      show the version\n"
        "\n"
        "exit codes: 0 ok, 1 failure reading input, 2 usage error, 3 `diff --fail-on`\n"
        "met, 127 program not runnable; `run` otherwise exits with the program's own\n"
        "code (128+N if it was killed by signal N).\n",
        out);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    print_usage(stderr);
    return OI_EXIT_USAGE;
  }
  if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
      strcmp(argv[1], "help") == 0) {
    print_usage(stdout);
    return OI_EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0) {
    printf("ompt-inst %s (LLVM %s)\nflavours (ompt-inst cc --clang=clang-N):\n", OMPT_INST_VERSION,
           OMPT_INST_LLVM_VERSION);
    oi_flavour_print_all(stdout);
    return OI_EXIT_OK;
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(argv[1], commands[i].name) == 0)
      return commands[i].run(argc - 1, argv + 1);
  fprintf(stderr, "ompt-inst: unknown command '%s'\n\n", argv[1]);
  print_usage(stderr);
  return OI_EXIT_USAGE;
}
