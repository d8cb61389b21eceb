/* What the libgomp interposition library's wrappers share: the shim's
 * hooks, found once, and how a wrapper calls on into libgomp. The library
 * records only where the shim started without OMPT: a runtime that answers
 * the OMPT channel (LLVM's libomp installed as libgomp.so.1) reports the
 * same constructs itself, and every wrapper is then a plain call through,
 * as it is without the shim. */
#ifndef OMPT_INST_GOMP_INTERPOSER_H
#define OMPT_INST_GOMP_INTERPOSER_H

#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "ompt-inst/hooks.h"

typedef void (*gomp_interposed_hook)(uint32_t kind, uint32_t construct, uint32_t point,
                                     const void *codeptr, uint64_t region, uint32_t value);
typedef void (*gomp_offload_hook)(uint32_t point, ompt_inst_site *site, int64_t device,
                                  uint32_t nitems, const void *const *host_addrs,
                                  const uint64_t *bytes, const void *codeptr);

/* The shim's hooks for host constructs and for device constructs; NULL
 * where the shim runs as an OMPT tool or is absent. */
gomp_interposed_hook oi_gomp_interposed_hook(void);
gomp_offload_hook oi_gomp_offload_hook(void);
/* libgomp's omp_get_thread_num (valid once a hook is non-NULL). */
int oi_gomp_thread_num(void);
/* Whether a call comes from libgomp's own code (it calls some of its entry
 * points itself, an implicit barrier of a parallel region with task
 * reductions): not the program's construct (valid once a hook is non-NULL). */
bool oi_gomp_from_runtime(const void *codeptr);

/* Where a call comes from: the program's return address. */
#define OI_GOMP_CALLER __builtin_return_address(0)
/* GCC's line table at -O2 often gives a call the line of an earlier
 * construct (all the parallel regions of a function at the first one's
 * line), but the body GCC outlined for a parallel region, task, taskloop or
 * target region starts on the construct's own line: those take the body's
 * entry (+1: a return address is looked up one byte back). */
#define OI_GOMP_BODY(fn) ((const char *)(uintptr_t)(fn) + 1)

/* The entry point in libgomp that a wrapper calls on, looked up once. */
#define OI_GOMP_REAL(name, type)                                                                   \
  static __typeof__(type) real_##name;                                                             \
  if (!__atomic_load_n(&real_##name, __ATOMIC_ACQUIRE))                                            \
    __atomic_store_n(&real_##name, (type)dlsym(RTLD_NEXT, #name), __ATOMIC_RELEASE);               \
  if (!real_##name)                                                                                \
    abort(); /* preloaded into a program without libgomp: it never calls here */

#endif
