/* OpenMP directives as the source writes them: C and C++ `#pragma omp`
 * (continued lines joined) and Fortran `!$omp` (any case, `&`
 * continuations joined). A compiler that tells the runtime no source
 * location (GCC) gives a construct's call a line near its directive's; the
 * directive's own text names its map items as written. */
#ifndef OMPT_INST_COMMON_OMP_DIRECTIVES_H
#define OMPT_INST_COMMON_OMP_DIRECTIVES_H

#include <stdbool.h>

/* The text of the directive starting on `line` of `file`, continued lines
 * joined, after "#pragma omp" or "!$omp"; malloc'd, NULL when that line
 * holds no OpenMP directive (or the file cannot be read). */
char *oi_directive_text(const char *file, long line);

/* Calls visit(context, line, text) for each directive of `file` in order
 * (text as oi_directive_text's, freed after the call) until it returns
 * nonzero; -1 when the file cannot be read, else 0. */
typedef int (*oi_directive_visit)(void *context, long line, const char *text);
int oi_directives_each(const char *file, oi_directive_visit visit, void *context);

/* Whether a directive's text starts with `directive`'s words (any case):
 * "target" is not "target data", "target update", ... */
bool oi_directive_starts(const char *text, const char *directive);

/* The line of the `directive` at `line` or up to `before` lines above it,
 * 0 if none. */
long oi_directive_line(const char *file, long line, const char *directive, long before);

/* The nearest line of the `directive` at `line`, up to `below` lines below
 * it or `above` lines above it (at the same distance, above first when
 * `above_first`), 0 if none. */
long oi_directive_near(const char *file, long line, const char *directive, long below, long above,
                       bool above_first);

#endif
