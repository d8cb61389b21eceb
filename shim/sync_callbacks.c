/* Host OMPT callbacks of synchronisation: sync regions (barriers,
 * taskwait, taskgroup) with their waits folded in as wait_ns, mutual
 * exclusion (critical, locks, ordered, atomic), flush and reductions. */
#include "callbacks.h"
#include "hook_table.h"
#include "host_callbacks.h"
#include "kernel_constructs.h"
#include "ompt-inst/events.h"
#include "record.h"
#include "unify.h"

static unsigned sync_construct(ompt_sync_region_t kind, unsigned *flags) {
  *flags = 0;
  switch (kind) {
  case ompt_sync_region_taskwait:
    return OI_CONSTRUCT_TASKWAIT;
  case ompt_sync_region_taskgroup:
    return OI_CONSTRUCT_TASKGROUP;
  case ompt_sync_region_reduction:
    return OI_CONSTRUCT_REDUCTION;
  case ompt_sync_region_barrier_implicit:
  case ompt_sync_region_barrier_implementation:
  case ompt_sync_region_barrier_implicit_workshare:
  case ompt_sync_region_barrier_implicit_parallel:
  case ompt_sync_region_barrier_teams:
    *flags = OI_FLAG_IMPLICIT;
    return OI_CONSTRUCT_BARRIER;
  case ompt_sync_region_barrier:
  case ompt_sync_region_barrier_explicit:
    return OI_CONSTRUCT_BARRIER;
  }
  return OI_CONSTRUCT_OTHER;
}

void on_sync_region(ompt_sync_region_t kind,
                           ompt_scope_endpoint_t endpoint,
                           ompt_data_t *parallel_data, ompt_data_t *task_data,
                           const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  unsigned flags;
  unsigned construct = sync_construct(kind, &flags);
  if (!t || oi_kernel_counted(t, oi_endpoint_of(endpoint), construct))
    return;
  /* Regions nest (a task run inside a barrier may wait in a taskwait). */
  uint64_t wait_ns = 0, parallel_id = ID_OF(parallel_data);
  uint64_t codeptr = (uintptr_t)codeptr_ra;
  if (!codeptr) /* workers' implicit barriers: their region's */
    codeptr = oi_unify_region_codeptr(parallel_id);
  if (endpoint == ompt_scope_begin) {
    if (t->sync_depth < OI_SYNC_DEPTH)
      t->sync[t->sync_depth] = (oi_sync_frame){0, 0, parallel_id, codeptr};
    t->sync_depth++;
  } else if (t->sync_depth > 0) {
    t->sync_depth--;
    if (t->sync_depth < OI_SYNC_DEPTH) {
      const oi_sync_frame *begin = &t->sync[t->sync_depth];
      wait_ns = begin->wait_ns;
      if (!parallel_id)
        parallel_id = begin->parallel_id;
      if (!codeptr)
        codeptr = begin->codeptr;
    }
  }
  oi_event *e = oi_event_next(&t, OI_KIND_SYNC, oi_endpoint_of(endpoint),
                              construct, (const void *)(uintptr_t)codeptr);
  if (!e)
    return;
  e->flags = (uint8_t)flags;
  OI_SET(e, SYNC, parallel_id, parallel_id);
  OI_SET(e, SYNC, task_id, TASK_ID_OF(task_data));
  OI_SET(e, SYNC, wait_ns, wait_ns);
  OI_SET(e, SYNC, sync_kind, kind);
  oi_unify_commit(t, e);
}

void on_sync_region_wait(ompt_sync_region_t kind,
                                ompt_scope_endpoint_t endpoint,
                                ompt_data_t *parallel_data,
                                ompt_data_t *task_data,
                                const void *codeptr_ra) {
  (void)kind;
  (void)parallel_data;
  (void)task_data;
  (void)codeptr_ra;
  oi_thread *t = oi_thread_self();
  /* in a kernel: its sync regions were not pushed */
  if (!t || t->kernel_depth || t->sync_depth == 0 || t->sync_depth > OI_SYNC_DEPTH)
    return;
  oi_sync_frame *frame = &t->sync[t->sync_depth - 1];
  uint64_t now = oi_now_ns();
  if (endpoint == ompt_scope_begin)
    frame->wait_begin_ns = now;
  else if (frame->wait_begin_ns)
    frame->wait_ns += now - frame->wait_begin_ns;
}

static unsigned mutex_construct(ompt_mutex_t kind) {
  switch (kind) {
  case ompt_mutex_lock:
  case ompt_mutex_test_lock:
    return OI_CONSTRUCT_LOCK;
  case ompt_mutex_nest_lock:
  case ompt_mutex_test_nest_lock:
    return OI_CONSTRUCT_NEST_LOCK;
  case ompt_mutex_critical:
    return OI_CONSTRUCT_CRITICAL;
  case ompt_mutex_atomic:
    return OI_CONSTRUCT_ATOMIC;
  case ompt_mutex_ordered:
    return OI_CONSTRUCT_ORDERED;
  }
  return OI_CONSTRUCT_OTHER;
}

void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint,
                             unsigned int impl, ompt_wait_id_t wait_id,
                             const void *codeptr_ra) {
  (void)hint;
  (void)impl;
  (void)codeptr_ra;
  oi_thread *t = oi_thread_self();
  /* counted here, at the acquire: acquired and released then pass */
  if (!t || oi_kernel_counted(t, OI_EP_BEGIN, mutex_construct(kind)))
    return;
  /* A failed test_lock leaves its entry behind: reuse it. */
  uint32_t slot = 0;
  while (slot < t->mutex_waits && t->mutex[slot].wait_id != wait_id)
    slot++;
  if (slot == t->mutex_waits) {
    if (t->mutex_waits < OI_MUTEX_WAITS)
      t->mutex_waits++;
    else
      slot = OI_MUTEX_WAITS - 1;
  }
  t->mutex[slot] = (oi_mutex_wait){wait_id, oi_now_ns()};
}

