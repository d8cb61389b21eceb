/* Directives from a program's sources (unseen_directives.h). */
#include "unseen_directives.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/omp_directives.h"
#include "trace/program_sources.h"

typedef struct scan {
  oi_unseen_directives *found;
  const char *file;
  size_t capacity;
  int out_of_memory;
} scan;

static int executable(const char *text) {
  static const char *const declarative[] = {"end", "declare", "requires", "threadprivate"};
  for (size_t i = 0; i < sizeof declarative / sizeof *declarative; i++)
    if (oi_directive_starts(text, declarative[i]))
      return 0;
  return 1;
}

static int add(void *context, long line, const char *text) {
  scan *s = context;
  if (!executable(text))
    return 0;
  oi_unseen_directives *found = s->found;
  if (found->count == s->capacity) {
    size_t grown = s->capacity ? s->capacity * 2 : 16;
    oi_unseen_directive *at = realloc(found->at, grown * sizeof *at);
    if (!at)
      return s->out_of_memory = 1;
    found->at = at;
    s->capacity = grown;
  }
  while (*text == ' ' || *text == '\t')
    text++;
  size_t length = strlen(text);
  while (length && text[length - 1] == ' ') /* the joiner's last blank */
    length--;
  char *copy = strndup(text, length);
  if (!copy)
    return s->out_of_memory = 1;
  found->at[found->count++] = (oi_unseen_directive){s->file, line, copy};
  return 0;
}

static bool is_gcc_runtime(const char *runtime_library) {
  return runtime_library && strncmp(runtime_library, "libgomp", 7) == 0;
}

const char *oi_unstarted_runtime_state(const char *runtime_library) {
  return is_gcc_runtime(runtime_library) ? "never called" : "never started";
}

const char *oi_unstarted_runtime_why(const char *runtime_library) {
  if (is_gcc_runtime(runtime_library))
    return "it implements no OMPT, so only the program's calls into it are recorded, and it "
           "made none (GCC inlines static loops, master, simd and atomics without calling it)";
  return "the program ran no OpenMP construct that calls it, and it loads the tool only when it "
         "starts (flang, for one, runs a target region without a device inline, on the host)";
}

int oi_unseen_directives_find(const char *program, oi_unseen_directives *found) {
  memset(found, 0, sizeof *found);
  oi_program_sources sources;
  if (oi_program_sources_read(program, &sources) != 0)
    return -1;
  found->files = sources.paths; /* the list keeps them */
  found->file_count = sources.count;
  found->missing = sources.missing;
  scan s = {found, NULL, 0, 0};
  for (size_t i = 0; !s.out_of_memory && i < sources.count; i++) {
    s.file = sources.paths[i];
    oi_directives_each(s.file, add, &s);
  }
  if (s.out_of_memory) {
    oi_unseen_directives_free(found);
    return -1;
  }
  return 0;
}

void oi_unseen_directives_free(oi_unseen_directives *found) {
  for (size_t i = 0; i < found->count; i++)
    free(found->at[i].text);
  free(found->at);
  oi_program_sources sources = {found->files, found->file_count, NULL};
  oi_program_sources_free(&sources);
  memset(found, 0, sizeof *found);
}
