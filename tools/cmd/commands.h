/* The subcommands of `ompt-inst`; each returns the process exit code
 * (see docs/cli.md): 0 ok, 1 failure reading input, 2 usage, 127 program not
 * runnable, else the program's own code for `run`. */
#ifndef OMPT_INST_COMMANDS_H
#define OMPT_INST_COMMANDS_H

#include <stdio.h>

enum oi_exit_code {
  OI_EXIT_OK = 0,
  OI_EXIT_FAILURE = 1,
  OI_EXIT_USAGE = 2,
  OI_EXIT_NOT_RUNNABLE = 127,
};

/* argv[0] is the subcommand name. */
int oi_cmd_run(int argc, char **argv);
int oi_cmd_dump(int argc, char **argv);
int oi_cmd_cc(int argc, char **argv);
int oi_cmd_report(int argc, char **argv);
int oi_cmd_diff(int argc, char **argv);
int oi_cmd_doctor(int argc, char **argv);
/* `ompt-inst report DIR --format summary` on stderr, in this process: the
 * summary `ompt-inst run` prints when the program has ended. */
int oi_report_exit_summary(const char *dir);
/* The report format names, in usage order, between separators. */
void oi_report_list_formats(FILE *out, const char *separator);

#endif
