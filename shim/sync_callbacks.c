/* Host OMPT callbacks of synchronisation: sync regions (barriers,
 * taskwait, taskgroup) with their waits folded in as wait_ns, mutual
 * exclusion (critical, locks, ordered, atomic), flush and reductions. */
#include "callbacks.h"
#include "hook_table.h"
#include "host_repairs.h"
#include "host_callbacks.h"
#include "kernel_constructs.h"
#include "ompt-inst/events.h"
#include "construct_counts.h"
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

/* A sync region's begin that names no address in the program. Workers'
 * implicit barriers take their region's (the runtime names none); any other
 * the program's return address from the runtime entry it is in
 * (repairs.def: codeptr_recovered), else its region's. */
static uint64_t sync_begin_codeptr(oi_thread *t, unsigned flags, uint64_t parallel_id) {
  uint64_t codeptr = (flags & OI_FLAG_IMPLICIT) ? oi_unify_region_codeptr(parallel_id) : 0;
  if (!oi_repair_codeptr_foreign(codeptr))
    return codeptr;
  codeptr = oi_repair_entry_codeptr();
  if (codeptr) {
    oi_repair_note(&t->repairs, OI_REPAIR_codeptr_recovered);
    return codeptr;
  }
  return oi_unify_region_codeptr(parallel_id);
}

static void sync_event(oi_thread *t, unsigned endpoint, unsigned construct, unsigned flags,
                       uint64_t codeptr, uint64_t parallel_id, const void *task_data,
                       uint64_t wait_ns, ompt_sync_region_t kind, int repaired) {
  oi_event *e =
      oi_event_next(&t, OI_KIND_SYNC, endpoint, construct, (const void *)(uintptr_t)codeptr);
  if (!e)
    return;
  e->flags = (uint8_t)(flags | (repaired ? OI_FLAG_REPAIRED : 0));
  OI_SET(e, SYNC, parallel_id, parallel_id);
  OI_SET(e, SYNC, task_id, TASK_ID_OF((ompt_data_t *)task_data));
  OI_SET(e, SYNC, wait_ns, wait_ns);
  OI_SET(e, SYNC, sync_kind, kind);
  oi_unify_commit(t, e);
}

/* What pairs a begin and its end: the construct, implicit or not (the
 * runtime may name another task at a worker's implicit barrier's end than
 * at its begin, and runtimes differ in the kinds of implicit barriers). */
static uint32_t sync_key(unsigned construct, unsigned flags) { return construct | flags << 8; }

/* An end whose begin is not the thread's open region: a duplicate of the
 * end just recorded (dropped: 1), or an end without its begin, given one
 * now (0). */
static int sync_end_unmatched(oi_thread *t, ompt_sync_region_t kind, unsigned construct,
                              unsigned flags, uint64_t codeptr, uint64_t parallel_id,
                              const void *task_data) {
  if (t->sync.depth < OI_SYNC_DEPTH) {
    const oi_sync_frame *last = &t->sync.frame[t->sync.depth];
    if (last->end_count && last->sync_key == sync_key(construct, flags) &&
        last->end_count == atomic_load_explicit(&t->count, memory_order_relaxed)) {
      oi_repair_note(&t->repairs, OI_REPAIR_duplicate_callbacks);
      return 1;
    }
  }
  /* a worker's implicit barrier ends without its region: its task's */
  if (!parallel_id && t->team.implicit_depth && t->team.implicit_depth <= OI_IMPLICIT_DEPTH)
    parallel_id = t->team.implicit[t->team.implicit_depth - 1].parallel_id;
  if (oi_repair_codeptr_foreign(codeptr))
    codeptr = sync_begin_codeptr(t, flags, parallel_id);
  oi_repair_note(&t->repairs, OI_REPAIR_sync_begin_missing);
  sync_event(t, OI_EP_BEGIN, construct, flags, codeptr, parallel_id, task_data, 0, kind, 1);
  if (t->sync.depth < OI_SYNC_DEPTH)
    t->sync.frame[t->sync.depth] =
        (oi_sync_frame){0, 0, parallel_id, codeptr, sync_key(construct, flags), 0};
  t->sync.depth++;
  return 0;
}

