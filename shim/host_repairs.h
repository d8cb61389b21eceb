/* What the host callbacks need to mend a runtime's mistakes (repairs.def):
 * the program's return address from the task's entry frame, the critical
 * sections' sites, and switching mutex_released off before LLVM's runtime
 * would crash in it (docs/shim.md, "Runtime repairs"). Only the abnormal
 * paths call these. */
#ifndef OMPT_INST_SHIM_HOST_REPAIRS_H
#define OMPT_INST_SHIM_HOST_REPAIRS_H

#include <omp-tools.h>
#include <stdint.h>

#include "record.h"

/* Keeps ompt_set_callback and ompt_get_task_info (tool initialization). */
void oi_host_repairs_connect(ompt_function_lookup_t lookup);

/* The return address into the program of the runtime entry the thread's
 * current task is in (its OMPT entry frame, when the runtime marks it a
 * frame pointer): 0 when there is none or it is not in the program. */
uint64_t oi_repair_entry_codeptr(void);

/* 1 when `codeptr` is NULL or in libc, the OpenMP runtime, the offload
 * runtime or this tool rather than the program (a few comparisons). */
int oi_repair_codeptr_foreign(uint64_t codeptr);

/* The site of critical section `wait_id`: where this thread, else any
 * thread, last entered it; 0 if none has. */
uint64_t oi_repair_critical_codeptr(oi_thread *t, uint64_t wait_id);
/* A critical begin at `codeptr` (its thread's last; shared only when the
 * thread enters another critical section than before). */
void oi_repair_remember_critical(oi_thread *t, uint64_t wait_id, uint64_t codeptr);

/* The thread `t` ends: if it is the runtime's first thread, later critical
 * ends would crash LLVM 19's runtime in mutex_released (docs/shim.md):
 * switch that callback off and count it. */
void oi_repair_thread_ends(oi_thread *t);
/* The process calls exit: the first thread's end then is the runtime's. */
void oi_repair_process_exits(void);
/* 1 once mutex_released is off: mutexes acquired stay held. */
int oi_repair_mutex_released_off(void);

#endif
