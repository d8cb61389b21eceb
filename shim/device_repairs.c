/* Repairs of target regions in the device callbacks' stream
 * (device_repairs.h). */
#include "device_repairs.h"

/* The time of the thread's latest event still in its buffer (else `now`):
 * a repaired event never goes back in time on its thread. */
static uint64_t latest_time(const oi_thread *t) {
  uint32_t n = atomic_load_explicit(&t->count, memory_order_relaxed);
  return n ? t->event[n - 1].time_ns : oi_now_ns();
}

static void target_repair_event(oi_thread *t, unsigned endpoint, uint64_t time_ns) {
  oi_event *e = oi_event_next_at(&t, OI_KIND_TARGET, endpoint, t->target_construct,
                                 (const void *)(uintptr_t)t->target_codeptr, time_ns);
  if (!e)
    return;
  e->flags = (uint8_t)(OI_FLAG_REPAIRED | (t->target_nowait ? OI_FLAG_NOWAIT : 0));
  e->device = t->target_device;
  e->site = t->target_open_site;
  e->origin = t->target_open_origin;
  OI_SET(e, TARGET, target_id, t->target_id);
  OI_SET(e, TARGET, device, t->target_device);
  OI_SET(e, TARGET, task_id, t->target_task);
  oi_event_commit(t);
}

void oi_end_missing_target(oi_thread *t) {
  oi_repair_note(&t->repairs, OI_REPAIR_target_end_missing);
  target_repair_event(t, OI_EP_END, latest_time(t));
  oi_landing_hash(&t->landing, t->event);
  t->target_construct = OI_CONSTRUCT_NONE;
  t->target_site = 0;
  t->target_task = 0;
  t->target_codeptr = 0;
}

void oi_begin_missing_target(oi_thread *t, unsigned construct, int device,
                             uint64_t target_id, uint64_t codeptr) {
  oi_repair_note(&t->repairs, OI_REPAIR_target_begin_missing);
  t->target_construct = construct;
  t->target_device = device;
  t->target_id = target_id;
  t->target_codeptr = codeptr;
  t->target_nowait = 0;
  /* the site the end will take, as the begin would have */
  const oi_construct_frame *f = oi_construct_top(&t->constructs);
  t->target_open_site = f ? f->site : 0;
  t->target_open_origin = f ? OI_ORIGIN_MERGED : OI_ORIGIN_NATIVE;
  target_repair_event(t, OI_EP_BEGIN, oi_now_ns());
}

int oi_repeated_target_begin(oi_thread *t, uint64_t value) {
  if (!t || t->target_construct == OI_CONSTRUCT_NONE || !value || value != t->target_id ||
      t->target_begin_event != atomic_load_explicit(&t->count, memory_order_relaxed))
    return 0;
  oi_repair_note(&t->repairs, OI_REPAIR_duplicate_callbacks);
  return 1;
}
