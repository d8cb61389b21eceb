/* Host OMPT callbacks of threads and teams: threads, parallel regions,
 * implicit tasks, worksharing and its dispatches, masked. Each construct
 * instance on a thread becomes one begin and one end event. */
#include "callbacks.h"
#include "ids.h"
#include "host_callbacks.h"
#include "host_repairs.h"
#include "kernel_constructs.h"
#include "ompt-inst/events.h"
#include "record.h"
#include "unify.h"

void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data) {
  (void)thread_data;
  oi_thread *t = oi_thread_self();
  if (t)
    t->thread_type = type;
  oi_event *e = oi_event_next(&t, OI_KIND_THREAD, OI_EP_BEGIN, OI_CONSTRUCT_THREAD, NULL);
  if (!e)
    return;
  OI_SET(e, THREAD, thread_type, type);
  oi_event_commit(t);
}

void on_thread_end(ompt_data_t *thread_data) {
  (void)thread_data;
  oi_thread *t = oi_thread_self();
  oi_event *e = oi_event_next(&t, OI_KIND_THREAD, OI_EP_END, OI_CONSTRUCT_THREAD, NULL);
  if (e) {
    OI_SET(e, THREAD, thread_type, t->thread_type);
    oi_event_commit(t);
  }
  if (t)
    oi_repair_thread_ends(t);
  /* Its events go out now; its memory serves the next new thread. */
  oi_thread_retire();
}

static void parallel_event(unsigned endpoint, ompt_data_t *parallel_data, unsigned team_size,
                           int flags, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  unsigned construct = (flags & ompt_parallel_league) ? OI_CONSTRUCT_TEAMS : OI_CONSTRUCT_PARALLEL;
  if (oi_kernel_region(t, endpoint, construct, parallel_data))
    return;
  if (endpoint == OI_EP_BEGIN)
    parallel_data->value = oi_new_id();
  oi_event *e = oi_event_next(&t, OI_KIND_PARALLEL, endpoint, construct, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, PARALLEL, parallel_id, ID_OF(parallel_data));
  OI_SET(e, PARALLEL, team_size, team_size);
  OI_SET(e, PARALLEL, flags, (uint32_t)flags);
  if (!e->codeptr) /* a team's own region in a league: the league's */
    e->codeptr = oi_unify_region_codeptr(
        endpoint == OI_EP_BEGIN ? t->team.league_id : OI_GET(e, PARALLEL, parallel_id));
  if (!e->codeptr && t->target.construct) /* device code run on the host */
    e->codeptr = t->target.codeptr;
  if (endpoint == OI_EP_BEGIN)
    oi_unify_remember_codeptr(OI_GET(e, PARALLEL, parallel_id),
                              (const void *)(uintptr_t)e->codeptr);
  /* the encountering thread runs the league's first team: LLVM 14 names no
   * region at that team's initial task (one team), so remember it here */
  if (flags & ompt_parallel_league)
    t->team.league_id = endpoint == OI_EP_BEGIN ? OI_GET(e, PARALLEL, parallel_id) : 0;
  uint64_t parallel_id = OI_GET(e, PARALLEL, parallel_id);
  /* a team the runtime forks on its own, at an address of its own: the
   * program's construct that caused it (its events have no other line) */
  if (endpoint == OI_EP_BEGIN && (flags & ompt_parallel_invoker_runtime) &&
      !oi_construct_top(&t->constructs) && oi_repair_codeptr_foreign(e->codeptr)) {
    uint32_t cause = oi_unify_runtime_team_site();
    if (cause) {
      oi_unify_region_site(parallel_id, cause);
      oi_repair_note(&t->repairs, OI_REPAIR_runtime_team_placed);
    }
  }
  uint32_t site = oi_unify_commit(t, e);
  if (endpoint == OI_EP_BEGIN && site)
    oi_unify_region_site(parallel_id, site);
}

void on_parallel_begin(ompt_data_t *encountering_task_data,
                       const ompt_frame_t *encountering_task_frame, ompt_data_t *parallel_data,
                       unsigned int requested_parallelism, int flags, const void *codeptr_ra) {
  (void)encountering_task_data;
  (void)encountering_task_frame;
  parallel_event(OI_EP_BEGIN, parallel_data, requested_parallelism, flags, codeptr_ra);
}

