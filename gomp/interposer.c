/* The shim's hooks, found once (interposer.h). */
#define _GNU_SOURCE
#include "interposer.h"

#include <pthread.h>

#include "ompt-inst/find_shim.h"

static gomp_interposed_hook interposed;
static gomp_offload_hook offload;
static int (*thread_num)(void);
static pthread_once_t resolve_once = PTHREAD_ONCE_INIT;

static void resolve(void) {
  if (ompt_inst_find_hooks())
    return; /* the runtime has OMPT: it reports these constructs itself */
  const ompt_inst_hooks *(*without_ompt)(void) =
      (const ompt_inst_hooks *(*)(void))dlsym(RTLD_DEFAULT, OMPT_INST_NO_OMPT_ENTRY);
  const ompt_inst_hooks *table = without_ompt ? without_ompt() : NULL;
  thread_num = (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_thread_num");
  if (!table || !thread_num)
    return;
  if (OMPT_INST_HOOKS_HAVE(table, interposed))
    interposed = table->interposed;
  if (OMPT_INST_HOOKS_HAVE(table, offload))
    offload = table->offload;
}

gomp_interposed_hook oi_gomp_interposed_hook(void) {
  pthread_once(&resolve_once, resolve);
  return interposed;
}

gomp_offload_hook oi_gomp_offload_hook(void) {
  pthread_once(&resolve_once, resolve);
  return offload;
}

int oi_gomp_thread_num(void) { return thread_num(); }
