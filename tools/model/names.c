/* The naming service (names.h). */
#include "names.h"
#include "profile_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The map item a compiler site records, as written; NULL without one. */
const char *oi_variable_item_name(const oi_profile *p, uint32_t site_id, uint16_t var) {
  const oi_site *site = site_id ? oi_reader_site(p->trace, site_id) : NULL;
  const char *item = site && var >= 1 && var <= site->map_count ? site->maps[var - 1].item : NULL;
  return item && *item ? item : NULL;
}

void oi_name_variable(const char *item, bool call, struct oi_symbolizer *symbols,
                      uint64_t host_addr, uint64_t device_addr, uint64_t bytes,
                      oi_variable_name *name) {
  if (item && *item) {
    *name = (oi_variable_name){
        .text = item, .source = call ? OI_NAME_WRITTEN_ITEM : OI_NAME_PLUGIN_ITEM, .whole = true};
    return;
  }
  name->buf[0] = '\0';
  name->text = name->buf;
  if (!host_addr) {
    name->source = OI_NAME_DEVICE;
    name->whole = false;
    snprintf(name->buf, sizeof name->buf, "device 0x%" PRIx64, device_addr);
  } else if (symbols && oi_symbolize_data(symbols, host_addr, name->buf, sizeof name->buf)) {
    name->source = OI_NAME_SYMBOL;
    name->whole = !strchr(name->buf, '+');
  } else {
    name->source = OI_NAME_ADDRESS;
    name->whole = false;
    snprintf(name->buf, sizeof name->buf, "0x%" PRIx64 " (%" PRIu64 " bytes)", host_addr, bytes);
  }
}

void oi_profile_name_variable(const oi_profile *p, uint32_t site_id, uint16_t var,
                              uint64_t host_addr, uint64_t device_addr, uint64_t bytes,
                              oi_variable_name *name) {
  const char *item = oi_variable_item_name(p, site_id, var);
  const oi_site *site = item ? oi_reader_site(p->trace, site_id) : NULL;
  oi_name_variable(item, site && site->call, p->symbolizer, host_addr, device_addr, bytes, name);
}

/* What a data op's name depends on, and nothing else: its map item, else
 * its host address (the symbol holding it, else the address and size),
 * else its device address. */
static oi_map_key name_inputs(const oi_profile *p, const oi_event *e) {
  if (oi_variable_item_name(p, e->site, e->var))
    return (oi_map_key){{1, e->site, e->var, 0}};
  if (e->u.data.host_addr)
    return (oi_map_key){{2, e->u.data.host_addr, e->u.data.bytes, 0}};
  return (oi_map_key){{3, e->u.data.device_addr, 0, 0}};
}

uint32_t oi_profile_name_event(oi_profile *p, const oi_event *e) {
  oi_profile_state *s = p->state;
  oi_map_key key = name_inputs(p, e);
  uint32_t *known = oi_map_slot(&s->event_names, &key);
  if (known && *known != OI_MAP_NONE)
    return *known; /* the same inputs: the same name, no symbol lookup again */
  oi_variable_name name;
  oi_profile_name_variable(p, e->site, e->var, e->u.data.host_addr, e->u.data.device_addr,
                           e->u.data.bytes, &name);
  uint32_t id = oi_names_add(&p->names, &name);
  if (known)
    *known = id;
  return id;
}

uint32_t oi_names_add(oi_names *names, const oi_variable_name *name) {
  int created;
  uint32_t id = oi_string_index_intern(&names->texts, name->text, (void **)&names->entries,
                                       &names->capacity, sizeof *names->entries, &created);
  if (created && id != OI_NAME_NONE)
    names->entries[id] = (oi_name_entry){names->texts.strings[id], name->source, name->whole};
  return id;
}

const oi_name_entry *oi_names_at(const oi_names *names, uint32_t id) {
  return id < names->texts.count ? &names->entries[id] : NULL;
}

void oi_names_free(oi_names *names) {
  oi_string_index_free(&names->texts);
  free(names->entries);
  memset(names, 0, sizeof *names);
}

const char *oi_variable_key(const char *text) {
  if (strncmp(text, "0x", 2) == 0 && strchr(text, ' '))
    return strchr(text, ' ') + 1;
  if (strncmp(text, "device 0x", 9) == 0)
    return "device";
  return text;
}

char *oi_variable_spelling_key(const char *text) {
  const char *key = oi_variable_key(text);
  char *out = malloc(strlen(key) + 1), *o = out;
  for (; out && *key; key++)
    if (*key != ' ' && *key != '\t')
      *o++ = *key;
  if (out)
    *o = '\0';
  return out;
}

uint32_t oi_profile_finding_name(oi_profile *p, const oi_finding *f) {
  const oi_profile_state *s = p->state;
  uint32_t v =
      f->at.site == 0 && s ? oi_map_get_address(&s->host_variables, f->host_addr) : OI_NO_INDEX;
  if (v == OI_NO_INDEX)
    return f->at.name;
  const oi_variable_row *row = &p->variables[v];
  oi_variable_name name = {.text = row->name, .source = row->source, .whole = row->whole};
  return oi_names_add(&p->names, &name);
}

oi_finding_vars oi_profile_finding_vars(const oi_profile *p, const oi_finding *f) {
  const oi_name_entry *at = oi_names_at(&p->names, f->at.name),
                      *other = oi_names_at(&p->names, f->other.name);
  return (oi_finding_vars){at ? at->text : "?", at && at->whole, at ? at->source : OI_NAME_ADDRESS,
                           other ? other->text : NULL};
}

const char *oi_profile_finding_var(const oi_profile *p, const oi_finding *f) {
  return oi_profile_finding_vars(p, f).var;
}
