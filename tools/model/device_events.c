/* The stream of device events the data-mapping analysis (tools/analysis)
 * reads. It needs events in time order, but a trace is in per-thread order,
 * so the events it looks at (modelled_events.h) are kept and sorted; every
 * other event only widens the measured span, which the earliest and the
 * latest event stand for. Each kept event gets its facts here, once, in the
 * streaming pass: its variable's name id (names.c), its site's place in the
 * source, its line and what its site's body writes. The analysis and the
 * model of data movement read those and never the trace or its symbols. */
#include <stdlib.h>
#include <string.h>

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
    if (e->kind == OI_KIND_MAP && e->var && e->var <= site->map_count) {
      const oi_map_item *item = &site->maps[e->var - 1];
      facts->item = (uint8_t)((strstr(item->type, "to") ? OI_ITEM_TO : 0) |
                              (strstr(item->type, "from") ? OI_ITEM_FROM : 0) |
                              (item->is_explicit ? 0 : OI_ITEM_IMPLICIT));
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

static oi_device_event *kept_slot(oi_profile_state *s) {
  if (oi_grow((void **)&s->device_events, &s->device_event_capacity, s->device_event_count + 1,
              sizeof *s->device_events) != 0)
    return NULL;
  return &s->device_events[s->device_event_count++];
}

/* The map items of a `target update` or `exit data` matter to the analysis
 * only when their construct moved none of their bytes (mapping bugs, in
 * tools/analysis): each is held with its thread until the construct ends,
 * a transfer of the thread that overlaps it drops it, and the rest are
 * kept then. An update per step of a loop keeps nothing; an item moved on
 * another thread (`nowait`) is kept, and the analysis sees it moved. */
static int keep_held(oi_profile *p, oi_thread_state *t) {
  for (uint32_t i = 0; i < t->held_count; i++) {
    const oi_held_item *held = &t->held[i];
    if (!held->event.var) /* moved */
      continue;
    oi_device_event *kept = kept_slot(p->state);
    if (!kept)
      return -1;
    kept->event = held->event;
    if (resolve(p, &kept->event, held->source.site, &held->source, &kept->facts) != 0)
      return -1;
  }
  t->held_count = 0;
  return 0;
}

static void drop_moved(oi_thread_state *t, const oi_event *e) {
  uint64_t start = e->u.data.host_addr, end = start + e->u.data.bytes;
  for (uint32_t i = 0; i < t->held_count; i++) {
    oi_event *item = &t->held[i].event;
    uint64_t item_start = OI_GET(item, MAP, host_addr);
    if (OI_GET(item, MAP, device) == e->device && item_start < end &&
        start < item_start + OI_GET(item, MAP, bytes))
      item->var = 0; /* what the analysis ignores */
  }
}

/* Holds, drops or keeps the thread's update items for event `e`; 1 when
 * `e` itself was held. */
static int hold_update_items(oi_profile *p, const oi_event *e, const oi_event_source *source) {
  oi_profile_state *s = p->state;
  oi_thread_state *t = e->thread < s->thread_capacity ? &s->threads[e->thread] : NULL;
  if (!t)
    return 0;
  if (e->kind == OI_KIND_MAP && oi_construct_asks_present(e->construct)) {
    if (oi_grow((void **)&t->held, &t->held_capacity, (uint64_t)t->held_count + 1,
                sizeof *t->held) != 0)
      return -1;
    t->held[t->held_count++] = (oi_held_item){*e, *source};
    t->held[t->held_count - 1].event.reserved = 0;
    return 1;
  }
  if (!t->held_count)
    return 0;
  if (e->kind == OI_KIND_DATA_OP && e->endpoint != OI_EP_BEGIN && e->device >= 0 &&
      e->op != OI_DATA_OP_ALLOC) { /* moved, or released: it was there */
    drop_moved(t, e);
    return 0;
  }
  /* anything else of the thread's: its construct is over */
  bool update_edge = (e->kind == OI_KIND_TARGET || e->kind == OI_KIND_CONSTRUCT) &&
                     oi_construct_asks_present(e->construct) && e->endpoint == OI_EP_BEGIN;
  return update_edge ? 0 : keep_held(p, t);
}

int oi_device_events_add(oi_profile *p, const oi_event *e, const oi_event_source *source) {
  oi_profile_state *s = p->state;
  int held = hold_update_items(p, e, source);
  if (held != 0)
    return held < 0 ? -1 : 0;
  if (!oi_event_analysed(e)) {
    if (!s->any_event || e->time_ns < s->first_event.time_ns)
      s->first_event = *e;
    if (!s->any_event || end_of(e) > end_of(&s->last_event))
      s->last_event = *e;
    s->any_event = true;
    return 0;
  }
  oi_device_event *kept = kept_slot(s);
  if (!kept)
    return -1;
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

int oi_device_events_finish(oi_profile *p) {
  oi_profile_state *s = p->state;
  for (uint32_t thread = 0; thread < s->thread_capacity; thread++)
    if (keep_held(p, &s->threads[thread]) != 0) /* the trace ended inside a construct */
      return -1;
  return 0;
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