void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                    ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  unsigned flags;
  unsigned construct = sync_construct(kind, &flags);
  if (!t || oi_kernel_counted(t, oi_endpoint_of(endpoint), construct))
    return;
  /* Regions nest (a task run inside a barrier may wait in a taskwait). */
  uint64_t wait_ns = 0, parallel_id = ID_OF(parallel_data);
  uint64_t codeptr = (uintptr_t)codeptr_ra;
  if (endpoint == ompt_scope_begin) {
    if (oi_repair_codeptr_foreign(codeptr))
      codeptr = sync_begin_codeptr(t, flags, parallel_id);
    if (t->sync.depth < OI_SYNC_DEPTH)
      t->sync.frame[t->sync.depth] =
          (oi_sync_frame){0, 0, parallel_id, codeptr, sync_key(construct, flags), 0};
    t->sync.depth++;
  } else {
    if ((t->sync.depth == 0 ||
         (t->sync.depth <= OI_SYNC_DEPTH &&
          t->sync.frame[t->sync.depth - 1].sync_key != sync_key(construct, flags))) &&
        sync_end_unmatched(t, kind, construct, flags, codeptr, parallel_id, task_data))
      return;
    t->sync.depth--;
    if (t->sync.depth < OI_SYNC_DEPTH) {
      const oi_sync_frame *begin = &t->sync.frame[t->sync.depth];
      wait_ns = begin->wait_ns;
      if (!parallel_id)
        parallel_id = begin->parallel_id;
      /* an end takes its begin's site */
      codeptr = begin->codeptr ? begin->codeptr : codeptr;
    }
  }
  sync_event(t, oi_endpoint_of(endpoint), construct, flags, codeptr, parallel_id, task_data,
             wait_ns, kind, 0);
  if (endpoint != ompt_scope_begin && t->sync.depth < OI_SYNC_DEPTH)
    t->sync.frame[t->sync.depth].end_count = atomic_load_explicit(&t->count, memory_order_relaxed);
}

void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                         ompt_data_t *parallel_data, ompt_data_t *task_data,
                         const void *codeptr_ra) {
  (void)kind;
  (void)parallel_data;
  (void)task_data;
  (void)codeptr_ra;
  oi_thread *t = oi_thread_self();
  /* in a kernel: its sync regions were not pushed */
  if (!t || t->counts.kernel_depth || t->sync.depth == 0 || t->sync.depth > OI_SYNC_DEPTH)
    return;
  oi_sync_frame *frame = &t->sync.frame[t->sync.depth - 1];
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

void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                      ompt_wait_id_t wait_id, const void *codeptr_ra) {
  (void)hint;
  (void)impl;
  (void)codeptr_ra;
  oi_thread *t = oi_thread_self();
  /* counted here, at the acquire: acquired and released then pass */
  if (!t || oi_kernel_counted(t, OI_EP_BEGIN, mutex_construct(kind)))
    return;
  t->sync.late_acquired_wait_id = 0; /* a new acquisition: no late one pending */
  /* A failed test_lock leaves its entry behind: reuse it. */
  uint32_t slot = 0;
  while (slot < t->sync.mutex_waits && t->sync.mutex[slot].wait_id != wait_id)
    slot++;
  if (slot == t->sync.mutex_waits) {
    if (t->sync.mutex_waits < OI_MUTEX_WAITS)
      t->sync.mutex_waits++;
    else
      slot = OI_MUTEX_WAITS - 1;
  }
  t->sync.mutex[slot] = (oi_mutex_wait){wait_id, oi_now_ns()};
}

/* The wait for `wait_id` since its acquire (0 if none), forgetting it. */
static uint64_t end_wait(oi_thread *t, ompt_wait_id_t wait_id, uint64_t now) {
  for (uint32_t i = t->sync.mutex_waits; i-- > 0;) {
    if (t->sync.mutex[i].wait_id == wait_id) {
      uint64_t wait_ns = now - t->sync.mutex[i].since_ns;
      t->sync.mutex[i] = t->sync.mutex[--t->sync.mutex_waits];
      return wait_ns;
    }
  }
  return 0;
}

static int held(const oi_thread *t, ompt_wait_id_t wait_id) {
  for (uint32_t i = t->sync.mutex_held_count; i-- > 0;)
    if (t->sync.mutex_held[i].wait_id == wait_id)
      return 1;
  return 0;
}

static void mutex_begin(oi_thread *t, ompt_mutex_t kind, ompt_wait_id_t wait_id, uint64_t codeptr,
                        uint64_t wait_ns, uint64_t now, int repaired) {
  oi_event *e = oi_event_next_at(&t, OI_KIND_MUTEX, OI_EP_BEGIN, mutex_construct(kind),
                                 (const void *)(uintptr_t)codeptr, now);
  if (!e)
    return;
  if (repaired)
    e->flags = OI_FLAG_REPAIRED;
  OI_SET(e, MUTEX, wait_id, wait_id);
  OI_SET(e, MUTEX, wait_ns, wait_ns);
  OI_SET(e, MUTEX, mutex_kind, kind);
  oi_unify_commit(t, e);
}

