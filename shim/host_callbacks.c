/* Host OMPT callbacks: threads, parallel regions, implicit and explicit
 * tasks, worksharing, synchronisation, mutual exclusion and the rest. Each
 * construct instance on a thread becomes one begin and one end event; waits
 * are folded into them as wait_ns. */
#include <stdatomic.h>

#include "callbacks.h"
#include "deferred_items.h"
#include "ompt-inst/events.h"
#include "hook_table.h"
#include "kernel_constructs.h"
#include "record.h"
#include "unify.h"

#define ID_OF(data) ((data) ? (data)->value : 0)
/* atomic: another thread may be marking the task started (on_task_schedule) */
#define TASK_ID_OF(data) ((data) ? __atomic_load_n(&(data)->value, __ATOMIC_ACQUIRE) >> 2 : 0)

static unsigned endpoint_of(ompt_scope_endpoint_t endpoint) {
  return endpoint == ompt_scope_begin ? OI_EP_BEGIN
         : endpoint == ompt_scope_end ? OI_EP_END
                                      : OI_EP_NONE;
}

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data) {
  (void)thread_data;
  oi_thread *t = oi_thread_self();
  if (t)
    t->thread_type = type;
  oi_event *e = oi_event_next(&t, OI_KIND_THREAD, OI_EP_BEGIN,
                              OI_CONSTRUCT_THREAD, NULL);
  if (!e)
    return;
  OI_SET(e, THREAD, thread_type, type);
  oi_event_commit(t);
}

static void on_thread_end(ompt_data_t *thread_data) {
  (void)thread_data;
  oi_thread *t = oi_thread_self();
  oi_event *e =
      oi_event_next(&t, OI_KIND_THREAD, OI_EP_END, OI_CONSTRUCT_THREAD, NULL);
  if (e) {
    OI_SET(e, THREAD, thread_type, t->thread_type);
    oi_event_commit(t);
  }
  /* Its events go out now; its memory serves the next new thread. */
  oi_thread_retire();
}

static void parallel_event(unsigned endpoint, ompt_data_t *parallel_data,
                           unsigned team_size, int flags,
                           const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  unsigned construct = (flags & ompt_parallel_league) ? OI_CONSTRUCT_TEAMS
                                                      : OI_CONSTRUCT_PARALLEL;
  if (oi_kernel_region(t, endpoint, construct, parallel_data))
    return;
  if (endpoint == OI_EP_BEGIN)
    parallel_data->value = oi_new_id();
  oi_event *e =
      oi_event_next(&t, OI_KIND_PARALLEL, endpoint, construct, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, PARALLEL, parallel_id, ID_OF(parallel_data));
  OI_SET(e, PARALLEL, team_size, team_size);
  OI_SET(e, PARALLEL, flags, (uint32_t)flags);
  if (!e->codeptr) /* a team's own region in a league: the league's */
    e->codeptr = oi_unify_region_codeptr(endpoint == OI_EP_BEGIN
                                             ? t->league_id
                                             : OI_GET(e, PARALLEL, parallel_id));
  if (!e->codeptr && t->target_construct) /* device code run on the host */
    e->codeptr = t->target_codeptr;
  if (endpoint == OI_EP_BEGIN)
    oi_unify_remember_codeptr(OI_GET(e, PARALLEL, parallel_id),
                              (const void *)(uintptr_t)e->codeptr);
  /* the encountering thread runs the league's first team: LLVM 14 names no
   * region at that team's initial task (one team), so remember it here */
  if (flags & ompt_parallel_league)
    t->league_id = endpoint == OI_EP_BEGIN ? OI_GET(e, PARALLEL, parallel_id) : 0;
  uint64_t parallel_id = OI_GET(e, PARALLEL, parallel_id);
  uint32_t site = oi_unify_commit(t, e);
  if (endpoint == OI_EP_BEGIN && site)
    oi_unify_region_site(parallel_id, site);
}

static void on_parallel_begin(ompt_data_t *encountering_task_data,
                              const ompt_frame_t *encountering_task_frame,
                              ompt_data_t *parallel_data,
                              unsigned int requested_parallelism, int flags,
                              const void *codeptr_ra) {
  (void)encountering_task_data;
  (void)encountering_task_frame;
  parallel_event(OI_EP_BEGIN, parallel_data, requested_parallelism, flags,
                 codeptr_ra);
}

