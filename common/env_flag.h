/* Yes-or-no settings from the environment. */
#ifndef OMPT_INST_COMMON_ENV_FLAG_H
#define OMPT_INST_COMMON_ENV_FLAG_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* `name` is set to anything but "" or "0" (OMPT_INST_QUIET=1, =yes, ...). */
static inline bool oi_env_flag(const char *name) {
  const char *value = getenv(name);
  return value && *value && strcmp(value, "0") != 0;
}

#endif