void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (!t || oi_kernel_counted(t, OI_EP_END, mutex_construct(kind)))
    return;
  /* one clock read for both the wait and the event (hot path) */
  uint64_t now = oi_now_ns(), wait_ns = end_wait(t, wait_id, now);
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  uint64_t codeptr = (uintptr_t)codeptr_ra;
  if (t->sync.mutex_held_count && held(t, wait_id) && !oi_repair_mutex_released_off()) {
    /* no thread holds a lock or critical section twice */
    oi_repair_note(&t->repairs, OI_REPAIR_duplicate_callbacks);
    return;
  }
  if (kind == ompt_mutex_critical) {
    if (t->sync.late_acquired_wait_id == wait_id) {
      /* delivered after its end, which was given this begin already */
      t->sync.late_acquired_wait_id = 0;
      oi_repair_remember_critical(t, wait_id, codeptr);
      return;
    }
    if (codeptr != t->sync.last_critical_codeptr && oi_repair_codeptr_foreign(codeptr)) {
      /* none, or the runtime's own (LLVM's when the first thread's
       * address was taken by another thread: docs/shim.md) */
      uint64_t reused = oi_repair_critical_codeptr(t, wait_id);
      if (reused) {
        codeptr = reused;
        oi_repair_note(&t->repairs, OI_REPAIR_critical_codeptr_reused);
      }
    } else {
      oi_repair_remember_critical(t, wait_id, codeptr);
    }
  }
  if (t->sync.mutex_held_count < OI_MUTEX_HELD && !oi_repair_mutex_released_off())
    t->sync.mutex_held[t->sync.mutex_held_count++] = (oi_mutex_held){wait_id, codeptr};
  mutex_begin(t, kind, wait_id, codeptr, wait_ns, now, 0);
}

/* The codeptr_ra of the acquire of `wait_id`, forgetting it; 0 if not held. */
static uint64_t release_held(oi_thread *t, ompt_wait_id_t wait_id, int *found) {
  for (uint32_t i = t->sync.mutex_held_count; i-- > 0;) {
    if (t->sync.mutex_held[i].wait_id == wait_id) {
      uint64_t codeptr = t->sync.mutex_held[i].codeptr;
      t->sync.mutex_held[i] = t->sync.mutex_held[--t->sync.mutex_held_count];
      *found = 1;
      return codeptr;
    }
  }
  *found = 0;
  return 0;
}

/* The site of a critical end. LLVM's runtime names another thread's
 * return address (docs/shim.md): the begin's is the end's. Without a
 * begin, one is made at the end (its acquired, if it comes late, is
 * that begin). */
static uint64_t critical_end_codeptr(oi_thread *t, ompt_wait_id_t wait_id, uint64_t reported) {
  int found;
  uint64_t begin = release_held(t, wait_id, &found);
  if (found) {
    if (begin && begin != reported)
      oi_repair_note(&t->repairs, OI_REPAIR_critical_end_moved);
    return begin ? begin : reported;
  }
  uint64_t codeptr = oi_repair_critical_codeptr(t, wait_id);
  if (!codeptr && !oi_repair_codeptr_foreign(reported))
    codeptr = reported;
  uint64_t now = oi_now_ns();
  oi_repair_note(&t->repairs, OI_REPAIR_mutex_begin_missing);
  mutex_begin(t, ompt_mutex_critical, wait_id, codeptr, end_wait(t, wait_id, now), now, 1);
  t->sync.late_acquired_wait_id = wait_id;
  return codeptr;
}

void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (!t || oi_kernel_counted(t, OI_EP_END, mutex_construct(kind)))
    return;
  uint64_t codeptr = (uintptr_t)codeptr_ra;
  if (kind == ompt_mutex_critical) {
    codeptr = critical_end_codeptr(t, wait_id, codeptr);
  } else {
    int found;
    uint64_t acquired_at = release_held(t, wait_id, &found);
    if (!found)
      oi_repair_note(&t->repairs, OI_REPAIR_mutex_end_without_begin);
    if (!codeptr) /* a lock's release is legitimately elsewhere: kept if named */
      codeptr = acquired_at;
  }
  oi_event *e = oi_event_next(&t, OI_KIND_MUTEX, OI_EP_END, mutex_construct(kind),
                              (const void *)(uintptr_t)codeptr);
  if (!e)
    return;
  OI_SET(e, MUTEX, wait_id, wait_id);
  OI_SET(e, MUTEX, mutex_kind, kind);
  oi_unify_commit(t, e);
}

static void lock_event(unsigned kind, ompt_mutex_t mutex, unsigned hint, ompt_wait_id_t wait_id,
                       const void *codeptr_ra) {
  oi_thread *t;
  oi_event *e = oi_event_next(&t, kind, OI_EP_NONE, mutex_construct(mutex), codeptr_ra);
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

void on_lock_init(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                  const void *codeptr_ra) {
  (void)impl;
  lock_event(OI_KIND_LOCK_INIT, kind, hint, wait_id, codeptr_ra);
}

void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra) {
  lock_event(OI_KIND_LOCK_DESTROY, kind, 0, wait_id, codeptr_ra);
}

void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *codeptr_ra) {
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
  if (t && t->sync.flush_counted) {
    t->sync.flush_counted = 0;
    return;
  }
  if (t && !oi_hooks_trace_counted() && atomic_load_explicit(&oi_recording, memory_order_relaxed)) {
    oi_native_count_add(t, OI_CONSTRUCT_FLUSH, (uintptr_t)codeptr_ra, 0);
    return;
  }
  oi_event *e = oi_event_next(&t, OI_KIND_FLUSH, OI_EP_NONE, OI_CONSTRUCT_FLUSH, codeptr_ra);
  if (!e)
    return;
  oi_unify_commit(t, e);
}

void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                  ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr_ra) {
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
