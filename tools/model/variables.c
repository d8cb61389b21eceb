/* The report model's variables: what each data operation moved is named by
 * the map item that mapped it (the site's, or the one that last mapped the
 * same host address), else by what the same host or device address was
 * named before, else as the naming service (names.h) names its address;
 * the data operations, bytes and time per variable add up here. The map
 * item of a host address also names the operations the runtime reported
 * without a site for the analysis (device_events.c). */
#include "names.h"
#include "profile_internal.h"

/* A dense id for the map item (site, var) an event names. */
static uint32_t map_item_id(oi_profile *p, const oi_event *e) {
  oi_profile_state *s = p->state;
  uint64_t key = ((uint64_t)e->site << 16 | e->var) + 1;
  uint32_t id = oi_map_get_address(&s->map_item_ids, key);
  if (id != OI_NO_INDEX)
    return id;
  if (oi_grow((void **)&s->map_items, &s->map_item_capacity, s->map_item_count + 1,
              sizeof *s->map_items) != 0)
    return OI_NO_INDEX;
  id = (uint32_t)s->map_item_count;
  s->map_items[s->map_item_count++] = (oi_map_item_ref){e->site, e->var};
  return oi_map_set_address(&s->map_item_ids, key, id) == 0 ? id : OI_NO_INDEX;
}

uint32_t oi_variable_intern(oi_profile *p, const char *name) {
  int created;
  uint32_t v = oi_string_index_intern(&p->variable_names, name, (void **)&p->variables,
                                      &p->variable_capacity, sizeof *p->variables, &created);
  if (created && v != OI_NO_INDEX)
    p->variables[v] = (oi_variable_row){.name = p->variable_names.strings[v]};
  return v;
}

static uint32_t variable_of(oi_profile *p, const oi_event *e, uint64_t host_addr,
                            uint64_t device_addr, uint64_t bytes) {
  oi_profile_state *s = p->state;
  /* an address named before keeps that name: no symbol lookup per operation */
  bool item = oi_variable_item_name(p, e->site, e->var) != NULL;
  uint32_t v = OI_NO_INDEX;
  if (!item && (v = oi_map_get_address(&s->host_variables, host_addr)) == OI_NO_INDEX)
    v = oi_map_get_address(&s->device_variables, device_addr);
  if (v == OI_NO_INDEX) {
    oi_variable_name name;
    oi_profile_name_variable(p, e->site, e->var, host_addr, device_addr, bytes, &name);
    v = oi_variable_intern(p, name.text);
    if (v == OI_NO_INDEX)
      return OI_NO_INDEX;
    p->variables[v].whole = name.whole;
    p->variables[v].source = name.source;
  }
  if (oi_map_set_address(&s->host_variables, host_addr, v) != 0 ||
      oi_map_set_address(&s->device_variables, device_addr, v) != 0)
    return OI_NO_INDEX;
  if (item && host_addr &&
      oi_map_set_address(&s->host_map_items, host_addr, map_item_id(p, e)) != 0)
    return OI_NO_INDEX;
  return v;
}

int oi_variable_mapped(oi_profile *p, const oi_event *e) {
  /* names host addresses: later native operations on them get the name */
  if (!oi_variable_item_name(p, e->site, e->var))
    return 0;
  return variable_of(p, e, OI_GET(e, MAP, host_addr), 0, OI_GET(e, MAP, bytes)) == OI_NO_INDEX ? -1
                                                                                               : 0;
}

uint32_t oi_variable_moved(oi_profile *p, const oi_event *e) {
  oi_profile_state *s = p->state;
  uint32_t v = variable_of(p, e, e->u.data.host_addr, e->u.data.device_addr, e->u.data.bytes);
  if (v == OI_NO_INDEX)
    return OI_NO_INDEX;
  unsigned op = e->op < OI_DATA_OP_COUNT ? e->op : OI_DATA_OP_OTHER;
  /* freed device memory is handed out again, often for another variable */
  if (op == OI_DATA_OP_DELETE && e->u.data.device_addr &&
      oi_map_set_address(&s->device_variables, e->u.data.device_addr, OI_NO_INDEX) != 0)
    return OI_NO_INDEX;
  oi_variable_row *row = &p->variables[v];
  row->ops[op]++;
  row->bytes[op] += e->u.data.bytes;
  row->time_ns[op] += e->u.data.duration_ns;
  return v;
}

bool oi_variable_map_item(const oi_profile *p, uint64_t host_addr, uint32_t site,
                          oi_map_item_ref *item) {
  const oi_profile_state *s = p->state;
  uint32_t id = oi_map_get_address(&s->host_map_items, host_addr);
  if (id == OI_NO_INDEX || (site != 0 && s->map_items[id].site != site))
    return false;
  *item = s->map_items[id];
  return true;
}
