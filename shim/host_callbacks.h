/* The host OMPT callbacks (their table: host_callbacks.c) and what their
 * files share. */
#ifndef OMPT_INST_SHIM_HOST_CALLBACKS_H
#define OMPT_INST_SHIM_HOST_CALLBACKS_H

#include <omp-tools.h>

/* The tool's id in a parallel region's or task's word. */
#define ID_OF(data) ((data) ? (data)->value : 0)
/* atomic: another thread may be marking the task started (on_task_schedule) */
#define TASK_ID_OF(data)                                                                           \
  ((data) ? OI_TASK_ID(__atomic_load_n(&(data)->value, __ATOMIC_ACQUIRE)) : 0)

void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data);
void on_thread_end(ompt_data_t *thread_data);
void on_parallel_begin(ompt_data_t *encountering_task_data,
                       const ompt_frame_t *encountering_task_frame, ompt_data_t *parallel_data,
                       unsigned int requested_parallelism, int flags, const void *codeptr_ra);
void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task_data, int flags,
                     const void *codeptr_ra);
void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                      ompt_data_t *task_data, unsigned int actual_parallelism, unsigned int index,
                      int flags);
void on_work(ompt_work_t work_type, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
             ompt_data_t *task_data, uint64_t count, const void *codeptr_ra);
void on_dispatch(ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind,
                 ompt_data_t instance);
void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
               const void *codeptr_ra);
void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                    ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr_ra);
void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                         ompt_data_t *parallel_data, ompt_data_t *task_data,
                         const void *codeptr_ra);
void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                      ompt_wait_id_t wait_id, const void *codeptr_ra);
void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra);
void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra);
void on_lock_init(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                  const void *codeptr_ra);
void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra);
void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *codeptr_ra);
void on_flush(ompt_data_t *thread_data, const void *codeptr_ra);
void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                  ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr_ra);
void on_task_create(ompt_data_t *encountering_task_data,
                    const ompt_frame_t *encountering_task_frame, ompt_data_t *new_task_data,
                    int flags, int has_dependences, const void *codeptr_ra);
void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
                      ompt_data_t *next_task_data);
void on_dependences(ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps);
void on_task_dependence(ompt_data_t *src_task_data, ompt_data_t *sink_task_data);
void on_cancel(ompt_data_t *task_data, int flags, const void *codeptr_ra);
void on_error(ompt_severity_t severity, const char *message, size_t length, const void *codeptr_ra);

#endif