static void on_parallel_end(ompt_data_t *parallel_data,
                            ompt_data_t *encountering_task_data, int flags,
                            const void *codeptr_ra) {
  (void)encountering_task_data;
  parallel_event(OI_EP_END, parallel_data, 0, flags, codeptr_ra);
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint,
                             ompt_data_t *parallel_data,
                             ompt_data_t *task_data,
                             unsigned int actual_parallelism,
                             unsigned int index, int flags) {
  oi_thread *t = oi_thread_self();
  if (!t)
    return;
  if (oi_kernel_task(t, endpoint, parallel_data, task_data, flags))
    return;
  /* The initial task (of the program or of a team of a league) is not an
   * instance of a construct; a team's names its league. LLVM ends the
   * initial task of a league's other teams on their threads later, when
   * the thread next leaves its pool, naming neither region nor team, and
   * flagged implicit if the next region's set-up came first (coverage.md):
   * the id given here tells that end from a real implicit task's. */
  if (flags & ompt_task_initial) {
    if (endpoint != ompt_scope_begin)
      t->league_id = 0;
    else if (ID_OF(parallel_data)) /* else the league begun on this thread */
      t->league_id = ID_OF(parallel_data);
    t->league_task = 0;
    if (endpoint == ompt_scope_begin && t->league_id && task_data) {
      task_data->value = oi_new_id() << 2;
      t->league_task = TASK_ID_OF(task_data);
    }
    return;
  }
  if (endpoint == ompt_scope_end && t->league_task &&
      TASK_ID_OF(task_data) == t->league_task) {
    t->league_id = t->league_task = 0;
    return;
  }
  oi_implicit_frame frame = {0, ID_OF(parallel_data), actual_parallelism};
  if (endpoint == ompt_scope_begin) {
    task_data->value = oi_new_id() << 2;
    frame.task_id = TASK_ID_OF(task_data);
    if (t->implicit_depth < OI_IMPLICIT_DEPTH)
      t->implicit[t->implicit_depth] = frame;
    t->implicit_depth++;
  } else if (t->implicit_depth > 0) {
    /* the end names neither the region nor the team size: use the begin's */
    t->implicit_depth--;
    if (t->implicit_depth < OI_IMPLICIT_DEPTH &&
        t->implicit[t->implicit_depth].task_id == TASK_ID_OF(task_data))
      frame = t->implicit[t->implicit_depth];
  }
  oi_event *e = oi_event_next(&t, OI_KIND_IMPLICIT_TASK, endpoint_of(endpoint),
                              OI_CONSTRUCT_IMPLICIT_TASK, NULL);
  if (!e)
    return;
  OI_SET(e, IMPLICIT_TASK, parallel_id, frame.parallel_id);
  OI_SET(e, IMPLICIT_TASK, team_size, frame.team_size);
  OI_SET(e, IMPLICIT_TASK, thread_num, index);
  OI_SET(e, IMPLICIT_TASK, task_id, TASK_ID_OF(task_data));
  e->codeptr = oi_unify_region_codeptr(frame.parallel_id);
  oi_unify_commit(t, e);
}

static unsigned work_construct(ompt_work_t work_type) {
  switch (work_type) {
  case ompt_work_sections:
    return OI_CONSTRUCT_SECTIONS;
  case ompt_work_single_executor:
  case ompt_work_single_other:
    return OI_CONSTRUCT_SINGLE;
  case ompt_work_workshare:
    return OI_CONSTRUCT_WORKSHARE;
  case ompt_work_distribute:
    return OI_CONSTRUCT_DISTRIBUTE;
  case ompt_work_taskloop:
    return OI_CONSTRUCT_TASKLOOP;
  case ompt_work_scope:
    return OI_CONSTRUCT_SCOPE;
  case ompt_work_loop:
  case ompt_work_loop_static:
  case ompt_work_loop_dynamic:
  case ompt_work_loop_guided:
  case ompt_work_loop_other:
    return OI_CONSTRUCT_FOR;
  }
  return OI_CONSTRUCT_OTHER;
}

