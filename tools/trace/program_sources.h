/* The source files a program was compiled from, as its debug information
 * names them: what a report can still show of a run that recorded no
 * event (the OpenMP directives in them). */
#ifndef OMPT_INST_PROGRAM_SOURCES_H
#define OMPT_INST_PROGRAM_SOURCES_H

#include <stddef.h>

typedef struct oi_program_sources {
  char **paths; /* malloc'd, sorted, each once; readable on this machine */
  size_t count;
  /* why there are none: "no debug information" and the like; NULL when
   * some were found */
  const char *missing;
} oi_program_sources;

/* The files of the line tables of `program`'s compile units, outside the
 * system's folders (/usr/include, /usr/lib). 0, or -1 when out of memory. */
int oi_program_sources_read(const char *program, oi_program_sources *sources);
void oi_program_sources_free(oi_program_sources *sources);

#endif
