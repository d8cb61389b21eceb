/* Places (a site's map item, or a code address and host address without a
 * site): the one decision which operations are one place (place_key), the
 * line and name each place takes from the facts of its first operation
 * (resolved in the report model's streaming pass), and the per-place,
 * per-device transfer profile records. */
#include "movement_internal.h"
#include "names.h"

void oi_movement_native_region(oi_movement *m, const oi_event *ev) {
  if (ev->endpoint != OI_EP_BEGIN && ev->endpoint != OI_EP_END)
    return;
  oi_map_key key = {{ev->thread, 0, 0, 0}};
  int created;
  uint32_t index = oi_map_intern(&m->native_regions, &key, &m->region_vars, &created);
  if (index == OI_MAP_NONE) {
    m->failed = true;
    return;
  }
  oi_region_vars *vars = OI_ARRAY_AT(m->region_vars, oi_region_vars, index);
  vars->codeptr = ev->endpoint == OI_EP_BEGIN ? ev->codeptr : 0;
  vars->count = 0;
}

/* The 1-based position of the operation's host range among those its
 * thread's open target construct instance mapped (numbered as they come),
 * 0 when there is none to go by: no instance open, another code address,
 * no host address, or more variables than are followed. */
static uint32_t native_var(oi_movement *m, const oi_event *ev) {
  oi_map_key key = {{ev->thread, 0, 0, 0}};
  uint32_t index = oi_map_get(&m->native_regions, &key);
  uint64_t host = ev->u.data.host_addr;
  if (index == OI_MAP_NONE || !host)
    return 0;
  oi_region_vars *vars = OI_ARRAY_AT(m->region_vars, oi_region_vars, index);
  if (!vars->codeptr || vars->codeptr != ev->codeptr)
    return 0;
  for (uint32_t i = 0; i < vars->count; i++)
    if (vars->host_addr[i] == host)
      return i + 1;
  if (vars->count == OI_REGION_VARS)
    return 0;
  vars->host_addr[vars->count++] = host;
  return vars->count;
}

/* The site's place in the source, else the site itself (the top bit keeps
 * site ids apart from places' hashes). */
static uint64_t site_place(uint32_t site, uint64_t place) {
  return place ? place & ~(UINT64_C(1) << 63) : UINT64_C(1) << 63 | site;
}

/* A place is a compiler site's map item (of the construct's place in the
 * source: every template instantiation of it one place, as a build without
 * the plugin sees them), or, without one, the code address and the
 * variable's position in its target construct (so one line is one place
 * however many host addresses its variable has: a fresh heap block each
 * time), else the code address and host address of the operation. */
static oi_map_key place_key(oi_movement *m, const oi_event *ev, const oi_event_facts *facts) {
  if (ev->site)
    return (oi_map_key){{(uint64_t)ev->var << 32 | 1, site_place(ev->site, facts->site_place),
                         ev->var ? 0 : ev->u.data.host_addr, 0}};
  uint32_t position = native_var(m, ev);
  /* the top bit keeps positions apart from host addresses */
  uint64_t variable = position ? UINT64_C(1) << 63 | position : ev->u.data.host_addr;
  return (oi_map_key){{0, ev->codeptr, variable, 0}};
}

/* The new place `index`: where the event happens and the name of its
 * variable, as the streaming pass resolved them (its facts). */
static void describe_place(oi_movement *m, uint32_t index, const oi_event *ev,
                           const oi_event_facts *facts) {
  oi_transfer_place place = {.site = ev->site,
                             .var = ev->var,
                             .codeptr = ev->codeptr,
                             .construct = ev->construct,
                             .instantiations = 1,
                             .name = facts->name,
                             .source_place = facts->source_place,
                             .line = facts->line};
  if (place.name == OI_NAME_NONE)
    m->failed = true;
  place.file = facts->file ? oi_movement_strdup(m, facts->file) : NULL;
  oi_place_record *rec = OI_ARRAY_AT(m->places, oi_place_record, index);
  rec->place = place;
  rec->host_addr = ev->u.data.host_addr;
}

static oi_profile_record *profile_at(oi_movement *m, uint32_t profile) {
  return OI_ARRAY_AT(m->profiles, oi_profile_record, profile);
}

/* A site's operation at `place`: another instantiation of its construct
 * when the place was first seen at another site. */
static void count_instantiation(oi_movement *m, uint32_t place, uint32_t site) {
  oi_transfer_place *at = &OI_ARRAY_AT(m->places, oi_place_record, place)->place;
  if (!site || site == at->site)
    return;
  uint32_t *seen = oi_map_slot(&m->place_sites, &(oi_map_key){{place, site, 0, 0}});
  if (!seen) {
    m->failed = true;
    return;
  }
  if (*seen == OI_MAP_NONE) {
    *seen = 1;
    at->instantiations++;
  }
}