void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                              const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (!t || oi_kernel_counted(t, OI_EP_END, mutex_construct(kind)))
    return;
  /* one clock read for both the wait and the event (hot path) */
  uint64_t now = oi_now_ns(), wait_ns = 0;
  for (uint32_t i = t->mutex_waits; i-- > 0;) {
    if (t->mutex[i].wait_id == wait_id) {
      wait_ns = now - t->mutex[i].since_ns;
      t->mutex[i] = t->mutex[--t->mutex_waits];
      break;
    }
  }
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  if (t->mutex_held_count < OI_MUTEX_HELD)
    t->mutex_held[t->mutex_held_count++] =
        (oi_mutex_held){wait_id, (uintptr_t)codeptr_ra};
  oi_event *e = oi_event_next_at(&t, OI_KIND_MUTEX, OI_EP_BEGIN,
                                 mutex_construct(kind), codeptr_ra, now);
  if (!e)
    return;
  OI_SET(e, MUTEX, wait_id, wait_id);
  OI_SET(e, MUTEX, wait_ns, wait_ns);
  OI_SET(e, MUTEX, mutex_kind, kind);
  oi_unify_commit(t, e);
}

/* The codeptr_ra of the acquire of `wait_id`, forgetting it. */
static uint64_t release_held(oi_thread *t, ompt_wait_id_t wait_id) {
  for (uint32_t i = t->mutex_held_count; i-- > 0;) {
    if (t->mutex_held[i].wait_id == wait_id) {
      uint64_t codeptr = t->mutex_held[i].codeptr;
      t->mutex_held[i] = t->mutex_held[--t->mutex_held_count];
      return codeptr;
    }
  }
  return 0;
}

void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                              const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (!t || oi_kernel_counted(t, OI_EP_END, mutex_construct(kind)))
    return;
  uint64_t acquired_at = release_held(t, wait_id);
  oi_event *e = oi_event_next(&t, OI_KIND_MUTEX, OI_EP_END,
                              mutex_construct(kind), codeptr_ra);
  if (!e)
    return;
  if (!e->codeptr)
    e->codeptr = acquired_at;
  OI_SET(e, MUTEX, wait_id, wait_id);
  OI_SET(e, MUTEX, mutex_kind, kind);
  oi_unify_commit(t, e);
}

static void lock_event(unsigned kind, ompt_mutex_t mutex, unsigned hint,
                       ompt_wait_id_t wait_id, const void *codeptr_ra) {
  oi_thread *t;
  oi_event *e = oi_event_next(&t, kind, OI_EP_NONE, mutex_construct(mutex),
                              codeptr_ra);
  if (!e)
    return;
  if (kind == OI_KIND_LOCK_INIT) {
    OI_SET(e, LOCK_INIT, wait_id, wait_id);
    OI_SET(e, LOCK_INIT, hint, hint);
    OI_SET(e, LOCK_INIT, mutex_kind, mutex);
  } else {
    OI_SET(e, LOCK_DESTROY, wait_id, wait_id);
    OI_SET(e, LOCK_DESTROY, mutex_kind, mutex);
  }
  oi_unify_commit(t, e);
}

void on_lock_init(ompt_mutex_t kind, unsigned int hint,
                         unsigned int impl, ompt_wait_id_t wait_id,
                         const void *codeptr_ra) {
  (void)impl;
  lock_event(OI_KIND_LOCK_INIT, kind, hint, wait_id, codeptr_ra);
}

void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                            const void *codeptr_ra) {
  lock_event(OI_KIND_LOCK_DESTROY, kind, 0, wait_id, codeptr_ra);
}

void on_nest_lock(ompt_scope_endpoint_t endpoint,
                         ompt_wait_id_t wait_id, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, oi_endpoint_of(endpoint), OI_CONSTRUCT_NEST_LOCK))
    return;
  oi_event *e = oi_event_next(&t, OI_KIND_NEST_LOCK, oi_endpoint_of(endpoint),
                              OI_CONSTRUCT_NEST_LOCK, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, NEST_LOCK, wait_id, wait_id);
  oi_unify_commit(t, e);
}

void on_flush(ompt_data_t *thread_data, const void *codeptr_ra) {
  (void)thread_data;
  oi_thread *t = oi_thread_self();
  if (t && t->flush_counted) {
    t->flush_counted = 0;
    return;
  }
  if (t && !oi_hooks_trace_counted() &&
      atomic_load_explicit(&oi_recording, memory_order_relaxed)) {
    oi_native_count_add(t, OI_CONSTRUCT_FLUSH, (uintptr_t)codeptr_ra, 0);
    return;
  }
  oi_event *e = oi_event_next(&t, OI_KIND_FLUSH, OI_EP_NONE,
                              OI_CONSTRUCT_FLUSH, codeptr_ra);
  if (!e)
    return;
  oi_unify_commit(t, e);
}

void on_reduction(ompt_sync_region_t kind,
                         ompt_scope_endpoint_t endpoint,
                         ompt_data_t *parallel_data, ompt_data_t *task_data,
                         const void *codeptr_ra) {
  (void)kind;
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, oi_endpoint_of(endpoint), OI_CONSTRUCT_REDUCTION))
    return;
  oi_event *e = oi_event_next(&t, OI_KIND_REDUCTION, oi_endpoint_of(endpoint),
                              OI_CONSTRUCT_REDUCTION, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, REDUCTION, parallel_id, ID_OF(parallel_data));
  OI_SET(e, REDUCTION, task_id, TASK_ID_OF(task_data));
  oi_unify_commit(t, e);
}

