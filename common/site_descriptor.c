/* Site descriptor text → oi_site. */
#include "site_descriptor.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "map.h"
#include "ompt-inst/events.h"
#include "ompt-inst/descriptor.h"
#include "ompt-inst/hooks.h"

/* A site's map items and inner directives are few (the shim keeps up to
 * millions of sites): their arrays start at 4 and double. */
#define SMALL_ARRAY 4u

static char *copy_text(const char *text, size_t length) {
  char *copy = malloc(length + 1);
  if (copy) {
    memcpy(copy, text, length);
    copy[length] = '\0';
  }
  return copy;
}

static uint32_t parse_number(const char *text, size_t length) {
  uint64_t value = 0;
  for (size_t i = 0; i < length && text[i] >= '0' && text[i] <= '9'; i++) {
    value = value * 10 + (uint64_t)(text[i] - '0');
    if (value > UINT32_MAX)
      return UINT32_MAX;
  }
  return (uint32_t)value;
}

static bool text_is(const char *text, size_t length, const char *word) {
  return strlen(word) == length && memcmp(text, word, length) == 0;
}

/* "<type>;<modifiers>;<explicit|implicit>;<item>": the item comes last so it
 * may itself contain ';'. */
static int parse_map_item(const char *text, size_t length, oi_map_item *map) {
  const char *field[3];
  size_t field_length[3];
  const char *p = text, *end = text + length;
  for (int i = 0; i < 3; i++) {
    const char *semi = memchr(p, ';', (size_t)(end - p));
    if (!semi)
      return -1;
    field[i] = p;
    field_length[i] = (size_t)(semi - p);
    p = semi + 1;
  }
  bool no_modifiers = text_is(field[1], field_length[1], OMPT_INST_MAP_NO_MODIFIERS);
  map->type = copy_text(field[0], field_length[0]);
  map->modifiers = copy_text(field[1], no_modifiers ? 0 : field_length[1]);
  map->is_explicit = text_is(field[2], field_length[2], OMPT_INST_MAP_EXPLICIT);
  map->item = copy_text(p, (size_t)(end - p));
  return map->type && map->modifiers && map->item ? 0 : -1;
}

static int add_map_item(oi_site *site, const char *value, size_t length) {
  if (oi_grow_from((void **)&site->maps, &site->map_capacity, (uint64_t)site->map_count + 1,
                   sizeof *site->maps, SMALL_ARRAY) != 0)
    return -1;
  oi_map_item *map = &site->maps[site->map_count];
  memset(map, 0, sizeof *map);
  if (parse_map_item(value, length, map) != 0) {
    /* keep the item count aligned with the hook's address list: a line we
     * cannot split still occupies its slot, with the raw text as the item */
    free(map->type);
    free(map->modifiers);
    free(map->item);
    memset(map, 0, sizeof *map);
    map->item = copy_text(value, length);
    map->type = copy_text("", 0);
    map->modifiers = copy_text("", 0);
    if (!map->item || !map->type || !map->modifiers)
      return -1;
  }
  site->map_count++;
  return 0;
}

enum site_key {
#define KEY_ENUM(id) KEY_##id,
  OMPT_INST_SITE_KEYS(KEY_ENUM)
#undef KEY_ENUM
      KEY_UNKNOWN
};

static enum site_key key_of(const char *key, size_t length) {
  static const char *const names[] = {
#define KEY_NAME(id) OMPT_INST_KEY_##id,
      OMPT_INST_SITE_KEYS(KEY_NAME)
#undef KEY_NAME
  };
  for (unsigned k = 0; k < KEY_UNKNOWN; k++)
    if (text_is(key, length, names[k]))
      return (enum site_key)k;
  return KEY_UNKNOWN;
}

static int set_text(char **field, const char *value, size_t length) {
  free(*field);
  *field = copy_text(value, length);
  return *field ? 0 : -1;
}

/* "<construct>;<line>;<col>;<end_line>"; a line that does not split is
 * left out (it names no place). */
static int add_inner(oi_site *site, const char *value, size_t length) {
  const char *semi[3], *p = value, *end = value + length;
  for (int i = 0; i < 3; i++) {
    semi[i] = memchr(p, ';', (size_t)(end - p));
    if (!semi[i])
      return 0;
    p = semi[i] + 1;
  }
  if (oi_grow_from((void **)&site->inner, &site->inner_capacity, (uint64_t)site->inner_count + 1,
                   sizeof *site->inner, SMALL_ARRAY) != 0)
    return -1;
  oi_inner_directive *d = &site->inner[site->inner_count];
  d->construct = copy_text(value, (size_t)(semi[0] - value));
  if (!d->construct)
    return -1;
  d->line = parse_number(semi[0] + 1, (size_t)(semi[1] - semi[0] - 1));
  d->col = parse_number(semi[1] + 1, (size_t)(semi[2] - semi[1] - 1));
  d->end_line = parse_number(semi[2] + 1, (size_t)(end - semi[2] - 1));
  site->inner_count++;
  return 0;
}

