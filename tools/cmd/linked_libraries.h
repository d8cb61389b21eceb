/* Which shared libraries a program links directly (its DT_NEEDED entries):
 * `ompt-inst run` preloads the MPI profiling library only into programs
 * that link libmpi; `ompt-inst doctor` names the offload runtime; and
 * whether it names its own OpenMP runtime folder. */
#ifndef OMPT_INST_LINKED_LIBRARIES_H
#define OMPT_INST_LINKED_LIBRARIES_H

#include <stdbool.h>
#include <stddef.h>

/* Whether the ELF file at `path` names a needed library starting with one
 * of the NULL-terminated `prefixes` ("libmpi.so"). False when unreadable. */
bool oi_links_library(const char *path, const char *const *prefixes);

/* Likewise, with the first such name ("libomptarget.so.19.1") in `name`
 * (`size` bytes; may be NULL). */
bool oi_linked_library(const char *path, const char *const *prefixes, char *name, size_t size);

/* The folder with libomp.so.5 that the program's RUNPATH (or RPATH) names:
 * its own OpenMP runtime (every `ompt-inst cc` program has one), which a
 * folder in LD_LIBRARY_PATH would override; malloc'd, NULL when none or
 * unreadable. */
char *oi_runpath_openmp_runtime(const char *path);

#endif
