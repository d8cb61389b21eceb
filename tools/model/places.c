/* Source places of events: compiler sites, return addresses through libdw
 * (file:line with -g, else module+offset), or unknown; a program's call
 * into libgomp at its directive's line, read from the source file (GCC's
 * line table gives the call a line near it). Places are interned by their
 * text so that a site and a return address on the same line share one
 * place. */
#define _GNU_SOURCE /* strcasestr */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/omp_directives.h"
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

/* The directive a construct is written as, where it always is one: an
 * implicit barrier (a call after a loop) or a parallel region (placed by
 * its outlined body, gomp/) has none to look for. */
static const char *written_directive(unsigned construct, bool fortran) {
  switch (construct) {
  case OI_CONSTRUCT_FOR:
    return fortran ? "do" : "for";
  case OI_CONSTRUCT_SECTIONS:
  case OI_CONSTRUCT_SINGLE:
  case OI_CONSTRUCT_CRITICAL:
  case OI_CONSTRUCT_ORDERED:
  case OI_CONSTRUCT_TASK:
  case OI_CONSTRUCT_TASKGROUP:
  case OI_CONSTRUCT_TASKWAIT:
  case OI_CONSTRUCT_TASKLOOP:
  case OI_CONSTRUCT_ATOMIC:
  case OI_CONSTRUCT_TEAMS: /* its outlined body starts at the statement after it */
    return oi_construct_name(construct);
  default:
    return NULL;
  }
}

/* Whether `text` names `word` as a whole word (a combined directive's leaf). */
static bool names_word(const char *text, const char *word) {
  size_t n = strlen(word);
  for (const char *at = text; (at = strcasestr(at, word)); at += n)
    if ((at == text || !isalnum((unsigned char)at[-1])) && !isalnum((unsigned char)at[n]) &&
        at[n] != '_')
      return true;
  return false;
}

/* GCC's line table gives a call into libgomp a line near its directive's
 * (the statement before it, the enclosing region's): the line of the
 * construct's directive within a few lines, found in the source file where
 * it can be read; the call's line otherwise. */
static unsigned directive_line(const char *file, unsigned line, unsigned construct) {
  enum { NEAR = 3 };
  const char *dot = strrchr(file, '.');
  bool fortran = dot && (strcasecmp(dot, ".f90") == 0 || strcasecmp(dot, ".f") == 0 ||
                         strcasecmp(dot, ".f95") == 0 || strcasecmp(dot, ".f03") == 0 ||
                         strcasecmp(dot, ".f08") == 0);
  const char *word = written_directive(construct, fortran);
  if (!word)
    return line;
  char *text = oi_directive_text(file, line);
  bool here = text && names_word(text, word);
  free(text);
  if (here)
    return line;
  /* a loop's call is given its `for` statement's line, the one after the
   * directive; the others the statement before theirs */
  bool loop = construct == OI_CONSTRUCT_FOR || construct == OI_CONSTRUCT_TASKLOOP;
  long near = oi_directive_near(file, line, word, NEAR, NEAR, loop);
  return near > 0 ? (unsigned)near : line;
}

uint32_t oi_place_of_call(oi_profile *p, uint64_t codeptr, unsigned construct) {
  oi_profile_state *s = p->state;
  oi_map_key key = {{codeptr, construct, 0, 0}};
  uint32_t *known = s ? oi_map_slot(&s->call_places, &key) : NULL;
  if (known && *known != OI_MAP_NONE)
    return *known;
  uint32_t place = oi_place_of_code(p, codeptr);
  if (place != OI_NO_INDEX && p->places[place].file) {
    const oi_place *code = &p->places[place];
    unsigned line = directive_line(code->file, code->line, construct);
    if (line != code->line)
      place = place_of_line(p, code->file, line, 0, code->function);
  }
  if (known && place != OI_NO_INDEX)
    *known = place;
  return place;
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
