/* Constructs inside a kernel run on the host.
 *
 * A target region offloaded to a host device (x86_64 offloading) runs its
 * kernel on host threads, and the host runtime reports every parallel
 * region, loop, barrier and task inside it to the tool: a million events
 * where a GPU's runtime reports one kernel. Timing each cost more than the
 * kernel's own work (docs/performance.md, item 9), so while a thread runs
 * such a kernel its constructs are counted instead, like atomics: at their
 * begin, by construct, under the kernel's target construct (its code
 * address; in a plugin build its site, or the nested directive of that
 * construct), with no clock read and no event. OMPT_INST_TRACE_COUNTED=1
 * records them one by one instead.
 *
 * Which threads run the kernel: the one that submitted it, between the
 * submit's begin and end (oi_kernel_enter, oi_kernel_leave), and every
 * thread in an implicit task of a parallel region or league begun there:
 * the region's word carries the kernel, the task's word marks it. */
#ifndef OMPT_INST_SHIM_KERNEL_CONSTRUCTS_H
#define OMPT_INST_SHIM_KERNEL_CONSTRUCTS_H

#include <omp-tools.h>
#include <stdint.h>

#include "construct_counts.h"

/* The word of a parallel region begun, or an implicit task run, in a
 * kernel: no id (nothing of it is recorded; ids stay below this bit), with
 * the encountering thread's oi_kernel for the region's. */
#define OI_IN_KERNEL (1ull << 63)

/* A thread's kernel is read by the threads of the regions it begins, whose
 * fork and join order every access; atomically all the same, as a race
 * detector sees no order through an uninstrumented runtime. */
static inline void oi_kernel_set(oi_kernel *kernel, uint64_t codeptr, uint32_t site) {
  __atomic_store_n(&kernel->codeptr, codeptr, __ATOMIC_RELAXED);
  __atomic_store_n(&kernel->site, site, __ATOMIC_RELAXED);
}

/* The calling thread submitted a kernel at `codeptr` (its target
 * construct's) and runs it until oi_kernel_leave; oi_kernel_set may add
 * the construct's site. */
static inline void oi_kernel_enter(oi_thread *t, uint64_t codeptr, int trace_counted) {
  if (trace_counted)
    return;
  t->counts.kernel_depth++;
  oi_kernel_set(&t->counts.kernel, codeptr, 0);
}

static inline void oi_kernel_leave(oi_thread *t) {
  if (t->counts.kernel_depth)
    t->counts.kernel_depth--;
}

/* In a kernel, a construct's instance is counted at its begin (endpoint
 * OI_EP_BEGIN or OI_EP_NONE) and nothing else is done: 1. Outside: 0. */
static inline int oi_kernel_counted(oi_thread *t, unsigned endpoint, unsigned construct) {
  if (__builtin_expect(!t || !t->counts.kernel_depth, 1))
    return 0;
  if (endpoint != OI_EP_END && atomic_load_explicit(&oi_recording, memory_order_relaxed))
    oi_native_count_add(t, construct, t->counts.kernel.codeptr, t->counts.kernel.site);
  return 1;
}

/* A parallel region or league begins: in a kernel, its word carries the
 * kernel, and it is counted (1). */
static inline int oi_kernel_region(oi_thread *t, unsigned endpoint, unsigned construct,
                                   ompt_data_t *parallel_data) {
  if (!oi_kernel_counted(t, endpoint, construct))
    return 0;
  if (endpoint == OI_EP_BEGIN) /* only then: its tasks' begins read it meanwhile */
    parallel_data->value = OI_IN_KERNEL | (uintptr_t)&t->counts.kernel;
  return 1;
}

/* An implicit task begins or ends: one of a region begun in a kernel (or,
 * on the thread that submitted it, of the league the kernel began) runs
 * the kernel until its end, which its word recognises whenever it comes: 1.
 * A task of the host's own region: 0, and no kernel runs on this thread
 * (an end the runtime never gave must not silence its host events). */
static inline int oi_kernel_task(oi_thread *t, ompt_scope_endpoint_t endpoint,
                                 const ompt_data_t *parallel_data, ompt_data_t *task_data,
                                 int flags) {
  if (endpoint == ompt_scope_begin) {
    uint64_t region = parallel_data ? parallel_data->value : 0;
    if (!(region & OI_IN_KERNEL) &&
        !(t->counts.kernel_depth && (flags & ompt_task_initial) && !region)) {
      t->counts.kernel_depth = 0;
      return 0;
    }
    const oi_kernel *kernel = (const oi_kernel *)(uintptr_t)(region & ~OI_IN_KERNEL);
    /* the encountering thread's own is read by the others meanwhile */
    if ((region & OI_IN_KERNEL) && kernel != &t->counts.kernel)
      oi_kernel_set(&t->counts.kernel, __atomic_load_n(&kernel->codeptr, __ATOMIC_RELAXED),
                    __atomic_load_n(&kernel->site, __ATOMIC_RELAXED));
    task_data->value = OI_IN_KERNEL;
    t->counts.kernel_depth++;
    if (!(flags & ompt_task_initial))
      oi_kernel_counted(t, OI_EP_BEGIN, OI_CONSTRUCT_IMPLICIT_TASK);
    return 1;
  }
  if (!task_data || !(task_data->value & OI_IN_KERNEL))
    return 0;
  oi_kernel_leave(t);
  return 1;
}

#endif
