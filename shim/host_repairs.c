/* Mending the host callbacks' mistakes (host_repairs.h). */
#include "host_repairs.h"

#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>

#include "repairs.h"

static ompt_set_callback_t set_callback;
static ompt_get_task_info_t get_task_info;

/* The modules a codeptr_ra must not be in: libc, the OpenMP runtime, the
 * offload runtime, this tool, as address ranges found once at connect, so
 * that a check costs a few comparisons. */
#define FOREIGN_MODULES 4
static struct {
  uint64_t start, end;
} foreign[FOREIGN_MODULES];

/* dl_iterate_phdr: the range of the object that holds foreign[i].start. */
static int find_module(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  unsigned i = *(unsigned *)data;
  uint64_t start = UINT64_MAX, end = 0;
  for (int h = 0; h < info->dlpi_phnum; h++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[h];
    if (ph->p_type != PT_LOAD)
      continue;
    uint64_t lo = info->dlpi_addr + ph->p_vaddr;
    start = lo < start ? lo : start;
    end = lo + ph->p_memsz > end ? lo + ph->p_memsz : end;
  }
  if (foreign[i].start < start || foreign[i].start >= end)
    return 0;
  foreign[i].start = start;
  foreign[i].end = end;
  return 1;
}

void oi_host_repairs_connect(ompt_function_lookup_t lookup) {
  set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
  const void *inside[FOREIGN_MODULES] = {
      (const void *)(uintptr_t)abort, (const void *)(uintptr_t)get_task_info,
      dlsym(RTLD_DEFAULT, "__tgt_register_lib"), (const void *)(uintptr_t)oi_host_repairs_connect};
  for (unsigned i = 0; i < FOREIGN_MODULES; i++) {
    foreign[i].start = (uintptr_t)inside[i];
    foreign[i].end = 0;
    if (inside[i] && !dl_iterate_phdr(find_module, &i))
      foreign[i].start = 0;
  }
}

int oi_repair_codeptr_foreign(uint64_t codeptr) {
  if (!codeptr)
    return 1;
  for (unsigned i = 0; i < FOREIGN_MODULES; i++)
    if (codeptr >= foreign[i].start && codeptr < foreign[i].end)
      return 1;
  return 0;
}

uint64_t oi_repair_entry_codeptr(void) {
  int flags = 0, thread_num = 0;
  ompt_data_t *task = NULL, *parallel = NULL;
  ompt_frame_t *frame = NULL;
  if (!get_task_info || get_task_info(0, &flags, &task, &frame, &parallel, &thread_num) != 2 ||
      !frame || !frame->enter_frame.ptr || !(frame->enter_frame_flags & ompt_frame_framepointer))
    return 0;
  /* x86-64 and AArch64 frames: the saved frame pointer, then the return
   * address */
  uint64_t codeptr = (uintptr_t)((void **)frame->enter_frame.ptr)[1];
  return oi_repair_codeptr_foreign(codeptr) ? 0 : codeptr;
}

/* Critical sections by wait id, for a thread that never entered one
 * before: written when a thread enters another one than its last. */
#define SHARED_CRITICALS 16
static struct {
  _Atomic uint64_t wait_id, codeptr;
} shared_critical[SHARED_CRITICALS];

static unsigned critical_slot(uint64_t wait_id) {
  return (unsigned)(wait_id >> 4) % SHARED_CRITICALS;
}

uint64_t oi_repair_critical_codeptr(oi_thread *t, uint64_t wait_id) {
  if (t->sync.last_critical_wait_id == wait_id && t->sync.last_critical_codeptr)
    return t->sync.last_critical_codeptr;
  for (unsigned i = 0; i < SHARED_CRITICALS; i++)
    if (atomic_load_explicit(&shared_critical[i].wait_id, memory_order_acquire) == wait_id)
      return atomic_load_explicit(&shared_critical[i].codeptr, memory_order_relaxed);
  return 0;
}

void oi_repair_remember_critical(oi_thread *t, uint64_t wait_id, uint64_t codeptr) {
  if (!codeptr ||
      (t->sync.last_critical_wait_id == wait_id && t->sync.last_critical_codeptr == codeptr))
    return;
  t->sync.last_critical_wait_id = wait_id;
  t->sync.last_critical_codeptr = codeptr;
  unsigned slot = critical_slot(wait_id);
  atomic_store_explicit(&shared_critical[slot].codeptr, codeptr, memory_order_relaxed);
  atomic_store_explicit(&shared_critical[slot].wait_id, wait_id, memory_order_release);
}

static _Atomic int released_off, process_exits;

void oi_repair_process_exits(void) { atomic_store(&process_exits, 1); }

int oi_repair_mutex_released_off(void) {
  return atomic_load_explicit(&released_off, memory_order_relaxed);
}

void oi_repair_thread_ends(oi_thread *t) {
  /* at exit no other thread runs OpenMP any more */
  if (t->number != 0 || t->thread_type != ompt_thread_initial || !set_callback ||
      atomic_load(&process_exits))
    return;
  set_callback(ompt_callback_mutex_released, NULL);
  atomic_store(&released_off, 1);
  oi_repair_note(&t->repairs, OI_REPAIR_mutex_released_off);
}
