/* State shared by the files that build the report model (profile.c,
 * places.c, timeline.c, device_events.c); not used by the writers. */
#ifndef OMPT_INST_REPORT_PROFILE_INTERNAL_H
#define OMPT_INST_REPORT_PROFILE_INTERNAL_H

#include "common/array.h"
#include "common/map.h"
#include "profile.h"

#define OI_NO_INDEX UINT32_MAX

/* An instance whose end has not been read yet. */
typedef struct oi_open_region {
  uint64_t start_ns;
  uint32_t row;         /* OI_NO_INDEX while the place is unknown */
  uint32_t place;       /* OI_NO_INDEX while unknown */
  uint64_t parallel_id; /* to find the place later, 0 = none */
  uint8_t kind, compiler;
  uint32_t label; /* index in profile->labels */
} oi_open_region;

typedef struct oi_thread_state {
  oi_open_region *stack;
  uint32_t depth;
  uint64_t capacity;
  oi_open_region last_closed; /* valid when has_closed */
  bool has_closed;
  uint64_t last_ns;
  bool seen;
  /* device_events.c: the map items of the thread's `target update` or
   * `exit data` in progress, until its end says which it moved */
  struct oi_held_item *held;
  uint32_t held_count;
  uint64_t held_capacity;
} oi_thread_state;

/* A worker's instance whose place only its team's parallel region knows
 * (file order is per thread, so the region may come later in the file). */
typedef struct oi_pending_instance {
  uint64_t parallel_id, start_ns, end_ns;
  uint32_t thread, label;
  uint8_t kind, compiler, unpaired;
} oi_pending_instance;

/* A map item: `var` (1-based) of a compiler site. */
typedef struct oi_site_item {
  const oi_site *site; /* NULL: none */
  uint16_t var;
} oi_site_item;

/* What the streaming pass (profile.c) resolves of an event, once, for the
 * files after it; none of them looks the event's site up again. */
typedef struct oi_event_source {
  const oi_site *site; /* its compiler site; NULL without one */
  /* a data operation's end: the name id of what it moved (names.c), the
   * map item that mapped its host address when it names none itself
   * (names.c), and its place in the source (OI_NO_INDEX otherwise) */
  uint32_t name;
  oi_site_item adopted;
  uint32_t place;
} oi_event_source;

/* A map item device_events.c holds, with what the streaming pass resolved
 * of it. */
typedef struct oi_held_item {
  oi_event event;
  oi_event_source source;
} oi_held_item;

typedef struct oi_profile_state {
  oi_profile_options options;
  oi_thread_state *threads;
  uint64_t thread_capacity;
  uint64_t last_construct_capacity;
  oi_map parallel_places; /* parallel_id -> place */
  oi_map target_places;   /* target_id -> place */
  /* names.c's memory: the name id a host or device address got last, and
   * the map item that last mapped a host address (an index in map_items) */
  oi_map host_names, device_names, host_items;
  oi_map map_item_ids; /* (site id << 16 | var) + 1 -> index */
  oi_map item_names;   /* (site id, var) -> name id */
  oi_site_item *map_items;
  uint64_t map_item_count, map_item_capacity;
  /* variables.c: name id -> variable row */
  uint32_t *name_rows;
  uint64_t name_row_capacity;
  oi_pending_instance *pending;
  uint64_t pending_count, pending_capacity;
  /* device events for the analysis with their facts, fed in time order at
   * the end */
  oi_device_event *device_events;
  uint64_t device_event_count, device_event_capacity;
  /* memos of the per-event look-ups that build text keys: site id -> place,
   * return address -> place, (site, kind, construct) -> label, and
   * (place, label, kind, origin) -> row */
  oi_map site_places, code_places, site_labels, row_ids;
  /* (return address, construct) -> place of a call into libgomp */
  oi_map call_places;
  oi_event first_event, last_event; /* earliest start, latest end */
  bool any_event;
} oi_profile_state;

/* places.c: the place with key `key`, created from `model` if new */
uint32_t oi_place_intern(oi_profile *p, const char *key, const oi_place *model);
uint32_t oi_place_of_site(oi_profile *p, const oi_site *site);
uint32_t oi_place_of_code(oi_profile *p, uint64_t codeptr);
/* the place of a program's call into libgomp for `construct` (origin
 * interposed): its return address's, at the directive's line nearby */
uint32_t oi_place_of_call(oi_profile *p, uint64_t codeptr, unsigned construct);
/* the place of `site`, else of `codeptr`, else the unknown place */
uint32_t oi_place_of_source(oi_profile *p, const oi_site *site, uint64_t codeptr);
uint32_t oi_place_unknown(oi_profile *p);
const char *oi_profile_text(oi_profile *p, const char *text); /* interned */

/* profile.c: room for `threads` per-thread figures in the row (new ones 0) */
int oi_row_reserve_threads(oi_construct_row *row, uint64_t threads);
/* the construct row of that identity, created if new */
uint32_t oi_row_intern(oi_profile *p, uint32_t place, const char *label, unsigned kind,
                       bool compiler);

/* names.c: the name id (in p->names) of what data operation `event`
 * moved: its map item as written, else the name its host or device
 * address got before, else its symbol or address (names.h). `adopted`:
 * the map item that last mapped its host address, when the event names
 * none itself. OI_NAME_NONE when out of memory. */
uint32_t oi_profile_name_op(oi_profile *p, const oi_event *event, const oi_site *site,
                            oi_site_item *adopted);
/* A map event: its item (`*id`, OI_NAME_NONE without one) names its host
 * address. 0, or -1 when out of memory. */
int oi_profile_name_map(oi_profile *p, const oi_event *event, const oi_site *site, uint32_t *id);

/* variables.c: the variable row of name id `name`, created if new
 * (OI_NO_INDEX when out of memory) */
uint32_t oi_variable_of_name(oi_profile *p, uint32_t name);
/* the variable row of that text, created if new */
uint32_t oi_variable_intern(oi_profile *p, const char *name);
/* A data operation's end, which moved the variable of name id `name`:
 * counted in its row, returned (OI_NO_INDEX when out of memory). */
uint32_t oi_variable_moved(oi_profile *p, const oi_event *event, uint32_t name);

/* timeline.c */
int oi_timeline_add(oi_profile *p, const oi_slice *slice, uint64_t *index);
void oi_timeline_lay_out(oi_profile *p);

/* device_events.c */
int oi_device_events_add(oi_profile *p, const oi_event *event, const oi_event_source *source);
/* At the end of the streaming pass: the items still held (a trace that
 * ended inside a construct) are kept. 0, or -1 when out of memory. */
int oi_device_events_finish(oi_profile *p);

#endif
