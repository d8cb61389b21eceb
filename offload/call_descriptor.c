/* Site descriptors of calls into an OpenMP runtime (call_descriptor.h). */
#include "call_descriptor.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "ompt-inst/descriptor.h"
#include "ompt-inst/hooks.h"

static void append(oi_call_descriptor *d, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void append(oi_call_descriptor *d, const char *format, ...) {
  while (!d->failed) {
    va_list args;
    va_start(args, format);
    int n =
        vsnprintf(d->data ? d->data + d->len : NULL, d->data ? d->cap - d->len : 0, format, args);
    va_end(args);
    if (n < 0) {
      d->failed = true;
      return;
    }
    if (d->data && d->len + (size_t)n < d->cap) {
      d->len += (size_t)n;
      return;
    }
    size_t cap = (d->cap ? d->cap * 2 : 512) + (size_t)n;
    char *data = realloc(d->data, cap);
    if (!data) {
      d->failed = true;
      return;
    }
    d->data = data;
    d->cap = cap;
  }
}

void oi_describe_call(oi_call_descriptor *d, const char *construct, const char *entry_point) {
  append(d, "%s\n" OMPT_INST_KEY_CONSTRUCT "=%s\n" OMPT_INST_KEY_CALL "=%s\n", OMPT_INST_SITE_MAGIC,
         construct, entry_point);
}

void oi_describe_location(oi_call_descriptor *d, const char *file, size_t file_length,
                          const char *function, size_t function_length, const char *line,
                          size_t line_length, const char *col, size_t col_length) {
  append(d,
         OMPT_INST_KEY_FILE "=%.*s\n" OMPT_INST_KEY_FUNCTION "=%.*s\n" OMPT_INST_KEY_LINE
                            "=%.*s\n" OMPT_INST_KEY_COL "=%.*s\n",
         (int)file_length, file, (int)function_length, function, (int)line_length, line,
         (int)col_length, col);
}

const char *oi_descriptor_map_type(bool exit, bool to, bool from, bool delete_item) {
  if (delete_item)
    return OMPT_INST_MAP_DELETE;
  if (exit)
    return from ? OMPT_INST_MAP_FROM : OMPT_INST_MAP_RELEASE;
  return to && from ? OMPT_INST_MAP_TOFROM
         : to       ? OMPT_INST_MAP_TO
         : from     ? OMPT_INST_MAP_FROM
                    : OMPT_INST_MAP_ALLOC;
}

void oi_describe_map(oi_call_descriptor *d, const char *type, const char *modifier, bool implicit,
                     const char *item, size_t length) {
  append(d, OMPT_INST_KEY_MAP "=%s;%s;%s;%.*s\n", type, modifier,
         implicit ? OMPT_INST_MAP_IMPLICIT : OMPT_INST_MAP_EXPLICIT, (int)length, item);
}

char *oi_describe_finish(oi_call_descriptor *d) {
  char *text = d->failed ? NULL : d->data;
  if (d->failed)
    free(d->data);
  *d = (oi_call_descriptor){0};
  return text;
}
