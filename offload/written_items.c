/* Map items as written: the pragma on the construct's line, read once per
 * call site (not on the program's hot path). See written_items.h. */
#define _GNU_SOURCE
#include "written_items.h"

#include "common/omp_directives.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Past the bracket that closes the one at `p` (or at the end). */
static const char *past_group(const char *p) {
  int depth = 0;
  for (; *p; p++) {
    if (*p == '(' || *p == '[' || *p == '{')
      depth++;
    else if ((*p == ')' || *p == ']' || *p == '}') && --depth == 0)
      return p + 1;
  }
  return p;
}

static bool add_item(oi_written_items *w, const char *from, const char *to) {
  while (from < to && isspace((unsigned char)*from))
    from++;
  while (to > from && isspace((unsigned char)to[-1]))
    to--;
  if (from == to)
    return true;
  char **items = realloc(w->items, (w->count + 1) * sizeof *items);
  if (!items)
    return false;
  w->items = items;
  if (!(items[w->count] = strndup(from, (size_t)(to - from))))
    return false;
  w->count++;
  return true;
}

/* The items of one clause's parentheses, [open, close): after the last
 * top-level ':' (the modifiers' end; C++'s '::' is part of a name), split
 * at top-level commas. */
static bool add_clause_items(oi_written_items *w, const char *open, const char *close) {
  const char *list = open;
  int depth = 0;
  for (const char *p = open; p < close; p++) {
    if (*p == '(' || *p == '[' || *p == '{')
      depth++;
    else if (*p == ')' || *p == ']' || *p == '}')
      depth--;
    else if (*p == ':' && p[1] == ':')
      p++;
    else if (*p == ':' && depth == 0)
      list = p + 1;
  }
  const char *start = list;
  depth = 0;
  for (const char *p = list; p <= close; p++) {
    if (p == close || (*p == ',' && depth == 0)) {
      if (!add_item(w, start, p))
        return false;
      start = p + 1;
    } else if (*p == '(' || *p == '[' || *p == '{') {
      depth++;
    } else if (*p == ')' || *p == ']' || *p == '}') {
      depth--;
    }
  }
  return true;
}

static bool is_item_clause(const char *word, size_t len) {
  return (len == 3 && strncasecmp(word, "map", 3) == 0) ||
         (len == 2 && strncasecmp(word, "to", 2) == 0) ||
         (len == 4 && strncasecmp(word, "from", 4) == 0);
}

void oi_written_items_read(oi_written_items *w, const char *file, long line) {
  *w = (oi_written_items){0};
  char *pragma = oi_directive_text(file, line);
  const char *p = pragma;
  bool ok = true;
  while (ok && p && *p) {
    /* a comment to the line's end, the last one joined (C's //, Fortran's !) */
    if ((p[0] == '/' && p[1] == '/') || p[0] == '!')
      break;
    if (p[0] == '/' && p[1] == '*') {
      const char *end = strstr(p + 2, "*/");
      p = end ? end + 2 : NULL;
      continue;
    }
    if (!isalpha((unsigned char)*p) && *p != '_') {
      p = *p == '(' ? past_group(p) : p + 1;
      continue;
    }
    const char *word = p;
    while (isalnum((unsigned char)*p) || *p == '_')
      p++;
    size_t len = (size_t)(p - word);
    while (isspace((unsigned char)*p))
      p++;
    if (*p != '(')
      continue;
    const char *end = past_group(p);
    if (is_item_clause(word, len) && end[-1] == ')')
      ok = add_clause_items(w, p + 1, end - 1);
    p = end;
  }
  free(pragma);
  w->taken = ok && w->count ? calloc(w->count, sizeof *w->taken) : NULL;
  if (!w->taken)
    oi_written_items_free(w);
}

void oi_written_items_free(oi_written_items *w) {
  for (size_t i = 0; i < w->count; i++)
    free(w->items[i]);
  free(w->items);
  free(w->taken);
  *w = (oi_written_items){0};
}

/* A spelling's shape: without blanks and without the insides of array
 * sections (`u [0:N]` and `u[0:4096]` are both `u[]`), in `out` of `size`
 * bytes; false when it does not fit. */
static bool shape(const char *name, size_t length, char *out, size_t size) {
  size_t n = 0;
  int depth = 0;
  for (const char *p = name; p < name + length; p++) {
    if (isspace((unsigned char)*p) || (depth && *p != '[' && *p != ']'))
      continue;
    depth += *p == '[' ? 1 : *p == ']' ? -1 : 0;
    bool bracket = (*p == '[' && depth == 1) || (*p == ']' && depth == 0);
    if (depth == 0 || bracket) {
      if (n + 1 >= size)
        return false;
      out[n++] = *p;
    }
  }
  out[n] = '\0';
  return true;
}

/* Whether the written shape `have` is the runtime's `want`: the same, or
 * with more sections after it (clang names `t[0:4][0:256]` `t[0:4]` to the
 * runtime: its first dimension only). */
static bool same_shape(const char *want, const char *have) {
  size_t n = strlen(want);
  if (strncmp(want, have, n) != 0)
    return false;
  if (n == 0 || want[n - 1] != ']')
    return have[n] == '\0';
  for (const char *rest = have + n; *rest; rest += 2)
    if (rest[0] != '[' || rest[1] != ']')
      return false;
  return true;
}

const char *oi_written_item_take(oi_written_items *w, const char *expanded, size_t length) {
  char want[256], have[256];
  if (!shape(expanded, length, want, sizeof want))
    return NULL;
  for (size_t i = 0; i < w->count; i++)
    if (!w->taken[i] && shape(w->items[i], strlen(w->items[i]), have, sizeof have) &&
        same_shape(want, have)) {
      w->taken[i] = true;
      return w->items[i];
    }
  return NULL;
}

const char *oi_written_item_take_variable(oi_written_items *w, const char *variable) {
  size_t n = strlen(variable);
  char have[256];
  for (size_t i = 0; i < w->count; i++)
    if (!w->taken[i] && shape(w->items[i], strlen(w->items[i]), have, sizeof have) &&
        strncasecmp(have, variable, n) == 0 &&
        (have[n] == '\0' || have[n] == '[' || have[n] == '(')) {
      w->taken[i] = true;
      return w->items[i];
    }
  return NULL;
}

size_t oi_written_items_left(const oi_written_items *w) {
  size_t left = 0;
  for (size_t i = 0; i < w->count; i++)
    left += !w->taken[i];
  return left;
}

const char *oi_written_item_take_next(oi_written_items *w) {
  for (size_t i = 0; i < w->count; i++)
    if (!w->taken[i]) {
      w->taken[i] = true;
      return w->items[i];
    }
  return NULL;
}