static int set_field(oi_site *site, const char *key, size_t key_length, const char *value,
                     size_t length) {
  switch (key_of(key, key_length)) {
  case KEY_CONSTRUCT:
    return set_text(&site->construct, value, length);
  case KEY_FILE:
    return set_text(&site->file, value, length);
  case KEY_FUNCTION:
    return set_text(&site->function, value, length);
  case KEY_CLAUSES:
    return set_text(&site->clauses, value, length);
  case KEY_MESSAGE:
    return set_text(&site->message, value, length);
  case KEY_SEVERITY:
    site->severity = text_is(value, length, OMPT_INST_SEVERITY_FATAL) ? 2 : 1;
    return 0;
  case KEY_LINE:
    site->line = parse_number(value, length);
    return 0;
  case KEY_COL:
    site->col = parse_number(value, length);
    return 0;
  case KEY_END_LINE:
    site->end_line = parse_number(value, length);
    return 0;
  case KEY_NOWAIT:
    site->nowait = parse_number(value, length) != 0;
    return 0;
  case KEY_RUNTIME_EVENTS:
    site->runtime_silent = parse_number(value, length) == 0;
    return 0;
  case KEY_DEPEND:
    site->depend = parse_number(value, length) != 0;
    return 0;
  case KEY_MAP:
    return add_map_item(site, value, length);
  case KEY_INNER:
    return add_inner(site, value, length);
  case KEY_WRITES:
    return set_text(&site->writes, value, length);
  case KEY_CALL:
    return set_text(&site->call, value, length);
  case KEY_NAME: /* the critical's name is in `clauses` as written */
  case KEY_UNKNOWN:
    return 0;
  }
  return 0;
}

/* one field of a place's hash, and a separator after it */
static uint64_t hash_field(uint64_t h, const void *data, size_t n) {
  return oi_map_hash_byte(oi_map_hash_bytes(h, data, n), 0x1f);
}

/* oi_site.place: 0 without a file and line to place it by (a build
 * without -g names every call site `unknown`) */
static uint64_t source_place(const oi_site *site) {
  if (!site->file || !site->line)
    return 0;
  uint64_t h = OI_MAP_HASH_START;
  h = hash_field(h, site->file, strlen(site->file));
  h = hash_field(h, &site->line, sizeof site->line);
  h = hash_field(h, &site->col, sizeof site->col);
  if (site->construct)
    h = hash_field(h, site->construct, strlen(site->construct));
  if (site->function)
    h = hash_field(h, site->function, oi_function_base_length(site->function));
  return h ? h : 1;
}

int oi_site_parse(const char *text, size_t length, oi_site *site) {
  memset(site, 0, sizeof *site);
  size_t magic_length = strlen(OMPT_INST_SITE_MAGIC);
  if (length < magic_length || memcmp(text, OMPT_INST_SITE_MAGIC, magic_length) != 0 ||
      (length > magic_length && text[magic_length] != '\n'))
    return -1;
  const char *p = text + magic_length, *end = text + length;
  while (p < end) {
    const char *line_end = memchr(p, '\n', (size_t)(end - p));
    if (!line_end)
      line_end = end;
    const char *equals = memchr(p, '=', (size_t)(line_end - p));
    if (equals && set_field(site, p, (size_t)(equals - p), equals + 1,
                            (size_t)(line_end - equals - 1)) != 0) {
      oi_site_free(site);
      return -1;
    }
    p = line_end < end ? line_end + 1 : end;
  }
  site->place = source_place(site);
  return 0;
}

size_t oi_function_base_length(const char *function) {
  size_t n = strlen(function);
  if (n == 0 || function[n - 1] != '>')
    return n;
  /* back to the '<' that opens the trailing argument list */
  int depth = 0;
  for (size_t i = n; i-- > 0;) {
    depth += function[i] == '>' ? 1 : function[i] == '<' ? -1 : 0;
    if (depth == 0)
      return i > 0 && strncmp(function, "operator", 8) != 0 ? i : n;
  }
  return n;
}

void oi_site_free(oi_site *site) {
  free(site->construct);
  free(site->file);
  free(site->function);
  free(site->clauses);
  free(site->message);
  free(site->writes);
  free(site->call);
  for (uint32_t i = 0; i < site->inner_count; i++)
    free(site->inner[i].construct);
  free(site->inner);
  for (uint32_t i = 0; i < site->map_count; i++) {
    free(site->maps[i].item);
    free(site->maps[i].type);
    free(site->maps[i].modifiers);
  }
  free(site->maps);
  memset(site, 0, sizeof *site);
}

unsigned oi_leading_construct(const char *spelling, size_t length) {
  unsigned best = OI_CONSTRUCT_OTHER;
  size_t best_length = 0;
  for (unsigned c = OI_CONSTRUCT_NONE + 1; c < OI_CONSTRUCT_COUNT; c++) {
    const char *name = oi_construct_name(c);
    size_t n = strlen(name);
    if (n > best_length && n <= length && memcmp(spelling, name, n) == 0 &&
        (n == length || spelling[n] == ' ')) {
      best = c;
      best_length = n;
    }
  }
  return best;
}

void oi_site_writes(const oi_site *site, uint32_t var, int *item, int *other) {
  *item = *other = site->writes ? 0 : -1;
  for (const char *p = site->writes; p && *p;) {
    size_t n = strcspn(p, ",");
    if (n == 1 && *p == '*')
      *other = 1;
    else if (var && n > 0 && *p != '*' && *p != '-' && parse_number(p, n) == var)
      *item = 1;
    p += n + (p[n] == ',');
  }
  if (var == 0)
    *item = *other; /* no item: what it writes is memory no item names */
}
