/* A do-nothing OMPT tool that registers the same callbacks as the shim:
 * the baseline for the shim's recording cost (bench/record_cost.sh). With
 * OMPT_INST_RECORD=data, as the shim then, the device callbacks only. */
#include <omp-tools.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static void ignore(void) {}
static int ignore_control(uint64_t command, uint64_t modifier, void *arg,
                          const void *codeptr_ra) {
  (void)command;
  (void)modifier;
  (void)arg;
  (void)codeptr_ra;
  return 0;
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num,
                      ompt_data_t *tool_data) {
  (void)initial_device_num;
  (void)tool_data;
  ompt_set_callback_t set_callback =
      (ompt_set_callback_t)lookup("ompt_set_callback");
  /* every callback the shim asks for (shim/host_callbacks.c,
   * shim/device_callbacks.c, shim/tool.c) */
  static const ompt_callbacks_t host_events[] = {
      ompt_callback_thread_begin,      ompt_callback_thread_end,
      ompt_callback_parallel_begin,    ompt_callback_parallel_end,
      ompt_callback_implicit_task,     ompt_callback_work,
      ompt_callback_dispatch,          ompt_callback_sync_region,
      ompt_callback_sync_region_wait,  ompt_callback_mutex_acquire,
      ompt_callback_mutex_acquired,    ompt_callback_mutex_released,
      ompt_callback_lock_init,         ompt_callback_lock_destroy,
      ompt_callback_nest_lock,         ompt_callback_task_create,
      ompt_callback_task_schedule,     ompt_callback_dependences,
      ompt_callback_task_dependence,   ompt_callback_masked,
      ompt_callback_flush,             ompt_callback_cancel,
      ompt_callback_reduction,         ompt_callback_error,
  };
  static const ompt_callbacks_t device_events[] = {
      ompt_callback_device_initialize, ompt_callback_device_finalize,
      ompt_callback_device_load,       ompt_callback_device_unload,
      ompt_callback_target_emi,        ompt_callback_target_data_op_emi,
      ompt_callback_target_submit_emi, ompt_callback_target_map_emi,
  };
  const char *record = getenv("OMPT_INST_RECORD");
  int data_only = record && strcmp(record, "data") == 0;
  for (size_t i = 0; !data_only && i < sizeof host_events / sizeof host_events[0]; i++)
    set_callback(host_events[i], (ompt_callback_t)ignore);
  for (size_t i = 0; i < sizeof device_events / sizeof device_events[0]; i++)
    set_callback(device_events[i], (ompt_callback_t)ignore);
  set_callback(ompt_callback_control_tool, (ompt_callback_t)ignore_control);
  return 1;
}

static void finalize(ompt_data_t *tool_data) { (void)tool_data; }

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                          const char *runtime_version) {
  (void)omp_version;
  (void)runtime_version;
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  return &result;
}
