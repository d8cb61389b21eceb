/* The order and the identity of findings (findings.h). */
#define _GNU_SOURCE
#include "findings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

/* a before b when x > y (most first), as the order's sign */
static int most_first(uint64_t x, uint64_t y) { return (x < y) - (x > y); }

int oi_finding_compare(const oi_finding *a, const oi_finding *b) {
  int c = oi_finding_is_bug(b->kind) - oi_finding_is_bug(a->kind);
  if (!c)
    c = most_first(a->time_ns, b->time_ns);
  if (!c)
    c = most_first(a->bytes, b->bytes);
  if (!c)
    c = most_first(a->count, b->count);
  if (!c)
    c = (a->kind > b->kind) - (a->kind < b->kind);
  if (!c)
    c = (a->at.line > b->at.line) - (a->at.line < b->at.line);
  return c;
}

char *oi_finding_key(const oi_finding *finding, const char *var, const char *where) {
  char *blankless = oi_variable_spelling_key(var ? var : "");
  if (!blankless)
    return NULL;
  char *key;
  if (asprintf(&key, "%d\x1e%d\x1e%d\x1e%s\x1e%s", (int)finding->kind, (int)finding->op,
               (int)finding->device, blankless, where ? where : "") < 0)
    key = NULL;
  free(blankless);
  return key;
}
