/* The shim's side of the compiler hook ABI (include/ompt-inst/hooks.h). */
#ifndef OMPT_INST_SHIM_HOOK_TABLE_H
#define OMPT_INST_SHIM_HOOK_TABLE_H

#include <omp-tools.h>

#include "ompt-inst/hooks.h"

/* The table handed to instrumented code through omp_control_tool. */
const ompt_inst_hooks *oi_hook_table(void);

/* Lets the hooks ask the runtime which parallel region and implicit task
 * they run in (ompt_get_task_info, ompt_get_parallel_info). */
/* lookup NULL: a runtime without OMPT (the hooks record on their own). */
void oi_hooks_connect(ompt_function_lookup_t lookup);

/* 1 with OMPT_INST_TRACE_COUNTED=1: constructs that are otherwise counted
 * per site (or code address) and thread get an event per instance. */
int oi_hooks_trace_counted(void);

#endif
