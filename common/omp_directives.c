/* OpenMP directives in source files (omp_directives.h). */
#define _GNU_SOURCE
#include "omp_directives.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A pragma longer than this is not read: a generated one, most likely. */
enum { PRAGMA_LIMIT = 64 * 1024 };

/* After a C `#pragma omp` or a Fortran `!$omp` sentinel at the start of
 * `text` (blanks before it, any case for Fortran); NULL when `text` starts
 * with neither. *fortran says which. */
static const char *after_sentinel(const char *text, bool *fortran) {
  while (isspace((unsigned char)*text))
    text++;
  *fortran = strncasecmp(text, "!$omp", 5) == 0;
  if (*fortran)
    return isspace((unsigned char)text[5]) ? text + 5 : NULL;
  static const char *const words[] = {"#", "pragma", "omp"};
  const char *p = text;
  for (size_t i = 0; p && i < sizeof words / sizeof *words; i++) {
    while (isspace((unsigned char)*p))
      p++;
    size_t w = strlen(words[i]);
    p = strncmp(p, words[i], w) == 0 ? p + w : NULL;
  }
  return p && isspace((unsigned char)*p) ? p : NULL;
}

/* A line's continuation mark, removed: C's trailing '\\', Fortran's
 * trailing '&' (and a following line's leading `!$omp` and '&'). */
static bool continues(char *buf, ssize_t *n, bool fortran) {
  while (*n > 0 && (isspace((unsigned char)buf[*n - 1])))
    buf[--*n] = '\0';
  char mark = fortran ? '&' : '\\';
  if (*n == 0 || buf[*n - 1] != mark)
    return false;
  buf[--*n] = '\0';
  return true;
}

/* The directive whose first line, `buf` (n bytes), starts at its sentinel
 * (`text`), with the lines that continue it read from `in`; malloc'd, NULL
 * when too long or out of memory. *lines += the continuation lines read. */
static char *join_directive(FILE *in, char **buf, size_t *cap, const char *text, ssize_t n,
                            bool fortran, long *lines) {
  char *joined = NULL;
  size_t len = 0;
  for (;;) {
    n -= text - *buf;
    memmove(*buf, text, (size_t)n + 1);
    bool more = continues(*buf, &n, fortran);
    char *grown = len + (size_t)n + 2 <= PRAGMA_LIMIT ? realloc(joined, len + (size_t)n + 2) : NULL;
    if (!grown) {
      free(joined);
      return NULL;
    }
    joined = grown;
    memcpy(joined + len, *buf, (size_t)n);
    len += (size_t)n;
    joined[len++] = ' ';
    joined[len] = '\0';
    if (!more || (n = getline(buf, cap, in)) <= 0)
      return joined;
    ++*lines;
    text = *buf;
    if (fortran) { /* `!$omp&`, `!$omp &`, `&` or nothing starts a continuation */
      while (isspace((unsigned char)*text))
        text++;
      if (strncasecmp(text, "!$omp", 5) == 0)
        text += 5;
      while (isspace((unsigned char)*text))
        text++;
      if (*text == '&')
        text++;
    }
  }
}

char *oi_directive_text(const char *file, long line) {
  FILE *in = fopen(file, "r");
  if (!in)
    return NULL;
  char *buf = NULL, *joined = NULL;
  size_t cap = 0;
  ssize_t n;
  long at = 0;
  while ((n = getline(&buf, &cap, in)) > 0) {
    if (++at < line)
      continue;
    bool fortran;
    const char *text = after_sentinel(buf, &fortran);
    if (text)
      joined = join_directive(in, &buf, &cap, text, n, fortran, &at);
    break;
  }
  free(buf);
  fclose(in);
  return joined;
}

int oi_directives_each(const char *file, oi_directive_visit visit, void *context) {
  FILE *in = fopen(file, "r");
  if (!in)
    return -1;
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n;
  long at = 0;
  int stop = 0;
  while (!stop && (n = getline(&buf, &cap, in)) > 0) {
    long first = ++at;
    bool fortran;
    const char *text = after_sentinel(buf, &fortran);
    if (!text)
      continue;
    char *joined = join_directive(in, &buf, &cap, text, n, fortran, &at);
    if (joined)
      stop = visit(context, first, joined);
    free(joined);
  }
  free(buf);
  fclose(in);
  return 0;
}

bool oi_directive_starts(const char *text, const char *directive) {
  while (isspace((unsigned char)*text))
    text++;
  size_t n = strlen(directive);
  if (strncasecmp(text, directive, n) != 0 || (text[n] && !isspace((unsigned char)text[n])))
    return false;
  if (strcmp(directive, "target") != 0)
    return true;
  const char *next = text + n;
  while (isspace((unsigned char)*next))
    next++;
  static const char *const longer[] = {"data", "update", "enter", "exit"};
  for (size_t i = 0; i < sizeof longer / sizeof *longer; i++) {
    size_t w = strlen(longer[i]);
    if (strncasecmp(next, longer[i], w) == 0 && !isalnum((unsigned char)next[w]) && next[w] != '_')
      return false;
  }
  return true;
}

long oi_directive_line(const char *file, long line, const char *directive, long before) {
  for (long at = line; at > 0 && at >= line - before; at--) {
    char *text = oi_directive_text(file, at);
    bool found = text && oi_directive_starts(text, directive);
    free(text);
    if (found)
      return at;
  }
  return 0;
}

long oi_directive_near(const char *file, long line, const char *directive, long below, long above,
                       bool above_first) {
  long found = 0;
  for (long step = 0; !found && step <= (below > above ? below : above); step++) {
    long down = step <= below ? line + step : 0, up = step && step <= above ? line - step : 0;
    long candidates[2] = {above_first ? up : down, above_first ? down : up};
    for (int i = 0; !found && i < 2; i++) {
      if (candidates[i] <= 0)
        continue;
      char *text = oi_directive_text(file, candidates[i]);
      if (text && oi_directive_starts(text, directive))
        found = candidates[i];
      free(text);
    }
  }
  return found;
}
