/* OMPT_INST_DISABLE_NATIVE: groups of native callbacks the shim leaves
 * unregistered, to emulate a runtime that lacks them. */
#ifndef OMPT_INST_SHIM_NATIVE_GROUPS_H
#define OMPT_INST_SHIM_NATIVE_GROUPS_H

#include <stddef.h>

enum oi_native_group {
  OI_NATIVE_HOST = 1,   /* every host callback except control_tool */
  OI_NATIVE_TARGET = 2, /* every device callback */
};

/* Parse a comma list of host, target, all. Returns the groups; the first
 * unknown item, if any, is copied to `unknown` (else it is left empty). */
unsigned oi_parse_native_groups(const char *list, char *unknown, size_t unknown_size);

#endif
