/* The report model's variables: one row per name (names.c names what each
 * data operation moved, once, in the streaming pass); the data operations,
 * bytes and time per variable add up here. */
#include "names.h"
#include "profile_internal.h"

uint32_t oi_variable_intern(oi_profile *p, const char *name) {
  int created;
  uint32_t v = oi_string_index_intern(&p->variable_names, name, (void **)&p->variables,
                                      &p->variable_capacity, sizeof *p->variables, &created);
  if (created && v != OI_NO_INDEX)
    p->variables[v] = (oi_variable_row){.name = p->variable_names.strings[v]};
  return v;
}

uint32_t oi_variable_of_name(oi_profile *p, uint32_t name) {
  oi_profile_state *s = p->state;
  uint64_t known = s->name_row_capacity;
  if (name >= known) {
    if (name == OI_NAME_NONE || oi_grow((void **)&s->name_rows, &s->name_row_capacity,
                                        (uint64_t)name + 1, sizeof *s->name_rows) != 0)
      return OI_NO_INDEX;
    for (uint64_t i = known; i < s->name_row_capacity; i++)
      s->name_rows[i] = OI_NO_INDEX;
  }
  if (s->name_rows[name] != OI_NO_INDEX)
    return s->name_rows[name];
  const oi_name_entry *entry = oi_names_at(&p->names, name);
  uint32_t v = entry ? oi_variable_intern(p, entry->text) : OI_NO_INDEX;
  if (v == OI_NO_INDEX)
    return v;
  p->variables[v].whole = entry->whole;
  p->variables[v].source = entry->source;
  return s->name_rows[name] = v;
}

uint32_t oi_variable_moved(oi_profile *p, const oi_event *e, uint32_t name) {
  uint32_t v = oi_variable_of_name(p, name);
  if (v == OI_NO_INDEX)
    return v;
  unsigned op = e->op < OI_DATA_OP_COUNT ? e->op : OI_DATA_OP_OTHER;
  oi_variable_row *row = &p->variables[v];
  row->ops[op]++;
  row->bytes[op] += e->u.data.bytes;
  row->time_ns[op] += e->u.data.duration_ns;
  return v;
}
