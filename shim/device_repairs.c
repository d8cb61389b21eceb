/* Repairs of target regions in the device callbacks' stream
 * (device_repairs.h). */
#include "device_repairs.h"

#include "unify.h"

/* The time of the thread's latest event still in its buffer (else `now`):
 * a repaired event never goes back in time on its thread. */
static uint64_t latest_time(const oi_thread *t) {
  uint32_t n = atomic_load_explicit(&t->count, memory_order_relaxed);
  return n ? t->event[n - 1].time_ns : oi_now_ns();
}

/* A made-up begin is placed as a real one would be (unify.h); its end
 * takes the begin's place, as a real end does. */
static void target_repair_event(oi_thread *t, unsigned endpoint, uint64_t time_ns) {
  oi_event *e = oi_event_next_at(&t, OI_KIND_TARGET, endpoint, t->target.construct,
                                 (const void *)(uintptr_t)t->target.codeptr, time_ns);
  if (!e)
    return;
  e->flags = (uint8_t)(OI_FLAG_REPAIRED | (t->target.nowait ? OI_FLAG_NOWAIT : 0));
  e->device = t->target.device;
  OI_SET(e, TARGET, target_id, t->target.id);
  OI_SET(e, TARGET, device, t->target.device);
  OI_SET(e, TARGET, task_id, t->target.task);
  if (endpoint == OI_EP_BEGIN) {
    oi_unify_merge(t, e);
    t->target.open_site = e->site;
    t->target.open_origin = e->origin;
  } else {
    e->site = t->target.open_site;
    e->origin = t->target.open_origin;
  }
  oi_event_commit(t);
}

void oi_end_missing_target(oi_thread *t) {
  oi_repair_note(&t->repairs, OI_REPAIR_target_end_missing);
  target_repair_event(t, OI_EP_END, latest_time(t));
  oi_landing_hash(&t->landing, t->event);
  t->target.construct = OI_CONSTRUCT_NONE;
  t->target.site = 0;
  t->target.task = 0;
  t->target.codeptr = 0;
}

void oi_begin_missing_target(oi_thread *t, unsigned construct, int device, uint64_t target_id,
                             uint64_t codeptr) {
  oi_repair_note(&t->repairs, OI_REPAIR_target_begin_missing);
  t->target.construct = construct;
  t->target.device = device;
  t->target.id = target_id;
  t->target.codeptr = codeptr;
  t->target.nowait = 0;
  target_repair_event(t, OI_EP_BEGIN, oi_now_ns());
}

int oi_repeated_target_begin(oi_thread *t, uint64_t value) {
  if (!t || t->target.construct == OI_CONSTRUCT_NONE || !value || value != t->target.id ||
      t->target.begin_event != atomic_load_explicit(&t->count, memory_order_relaxed))
    return 0;
  oi_repair_note(&t->repairs, OI_REPAIR_duplicate_callbacks);
  return 1;
}
