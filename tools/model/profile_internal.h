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
} oi_thread_state;

/* A worker's instance whose place only its team's parallel region knows
 * (file order is per thread, so the region may come later in the file). */
typedef struct oi_pending_instance {
  uint64_t parallel_id, start_ns, end_ns;
  uint32_t thread, label;
  uint8_t kind, compiler, unpaired;
} oi_pending_instance;

typedef struct oi_map_item_ref {
  uint32_t site;
  uint16_t var;
} oi_map_item_ref;

typedef struct oi_profile_state {
  oi_profile_options options;
  oi_thread_state *threads;
  uint64_t thread_capacity;
  uint64_t last_construct_capacity;
  oi_map parallel_places;  /* parallel_id -> place */
  oi_map target_places;    /* target_id -> place */
  oi_map host_variables;   /* host address -> variable */
  oi_map device_variables; /* device address -> variable */
  /* host address -> the map item (site, var) that last mapped it, so that
   * the analysis can name operations the runtime reported without a site */
  oi_map host_map_items; /* host address -> map_items index */
  oi_map map_item_ids;   /* (site << 16 | var) + 1 -> index */
  oi_map_item_ref *map_items;
  uint64_t map_item_count, map_item_capacity;
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
  /* what a data op's name depends on -> its id in the names table
   * (names.c): the name of the same inputs is made once */
  oi_map event_names;
  oi_event first_event, last_event; /* earliest start, latest end */
  bool any_event;
} oi_profile_state;

/* places.c: the place with key `key`, created from `model` if new */
uint32_t oi_place_intern(oi_profile *p, const char *key, const oi_place *model);
uint32_t oi_place_of_site(oi_profile *p, const oi_site *site);
uint32_t oi_place_of_code(oi_profile *p, uint64_t codeptr);
uint32_t oi_place_unknown(oi_profile *p);
const char *oi_profile_text(oi_profile *p, const char *text); /* interned */

/* profile.c: room for `threads` per-thread figures in the row (new ones 0) */
int oi_row_reserve_threads(oi_construct_row *row, uint64_t threads);
/* the construct row of that identity, created if new */
uint32_t oi_row_intern(oi_profile *p, uint32_t place, const char *label, unsigned kind,
                       bool compiler);

/* names.c: the map item `var` (1-based) of `site` as written, NULL
 * where none names the memory (no site, no such item, or an item the
 * program gave the runtime no name for) */
const char *oi_variable_item_name(const oi_profile *p, uint32_t site, uint16_t var);
/* Names the variable of map item `var` of `site` (0: none), else of
 * host_addr, else of device_addr (names.h: oi_name_variable) through the
 * trace's sites and the program's symbols. */
void oi_profile_name_variable(const oi_profile *p, uint32_t site, uint16_t var, uint64_t host_addr,
                              uint64_t device_addr, uint64_t bytes, oi_variable_name *name);
/* The id in p->names of the variable data op `event` moves, named once
 * for the same map item or addresses. OI_NAME_NONE when out of memory. */
uint32_t oi_profile_name_event(oi_profile *p, const oi_event *event);
/* the variable row of that name, created if new */
uint32_t oi_variable_intern(oi_profile *p, const char *name);
/* A map event: its item names its host address. 0, or -1 when out of memory. */
int oi_variable_mapped(oi_profile *p, const oi_event *event);
/* A data operation's end: counted for the variable it moved, returned
 * (OI_NO_INDEX when out of memory). */
uint32_t oi_variable_moved(oi_profile *p, const oi_event *event);
/* The map item that last mapped host_addr, of `site` unless it is 0. */
bool oi_variable_map_item(const oi_profile *p, uint64_t host_addr, uint32_t site,
                          oi_map_item_ref *item);

/* timeline.c */
int oi_timeline_add(oi_profile *p, const oi_slice *slice, uint64_t *index);
void oi_timeline_lay_out(oi_profile *p);

/* device_events.c */
int oi_device_events_add(oi_profile *p, const oi_event *event);

#endif
