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

static const char *var_name(void *user, uint32_t site_id, uint16_t var) {
  return oi_variable_item_name(user, site_id, var);
}

static bool site_is_call(void *user, uint32_t site_id) {
  const oi_profile *p = user;
  const oi_site *site = oi_reader_site(p->trace, site_id);
  return site && site->call;
}

static int var_written(void *user, uint32_t site_id, uint16_t var) {
  const oi_profile *p = user;
  const oi_site *site = oi_reader_site(p->trace, site_id);
  return site ? oi_site_writes(site, var) : -1;
}

static uint64_t site_place(void *user, uint32_t site_id) {
  const oi_profile *p = user;
  const oi_site *site = oi_reader_site(p->trace, site_id);
  return site ? site->place : 0;
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

/* How the trace names sites, map items and code addresses. */
oi_movement_names oi_profile_names(oi_profile *p) {
  return (oi_movement_names){.user = p,
                             .var_name = var_name,
                             .site_is_call = site_is_call,
                             .site_location = site_location,
                             .code_location = code_location,
                             .var_written = var_written,
                             .site_place = site_place,
                             .symbolizer = p->symbolizer,
                             .table = &p->names};
}

void oi_name_variable(const struct oi_movement_names *sources, uint32_t site, uint16_t var,
                      uint64_t host_addr, uint64_t device_addr, uint64_t bytes,
                      oi_variable_name *name) {
  const char *item = site && var && sources->var_name
                         ? sources->var_name(sources->user, site, var)
                         : NULL;
  if (item && *item) {
    bool call = sources->site_is_call && sources->site_is_call(sources->user, site);
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
  } else if (sources->symbolizer &&
             oi_symbolize_data(sources->symbolizer, host_addr, name->buf, sizeof name->buf)) {
    name->source = OI_NAME_SYMBOL;
    name->whole = !strchr(name->buf, '+');
  } else {
    name->source = OI_NAME_ADDRESS;
    name->whole = false;
    snprintf(name->buf, sizeof name->buf, "0x%" PRIx64 " (%" PRIu64 " bytes)", host_addr,
             bytes);
  }
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

oi_finding_vars oi_profile_finding_vars(const oi_profile *p, const oi_finding *f) {
  const oi_profile_state *s = p->state;
  const oi_name_entry *at = oi_names_at(&p->names, f->at.name),
                      *other = oi_names_at(&p->names, f->other.name);
  oi_finding_vars vars = {at ? at->text : "?", at && at->whole,
                          at ? at->source : OI_NAME_ADDRESS, other ? other->text : NULL};
  if (f->at.site == 0 && s) {
    uint32_t v = oi_map_get_address(&s->host_variables, f->host_addr);
    if (v != OI_NO_INDEX) {
      vars.var = p->variables[v].name;
      vars.var_whole = p->variables[v].whole;
      vars.var_source = p->variables[v].source;
    }
  }
  return vars;
}

const char *oi_profile_finding_var(const oi_profile *p, const oi_finding *f) {
  return oi_profile_finding_vars(p, f).var;
}
