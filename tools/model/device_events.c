/* The stream of device events the data-mapping analysis (tools/analysis)
 * reads. It needs events in time order, but a trace is in per-thread order,
 * so the events it looks at (data operations, kernels, target regions) are
 * kept and sorted; every other event only widens the measured span, which
 * the earliest and the latest event stand for. Also how the trace names
 * what the analysis meets. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile_internal.h"

/* Target regions the hooks report themselves (runs with inferred data
 * operations) are `construct` events of a `target` site; the map items of
 * target regions say what their kernels may write. */
static bool is_device_event(const oi_event *e) {
  return e->kind == OI_KIND_DATA_OP || e->kind == OI_KIND_KERNEL ||
         e->kind == OI_KIND_TARGET ||
         (e->kind == OI_KIND_CONSTRUCT && e->construct == OI_CONSTRUCT_TARGET) ||
         (e->kind == OI_KIND_MAP && e->construct == OI_CONSTRUCT_TARGET);
}

static uint64_t end_of(const oi_event *e) {
  return e->kind == OI_KIND_DATA_OP ? e->time_ns + e->u.data.duration_ns : e->time_ns;
}

int oi_device_events_add(oi_profile *p, const oi_event *e) {
  oi_profile_state *s = p->state;
  if (!is_device_event(e)) {
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

static const char *var_name(void *user, uint32_t site_id, uint16_t var) {
  return oi_variable_item_name(user, site_id, var);
}

static int var_written(void *user, uint32_t site_id, uint16_t var) {
  const oi_profile *p = user;
  const oi_site *site = oi_reader_site(p->trace, site_id);
  return site ? oi_site_writes(site, var) : -1;
}

static void site_location(void *user, uint32_t site_id, const char **file,
                          unsigned *line) {
  const oi_profile *p = user;
  const oi_site *site = oi_reader_site(p->trace, site_id);
  if (site) {
    *file = site->file;
    *line = site->line;
  }
}

static void code_location(void *user, uint64_t codeptr, const char **file,
                          unsigned *line) {
  const oi_profile *p = user;
  if (!p->symbolizer)
    return;
  const oi_location *where = oi_symbolize(p->symbolizer, codeptr);
  if (where->has_source) {
    *file = where->file;
    *line = where->line;
  }
}

oi_movement_names oi_profile_names(oi_profile *p) {
  return (oi_movement_names){p, var_name, site_location, code_location,
                             var_written, p->symbolizer};
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

/* What a finding's count counts: identical content saves nothing. */
const char *oi_profile_finding_counted(const oi_finding *f) {
  if (f->kind == OI_FINDING_IDENTICAL_CONTENT)
    return "same as another variable";
  return f->may_change ? "with the same content this run" : "avoidable";
}

const char *oi_profile_finding_certainty(const oi_finding *f) {
  if (f->may_change)
    return ", low confidence (a kernel in between may write it)";
  return f->sampled ? ", probable (sampled hashes)" : "";
}

const char *oi_profile_finding_confidence(const oi_finding *f) {
  return f->may_change ? "low" : f->sampled ? "probable" : "certain";
}

const char *oi_profile_hashing(const oi_profile *p) {
  if (!p->hash_mode)
    return NULL;
  if (strcmp(p->hash_mode, "sampled") == 0)
    return "sampled: findings on sampled transfers are probable (OMPT_INST_HASH=full confirms)";
  if (strcmp(p->hash_mode, "full") == 0)
    return "full: every transfer hashed whole";
  if (strcmp(p->hash_mode, "off") == 0)
    return "off: no content compared (no duplicate, round-trip or identical-content findings)";
  return p->hash_mode;
}
