/* LLVM flavours: the plugin, compilers and OpenMP runtime folder that belong
 * to one clang major version. This build's own flavour comes from config.h;
 * other flavour builds register theirs next to the plugin, in
 * lib/ompt-inst-flavours/<major> (lines key=value, written by CMake:
 * cmake/Flavours.cmake), so that one ompt-inst drives every installed clang. */
#ifndef OMPT_INST_FLAVOURS_H
#define OMPT_INST_FLAVOURS_H

#include <stdbool.h>
#include <stdio.h>

struct oi_flavour {
  int major;
  char *plugin; /* ompt-inst.so built for this clang */
  char *clang;  /* clang, clang++, flang of this LLVM ("" when absent) */
  char *clangxx;
  char *flang;
  char *runtime; /* OpenMP runtime folder programs link and run with */
  char *include; /* its omp.h folder when unpacked privately, else "" */
};

/* The flavour for clang `major`: this build's own, or a registered one.
 * False, with nothing printed, when there is none. */
bool oi_flavour_find(int major, struct oi_flavour *flavour);
void oi_flavour_free(struct oi_flavour *flavour);
/* This build's major version. */
int oi_flavour_own_major(void);
/* The registered flavours' majors besides this build's, e.g. "14, 22", or
 * "none"; static storage. */
const char *oi_flavour_others(void);
/* Every flavour this ompt-inst drives, its own first: the clang, the
 * runtime folder and the plugin of each (for `ompt-inst --version`). */
void oi_flavour_print_all(FILE *out);

/* The major version `compiler --version` prints ("clang version 19.1.7",
 * "flang version 22.1.8", flang 19's "flang-new version 19.1.7"), 0 if none. Runs it without a
 * shell. */
int oi_compiler_major_version(const char *compiler);

#endif
