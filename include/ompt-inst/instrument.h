/* The hook helpers that code instrumented by the ompt-inst Clang plugin calls.
 *
 * The plugin injects this text (after hooks.h) into every host compilation,
 * so an instrumented program needs no library: without the shim a hook is a
 * call to a local function that does one load and one predictable branch
 * (with the plugin's inline-hooks option the load and branch are inlined
 * into the construct), and nothing is printed or linked.
 *
 * Finding the shim (see hooks.h): the first hook of a DSO asks the runtime
 * through omp_control_tool; the answer is cached in a hidden pointer shared
 * by all translation units of the DSO (weak + hidden). States of the cache:
 * NULL = not asked yet, OMPT_INST__NO_TOOL = asked, no shim, else the table.
 *
 * Everything here is `static` or weak-hidden and marked unused, so user
 * builds at -Wall -Wextra stay silent, and the OpenMP entry points are
 * declared under private names bound to the runtime's symbols (asm labels)
 * so nothing clashes with the user's <omp.h>. */
#ifndef OMPT_INST_INSTRUMENT_H
#define OMPT_INST_INSTRUMENT_H

#ifndef OMPT_INST_HOOKS_H
#include "hooks.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define OMPT_INST__NO_TOOL ((const ompt_inst_hooks *)1)
/* nothrow everywhere (helpers, runtime entry points, the table's function
 * pointers): C++ callers inside OpenMP regions then need no landing pad and
 * no std::terminate; the shim and the runtime are C and never throw. */
#define OMPT_INST__HELPER static __attribute__((unused, nothrow))
/* The hook every construct calls is weak and hidden (one copy per DSO),
 * not static: for an internal function LLVM's OpenMPOpt pass visits all its
 * call sites again and again: the -O2 compile of a construct-heavy file
 * took 1.18x the plain time with a static hook, 1.12x with this one
 * (docs/plugin.md). But a weak definition is compiled in every TU, so the
 * plugin defines OMPT_INST__STATIC_HOOK for a main file without the word
 * `pragma`: there the hook is static and emitted only if a header's
 * directive uses it. */
#ifdef OMPT_INST__STATIC_HOOK
#define OMPT_INST__SHARED_HOOK static __attribute__((unused, noinline, nothrow))
#else
#define OMPT_INST__SHARED_HOOK __attribute__((weak, visibility("hidden"), noinline, nothrow))
#endif
typedef void (*__ompt_inst_point_fn)(ompt_inst_site *, uint32_t) __attribute__((nothrow));
typedef void (*__ompt_inst_target_enter_fn)(ompt_inst_site *, int64_t, int32_t, uint32_t,
                                            const void *const *, const uint64_t *)
    __attribute__((nothrow));

/* Weak: a program linked without the OpenMP runtime simply finds no tool. */
extern int __ompt_inst_omp_get_num_procs(void) __asm__("omp_get_num_procs")
    __attribute__((weak, nothrow));
extern int __ompt_inst_omp_control_tool(int, int, void *) __asm__("omp_control_tool")
    __attribute__((weak, nothrow));
/* Weak: the entry of a shim preloaded under a runtime without OMPT
 * (hooks.h), bound when the program loads; null without one. Not dlsym: a
 * failed lookup allocates dlerror's buffer, and a program's heap must be
 * the same with and without the plugin (a runtime that read memory it never
 * wrote failed otherwise in the plugin build: issue 53). */
extern const ompt_inst_hooks *__ompt_inst_start_without_ompt(void) __asm__(OMPT_INST_NO_OMPT_ENTRY)
    __attribute__((weak, nothrow));

__attribute__((weak, visibility("hidden"))) const ompt_inst_hooks *__ompt_inst_table = 0;

/* Asks the runtime once for the shim's table; any answer that is not a
 * compatible table means "no tool". Racing threads store the same answer.
 * Runs once per thread at most: out of line and not optimised (optnone), so
 * that it costs each translation unit little to compile. */
