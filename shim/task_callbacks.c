/* Host OMPT callbacks of explicit tasks and what happens to them:
 * creation, scheduling (a task begins when first scheduled and ends when it
 * completes), dependences, cancellation, and the error directive. */
#include "callbacks.h"
#include "ids.h"
#include "deferred_items.h"
#include "host_callbacks.h"
#include "kernel_constructs.h"
#include "ompt-inst/events.h"
#include "record.h"
#include "unify.h"
#include "shared_writes.h"

void on_task_create(ompt_data_t *encountering_task_data,
                    const ompt_frame_t *encountering_task_frame, ompt_data_t *new_task_data,
                    int flags, int has_dependences, const void *codeptr_ra) {
  (void)encountering_task_frame;
  /* the task of a `taskwait depend(...)` is no construct of its own: it
   * only gives its dependences a codeptr_ra */
  if (flags & ompt_task_taskwait) {
    uint64_t id = oi_new_id();
    __atomic_store_n(&new_task_data->value, OI_TASK_WORD(id, 0), __ATOMIC_RELEASE);
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
  __atomic_store_n(
      &new_task_data->value,
      OI_TASK_WORD(id, OI_TASK_EXPLICIT | ((flags & ompt_task_untied) ? OI_TASK_UNTIED : 0)),
      __ATOMIC_RELEASE);
  oi_unify_remember_codeptr(id, codeptr_ra);
  oi_event *e = oi_event_next(&t, OI_KIND_TASK_CREATE, OI_EP_NONE,
                              (flags & ompt_task_target) ? OI_CONSTRUCT_TARGET : OI_CONSTRUCT_TASK,
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
  oi_event *e = oi_event_next(&t, OI_KIND_TASK, endpoint, OI_CONSTRUCT_TASK, NULL);
  if (!e)
    return;
  OI_SET(e, TASK, task_id, OI_TASK_ID(task_data_value));
  OI_SET(e, TASK, prior_status, prior_status);
  e->codeptr = oi_unify_region_codeptr(OI_GET(e, TASK, task_id));
  oi_unify_commit(t, e);
}

void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
                      ompt_data_t *next_task_data) {
  /* A task may be suspended and resumed many times: it begins when first
   * scheduled and ends when it completes. */
  /* the task's word is read and marked by whichever threads schedule it:
   * atomically (ThreadSanitizer found the plain |= racing with a read) */
  uint64_t prior = prior_task_data ? __atomic_load_n(&prior_task_data->value, __ATOMIC_ACQUIRE) : 0;
  /* a completed task's copies back have landed, a deferred target
   * region's included (landing_hashes.h) */
  oi_thread *t = oi_tls_thread;
  if (t && t->landing.count && prior_task_status == ompt_task_complete)
    oi_landing_hash(&t->landing, t->event);
  if ((prior & OI_TASK_EXPLICIT) &&
      (prior_task_status == ompt_task_complete || prior_task_status == ompt_task_cancel ||
       prior_task_status == ompt_task_detach))
    task_event(OI_EP_END, prior, prior_task_status);
  else if ((prior & OI_TASK_EXPLICIT) && !(prior & OI_TASK_UNTIED) &&
           (prior_task_status == ompt_task_switch || prior_task_status == ompt_task_yield) &&
           !(t && oi_suspended_push(&t->suspended,
                                    OI_TASK_ID(prior)))) { /* it resumes here; with no room to say
                                                              so, its word says it (rare) */
    OI_SHARED_WRITE();
    __atomic_fetch_or(&prior_task_data->value, OI_TASK_STARTED, __ATOMIC_ACQ_REL);
  }
  uint64_t next = next_task_data ? __atomic_load_n(&next_task_data->value, __ATOMIC_ACQUIRE) : 0;
  if (!(next & OI_TASK_EXPLICIT))
    return;
  if (next & OI_TASK_UNTIED) { /* it may resume on any thread: its word says */
    OI_SHARED_WRITE();
    uint64_t before = __atomic_fetch_or(&next_task_data->value, OI_TASK_STARTED, __ATOMIC_ACQ_REL);
    if (!(before & OI_TASK_STARTED))
      task_event(OI_EP_BEGIN, before | OI_TASK_STARTED, prior_task_status);
  } else if (!(next & OI_TASK_STARTED) &&
             !(t && oi_suspended_take(&t->suspended, OI_TASK_ID(next)))) {
    /* a tied task resumes on the thread it began on, which suspended it:
     * not there, it begins (no write to the task's shared word) */
    task_event(OI_EP_BEGIN, next, prior_task_status);
  }
}

/* A task's dependences (sink 0, their count), or one dependence between
 * two tasks; at the code address of the task that has them (`placed_by`). */
static void dependence_event(uint64_t task_id, uint64_t sink_task_id, uint64_t dep_count,
                             uint64_t placed_by) {
  oi_thread *t = oi_thread_self();
  if (oi_kernel_counted(t, OI_EP_END, OI_CONSTRUCT_TASK))
    return;
  oi_event *e = oi_event_next(&t, OI_KIND_DEPENDENCE, OI_EP_NONE, OI_CONSTRUCT_TASK, NULL);
  if (!e)
    return;
  OI_SET(e, DEPENDENCE, task_id, task_id);
  if (sink_task_id)
    OI_SET(e, DEPENDENCE, sink_task_id, sink_task_id);
  else
    OI_SET(e, DEPENDENCE, dep_count, dep_count);
  e->codeptr = oi_unify_region_codeptr(placed_by);
  oi_unify_commit(t, e);
}

void on_dependences(ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps) {
  (void)deps;
  uint64_t task_id = TASK_ID_OF(task_data);
  dependence_event(task_id, 0, (uint64_t)ndeps, task_id);
}

void on_task_dependence(ompt_data_t *src_task_data, ompt_data_t *sink_task_data) {
  uint64_t sink = TASK_ID_OF(sink_task_data);
  dependence_event(TASK_ID_OF(src_task_data), sink, 0, sink);
}

void on_cancel(ompt_data_t *task_data, int flags, const void *codeptr_ra) {
  oi_thread *t;
  oi_event *e = oi_event_next(&t, OI_KIND_CANCEL, OI_EP_NONE, OI_CONSTRUCT_CANCEL, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, CANCEL, task_id, TASK_ID_OF(task_data));
  OI_SET(e, CANCEL, cancel_flags, (uint32_t)flags);
  oi_unify_commit(t, e);
}

void on_error(ompt_severity_t severity, const char *message, size_t length,
              const void *codeptr_ra) {
  (void)message;
  (void)length;
  oi_thread *t;
  oi_event *e = oi_event_next(&t, OI_KIND_ERROR, OI_EP_NONE, OI_CONSTRUCT_ERROR, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, ERROR, severity, severity);
  uint32_t site = oi_unify_commit(t, e);
  /* the frame error_point pushed, which the event merged with */
  const oi_construct_frame *f = oi_construct_top(&t->constructs);
  if (site && f && f->site == site && f->entry->construct == OI_CONSTRUCT_ERROR)
    oi_construct_pop(&t->constructs, site);
}
