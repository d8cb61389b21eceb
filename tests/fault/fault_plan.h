/* The faults the test interposer injects (fault_tool.c), read from
 * OMPT_INST_FAULTS, and the calls they apply to. */
#ifndef OI_FAULT_PLAN_H
#define OI_FAULT_PLAN_H

#include <stdint.h>

#include <omp-tools.h>

/* One callback as the runtime made it, its arguments kept so that it can be
 * delivered later (swap), twice (dup) or altered (garble). */
typedef union {
  uint64_t u;
  int64_t i;
  const void *p;
} fault_arg;

typedef struct fault_call fault_call;
struct fault_call {
  ompt_callbacks_t event;
  const char *name;   /* "sync_region", "target_data_op": the event without _emi */
  const char *detail; /* a finer name ("target_enter_data", "data_op_from_device"), or NULL */
  int endpoint;       /* ompt_scope_begin or ompt_scope_end, 0: none */
  int codeptr_slot;   /* index of codeptr_ra in a[], -1: none */
  void (*deliver)(const fault_call *call);
  fault_arg a[11];
};

/* Reads OMPT_INST_FAULTS; 0, or -1 (after a message) for a malformed one. */
int fault_plan_read(const char *spec);

/* Delivers `call` to the real tool with the faults that apply to it. */
void fault_dispatch(fault_call *call);

/* One line per fault: what it is and how often it was injected (to
 * OMPT_INST_FAULTS_LOG, else stderr). */
void fault_plan_report(void);

#endif
