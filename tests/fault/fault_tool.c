/* A fault-injecting runtime for tests (issue 39): an OMPT tool that loads
 * the real one (OMPT_INST_FAULT_TOOL, libompt-inst.so), hands it the
 * runtime's entry points, and wraps every callback it registers, so that
 * the callbacks reach it dropped, duplicated, swapped, delayed, with a
 * garbled codeptr_ra, or a copy's end before the copy landed, as
 * OMPT_INST_FAULTS says (fault_plan.c). Callbacks with no fault named pass
 * through unchanged; so do the ones no fault can apply to (control_tool,
 * whose answer instrumented code needs, and the device callbacks). Only for
 * tests: never installed. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fault_plan.h"

#define EVENTS 64
static ompt_callback_t real[EVENTS];    /* the real tool's callbacks */
static ompt_callback_t wrapper[EVENTS]; /* ours, where one is written */
static ompt_set_callback_t runtime_set_callback;
static ompt_function_lookup_t runtime_lookup;
static ompt_start_tool_result_t *real_tool;

#define A(value) {.u = (uint64_t)(value)}
#define P(value) {.p = (const void *)(value)}
/* WRAP(event, type, detail, endpoint, codeptr slot, (call args), (params),
 * args to keep...) defines the wrapper of ompt_callback_<event> and its
 * delivery; WRAP_EMI names an _emi callback without the suffix. */
