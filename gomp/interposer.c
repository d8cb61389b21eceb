/* The shim's hooks, found once (interposer.h). */
#define _GNU_SOURCE
#include "interposer.h"

#include <link.h>
#include <pthread.h>

#include "ompt-inst/find_shim.h"

static gomp_interposed_hook interposed;
static gomp_offload_hook offload;
static int (*thread_num)(void);
static pthread_once_t resolve_once = PTHREAD_ONCE_INIT;
/* libgomp's code, [begin, end): its own calls of its entry points */
static uintptr_t runtime_begin, runtime_end;

static int find_runtime(struct dl_phdr_info *info, size_t size, void *entry) {
  (void)size;
  uintptr_t at = (uintptr_t)entry;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t begin = info->dlpi_addr + ph->p_vaddr, end = begin + ph->p_memsz;
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && at >= begin && at < end) {
      runtime_begin = begin;
      runtime_end = end;
      return 1;
    }
  }
  return 0;
}

static void resolve(void) {
  if (ompt_inst_find_hooks())
    return; /* the runtime has OMPT: it reports these constructs itself */
  const ompt_inst_hooks *(*without_ompt)(void) =
      (const ompt_inst_hooks *(*)(void))dlsym(RTLD_DEFAULT, OMPT_INST_NO_OMPT_ENTRY);
  const ompt_inst_hooks *table = without_ompt ? without_ompt() : NULL;
  thread_num = (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_thread_num");
  if (!table || !thread_num)
    return;
  void *entry = dlsym(RTLD_NEXT, "GOMP_barrier");
  if (entry)
    dl_iterate_phdr(find_runtime, entry);
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

bool oi_gomp_from_runtime(const void *codeptr) {
  return (uintptr_t)codeptr >= runtime_begin && (uintptr_t)codeptr < runtime_end;
}