static void on_work(ompt_work_t work_type, ompt_scope_endpoint_t endpoint,
                    ompt_data_t *parallel_data, ompt_data_t *task_data,
                    uint64_t count, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, endpoint_of(endpoint), work_construct(work_type)))
    return;
  /* LLVM names a code address of its own for taskloop; the taskgroup it
   * opens around the taskloop just before has the program's */
  if (t && work_type == ompt_work_taskloop && t->sync_depth > 0 &&
      t->sync_depth <= OI_SYNC_DEPTH)
    codeptr_ra = (const void *)(uintptr_t)t->sync[t->sync_depth - 1].codeptr;
  if (t && codeptr_ra)
    t->work_codeptr = endpoint == ompt_scope_begin ? (uintptr_t)codeptr_ra : 0;
  oi_event *e = oi_event_next(&t, OI_KIND_WORK, endpoint_of(endpoint),
                              work_construct(work_type), codeptr_ra);
  if (!e)
    return;
  OI_SET(e, WORK, parallel_id, ID_OF(parallel_data));
  OI_SET(e, WORK, task_id, TASK_ID_OF(task_data));
  OI_SET(e, WORK, count, count);
  OI_SET(e, WORK, work_type, work_type);
  oi_unify_commit(t, e);
}

static void on_dispatch(ompt_data_t *parallel_data, ompt_data_t *task_data,
                        ompt_dispatch_t kind, ompt_data_t instance) {
  unsigned construct = OI_CONSTRUCT_FOR;
  uint64_t start = instance.value, iterations = 1;
  const void *codeptr = NULL;
  switch (kind) {
  case ompt_dispatch_section:
    /* instance is the section's code address */
    construct = OI_CONSTRUCT_SECTION;
    codeptr = instance.ptr;
    start = 0;
    break;
  case ompt_dispatch_ws_loop_chunk:
  case ompt_dispatch_taskloop_chunk:
  case ompt_dispatch_distribute_chunk: {
    const ompt_dispatch_chunk_t *chunk = instance.ptr;
    construct = kind == ompt_dispatch_taskloop_chunk ? OI_CONSTRUCT_TASKLOOP
                : kind == ompt_dispatch_distribute_chunk
                    ? OI_CONSTRUCT_DISTRIBUTE
                    : OI_CONSTRUCT_FOR;
    start = chunk ? chunk->start : 0;
    iterations = chunk ? chunk->iterations : 0;
    break;
  }
  case ompt_dispatch_iteration:
    break;
  }
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, OI_EP_END, construct)) /* a chunk: no instance */
    return;
  oi_event *e =
      oi_event_next(&t, OI_KIND_DISPATCH, OI_EP_NONE, construct, codeptr);
  if (!e)
    return;
  OI_SET(e, DISPATCH, parallel_id, ID_OF(parallel_data));
  OI_SET(e, DISPATCH, task_id, TASK_ID_OF(task_data));
  OI_SET(e, DISPATCH, chunk_start, start);
  OI_SET(e, DISPATCH, chunk_iterations, iterations);
  if (!e->codeptr) /* a chunk of the construct in progress, or of the
                       taskloop whose task runs it */
    e->codeptr = kind == ompt_dispatch_taskloop_chunk
                     ? oi_unify_region_codeptr(TASK_ID_OF(task_data))
                     : t->work_codeptr;
  oi_unify_commit(t, e);
}

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

