/* `ompt-inst`: dispatches to one subcommand per file (cmd_*.c). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "ompt-inst/config.h"

static const char usage[] =
    "usage: ompt-inst COMMAND [ARGS...]\n"
    "\n"
    "commands:\n"
    "  run [-o DIR] [--] PROG ARGS...  run PROG with the ompt-inst tool, record to DIR\n"
    "                                  (default ompt-inst-<prog>-<pid>)\n"
    "  dump [--header] DIR             print the recorded events as JSON lines\n"
    "  report DIR [--format F] [--output PATH] [--top N] [--source-dir D]\n"
    "                                  profile, data movement and findings of a run:\n"
    "                                  F = text, annotate, json, chrome or otf2\n"
    "  cc ARGS...                      compile C with clang, -fopenmp and the plugin\n"
    "  c++ ARGS...                     compile C++ likewise\n"
    "\n"
    "  -h, --help     show this help\n"
    "  --version      show the version\n"
    "\n"
    "exit codes: 0 ok, 1 failure reading input, 2 usage error, 127 program not\n"
    "runnable; `run` otherwise exits with the program's own code (128+N if it was\n"
    "killed by signal N).\n";

typedef struct command {
  const char *name;
  int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"run", oi_cmd_run},
    {"dump", oi_cmd_dump},
    {"report", oi_cmd_report},
    {"cc", oi_cmd_cc},
    {"c++", oi_cmd_cc},
};

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs(usage, stderr);
    return OI_EXIT_USAGE;
  }
  if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
      strcmp(argv[1], "help") == 0) {
    fputs(usage, stdout);
    return OI_EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0) {
    printf("ompt-inst %s (LLVM %s)\n", OMPT_INST_VERSION, OMPT_INST_LLVM_VERSION);
    return OI_EXIT_OK;
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(argv[1], commands[i].name) == 0)
      return commands[i].run(argc - 1, argv + 1);
  fprintf(stderr, "ompt-inst: unknown command '%s'\n\n%s", argv[1], usage);
  return OI_EXIT_USAGE;
}
