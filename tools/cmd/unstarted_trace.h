/* The trace of a run whose OpenMP runtime never started. LLVM's runtime
 * loads the tool only when a construct first calls it, and GCC's is seen
 * only through the program's calls into it: a program that made none (flang
 * runs a target region without a device inline, on the host) leaves the
 * shim nothing to write. `ompt-inst run` writes this trace for it instead,
 * so that the run still has a report, which lists the directives the
 * runtime never saw (tools/model/unseen_directives.h). */
#ifndef OMPT_INST_UNSTARTED_TRACE_H
#define OMPT_INST_UNSTARTED_TRACE_H

#include <stdint.h>
#include <sys/types.h>

typedef struct oi_unstarted_run {
  const char *program;         /* its path */
  char *const *argv;           /* NULL-terminated */
  const char *runtime_library; /* "libomp.so.5", as the program links it */
  pid_t pid;
  uint64_t start_ns, end_ns; /* CLOCK_MONOTONIC, around the program's run */
  int signal;                /* the signal that ended it, 0 = none */
} oi_unstarted_run;

/* Writes `dir`/trace.oit: the header, info records (program, argv,
 * unstarted_runtime), no event, the end. 0, or an errno value. */
int oi_unstarted_trace_write(const char *dir, const oi_unstarted_run *run);

#endif
