/* The options `ompt-inst report` and `ompt-inst diff` share, parsed in one
 * place: --help, --format, --output (-o), --top, and the form of a usage
 * error. Each command keeps its own options and its own format table. */
#ifndef OMPT_INST_CMD_OPTIONS_H
#define OMPT_INST_CMD_OPTIONS_H

#include <stdio.h>

typedef struct oi_command_usage {
  const char *name; /* "report": messages read "ompt-inst report: ..." */
  void (*print)(FILE *out);
} oi_command_usage;

typedef struct oi_shared_options {
  const char *format; /* as given; NULL: the command's default */
  const char *output; /* NULL: standard output */
  unsigned top;       /* the caller presets its default */
} oi_shared_options;

/* "ompt-inst NAME: MESSAGE [ARGUMENT]" and the usage on stderr; returns
 * the usage exit code. */
int oi_usage_error(const oi_command_usage *command, const char *message, const char *argument);

/* argv[*i + 1] as the value of the option argv[*i] (*i advanced): 0, or
 * the usage exit code when it is the last argument. */
int oi_option_value(const oi_command_usage *command, int argc, char **argv, int *i,
                    const char **value);

/* argv[*i] as a shared option: 1 when it is one (its value taken, *i
 * advanced), 0 when it is not, -1 after --help (the usage printed), else
 * the usage exit code. */
int oi_shared_option(const oi_command_usage *command, int argc, char **argv, int *i,
                     oi_shared_options *options);

#endif
