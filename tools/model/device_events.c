/* The stream of device events the data-mapping analysis (tools/analysis)
 * reads. It needs events in time order, but a trace is in per-thread order,
 * so the events it looks at (modelled_events.h) are kept and sorted; every other event only widens the measured span, which
 * the earliest and the latest event stand for. */
#include <stdlib.h>

#include "modelled_events.h"
#include "profile_internal.h"

static uint64_t end_of(const oi_event *e) {
  return e->kind == OI_KIND_DATA_OP ? e->time_ns + e->u.data.duration_ns : e->time_ns;
}

int oi_device_events_add(oi_profile *p, const oi_event *e) {
  oi_profile_state *s = p->state;
  if (!oi_event_analysed(e)) {
    if (!s->any_event || e->time_ns < s->first_event.time_ns)
      s->first_event = *e;
    if (!s->any_event || end_of(e) > end_of(&s->last_event))
      s->last_event = *e;
    s->any_event = true;
    return 0;
  }
  if (oi_grow((void **)&s->device_events, &s->device_event_capacity,
              s->device_event_count + 1, sizeof *s->device_events) != 0)
    return -1;
  oi_event *kept = &s->device_events[s->device_event_count++];
  *kept = *e;
  kept->reserved = 0;
  if (e->kind == OI_KIND_DATA_OP && (e->site == 0 || e->var == 0)) {
    /* the runtime named no site, or the shim no variable (a deferred
     * target's operations run on another thread than its construct): take
     * the map item that mapped this host address (compiler map events
     * precede the operations they cause), of the same site if one is named */
    oi_map_item_ref item;
    if (oi_variable_map_item(p, e->u.data.host_addr, e->site, &item)) {
      kept->site = item.site;
      kept->var = item.var;
    }
  }
  return 0;
}

/* By time; file order (kept in `reserved`) breaks ties. */
static int compare_time(const void *left, const void *right) {
  const oi_event *a = left, *b = right;
  if (a->time_ns != b->time_ns)
    return a->time_ns < b->time_ns ? -1 : 1;
  return (a->reserved > b->reserved) - (a->reserved < b->reserved);
}

oi_device_stream oi_profile_device_stream(oi_profile *p) {
  oi_profile_state *s = p->state;
  /* `reserved` is unused in a trace event: it carries the file order here */
  bool in_order = true;
  for (uint64_t i = 0; i < s->device_event_count; i++) {
    s->device_events[i].reserved = (uint32_t)i;
    in_order = in_order && (i == 0 || s->device_events[i - 1].time_ns <=
                                          s->device_events[i].time_ns);
  }
  /* one thread's trace is in time order already: no sort, and no copy of
   * all the events that the library's merge sort would make */
  if (!in_order)
    qsort(s->device_events, s->device_event_count, sizeof *s->device_events, compare_time);
  return (oi_device_stream){.first = s->any_event ? &s->first_event : NULL,
                            .last = s->any_event ? &s->last_event : NULL,
                            .events = s->device_events,
                            .count = s->device_event_count};
}