static void on_sync_region(ompt_sync_region_t kind,
                           ompt_scope_endpoint_t endpoint,
                           ompt_data_t *parallel_data, ompt_data_t *task_data,
                           const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  unsigned flags;
  unsigned construct = sync_construct(kind, &flags);
  if (!t || oi_kernel_counted(t, endpoint_of(endpoint), construct))
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
  oi_event *e = oi_event_next(&t, OI_KIND_SYNC, endpoint_of(endpoint),
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

static void on_sync_region_wait(ompt_sync_region_t kind,
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

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint,
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

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id,
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

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id,
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

static void on_lock_init(ompt_mutex_t kind, unsigned int hint,
                         unsigned int impl, ompt_wait_id_t wait_id,
                         const void *codeptr_ra) {
  (void)impl;
  lock_event(OI_KIND_LOCK_INIT, kind, hint, wait_id, codeptr_ra);
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                            const void *codeptr_ra) {
  lock_event(OI_KIND_LOCK_DESTROY, kind, 0, wait_id, codeptr_ra);
}

static void on_nest_lock(ompt_scope_endpoint_t endpoint,
                         ompt_wait_id_t wait_id, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, endpoint_of(endpoint), OI_CONSTRUCT_NEST_LOCK))
    return;
  oi_event *e = oi_event_next(&t, OI_KIND_NEST_LOCK, endpoint_of(endpoint),
                              OI_CONSTRUCT_NEST_LOCK, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, NEST_LOCK, wait_id, wait_id);
  oi_unify_commit(t, e);
}

static void on_task_create(ompt_data_t *encountering_task_data,
                           const ompt_frame_t *encountering_task_frame,
                           ompt_data_t *new_task_data, int flags,
                           int has_dependences, const void *codeptr_ra) {
  (void)encountering_task_frame;
  /* the task of a `taskwait depend(...)` is no construct of its own: it
   * only gives its dependences a codeptr_ra */
  if (flags & ompt_task_taskwait) {
    uint64_t id = oi_new_id();
    __atomic_store_n(&new_task_data->value, id << 2, __ATOMIC_RELEASE);
    oi_unify_remember_codeptr(id, codeptr_ra);
    return;
  }
  /* explicit tasks, and the target tasks of `target nowait` (their device
   * events find the construct's site through the task, unify.c) */
  if (!(flags & (ompt_task_explicit | ompt_task_target)))
    return;
  /* its word stays 0 in a kernel: its schedules are passed over */
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, OI_EP_NONE, OI_CONSTRUCT_TASK))
    return;
  uint64_t id = oi_new_id();
  __atomic_store_n(&new_task_data->value, id << 2 | OI_TASK_EXPLICIT, __ATOMIC_RELEASE);
  oi_unify_remember_codeptr(id, codeptr_ra);
  oi_event *e = oi_event_next(&t, OI_KIND_TASK_CREATE, OI_EP_NONE,
                              (flags & ompt_task_target) ? OI_CONSTRUCT_TARGET
                                                         : OI_CONSTRUCT_TASK,
                              codeptr_ra);
  if (!e)
    return;
  OI_SET(e, TASK_CREATE, task_id, id);
  OI_SET(e, TASK_CREATE, parent_task_id, TASK_ID_OF(encountering_task_data));
  OI_SET(e, TASK_CREATE, task_flags, (uint32_t)flags);
  OI_SET(e, TASK_CREATE, has_dependences, (uint32_t)has_dependences);
  uint32_t site = oi_unify_commit(t, e);
  if (site)
    oi_unify_region_site(id, site);
  /* a target task runs its data operations later, elsewhere: they find
   * their variables by the task (the construct's frame is popped by then) */
  oi_construct_frame *f = oi_construct_top(&t->constructs);
  if ((flags & ompt_task_target) && f && site && f->site == site && f->entry->device)
    oi_deferred_items_keep(id, t, f);
}

static void task_event(unsigned endpoint, uint64_t task_data_value,
                       ompt_task_status_t prior_status) {
  oi_thread *t;
  oi_event *e =
      oi_event_next(&t, OI_KIND_TASK, endpoint, OI_CONSTRUCT_TASK, NULL);
  if (!e)
    return;
  OI_SET(e, TASK, task_id, task_data_value >> 2);
  OI_SET(e, TASK, prior_status, prior_status);
  e->codeptr = oi_unify_region_codeptr(OI_GET(e, TASK, task_id));
  oi_unify_commit(t, e);
}

static void on_task_schedule(ompt_data_t *prior_task_data,
                             ompt_task_status_t prior_task_status,
                             ompt_data_t *next_task_data) {
  /* A task may be suspended and resumed many times: it begins when first
   * scheduled and ends when it completes. */
  /* the task's word is read and marked by whichever threads schedule it:
   * atomically (ThreadSanitizer found the plain |= racing with a read) */
  uint64_t prior = prior_task_data ? __atomic_load_n(&prior_task_data->value, __ATOMIC_ACQUIRE) : 0;
  if ((prior & OI_TASK_EXPLICIT) &&
      (prior_task_status == ompt_task_complete ||
       prior_task_status == ompt_task_cancel ||
       prior_task_status == ompt_task_detach))
    task_event(OI_EP_END, prior, prior_task_status);
  if (next_task_data &&
      (__atomic_load_n(&next_task_data->value, __ATOMIC_ACQUIRE) & OI_TASK_EXPLICIT)) {
    uint64_t before =
        __atomic_fetch_or(&next_task_data->value, OI_TASK_STARTED, __ATOMIC_ACQ_REL);
    if (!(before & OI_TASK_STARTED))
      task_event(OI_EP_BEGIN, before | OI_TASK_STARTED, prior_task_status);
  }
}

