/* Source places of events: compiler sites, return addresses through libdw
 * (file:line with -g, else module+offset), or unknown. Places are interned
 * by their text so that a site and a return address on the same line share
 * one place. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile_internal.h"

const char *oi_profile_text(oi_profile *p, const char *text) {
  if (!text)
    return NULL;
  uint32_t i = oi_string_index_add(&p->texts, text);
  return i == OI_NO_INDEX ? NULL : p->texts.strings[i];
}

/* The place with key `key`, created from `model` if new. */
uint32_t oi_place_intern(oi_profile *p, const char *key, const oi_place *model) {
  int created;
  uint32_t i = oi_string_index_intern(&p->place_keys, key, (void **)&p->places, &p->place_capacity,
                                      sizeof *p->places, &created);
  if (i == OI_NO_INDEX)
    return OI_NO_INDEX;
  if (created) {
    p->places[i] = *model;
    p->places[i].file = oi_profile_text(p, model->file);
    p->places[i].function = oi_profile_text(p, model->function);
    p->places[i].module = oi_profile_text(p, model->module);
  } else if (model->end_line > p->places[i].end_line) {
    p->places[i].end_line = model->end_line; /* a site knows its end line */
  }
  return i;
}

static uint32_t place_of_line(oi_profile *p, const char *file, uint32_t line, uint32_t end_line,
                              const char *function) {
  char key[4096];
  snprintf(key, sizeof key, "%s:%" PRIu32, file, line);
  oi_place model = {.file = file, .line = line, .end_line = end_line, .function = function};
  return oi_place_intern(p, key, &model);
}

/* `place` remembered under `key` in `memo` (when building from a trace). */
static uint32_t remember(oi_profile *p, oi_map *memo, uint64_t key, uint32_t place) {
  if (p->state && key && place != OI_NO_INDEX)
    oi_map_set_address(memo, key, place); /* out of memory: only slower */
  return place;
}

static uint32_t place_of_site(oi_profile *p, const oi_site *site) {
  if (!site->file)
    return oi_place_unknown(p);
  return place_of_line(p, site->file, site->line, site->end_line, site->function);
}

uint32_t oi_place_of_site(oi_profile *p, const oi_site *site) {
  oi_profile_state *s = p->state;
  uint32_t place = s ? oi_map_get_address(&s->site_places, site->id) : OI_NO_INDEX;
  if (place != OI_NO_INDEX)
    return place;
  return remember(p, s ? &s->site_places : NULL, site->id, place_of_site(p, site));
}

static uint32_t place_of_code(oi_profile *p, uint64_t codeptr);

uint32_t oi_place_of_code(oi_profile *p, uint64_t codeptr) {
  oi_profile_state *s = p->state;
  uint32_t place = s ? oi_map_get_address(&s->code_places, codeptr) : OI_NO_INDEX;
  if (place != OI_NO_INDEX)
    return place;
  return remember(p, s ? &s->code_places : NULL, codeptr, place_of_code(p, codeptr));
}

static uint32_t place_of_code(oi_profile *p, uint64_t codeptr) {
  if (!p->symbolizer)
    return OI_NO_INDEX;
  const oi_location *where = oi_symbolize(p->symbolizer, codeptr);
  if (where->has_source)
    return place_of_line(p, where->file, where->line, 0, where->function);
  if (!where->module)
    return OI_NO_INDEX;
  char key[4096];
  snprintf(key, sizeof key, "%s+0x%" PRIx64, where->module->path, where->offset);
  oi_place model = {
      .module = where->module->path, .offset = where->offset, .function = where->function};
  return oi_place_intern(p, key, &model);
}

uint32_t oi_place_of_source(oi_profile *p, const oi_site *site, uint64_t codeptr) {
  uint32_t place = site ? oi_place_of_site(p, site) : OI_NO_INDEX;
  if (place == OI_NO_INDEX && codeptr)
    place = oi_place_of_code(p, codeptr);
  return place == OI_NO_INDEX ? oi_place_unknown(p) : place;
}

uint32_t oi_place_unknown(oi_profile *p) {
  oi_place model = {0};
  return oi_place_intern(p, "?", &model);
}

const char *oi_place_text(const oi_place *place, bool full, char *buf, size_t size) {
  if (place->file) {
    const char *file = place->file;
    const char *slash = strrchr(file, '/');
    if (!full && slash)
      file = slash + 1;
    snprintf(buf, size, "%s:%" PRIu32, file, place->line);
  } else if (place->module) {
    const char *module = place->module;
    const char *slash = strrchr(module, '/');
    if (!full && slash)
      module = slash + 1;
    snprintf(buf, size, "%s+0x%" PRIx64, module, place->offset);
  } else {
    snprintf(buf, size, "?");
  }
  return buf;
}