#define WRAP(event, ...) WRAP_NAMED(event, #event, __VA_ARGS__)
#define WRAP_EMI(base, ...) WRAP_NAMED(base##_emi, #base, __VA_ARGS__)
#define WRAP_NAMED(event, name, sig, detail, endpoint, slot, call, params, ...)  \
  static void deliver_##event(const fault_call *c) {                           \
    ((sig)real[ompt_callback_##event]) call;                                  \
  }                                                                            \
  static void wrap_##event params {                                            \
    fault_call c = {ompt_callback_##event, name, detail, endpoint, slot,       \
                    deliver_##event, {__VA_ARGS__}};                           \
    fault_dispatch(&c);                                                        \
  }                                                                            \
  static const sig checked_##event __attribute__((unused)) = wrap_##event;

#define U(i) c->a[i].u
#define Q(type, i) ((type)c->a[i].p)

WRAP(thread_begin, ompt_callback_thread_begin_t, NULL, 0, -1,
     ((ompt_thread_t)U(0), Q(ompt_data_t *, 1)),
     (ompt_thread_t type, ompt_data_t *thread), A(type), P(thread))
WRAP(thread_end, ompt_callback_thread_end_t, NULL, 0, -1, (Q(ompt_data_t *, 0)),
     (ompt_data_t *thread), P(thread))
WRAP(parallel_begin, ompt_callback_parallel_begin_t, NULL, ompt_scope_begin, 5,
     (Q(ompt_data_t *, 0), Q(const ompt_frame_t *, 1), Q(ompt_data_t *, 2), (unsigned)U(3),
      (int)U(4), Q(const void *, 5)),
     (ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel, unsigned int
      requested, int flags, const void *ra),
     P(task), P(frame), P(parallel), A(requested), A(flags), P(ra))
WRAP(parallel_end, ompt_callback_parallel_end_t, NULL, ompt_scope_end, 3,
     (Q(ompt_data_t *, 0), Q(ompt_data_t *, 1), (int)U(2), Q(const void *, 3)),
     (ompt_data_t *parallel, ompt_data_t *task, int flags, const void *ra), P(parallel), P(task),
     A(flags), P(ra))
WRAP(implicit_task, ompt_callback_implicit_task_t, NULL, (int)endpoint, -1,
     ((ompt_scope_endpoint_t)U(0), Q(ompt_data_t *, 1), Q(ompt_data_t *, 2), (unsigned)U(3),
      (unsigned)U(4), (int)U(5)),
     (ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
      unsigned int actual, unsigned int index, int flags),
     A(endpoint), P(parallel), P(task), A(actual), A(index), A(flags))
WRAP(work, ompt_callback_work_t, NULL, (int)endpoint, 5,
     ((ompt_work_t)U(0), (ompt_scope_endpoint_t)U(1), Q(ompt_data_t *, 2), Q(ompt_data_t *, 3),
      U(4), Q(const void *, 5)),
     (ompt_work_t type, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
      ompt_data_t *task, uint64_t count, const void *ra),
     A(type), A(endpoint), P(parallel), P(task), A(count), P(ra))
WRAP(dispatch, ompt_callback_dispatch_t, NULL, 0, -1,
     (Q(ompt_data_t *, 0), Q(ompt_data_t *, 1), (ompt_dispatch_t)U(2),
      (ompt_data_t){.value = U(3)}),
     (ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind, ompt_data_t instance),
     P(parallel), P(task), A(kind), A(instance.value))

#define SYNC_REGION(event)                                                     \
  WRAP(event, ompt_callback_sync_region_t, NULL, (int)endpoint, 4,             \
       ((ompt_sync_region_t)U(0), (ompt_scope_endpoint_t)U(1), Q(ompt_data_t *, 2), \
        Q(ompt_data_t *, 3), Q(const void *, 4)),                              \
       (ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, \
        ompt_data_t *task, const void *ra),                                    \
       A(kind), A(endpoint), P(parallel), P(task), P(ra))
SYNC_REGION(sync_region)
SYNC_REGION(sync_region_wait)
SYNC_REGION(reduction)

#define MUTEX_ACQUIRE(event)                                                   \
  WRAP(event, ompt_callback_mutex_acquire_t, NULL, 0, 4,                       \
       ((ompt_mutex_t)U(0), (unsigned)U(1), (unsigned)U(2), U(3), Q(const void *, 4)), \
       (ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t id,  \
        const void *ra),                                                       \
       A(kind), A(hint), A(impl), A(id), P(ra))
MUTEX_ACQUIRE(mutex_acquire)
MUTEX_ACQUIRE(lock_init)

#define MUTEX(event, endpoint)                                                 \
  WRAP(event, ompt_callback_mutex_t, NULL, endpoint, 2,                        \
       ((ompt_mutex_t)U(0), U(1), Q(const void *, 2)),                         \
       (ompt_mutex_t kind, ompt_wait_id_t id, const void *ra), A(kind), A(id), P(ra))
MUTEX(mutex_acquired, ompt_scope_begin)
MUTEX(mutex_released, ompt_scope_end)
MUTEX(lock_destroy, 0)

WRAP(nest_lock, ompt_callback_nest_lock_t, NULL, (int)endpoint, 2,
     ((ompt_scope_endpoint_t)U(0), U(1), Q(const void *, 2)),
     (ompt_scope_endpoint_t endpoint, ompt_wait_id_t id, const void *ra), A(endpoint), A(id),
     P(ra))
WRAP(task_create, ompt_callback_task_create_t, NULL, 0, 5,
     (Q(ompt_data_t *, 0), Q(const ompt_frame_t *, 1), Q(ompt_data_t *, 2), (int)U(3),
      (int)U(4), Q(const void *, 5)),
     (ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *new_task, int flags,
      int has_dependences, const void *ra),
     P(task), P(frame), P(new_task), A(flags), A(has_dependences), P(ra))
WRAP(task_schedule, ompt_callback_task_schedule_t, NULL, 0, -1,
     (Q(ompt_data_t *, 0), (ompt_task_status_t)U(1), Q(ompt_data_t *, 2)),
     (ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next), P(prior), A(status),
     P(next))
WRAP(dependences, ompt_callback_dependences_t, NULL, 0, -1,
     (Q(ompt_data_t *, 0), Q(const ompt_dependence_t *, 1), (int)U(2)),
     (ompt_data_t *task, const ompt_dependence_t *deps, int count), P(task), P(deps), A(count))
WRAP(task_dependence, ompt_callback_task_dependence_t, NULL, 0, -1,
     (Q(ompt_data_t *, 0), Q(ompt_data_t *, 1)), (ompt_data_t *source, ompt_data_t *sink),
     P(source), P(sink))
WRAP(masked, ompt_callback_masked_t, NULL, (int)endpoint, 3,
     ((ompt_scope_endpoint_t)U(0), Q(ompt_data_t *, 1), Q(ompt_data_t *, 2), Q(const void *, 3)),
     (ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task, const void *ra),
     A(endpoint), P(parallel), P(task), P(ra))
WRAP(flush, ompt_callback_flush_t, NULL, 0, 1, (Q(ompt_data_t *, 0), Q(const void *, 1)),
     (ompt_data_t *thread, const void *ra), P(thread), P(ra))
WRAP(cancel, ompt_callback_cancel_t, NULL, 0, 2,
     (Q(ompt_data_t *, 0), (int)U(1), Q(const void *, 2)),
     (ompt_data_t *task, int flags, const void *ra), P(task), A(flags), P(ra))

static const char *target_detail(ompt_target_t kind) {
  switch ((int)kind & 0xf) { /* the nowait variants are kind | 0x100 */
  case ompt_target_enter_data: return "target_enter_data";
  case ompt_target_exit_data: return "target_exit_data";
  case ompt_target_update: return "target_update";
  default: return NULL;
  }
}

WRAP_EMI(target, ompt_callback_target_emi_t, target_detail(kind), (int)endpoint, 6,
     ((ompt_target_t)U(0), (ompt_scope_endpoint_t)U(1), (int)U(2), Q(ompt_data_t *, 3),
      Q(ompt_data_t *, 4), Q(ompt_data_t *, 5), Q(const void *, 6)),
     (ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device, ompt_data_t *task,
      ompt_data_t *target_task, ompt_data_t *target, const void *ra),
     A(kind), A(endpoint), A(device), P(task), P(target_task), P(target), P(ra))
WRAP_EMI(target_submit, ompt_callback_target_submit_emi_t, NULL, (int)endpoint, -1,
     ((ompt_scope_endpoint_t)U(0), Q(ompt_data_t *, 1), Q(ompt_id_t *, 2), (unsigned)U(3)),
     (ompt_scope_endpoint_t endpoint, ompt_data_t *target, ompt_id_t *host_op,
      unsigned int teams),
     A(endpoint), P(target), P(host_op), A(teams))

static const char *data_op_detail(ompt_target_data_op_t optype) {
  switch ((int)optype & ~16) { /* the async variants are op | 16 */
  case ompt_target_data_transfer_to_device: return "data_op_to_device";
  case ompt_target_data_transfer_from_device: return "data_op_from_device";
  default: return NULL;
  }
}

WRAP_EMI(target_data_op, ompt_callback_target_data_op_emi_t, data_op_detail(optype),
     (int)endpoint, 10,
     ((ompt_scope_endpoint_t)U(0), Q(ompt_data_t *, 1), Q(ompt_data_t *, 2),
      Q(ompt_id_t *, 3), (ompt_target_data_op_t)U(4), Q(void *, 5), (int)U(6), Q(void *, 7),
      (int)U(8), (size_t)U(9), Q(const void *, 10)),
     (ompt_scope_endpoint_t endpoint, ompt_data_t *target_task, ompt_data_t *target,
      ompt_id_t *host_op, ompt_target_data_op_t optype, void *src, int src_device, void *dest,
      int dest_device, size_t bytes, const void *ra),
     A(endpoint), P(target_task), P(target), P(host_op), A(optype), P(src), A(src_device),
     P(dest), A(dest_device), A(bytes), P(ra))
WRAP_EMI(target_map, ompt_callback_target_map_emi_t, NULL, 0, 6,
     (Q(ompt_data_t *, 0), (unsigned)U(1), Q(void **, 2), Q(void **, 3), Q(size_t *, 4),
      Q(unsigned int *, 5), Q(const void *, 6)),
     (ompt_data_t *target, unsigned int count, void **host, void **device, size_t *bytes,
      unsigned int *flags, const void *ra),
     P(target), A(count), P(host), P(device), P(bytes), P(flags), P(ra))

#define ENTRY(event) wrapper[ompt_callback_##event] = (ompt_callback_t)wrap_##event
static void list_wrappers(void) {
  ENTRY(thread_begin); ENTRY(thread_end); ENTRY(parallel_begin); ENTRY(parallel_end);
  ENTRY(implicit_task); ENTRY(work); ENTRY(dispatch); ENTRY(sync_region);
  ENTRY(sync_region_wait); ENTRY(reduction); ENTRY(mutex_acquire); ENTRY(lock_init);
  ENTRY(mutex_acquired); ENTRY(mutex_released); ENTRY(lock_destroy); ENTRY(nest_lock);
  ENTRY(task_create); ENTRY(task_schedule); ENTRY(dependences); ENTRY(task_dependence);
  ENTRY(masked); ENTRY(flush); ENTRY(cancel); ENTRY(target_emi); ENTRY(target_submit_emi);
  ENTRY(target_data_op_emi); ENTRY(target_map_emi);
}

static ompt_set_result_t fault_set_callback(ompt_callbacks_t event, ompt_callback_t callback) {
  if (event <= 0 || event >= EVENTS || !wrapper[event] || !callback)
    return runtime_set_callback(event, callback);
  real[event] = callback;
  return runtime_set_callback(event, wrapper[event]);
}

static ompt_interface_fn_t fault_lookup(const char *name) {
  if (strcmp(name, "ompt_set_callback") == 0) {
    runtime_set_callback = (ompt_set_callback_t)runtime_lookup(name);
    return runtime_set_callback ? (ompt_interface_fn_t)fault_set_callback : NULL;
  }
  return runtime_lookup(name);
}

static int fault_initialize(ompt_function_lookup_t lookup, int initial_device,
                            ompt_data_t *tool_data) {
  (void)tool_data;
  runtime_lookup = lookup;
  return real_tool->initialize(fault_lookup, initial_device, &real_tool->tool_data);
}

static void fault_finalize(ompt_data_t *tool_data) {
  (void)tool_data;
  real_tool->finalize(&real_tool->tool_data);
}

__attribute__((destructor)) static void report_faults(void) {
  if (real_tool)
    fault_plan_report();
}

__attribute__((visibility("default"))) ompt_start_tool_result_t *
ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  static ompt_start_tool_result_t result = {fault_initialize, fault_finalize, {0}};
  const char *path = getenv("OMPT_INST_FAULT_TOOL");
  if (real_tool || !path) /* preloaded and named in OMP_TOOL_LIBRARIES */
    return NULL;
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  typedef ompt_start_tool_result_t *(*start_tool_fn)(unsigned int, const char *);
  start_tool_fn start = library ? (start_tool_fn)dlsym(library, "ompt_start_tool") : NULL;
  if (!start) {
    fprintf(stderr, "fault tool: cannot load the tool %s: %s\n", path, dlerror());
    return NULL;
  }
  if (fault_plan_read(getenv("OMPT_INST_FAULTS")) != 0)
    exit(2);
  list_wrappers();
  real_tool = start(omp_version, runtime_version);
  return real_tool ? &result : NULL;
}