void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task_data, int flags,
                     const void *codeptr_ra) {
  (void)encountering_task_data;
  parallel_event(OI_EP_END, parallel_data, 0, flags, codeptr_ra);
}

void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                      ompt_data_t *task_data, unsigned int actual_parallelism, unsigned int index,
                      int flags) {
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
      t->team.league_id = 0;
    else if (ID_OF(parallel_data)) /* else the league begun on this thread */
      t->team.league_id = ID_OF(parallel_data);
    t->team.league_task = 0;
    if (endpoint == ompt_scope_begin && t->team.league_id && task_data) {
      task_data->value = OI_TASK_WORD(oi_new_id(), 0);
      t->team.league_task = TASK_ID_OF(task_data);
    }
    return;
  }
  if (endpoint == ompt_scope_end && t->team.league_task &&
      TASK_ID_OF(task_data) == t->team.league_task) {
    t->team.league_id = t->team.league_task = 0;
    return;
  }
  oi_implicit_frame frame = {0, ID_OF(parallel_data), actual_parallelism};
  if (endpoint == ompt_scope_begin) {
    task_data->value = OI_TASK_WORD(oi_new_id(), 0);
    frame.task_id = TASK_ID_OF(task_data);
    if (t->team.implicit_depth < OI_IMPLICIT_DEPTH)
      t->team.implicit[t->team.implicit_depth] = frame;
    t->team.implicit_depth++;
  } else if (t->team.implicit_depth > 0) {
    /* the end names neither the region nor the team size: use the begin's */
    t->team.implicit_depth--;
    if (t->team.implicit_depth < OI_IMPLICIT_DEPTH &&
        t->team.implicit[t->team.implicit_depth].task_id == TASK_ID_OF(task_data))
      frame = t->team.implicit[t->team.implicit_depth];
  }
  oi_event *e = oi_event_next(&t, OI_KIND_IMPLICIT_TASK, oi_endpoint_of(endpoint),
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

void on_work(ompt_work_t work_type, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
             ompt_data_t *task_data, uint64_t count, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, oi_endpoint_of(endpoint), work_construct(work_type)))
    return;
  /* LLVM names a code address of its own for taskloop; the taskgroup it
   * opens around the taskloop just before has the program's */
  if (t && work_type == ompt_work_taskloop && t->sync.depth > 0 && t->sync.depth <= OI_SYNC_DEPTH)
    codeptr_ra = (const void *)(uintptr_t)t->sync.frame[t->sync.depth - 1].codeptr;
  if (t && codeptr_ra)
    t->team.work_codeptr = endpoint == ompt_scope_begin ? (uintptr_t)codeptr_ra : 0;
  oi_event *e = oi_event_next(&t, OI_KIND_WORK, oi_endpoint_of(endpoint), work_construct(work_type),
                              codeptr_ra);
  if (!e)
    return;
  OI_SET(e, WORK, parallel_id, ID_OF(parallel_data));
  OI_SET(e, WORK, task_id, TASK_ID_OF(task_data));
  OI_SET(e, WORK, count, count);
  OI_SET(e, WORK, work_type, work_type);
  oi_unify_commit(t, e);
}

void on_dispatch(ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind,
                 ompt_data_t instance) {
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
    construct = kind == ompt_dispatch_taskloop_chunk     ? OI_CONSTRUCT_TASKLOOP
                : kind == ompt_dispatch_distribute_chunk ? OI_CONSTRUCT_DISTRIBUTE
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
  oi_event *e = oi_event_next(&t, OI_KIND_DISPATCH, OI_EP_NONE, construct, codeptr);
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
                     : t->team.work_codeptr;
  oi_unify_commit(t, e);
}

void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
               const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, oi_endpoint_of(endpoint), OI_CONSTRUCT_MASKED))
    return;
  oi_event *e =
      oi_event_next(&t, OI_KIND_MASKED, oi_endpoint_of(endpoint), OI_CONSTRUCT_MASKED, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, MASKED, parallel_id, ID_OF(parallel_data));
  OI_SET(e, MASKED, task_id, TASK_ID_OF(task_data));
  oi_unify_commit(t, e);
}

/* Counted like atomic (a spin-wait flushes millions of times): the hook of
 * an instrumented flush counted it already; one the runtime alone reports
 * is counted by its code address. OMPT_INST_TRACE_COUNTED=1: an event each. */