#ifdef __clang__
#define OMPT_INST__ONCE __attribute__((noinline, cold, optnone))
#else
#define OMPT_INST__ONCE __attribute__((noinline, cold))
#endif
OMPT_INST__HELPER OMPT_INST__ONCE const ompt_inst_hooks *__ompt_inst_lookup(void) {
  const ompt_inst_hooks *table = __atomic_load_n(&__ompt_inst_table, __ATOMIC_ACQUIRE);
  if (table)
    return table;
  const ompt_inst_hooks *found = 0;
  if (__ompt_inst_omp_get_num_procs && __ompt_inst_omp_control_tool) {
    __ompt_inst_omp_get_num_procs(); /* finishes the tool's initialisation */
    if (__ompt_inst_omp_control_tool(OMPT_INST_CONTROL_COMMAND, OMPT_INST_HOOK_ABI,
                                     (void *)&found) < 0)
      found = 0;
  }
  if (!found && __ompt_inst_start_without_ompt)
    found = __ompt_inst_start_without_ompt();
  if (!found || found->abi != OMPT_INST_HOOK_ABI || found->size < sizeof(ompt_inst_hooks))
    found = OMPT_INST__NO_TOOL;
  __atomic_store_n(&__ompt_inst_table, found, __ATOMIC_RELEASE);
  return found;
}

/* A hook: one direct call, then one load and one predictable branch when
 * no tool is present. Out of line, so that an instrumented construct adds
 * one call to the program and compile time stays close to the plain one. */
OMPT_INST__SHARED_HOOK void __ompt_inst_point(ompt_inst_site *site, uint32_t point) {
  const ompt_inst_hooks *table = __atomic_load_n(&__ompt_inst_table, __ATOMIC_ACQUIRE);
  if (__builtin_expect(table == OMPT_INST__NO_TOOL, 1))
    return;
  if (!table)
    table = __ompt_inst_lookup();
  if (table != OMPT_INST__NO_TOOL && table->point)
    ((__ompt_inst_point_fn)table->point)(site, point);
}

/* The same check inlined into the construct (plugin option inline-hooks):
 * no call at all without a tool, at the price of more code to compile. */
OMPT_INST__HELPER __inline__ __attribute__((always_inline)) void
__ompt_inst_point_inline(ompt_inst_site *site, uint32_t point) {
  if (__builtin_expect(__atomic_load_n(&__ompt_inst_table, __ATOMIC_ACQUIRE) != OMPT_INST__NO_TOOL,
                       0))
    __ompt_inst_point(site, point);
}

/* Cleanup functions (attribute cleanup) that close a construct on every way
 * out of its scope, including a cancellation's jump to the region end. */
OMPT_INST__HELPER __inline__ void __ompt_inst_exit_cleanup(ompt_inst_site **site) {
  __ompt_inst_point(*site, OMPT_INST_EXIT);
}
OMPT_INST__HELPER __inline__ void __ompt_inst_end_cleanup(ompt_inst_site **site) {
  __ompt_inst_point(*site, OMPT_INST_END);
}

/* OMPT_INST_ENTER of a device construct: the host address and byte count
 * of each map line, in two arrays the plugin builds at the call and this
 * helper hands on unchanged (a variadic helper that copied them cost more
 * to compile: 13 M instructions on examples/heat.c, docs/plugin.md). */
OMPT_INST__HELPER __attribute__((noinline)) void
__ompt_inst_target_enter(ompt_inst_site *site, int64_t device, int32_t if_value, uint32_t nitems,
                         const void *const *host_addrs, const uint64_t *bytes) {
  if (__builtin_expect(__atomic_load_n(&__ompt_inst_table, __ATOMIC_ACQUIRE) == OMPT_INST__NO_TOOL,
                       1))
    return;
  const ompt_inst_hooks *table = __ompt_inst_lookup();
  if (table == OMPT_INST__NO_TOOL)
    return;
  if (table->target_enter)
    ((__ompt_inst_target_enter_fn)table->target_enter)(site, device, if_value, nitems, host_addrs,
                                                       bytes);
  else if (table->point)
    ((__ompt_inst_point_fn)table->point)(site, OMPT_INST_ENTER);
}

#undef OMPT_INST__HELPER
#undef OMPT_INST__ONCE
#undef OMPT_INST__SHARED_HOOK
#undef OMPT_INST__STATIC_HOOK

#ifdef __cplusplus
}
#endif

#endif