static void on_dependences(ompt_data_t *task_data,
                           const ompt_dependence_t *deps, int ndeps) {
  (void)deps;
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, OI_EP_END, OI_CONSTRUCT_TASK))
    return;
  oi_event *e = oi_event_next(&t, OI_KIND_DEPENDENCE, OI_EP_NONE,
                              OI_CONSTRUCT_TASK, NULL);
  if (!e)
    return;
  OI_SET(e, DEPENDENCE, task_id, TASK_ID_OF(task_data));
  OI_SET(e, DEPENDENCE, dep_count, (uint64_t)ndeps);
  e->codeptr = oi_unify_region_codeptr(OI_GET(e, DEPENDENCE, task_id));
  oi_unify_commit(t, e);
}

static void on_task_dependence(ompt_data_t *src_task_data,
                               ompt_data_t *sink_task_data) {
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, OI_EP_END, OI_CONSTRUCT_TASK))
    return;
  oi_event *e = oi_event_next(&t, OI_KIND_DEPENDENCE, OI_EP_NONE,
                              OI_CONSTRUCT_TASK, NULL);
  if (!e)
    return;
  OI_SET(e, DEPENDENCE, task_id, TASK_ID_OF(src_task_data));
  OI_SET(e, DEPENDENCE, sink_task_id, TASK_ID_OF(sink_task_data));
  e->codeptr = oi_unify_region_codeptr(OI_GET(e, DEPENDENCE, sink_task_id));
  oi_unify_commit(t, e);
}

static void on_masked(ompt_scope_endpoint_t endpoint,
                      ompt_data_t *parallel_data, ompt_data_t *task_data,
                      const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, endpoint_of(endpoint), OI_CONSTRUCT_MASKED))
    return;
  oi_event *e = oi_event_next(&t, OI_KIND_MASKED, endpoint_of(endpoint),
                              OI_CONSTRUCT_MASKED, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, MASKED, parallel_id, ID_OF(parallel_data));
  OI_SET(e, MASKED, task_id, TASK_ID_OF(task_data));
  oi_unify_commit(t, e);
}

/* Counted like atomic (a spin-wait flushes millions of times): the hook of
 * an instrumented flush counted it already; one the runtime alone reports
 * is counted by its code address. OMPT_INST_TRACE_COUNTED=1: an event each. */
static void on_flush(ompt_data_t *thread_data, const void *codeptr_ra) {
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

static void on_cancel(ompt_data_t *task_data, int flags,
                      const void *codeptr_ra) {
  oi_thread *t;
  oi_event *e = oi_event_next(&t, OI_KIND_CANCEL, OI_EP_NONE,
                              OI_CONSTRUCT_CANCEL, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, CANCEL, task_id, TASK_ID_OF(task_data));
  OI_SET(e, CANCEL, cancel_flags, (uint32_t)flags);
  oi_unify_commit(t, e);
}

static void on_reduction(ompt_sync_region_t kind,
                         ompt_scope_endpoint_t endpoint,
                         ompt_data_t *parallel_data, ompt_data_t *task_data,
                         const void *codeptr_ra) {
  (void)kind;
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, endpoint_of(endpoint), OI_CONSTRUCT_REDUCTION))
    return;
  oi_event *e = oi_event_next(&t, OI_KIND_REDUCTION, endpoint_of(endpoint),
                              OI_CONSTRUCT_REDUCTION, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, REDUCTION, parallel_id, ID_OF(parallel_data));
  OI_SET(e, REDUCTION, task_id, TASK_ID_OF(task_data));
  oi_unify_commit(t, e);
}

static void on_error(ompt_severity_t severity, const char *message,
                     size_t length, const void *codeptr_ra) {
  (void)message;
  (void)length;
  oi_thread *t;
  oi_event *e = oi_event_next(&t, OI_KIND_ERROR, OI_EP_NONE,
                              OI_CONSTRUCT_ERROR, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, ERROR, severity, severity);
  uint32_t site = oi_unify_commit(t, e);
  /* the frame error_point pushed, which the event merged with */
  const oi_construct_frame *f = oi_construct_top(&t->constructs);
  if (site && f && f->site == site && f->entry->construct == OI_CONSTRUCT_ERROR)
    oi_construct_pop(&t->constructs, site);
}

const oi_callback_entry oi_host_callbacks[] = {
    OI_HOST_CALLBACKS(OI_CALLBACK_ENTRY)};
const size_t oi_host_callback_count =
    sizeof oi_host_callbacks / sizeof oi_host_callbacks[0];
const oi_callback_entry oi_error_callback[] = {
    OI_ERROR_CALLBACKS(OI_CALLBACK_ENTRY)};
