/* The ABI between code instrumented by the ompt-inst Clang plugin and the
 * shim (libompt-inst.so). One definition, used by both sides.
 *
 * Finding the shim. Instrumented code never links against the shim. On its
 * first hook a DSO asks the OpenMP runtime, through the standard OMPT channel
 * from program to tool:
 *
 *     const ompt_inst_hooks *table = NULL;
 *     omp_get_num_procs();   // lets the runtime finish initialising the tool
 *     omp_control_tool(OMPT_INST_CONTROL_COMMAND, OMPT_INST_HOOK_ABI, &table);
 *
 * A runtime without a tool answers omp_control_tool_notool and leaves the
 * pointer NULL; the shim's control_tool callback stores its table. This works
 * the same whether the shim was loaded by OMP_TOOL_LIBRARIES (dlopen, its
 * symbols invisible to the program), by LD_PRELOAD or by `ompt-inst run`.
 * The answer is cached in a hidden DSO-local pointer, so afterwards a hook
 * costs one load and one predictable branch when no tool is present.
 *
 * A runtime without OMPT (OMP_TOOL=disabled, GCC's libgomp) loads no tool
 * and answers "no tool" (or has no omp_control_tool). Then the first hook
 * calls OMPT_INST_NO_OMPT_ENTRY, a weak reference bound at load time: a
 * shim that was preloaded (`ompt-inst run` does) starts there and returns
 * its table;
 * the hooks alone then record the run.
 *
 * Site descriptors. Each instrumented construct owns one static
 * `ompt_inst_site`. Its descriptor is text, one `key=value` per line, parsed
 * by the shim once, when the site is first seen (it then writes `id`):
 *
 *     ompt-inst-site 1
 *     construct=target teams distribute parallel for   (as written)
 *     file=/abs/path/app.c
 *     line=12                   (line of the #pragma / _Pragma)
 *     col=1                     (1-based column of the directive's start)
 *     end_line=40               (last line of the associated statement)
 *     function=main             (enclosing function, qualified for C++)
 *     clauses=map(tofrom: a[0:n]) nowait   (clauses as written)
 *     name=lock1                (`critical`: its name, when it has one)
 *     map=<type>;<modifiers>;<explicit|implicit>;<item as written>
 *                               (one line per list item, in clause order;
 *                                type: to from tofrom alloc release delete;
 *                                modifiers: comma list of always close
 *                                present mapper(id), or "-")
 *     nowait=1 / depend=1       (present only when the clause is)
 *     runtime_events=0          (the compiler emits no runtime call for the
 *                                construct, e.g. `loop bind(thread)`: only
 *                                the hooks can report it)
 *     severity=warning|fatal    (`error` at(execution) only)
 *     message=<text>            (`error`: its message literal, one line)
 *     inner=<construct>;<line>;<col>;<end_line>
 *                               (target regions: each directive nested in
 *                                the region, device code without hooks; the
 *                                shim gives each a site of its own)
 *     writes=<items>            (target regions: the 1-based map items the
 *                                body may write, `*` for memory no item
 *                                names, `-` for none)
 *     call=<entry point>        (a site made by libompt-inst-offload.so
 *                                from a call into the offload runtime of a
 *                                build without the plugin)
 *
 * Unknown keys are ignored by the shim, so new keys need no ABI bump. The
 * keys, map types and map line tokens are defined once, in
 * ompt-inst/descriptor.h, for the plugin that writes them and
 * common/site_descriptor.c that reads them (apart from this header, which
 * the plugin injects into every compilation). */
#ifndef OMPT_INST_HOOKS_H
#define OMPT_INST_HOOKS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OMPT_INST_HOOK_ABI 1
/* omp_control_tool command that asks the shim for its hook table; tool
 * commands are outside the range OpenMP reserves (1..4). */
#define OMPT_INST_CONTROL_COMMAND 0x4f490001
#define OMPT_INST_SITE_MAGIC "ompt-inst-site 1"
/* The shim's entry point for runtimes without OMPT (see above). */
#define OMPT_INST_NO_OMPT_ENTRY "ompt_inst_hooks_without_ompt"

typedef struct ompt_inst_site {
  uint32_t abi;           /* OMPT_INST_HOOK_ABI of the emitting plugin */
  uint32_t id;            /* 0 until registered; written by the shim only */
  const char *descriptor; /* see above */
} ompt_inst_site;

/* Where a hook runs relative to its construct. */
enum ompt_inst_point {
  /* encountering thread, before the construct starts (fork for parallel,
   * before a standalone directive such as barrier or target update) */
  OMPT_INST_ENTER = 1,
  /* encountering thread, after the construct completed (join) */
  OMPT_INST_EXIT = 2,
  /* first statement inside the structured block, on every thread that
   * executes it (implicit task begin for parallel/teams) */
  OMPT_INST_BEGIN = 3,
  /* last statement inside the structured block */
  OMPT_INST_END = 4,
};

/* The run-time values of a device construct, passed at OMPT_INST_ENTER. */
#define OMPT_INST_DEVICE_DEFAULT (-1) /* no device() clause */
#define OMPT_INST_IF_ABSENT (-1)      /* no if() clause */

typedef struct ompt_inst_hooks {
  uint32_t abi;  /* OMPT_INST_HOOK_ABI of the shim */
  uint32_t size; /* sizeof(ompt_inst_hooks) of the shim */
  /* a construct point for any site */
  void (*point)(ompt_inst_site *site, uint32_t point);
  /* OMPT_INST_ENTER of a device construct: the device and if() values and
   * `nitems` pairs (const void *host_addr, uint64_t bytes), one per map
   * line of the descriptor, in the same order. */
  void (*target_enter)(ompt_inst_site *site, int64_t device, int32_t if_value, uint32_t nitems,
                       const void *const *host_addrs, const uint64_t *bytes);
  /* An MPI call (enum oi_mpi_call of events.h) from the PMPI library
   * libompt-inst-mpi.so, at its begin and at its end (OMPT_INST_ENTER /
   * OMPT_INST_EXIT); bytes sent or received, peer (or root) rank, -1 when
   * none. Present when `size` covers it. */
  void (*mpi)(uint32_t point, uint32_t call, uint64_t bytes, int64_t peer, const void *codeptr);
  /* A call into the offload runtime from libompt-inst-offload.so, before
   * (OMPT_INST_ENTER, with the device and the mapped arguments as for
   * target_enter) and after it (OMPT_INST_EXIT); `site` has a call= line,
   * `codeptr` is the program's return address (the runtime sees the
   * library's). The site is ignored where a plugin site describes its line
   * or it has no location; the codeptr never is. Present when `size`
   * covers it. */
  void (*offload)(uint32_t point, ompt_inst_site *site, int64_t device, uint32_t nitems,
                  const void *const *host_addrs, const uint64_t *bytes, const void *codeptr);
  /* A call into an OpenMP runtime without OMPT (GCC's libgomp), seen by
   * libompt-inst-gomp.so on its way in: an event of `kind` (enum
   * oi_event_kind of events.h) for `construct` (enum oi_construct), its
   * begin (OMPT_INST_ENTER), its end (OMPT_INST_EXIT) or a point (0), at
   * the program's return address. `region`: the parallel region's id (a
   * parallel region and its implicit tasks), the task's id (a task);
   * `value`: the team size (parallel), the thread's number in the team
   * (implicit task). Present when `size` covers it. */
  void (*interposed)(uint32_t kind, uint32_t construct, uint32_t point, const void *codeptr,
                     uint64_t region, uint32_t value);
} ompt_inst_hooks;

#ifdef __cplusplus
}
#endif

#endif
