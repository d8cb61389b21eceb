/* The options report and diff share: options.h. */
#include "options.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

int oi_usage_error(const oi_command_usage *command, const char *message, const char *argument) {
  fprintf(stderr, "ompt-inst %s: %s%s%s\n", command->name, message, argument ? " " : "",
          argument ? argument : "");
  command->print(stderr);
  return OI_EXIT_USAGE;
}

int oi_option_value(const oi_command_usage *command, int argc, char **argv, int *i,
                    const char **value) {
  if (*i + 1 >= argc)
    return oi_usage_error(command, "missing value for", argv[*i]);
  *value = argv[++*i];
  return 0;
}

/* --top: digits only (no sign, no blank), at most UINT_MAX. */
static int parse_top(const oi_command_usage *command, const char *text, unsigned *top) {
  char *end;
  errno = 0;
  unsigned long value = strtoul(text, &end, 10);
  if (text[0] < '0' || text[0] > '9' || *end || errno || value > UINT_MAX)
    return oi_usage_error(command, "--top needs a number, not", text);
  *top = (unsigned)value;
  return 0;
}

int oi_shared_option(const oi_command_usage *command, int argc, char **argv, int *i,
                     oi_shared_options *options) {
  const char *arg = argv[*i], *value = NULL;
  if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
    command->print(stdout);
    return -1;
  }
  bool format = strcmp(arg, "--format") == 0, top = strcmp(arg, "--top") == 0,
       output = strcmp(arg, "--output") == 0 || strcmp(arg, "-o") == 0;
  if (!format && !top && !output)
    return 0;
  int failed = oi_option_value(command, argc, argv, i, &value);
  if (!failed && top)
    failed = parse_top(command, value, &options->top);
  else if (!failed && format)
    options->format = value;
  else if (!failed)
    options->output = value;
  return failed ? failed : 1;
}
