/* The naming service (names.h). */
#include "names.h"
#include "profile_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The map item `var` (1-based) of `site` as written; NULL where none names
 * the memory (no site, no such item, or an item the program gave the
 * runtime no name for). */
static const char *item_of(const oi_site *site, uint16_t var) {
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

/* A dense id for the map item (site, var), kept in the map items. */
static uint32_t map_item_id(oi_profile_state *s, const oi_site *site, uint16_t var) {
  uint64_t key = ((uint64_t)site->id << 16 | var) + 1;
  uint32_t id = oi_map_get_address(&s->map_item_ids, key);
  if (id != OI_NO_INDEX)
    return id;
  if (oi_grow((void **)&s->map_items, &s->map_item_capacity, s->map_item_count + 1,
              sizeof *s->map_items) != 0)
    return OI_NO_INDEX;
  id = (uint32_t)s->map_item_count;
  s->map_items[s->map_item_count++] = (oi_site_item){site, var};
  return oi_map_set_address(&s->map_item_ids, key, id) == 0 ? id : OI_NO_INDEX;
}

/* The name id of a map item as written, made once per item. */
static uint32_t item_name(oi_profile *p, const oi_site *site, uint16_t var, const char *item) {
  oi_profile_state *s = p->state;
  oi_map_key key = {{site->id, var, 0, 0}};
  uint32_t *known = oi_map_slot(&s->item_names, &key);
  if (known && *known != OI_MAP_NONE)
    return *known;
  oi_variable_name name;
  oi_name_variable(item, site->call, NULL, 0, 0, 0, &name);
  uint32_t id = oi_names_add(&p->names, &name);
  if (known)
    *known = id;
  return id;
}

/* The item names `host` (and `device`): later operations on them without
 * one take its name, and a site-less one its map item. */
static uint32_t name_by_item(oi_profile *p, const oi_site *site, uint16_t var, const char *item,
                             uint64_t host) {
  oi_profile_state *s = p->state;
  uint32_t id = item_name(p, site, var, item);
  if (id == OI_NAME_NONE || !host)
    return id;
  uint32_t ref = map_item_id(s, site, var);
  return ref != OI_NO_INDEX && oi_map_set_address(&s->host_items, host, ref) == 0 ? id
                                                                                  : OI_NAME_NONE;
}

/* An operation without an item of its own: an address named before keeps
 * that name (no symbol lookup per operation), else the symbol or address. */
static uint32_t name_by_address(oi_profile *p, const oi_event *e) {
  oi_profile_state *s = p->state;
  uint32_t id = oi_map_get_address(&s->host_names, e->u.data.host_addr);
  if (id == OI_NAME_NONE)
    id = oi_map_get_address(&s->device_names, e->u.data.device_addr);
  if (id != OI_NAME_NONE)
    return id;
  oi_variable_name name;
  oi_name_variable(NULL, false, p->symbolizer, e->u.data.host_addr, e->u.data.device_addr,
                   e->u.data.bytes, &name);
  return oi_names_add(&p->names, &name);
}

uint32_t oi_profile_name_op(oi_profile *p, const oi_event *e, const oi_site *site,
                            oi_site_item *adopted) {
  oi_profile_state *s = p->state;
  uint64_t host = e->u.data.host_addr, device = e->u.data.device_addr;
  const char *item = item_of(site, e->var);
  uint32_t id = item ? name_by_item(p, site, e->var, item, host) : name_by_address(p, e);
  *adopted = (oi_site_item){NULL, 0};
  if (id == OI_NAME_NONE)
    return id;
  /* the runtime named no site, or the shim no variable (a deferred
   * target's operations run on another thread than its construct): the
   * map item that mapped its host address, of the same site if one is
   * named (compiler map events precede the operations they cause) */
  uint32_t ref =
      e->site == 0 || e->var == 0 ? oi_map_get_address(&s->host_items, host) : OI_NO_INDEX;
  if (ref != OI_NO_INDEX && (e->site == 0 || s->map_items[ref].site->id == e->site))
    *adopted = s->map_items[ref];
  if (oi_map_set_address(&s->host_names, host, id) != 0 ||
      oi_map_set_address(&s->device_names, device, id) != 0)
    return OI_NAME_NONE;
  /* freed device memory is handed out again, often for another variable */
  if (e->op == OI_DATA_OP_DELETE && device &&
      oi_map_set_address(&s->device_names, device, OI_NAME_NONE) != 0)
    return OI_NAME_NONE;
  return id;
}

int oi_profile_name_map(oi_profile *p, const oi_event *e, const oi_site *site, uint32_t *id) {
  oi_profile_state *s = p->state;
  const char *item = item_of(site, e->var);
  uint64_t host = OI_GET(e, MAP, host_addr);
  *id = item ? name_by_item(p, site, e->var, item, host) : OI_NAME_NONE;
  if (item && *id == OI_NAME_NONE)
    return -1;
  return item && oi_map_set_address(&s->host_names, host, *id) != 0 ? -1 : 0;
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

oi_finding_vars oi_profile_finding_vars(const oi_profile *p, const oi_finding *f) {
  const oi_name_entry *at = oi_names_at(&p->names, f->at.name),
                      *other = oi_names_at(&p->names, f->other.name);
  return (oi_finding_vars){at ? at->text : "?", at && at->whole, at ? at->source : OI_NAME_ADDRESS,
                           other ? other->text : NULL};
}

const char *oi_profile_finding_var(const oi_profile *p, const oi_finding *f) {
  return oi_profile_finding_vars(p, f).var;
}
