/* How a companion library (the MPI and offload interposers) finds the
 * shim's hook table: through the OpenMP runtime, looked up rather than
 * linked (an MPI program need not use OpenMP), as instrumented code does
 * (hooks.h). Not for the plugin's injected code, which must not need
 * <dlfcn.h>. Needs _GNU_SOURCE (RTLD_DEFAULT) before any system header. */
#ifndef OMPT_INST_FIND_SHIM_H
#define OMPT_INST_FIND_SHIM_H

#include <dlfcn.h>
#include <stddef.h>

#include "ompt-inst/hooks.h"

/* The table, NULL when no ompt-inst shim is the OpenMP tool. */
static inline const ompt_inst_hooks *ompt_inst_find_hooks(void) {
  int (*control_tool)(int, int, void *) =
      (int (*)(int, int, void *))dlsym(RTLD_DEFAULT, "omp_control_tool");
  int (*num_procs)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_num_procs");
  const ompt_inst_hooks *table = NULL;
  if (control_tool && num_procs) {
    num_procs(); /* lets the runtime start its tool first */
    control_tool(OMPT_INST_CONTROL_COMMAND, OMPT_INST_HOOK_ABI, &table);
  }
  return table;
}

/* Whether the shim's table is new enough to hold `member`. */
#define OMPT_INST_HOOKS_HAVE(table, member)                                                        \
  ((table)->size >= offsetof(ompt_inst_hooks, member) + sizeof(table)->member)

#endif
