/* Mending the host callbacks' mistakes (host_repairs.h). */
#include "host_repairs.h"

#include <dlfcn.h>
#include <stdlib.h>

#include "repairs.h"

static ompt_set_callback_t set_callback;
static ompt_get_task_info_t get_task_info;

/* The modules a codeptr_ra must not be in: libc, the OpenMP runtime, the
 * offload runtime, this tool (found once, at connect). */
#define FOREIGN_MODULES 4
static void *foreign_base[FOREIGN_MODULES];

static void *module_base(void *address) {
  Dl_info info;
  return address && dladdr(address, &info) ? info.dli_fbase : NULL;
}

void oi_host_repairs_connect(ompt_function_lookup_t lookup) {
  set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
  foreign_base[0] = module_base((void *)(uintptr_t)abort);
  foreign_base[1] = module_base((void *)(uintptr_t)get_task_info);
  foreign_base[2] = module_base(dlsym(RTLD_DEFAULT, "__tgt_register_lib"));
  foreign_base[3] = module_base((void *)(uintptr_t)oi_host_repairs_connect);
}

/* One entry per thread: the last address checked and what it was. */
static _Thread_local uint64_t checked_codeptr;
static _Thread_local int checked_foreign;

int oi_repair_codeptr_foreign(oi_thread *t, uint64_t codeptr) {
  (void)t;
  if (!codeptr)
    return 1;
  if (codeptr == checked_codeptr)
    return checked_foreign;
  void *base = module_base((void *)(uintptr_t)codeptr);
  int foreign = !base;
  for (int i = 0; i < FOREIGN_MODULES && !foreign; i++)
    foreign = foreign_base[i] && base == foreign_base[i];
  checked_codeptr = codeptr;
  checked_foreign = foreign;
  return foreign;
}

uint64_t oi_repair_entry_codeptr(oi_thread *t) {
  int flags = 0, thread_num = 0;
  ompt_data_t *task = NULL, *parallel = NULL;
  ompt_frame_t *frame = NULL;
  if (!get_task_info || get_task_info(0, &flags, &task, &frame, &parallel, &thread_num) != 2 ||
      !frame || !frame->enter_frame.ptr ||
      !(frame->enter_frame_flags & ompt_frame_framepointer))
    return 0;
  /* x86-64 and AArch64 frames: the saved frame pointer, then the return
   * address */
  uint64_t codeptr = (uintptr_t)((void **)frame->enter_frame.ptr)[1];
  return oi_repair_codeptr_foreign(t, codeptr) ? 0 : codeptr;
}

/* Critical sections by wait id, for a thread that never entered one
 * before: written when a thread enters another one than its last. */
#define SHARED_CRITICALS 16
static struct {
  _Atomic uint64_t wait_id, codeptr;
} shared_critical[SHARED_CRITICALS];

uint64_t oi_repair_critical_codeptr(oi_thread *t, uint64_t wait_id) {
  if (t->last_critical_wait_id == wait_id && t->last_critical_codeptr)
    return t->last_critical_codeptr;
  for (unsigned i = 0; i < SHARED_CRITICALS; i++)
    if (atomic_load_explicit(&shared_critical[i].wait_id, memory_order_acquire) == wait_id)
      return atomic_load_explicit(&shared_critical[i].codeptr, memory_order_relaxed);
  return 0;
}

void oi_repair_remember_critical(oi_thread *t, uint64_t wait_id, uint64_t codeptr) {
  if (!codeptr || (t->last_critical_wait_id == wait_id && t->last_critical_codeptr == codeptr))
    return;
  t->last_critical_wait_id = wait_id;
  t->last_critical_codeptr = codeptr;
  unsigned slot = (unsigned)(wait_id >> 4) % SHARED_CRITICALS;
  atomic_store_explicit(&shared_critical[slot].codeptr, codeptr, memory_order_relaxed);
  atomic_store_explicit(&shared_critical[slot].wait_id, wait_id, memory_order_release);
}

static _Atomic int released_off;

int oi_repair_mutex_released_off(void) {
  return atomic_load_explicit(&released_off, memory_order_relaxed);
}

void oi_repair_thread_ends(oi_thread *t) {
  if (t->number != 0 || t->thread_type != ompt_thread_initial || !set_callback)
    return;
  set_callback(ompt_callback_mutex_released, NULL);
  atomic_store(&released_off, 1);
  oi_repair_note(&t->repairs, OI_REPAIR_mutex_released_off);
}
