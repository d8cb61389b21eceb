/* The stream of device events the data-mapping analysis (tools/analysis)
 * reads. It needs events in time order, but a trace is in per-thread order,
 * so the events it looks at (modelled_events.h) are kept and sorted; every
 * other event only widens the measured span, which the earliest and the
 * latest event stand for. Each kept event gets its facts here, once, in the
 * streaming pass: its variable's name id (names.c), its site's place in the
 * source, its line and what its site's body writes. The analysis and the
 * model of data movement read those and never the trace or its symbols. */
#include <stdlib.h>

#include "trace/symbolize.h"

#include "modelled_events.h"
#include "profile_internal.h"

static uint64_t end_of(const oi_event *e) {
  return e->kind == OI_KIND_DATA_OP ? e->time_ns + e->u.data.duration_ns : e->time_ns;
}

/* The runtime named no site, or the shim no variable (a deferred target's
 * operations run on another thread than its construct): the operation
 * takes the map item that mapped its host address (compiler map events
 * precede the operations they cause), of the same site if one is named. */
static void take_map_item(const oi_profile *p, oi_event *e) {
  oi_map_item_ref item;
  if (oi_variable_map_item(p, e->u.data.host_addr, e->site, &item)) {
    e->site = item.site;
    e->var = item.var;
  }
}

/* The file and line of a code address (the events without a site), kept
 * in the profile's texts: the analysis reads them after the pass. */
static void locate_code(oi_profile *p, uint64_t codeptr, oi_event_facts *facts) {
  if (!p->symbolizer || !codeptr)
    return;
  const oi_location *where = oi_symbolize(p->symbolizer, codeptr);
  if (where->has_source) {
    facts->file = oi_profile_text(p, where->file);
    facts->line = where->line;
  }
}

/* What the analysis needs to know of the event from the trace, once. */
static int resolve(oi_profile *p, const oi_event *e, oi_event_facts *facts) {
  *facts = oi_event_facts_none();
  const oi_site *site = e->site ? oi_reader_site(p->trace, e->site) : NULL;
  if (site) {
    facts->site_place = site->place;
    facts->file = site->file;
    facts->line = site->line;
    facts->writes_item = (int8_t)oi_site_writes(site, e->var);
    facts->writes_other = (int8_t)oi_site_writes(site, 0);
  } else if (!e->site) {
    locate_code(p, e->codeptr, facts);
  }
  if (e->kind != OI_KIND_DATA_OP)
    return 0;
  facts->name = oi_profile_name_event(p, e);
  return facts->name == OI_NAME_NONE ? -1 : 0;
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
  if (oi_grow((void **)&s->device_events, &s->device_event_capacity, s->device_event_count + 1,
              sizeof *s->device_events) != 0)
    return -1;
  oi_device_event *kept = &s->device_events[s->device_event_count++];
  kept->event = *e;
  kept->event.reserved = 0;
  if (e->kind == OI_KIND_DATA_OP && (e->site == 0 || e->var == 0))
    take_map_item(p, &kept->event);
  return resolve(p, &kept->event, &kept->facts);
}

/* By time; file order (kept in `reserved`) breaks ties. */
static int compare_time(const void *left, const void *right) {
  const oi_event *a = &((const oi_device_event *)left)->event,
                 *b = &((const oi_device_event *)right)->event;
  if (a->time_ns != b->time_ns)
    return a->time_ns < b->time_ns ? -1 : 1;
  return (a->reserved > b->reserved) - (a->reserved < b->reserved);
}

oi_device_stream oi_profile_device_stream(oi_profile *p) {
  oi_profile_state *s = p->state;
  /* `reserved` is unused in a trace event: it carries the file order here */
  bool in_order = true;
  for (uint64_t i = 0; i < s->device_event_count; i++) {
    s->device_events[i].event.reserved = (uint32_t)i;
    in_order = in_order && (i == 0 || s->device_events[i - 1].event.time_ns <=
                                          s->device_events[i].event.time_ns);
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