/* Where the first profile of the event's site map item is kept, NULL when
 * the event has none (no site or map item, a site id beyond the direct
 * index) or out of memory: the map then finds its place. */
static uint32_t *site_var_slot(oi_movement *m, const oi_event *ev) {
  uint32_t site = ev->site, var = ev->var;
  if (!site || !var || site >= OI_SITE_PLACES_MAX)
    return NULL;
  if (site >= m->site_places_cap && oi_grow_zeroed((void **)&m->site_places, &m->site_places_cap,
                                                   (uint64_t)site + 1, sizeof *m->site_places) != 0)
    return NULL;
  oi_site_places *at = &m->site_places[site];
  if (var >= at->vars_cap && oi_grow_zeroed((void **)&at->first_profile, &at->vars_cap,
                                            (uint64_t)var + 1, sizeof *at->first_profile) != 0)
    return NULL;
  return &at->first_profile[var];
}

/* The profile through the maps, created if new (then added to the site's
 * list at *first, when given); apart, so the common path stays short. */
static __attribute__((noinline)) uint32_t profile_by_key(oi_movement *m, const oi_event *ev,
                                                         const oi_event_facts *facts,
                                                         uint32_t *first) {
  oi_map_key key = place_key(m, ev, facts);
  key.w[3] = (uint64_t)(int64_t)ev->device;
  uint32_t profile = oi_map_get(&m->profiles_by_key, &key);
  if (profile != OI_MAP_NONE) {
    count_instantiation(m, profile_at(m, profile)->place, ev->site);
    return profile;
  }
  key.w[3] = UINT64_MAX; /* the place itself, shared by all devices */
  int created;
  uint32_t place = oi_map_intern(&m->places_by_key, &key, &m->places, &created);
  if (place != OI_MAP_NONE && created)
    describe_place(m, place, ev, facts);
  else if (place != OI_MAP_NONE)
    count_instantiation(m, place, ev->site);
  key.w[3] = (uint64_t)(int64_t)ev->device;
  profile = place == OI_MAP_NONE ? OI_MAP_NONE
                                 : oi_map_intern(&m->profiles_by_key, &key, &m->profiles, &created);
  if (profile == OI_MAP_NONE) {
    m->failed = true;
    return OI_MOVEMENT_NONE;
  }
  if (created) {
    oi_profile_record *rec = profile_at(m, profile);
    rec->place = place;
    rec->out.device = ev->device;
    for (int i = 0; i < 2; i++)
      rec->memo[i] = (oi_range_memo){0, 0, {OI_MOVEMENT_NONE, OI_MOVEMENT_NONE}};
    if (first) { /* the record is new, so not yet in the site's list */
      rec->next_device = *first;
      *first = profile + 1;
    }
  }
  return profile;
}

uint32_t oi_movement_profile_of(oi_movement *m, const oi_event *ev, const oi_event_facts *facts) {
  uint32_t *first = site_var_slot(m, ev);
  for (uint32_t next = first ? *first : 0; next;) {
    oi_profile_record *rec = profile_at(m, next - 1);
    /* the operation reads and counts all over the record: its lines come
     * in together rather than one miss after another */
    for (size_t line = 0; line < sizeof *rec; line += 64)
      __builtin_prefetch((const char *)rec + line, 1);
    if (rec->out.device == ev->device)
      return next - 1;
    next = rec->next_device;
  }
  return profile_by_key(m, ev, facts, first);
}

oi_transfer_profile *oi_movement_profile_at(oi_movement *m, uint32_t profile) {
  return &profile_at(m, profile)->out;
}

uint32_t oi_movement_place_index(oi_movement *m, uint32_t profile) {
  return profile_at(m, profile)->place;
}

const oi_transfer_place *oi_movement_place_of(oi_movement *m, uint32_t profile) {
  return &OI_ARRAY_AT(m->places, oi_place_record, profile_at(m, profile)->place)->place;
}

uint32_t oi_movement_place_op(oi_movement *m, const oi_event *ev, const oi_event_facts *facts,
                              uint32_t *place, unsigned *line) {
  uint32_t profile = oi_movement_profile_of(m, ev, facts);
  if (profile == OI_MOVEMENT_NONE)
    return profile;
  oi_profile_record *rec = profile_at(m, profile);
  unsigned op = ev->op < OI_DATA_OP_COUNT ? ev->op : OI_DATA_OP_OTHER;
  rec->out.ops[op]++;
  rec->out.bytes[op] += ev->u.data.bytes;
  rec->out.time_ns[op] += ev->u.data.duration_ns;
  *place = rec->place;
  *line = OI_ARRAY_AT(m->places, oi_place_record, rec->place)->place.line;
  return profile;
}
