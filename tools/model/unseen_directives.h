/* The OpenMP directives of a run whose runtime never started: the runtime
 * loads the tool only when a construct first calls it, so such a run
 * records nothing, yet its program may hold directives (flang runs a
 * `target` region without a device inline, on the host, never calling the
 * runtime). They are listed from the program's sources, so that its report
 * says what the runtime never saw. */
#ifndef OMPT_INST_UNSEEN_DIRECTIVES_H
#define OMPT_INST_UNSEEN_DIRECTIVES_H

#include <stddef.h>

typedef struct oi_unseen_directive {
  const char *file; /* one of the list's files */
  long line;
  char *text; /* after `#pragma omp` or `!$omp`, continuations joined */
} oi_unseen_directive;

typedef struct oi_unseen_directives {
  oi_unseen_directive *at;
  size_t count;
  char **files; /* the program's source files, read */
  size_t file_count;
  const char *missing; /* why no file could be read, else NULL */
} oi_unseen_directives;

/* The executable directives in `program`'s source files (its debug
 * information names them), in file and line order: not `end …`, nor the
 * declarative ones (`declare …`, `requires`, `threadprivate`), which no
 * runtime is called for. 0, or -1 when out of memory. */
/* What became of `runtime_library` ("libomp.so.5", "libgomp.so.1"):
 * "never started" (LLVM's) or "never called" (GCC's); and why it saw none
 * of the directives, one clause: every writer and `ompt-inst run` say
 * "the program's OpenMP runtime, LIBRARY, STATE: WHY". */
const char *oi_unstarted_runtime_state(const char *runtime_library);
const char *oi_unstarted_runtime_why(const char *runtime_library);

int oi_unseen_directives_find(const char *program, oi_unseen_directives *found);
void oi_unseen_directives_free(oi_unseen_directives *found);

#endif
