/* The stream of device events the data-mapping analysis (tools/analysis)
 * reads. It needs events in time order, but a trace is in per-thread order,
 * so the events it looks at (modelled_events.h) are kept and sorted; every
 * other event only widens the measured span, which the earliest and the
 * latest event stand for. Each kept event gets its facts here, once, in the
 * streaming pass: its variable's name id (names.c), its site's place in the
 * source, its line and what its site's body writes. The analysis and the
 * model of data movement read those and never the trace or its symbols. */
#include <stdlib.h>

#include "modelled_events.h"
#include "profile_internal.h"

static uint64_t end_of(const oi_event *e) {
  return e->kind == OI_KIND_DATA_OP ? e->time_ns + e->u.data.duration_ns : e->time_ns;
}

/* What the analysis needs to know of the event from the trace, once: from
 * the site the streaming pass found (or the map item that named its host
 * address), else from the code address's place. */
static int resolve(oi_profile *p, const oi_event *e, const oi_site *site,
                   const oi_event_source *source, oi_event_facts *facts) {
  *facts = oi_event_facts_none();
  facts->name = source->name;
  if (site) {
    facts->site_place = site->place;
    facts->file = site->file;
    facts->line = site->line;
    int item, other;
    oi_site_writes(site, e->var, &item, &other);
    facts->writes_item = (int8_t)item;
    facts->writes_other = (int8_t)other;
    if (e->var && e->var <= site->map_count) {
      facts->map_type = site->maps[e->var - 1].type;
      facts->item_explicit = site->maps[e->var - 1].is_explicit;
    }
  }
  bool op_end = e->kind == OI_KIND_DATA_OP && e->endpoint != OI_EP_BEGIN;
  if (e->kind == OI_KIND_MAP) /* a mapping bug's place */
    facts->source_place = source->place;
  /* the place its findings are reported at: the streaming pass's, unless
   * that took the enclosing region's for an operation without a site */
  if (op_end)
    facts->source_place = site && site == source->site
                              ? source->place
                              : oi_place_of_source(p, site, site ? 0 : e->codeptr);
  if (!e->site && e->codeptr) { /* the file and line of its code address */
    uint32_t code = op_end ? facts->source_place : oi_place_of_source(p, NULL, e->codeptr);
    if (code == OI_NO_INDEX)
      return -1;
    facts->file = p->places[code].file;
    facts->line = facts->file ? p->places[code].line : 0;
  }
  return op_end && (facts->name == OI_NAME_NONE || facts->source_place == OI_NO_INDEX) ? -1 : 0;
}

int oi_device_events_add(oi_profile *p, const oi_event *e, const oi_event_source *source) {
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
  const oi_site *site = source->site;
  if (source->adopted.site) {
    site = source->adopted.site;
    kept->event.site = site->id;
    kept->event.var = source->adopted.var;
  }
  return resolve(p, &kept->event, site, source, &kept->facts);
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
