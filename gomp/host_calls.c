/* The program's calls into GCC's OpenMP runtime (libgomp's GOMP_* entry
 * points), seen on their way in. libgomp implements no OMPT and loads no
 * tool, so a `gcc -fopenmp` or `gfortran -fopenmp` program tells no tool
 * anything; what it does tell libgomp, each construct GCC lowers to a call,
 * this library hands the shim through the hook table's `interposed` entry
 * as the event the runtime would have reported, at the program's return
 * address (origin `interposed`). What GCC inlines and never tells libgomp
 * (static loops, master/masked, simd, atomics without a lock) cannot be
 * seen here: docs/coverage.md lists it.
 * Device constructs: target_calls.c. `ompt-inst run` preloads this
 * library into programs that link libgomp. */
#include <stdbool.h>
#include <stdint.h>

#include "interposer.h"
#include "ompt-inst/events.h"

static void emit(uint32_t kind, uint32_t construct, uint32_t point, const void *codeptr,
                 uint64_t region, uint32_t value) {
  gomp_interposed_hook hook = oi_gomp_interposed_hook();
  if (hook && !oi_gomp_from_runtime(codeptr))
    hook(kind, construct, point, codeptr, region, value);
}

/* A construct's begin and end (OMPT_INST_ENTER, OMPT_INST_EXIT), a point (0). */
#define BEGIN(construct) emit(OI_KIND_CONSTRUCT, construct, OMPT_INST_ENTER, CALLER, 0, 0)
#define END(construct) emit(OI_KIND_CONSTRUCT, construct, OMPT_INST_EXIT, CALLER, 0, 0)
#define CALLER OI_GOMP_CALLER
#define BODY OI_GOMP_BODY
#define REAL OI_GOMP_REAL

/* Parallel regions: the region on the encountering thread, an implicit
 * task on each thread of the team, run through a trampoline that knows the
 * region (and, for a combined `parallel for` or `parallel sections`, the
 * construct each thread then starts without a call of its own). */
static uint64_t next_region = 1;

typedef struct team_start {
  void (*fn)(void *);
  void *data;
  uint64_t region;
  const void *codeptr;
  uint32_t starts; /* the combined construct each thread starts, 0: none */
} team_start;

static void implicit_task(void *arg) {
  const team_start *team = arg;
  uint32_t self = (uint32_t)oi_gomp_thread_num();
  emit(OI_KIND_IMPLICIT_TASK, OI_CONSTRUCT_PARALLEL, OMPT_INST_ENTER, team->codeptr, team->region,
       self);
  if (team->starts)
    emit(OI_KIND_CONSTRUCT, team->starts, OMPT_INST_ENTER, team->codeptr, 0, 0);
  team->fn(team->data);
  emit(OI_KIND_IMPLICIT_TASK, OI_CONSTRUCT_PARALLEL, OMPT_INST_EXIT, team->codeptr, team->region,
       self);
}

/* The region's begin; the team_start the runtime gets instead of the
 * program's (NULL: run the program's own, nothing records). */
static team_start *begin_team(team_start *team, void (*fn)(void *), void *data, unsigned threads,
                              const void *codeptr, uint32_t starts) {
  gomp_interposed_hook hook = oi_gomp_interposed_hook();
  if (!hook)
    return NULL;
  *team = (team_start){fn, data, __atomic_fetch_add(&next_region, 1, __ATOMIC_RELAXED), codeptr,
                       starts};
  hook(OI_KIND_PARALLEL, OI_CONSTRUCT_PARALLEL, OMPT_INST_ENTER, codeptr, team->region, threads);
  return team;
}

static void end_team(const team_start *team, unsigned threads) {
  if (team)
    emit(OI_KIND_PARALLEL, OI_CONSTRUCT_PARALLEL, OMPT_INST_EXIT, team->codeptr, team->region,
         threads);
}

void GOMP_parallel(void (*fn)(void *), void *data, unsigned threads, unsigned flags) {
  REAL(GOMP_parallel, void (*)(void (*)(void *), void *, unsigned, unsigned));
  team_start storage, *team = begin_team(&storage, fn, data, threads, BODY(fn), 0);
  if (team)
    real_GOMP_parallel(implicit_task, team, threads, flags);
  else
    real_GOMP_parallel(fn, data, threads, flags);
  end_team(team, threads);
}

/* `parallel for` with a dynamic, guided or runtime schedule: one call that
 * forks the team and starts its loop. */
#define PARALLEL_LOOP(name, ...)                                                                   \
  void name(void (*fn)(void *), void *data, unsigned threads, long start, long end, long incr,     \
            __VA_ARGS__) {                                                                         \
    REAL(name, void (*)(void (*)(void *), void *, unsigned, long, long, long, __VA_ARGS__));       \
    team_start storage,                                                                            \
        *team = begin_team(&storage, fn, data, threads, BODY(fn), OI_CONSTRUCT_FOR);               \
    if (team)                                                                                      \
      real_##name(implicit_task, team, threads, start, end, incr, PARALLEL_LOOP_ARGS);             \
    else                                                                                           \
      real_##name(fn, data, threads, start, end, incr, PARALLEL_LOOP_ARGS);                        \
    end_team(team, threads);                                                                       \
  }
#define PARALLEL_LOOP_ARGS chunk, flags
PARALLEL_LOOP(GOMP_parallel_loop_static, long chunk, unsigned flags)
PARALLEL_LOOP(GOMP_parallel_loop_dynamic, long chunk, unsigned flags)
PARALLEL_LOOP(GOMP_parallel_loop_guided, long chunk, unsigned flags)
PARALLEL_LOOP(GOMP_parallel_loop_nonmonotonic_dynamic, long chunk, unsigned flags)
PARALLEL_LOOP(GOMP_parallel_loop_nonmonotonic_guided, long chunk, unsigned flags)
#undef PARALLEL_LOOP_ARGS
#define PARALLEL_LOOP_ARGS flags
PARALLEL_LOOP(GOMP_parallel_loop_runtime, unsigned flags)
PARALLEL_LOOP(GOMP_parallel_loop_nonmonotonic_runtime, unsigned flags)
PARALLEL_LOOP(GOMP_parallel_loop_maybe_nonmonotonic_runtime, unsigned flags)
#undef PARALLEL_LOOP_ARGS

/* A parallel region with task reductions: libgomp reads the reductions
 * through the program's `data`, which therefore goes to it untouched: the
 * region is recorded, its implicit tasks are not. */
unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data, unsigned threads,
                                  unsigned flags) {
  REAL(GOMP_parallel_reductions, unsigned (*)(void (*)(void *), void *, unsigned, unsigned));
  uint64_t region = __atomic_fetch_add(&next_region, 1, __ATOMIC_RELAXED);
  emit(OI_KIND_PARALLEL, OI_CONSTRUCT_PARALLEL, OMPT_INST_ENTER, BODY(fn), region, threads);
  unsigned answer = real_GOMP_parallel_reductions(fn, data, threads, flags);
  emit(OI_KIND_PARALLEL, OI_CONSTRUCT_PARALLEL, OMPT_INST_EXIT, BODY(fn), region, threads);
  return answer;
}

/* `teams` on the host (outside a target region): the league as one
 * construct, at the outlined body's line. */
void GOMP_teams_reg(void (*fn)(void *), void *data, unsigned num_teams, unsigned thread_limit,
                    unsigned flags) {
  REAL(GOMP_teams_reg, void (*)(void (*)(void *), void *, unsigned, unsigned, unsigned));
  emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_TEAMS, OMPT_INST_ENTER, BODY(fn), 0, 0);
  real_GOMP_teams_reg(fn, data, num_teams, thread_limit, flags);
  emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_TEAMS, OMPT_INST_EXIT, BODY(fn), 0, 0);
}

/* `parallel sections`: the team starts its sections without a call. */
void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned threads, unsigned count,
                            unsigned flags) {
  REAL(GOMP_parallel_sections, void (*)(void (*)(void *), void *, unsigned, unsigned, unsigned));
  team_start storage,
      *team = begin_team(&storage, fn, data, threads, BODY(fn), OI_CONSTRUCT_SECTIONS);
  if (team)
    real_GOMP_parallel_sections(implicit_task, team, threads, count, flags);
  else
    real_GOMP_parallel_sections(fn, data, threads, count, flags);
  end_team(team, threads);
}

/* Loops whose schedule needs the runtime: the loop begins at its start
 * call (each thread makes one) and ends at GOMP_loop_end[_nowait], whose
 * barrier (without nowait) is inside the loop's time. Every start GCC 12
 * emits: long and unsigned long long iteration variables, ordered and
 * doacross loops, and the generic starts (reductions, `order`), which a
 * static loop GCC runs inline with task reductions calls with istart NULL:
 * that loop too ends at GOMP_loop_end. PARAMS and ARGS in parentheses. */
#define LOOP_START(name, params, args)                                                             \
  bool name params {                                                                               \
    REAL(name, bool(*) params);                                                                    \
    emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_FOR, OMPT_INST_ENTER, CALLER, 0, 0);                      \
    return real_##name args;                                                                       \
  }
#define CHUNKED (long start, long end, long incr, long chunk, long *istart, long *iend)
#define CHUNKED_ARGS (start, end, incr, chunk, istart, iend)
#define RUNTIME (long start, long end, long incr, long *istart, long *iend)
#define RUNTIME_ARGS (start, end, incr, istart, iend)
LOOP_START(GOMP_loop_static_start, CHUNKED, CHUNKED_ARGS)
LOOP_START(GOMP_loop_dynamic_start, CHUNKED, CHUNKED_ARGS)
LOOP_START(GOMP_loop_guided_start, CHUNKED, CHUNKED_ARGS)
LOOP_START(GOMP_loop_nonmonotonic_dynamic_start, CHUNKED, CHUNKED_ARGS)
LOOP_START(GOMP_loop_nonmonotonic_guided_start, CHUNKED, CHUNKED_ARGS)
LOOP_START(GOMP_loop_ordered_static_start, CHUNKED, CHUNKED_ARGS)
LOOP_START(GOMP_loop_ordered_dynamic_start, CHUNKED, CHUNKED_ARGS)
LOOP_START(GOMP_loop_ordered_guided_start, CHUNKED, CHUNKED_ARGS)
LOOP_START(GOMP_loop_runtime_start, RUNTIME, RUNTIME_ARGS)
LOOP_START(GOMP_loop_nonmonotonic_runtime_start, RUNTIME, RUNTIME_ARGS)
LOOP_START(GOMP_loop_maybe_nonmonotonic_runtime_start, RUNTIME, RUNTIME_ARGS)
LOOP_START(GOMP_loop_ordered_runtime_start, RUNTIME, RUNTIME_ARGS)
#define GENERIC                                                                                    \
  (long start, long end, long incr, long sched, long chunk, long *istart, long *iend,              \
   uintptr_t *reductions, void **mem)
#define GENERIC_ARGS (start, end, incr, sched, chunk, istart, iend, reductions, mem)
LOOP_START(GOMP_loop_start, GENERIC, GENERIC_ARGS)
LOOP_START(GOMP_loop_ordered_start, GENERIC, GENERIC_ARGS)

typedef unsigned long long ull;
#define ULL_CHUNKED (bool up, ull start, ull end, ull incr, ull chunk, ull *istart, ull *iend)
#define ULL_CHUNKED_ARGS (up, start, end, incr, chunk, istart, iend)
#define ULL_RUNTIME (bool up, ull start, ull end, ull incr, ull *istart, ull *iend)
#define ULL_RUNTIME_ARGS (up, start, end, incr, istart, iend)
LOOP_START(GOMP_loop_ull_static_start, ULL_CHUNKED, ULL_CHUNKED_ARGS)
LOOP_START(GOMP_loop_ull_dynamic_start, ULL_CHUNKED, ULL_CHUNKED_ARGS)
LOOP_START(GOMP_loop_ull_guided_start, ULL_CHUNKED, ULL_CHUNKED_ARGS)
LOOP_START(GOMP_loop_ull_nonmonotonic_dynamic_start, ULL_CHUNKED, ULL_CHUNKED_ARGS)
LOOP_START(GOMP_loop_ull_nonmonotonic_guided_start, ULL_CHUNKED, ULL_CHUNKED_ARGS)
LOOP_START(GOMP_loop_ull_ordered_static_start, ULL_CHUNKED, ULL_CHUNKED_ARGS)
LOOP_START(GOMP_loop_ull_ordered_dynamic_start, ULL_CHUNKED, ULL_CHUNKED_ARGS)
LOOP_START(GOMP_loop_ull_ordered_guided_start, ULL_CHUNKED, ULL_CHUNKED_ARGS)
LOOP_START(GOMP_loop_ull_runtime_start, ULL_RUNTIME, ULL_RUNTIME_ARGS)
LOOP_START(GOMP_loop_ull_nonmonotonic_runtime_start, ULL_RUNTIME, ULL_RUNTIME_ARGS)
LOOP_START(GOMP_loop_ull_maybe_nonmonotonic_runtime_start, ULL_RUNTIME, ULL_RUNTIME_ARGS)
LOOP_START(GOMP_loop_ull_ordered_runtime_start, ULL_RUNTIME, ULL_RUNTIME_ARGS)
#define ULL_GENERIC                                                                                \
  (bool up, ull start, ull end, ull incr, long sched, ull chunk, ull *istart, ull *iend,           \
   uintptr_t *reductions, void **mem)
#define ULL_GENERIC_ARGS (up, start, end, incr, sched, chunk, istart, iend, reductions, mem)
LOOP_START(GOMP_loop_ull_start, ULL_GENERIC, ULL_GENERIC_ARGS)
LOOP_START(GOMP_loop_ull_ordered_start, ULL_GENERIC, ULL_GENERIC_ARGS)

/* doacross loops (ordered(n) with depend sink/source) */
#define DOACROSS (unsigned ncounts, long *counts, long chunk, long *istart, long *iend)
#define DOACROSS_ARGS (ncounts, counts, chunk, istart, iend)
#define DOACROSS_RUNTIME (unsigned ncounts, long *counts, long *istart, long *iend)
#define DOACROSS_RUNTIME_ARGS (ncounts, counts, istart, iend)
LOOP_START(GOMP_loop_doacross_static_start, DOACROSS, DOACROSS_ARGS)
LOOP_START(GOMP_loop_doacross_dynamic_start, DOACROSS, DOACROSS_ARGS)
LOOP_START(GOMP_loop_doacross_guided_start, DOACROSS, DOACROSS_ARGS)
LOOP_START(GOMP_loop_doacross_runtime_start, DOACROSS_RUNTIME, DOACROSS_RUNTIME_ARGS)
LOOP_START(GOMP_loop_doacross_start,
           (unsigned ncounts, long *counts, long sched, long chunk, long *istart, long *iend,
            uintptr_t *reductions, void **mem),
           (ncounts, counts, sched, chunk, istart, iend, reductions, mem))
#define ULL_DOACROSS (unsigned ncounts, ull *counts, ull chunk, ull *istart, ull *iend)
#define ULL_DOACROSS_RUNTIME (unsigned ncounts, ull *counts, ull *istart, ull *iend)
LOOP_START(GOMP_loop_ull_doacross_static_start, ULL_DOACROSS, DOACROSS_ARGS)
LOOP_START(GOMP_loop_ull_doacross_dynamic_start, ULL_DOACROSS, DOACROSS_ARGS)
LOOP_START(GOMP_loop_ull_doacross_guided_start, ULL_DOACROSS, DOACROSS_ARGS)
LOOP_START(GOMP_loop_ull_doacross_runtime_start, ULL_DOACROSS_RUNTIME, DOACROSS_RUNTIME_ARGS)
LOOP_START(GOMP_loop_ull_doacross_start,
           (unsigned ncounts, ull *counts, long sched, ull chunk, ull *istart, ull *iend,
            uintptr_t *reductions, void **mem),
           (ncounts, counts, sched, chunk, istart, iend, reductions, mem))

void GOMP_loop_end(void) {
  REAL(GOMP_loop_end, void (*)(void));
  real_GOMP_loop_end();
  END(OI_CONSTRUCT_FOR);
}

void GOMP_loop_end_nowait(void) {
  REAL(GOMP_loop_end_nowait, void (*)(void));
  real_GOMP_loop_end_nowait();
  END(OI_CONSTRUCT_FOR);
}

bool GOMP_loop_end_cancel(void) {
  REAL(GOMP_loop_end_cancel, bool (*)(void));
  bool cancelled = real_GOMP_loop_end_cancel();
  END(OI_CONSTRUCT_FOR);
  return cancelled;
}

/* Sections: a start call per thread, an end call per thread. */
unsigned GOMP_sections_start(unsigned count) {
  REAL(GOMP_sections_start, unsigned (*)(unsigned));
  BEGIN(OI_CONSTRUCT_SECTIONS);
  return real_GOMP_sections_start(count);
}

bool GOMP_sections_end_cancel(void) {
  REAL(GOMP_sections_end_cancel, bool (*)(void));
  bool cancelled = real_GOMP_sections_end_cancel();
  END(OI_CONSTRUCT_SECTIONS);
  return cancelled;
}

unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem) {
  REAL(GOMP_sections2_start, unsigned (*)(unsigned, uintptr_t *, void **));
  BEGIN(OI_CONSTRUCT_SECTIONS);
  return real_GOMP_sections2_start(count, reductions, mem);
}

void GOMP_sections_end(void) {
  REAL(GOMP_sections_end, void (*)(void));
  real_GOMP_sections_end();
  END(OI_CONSTRUCT_SECTIONS);
}

void GOMP_sections_end_nowait(void) {
  REAL(GOMP_sections_end_nowait, void (*)(void));
  real_GOMP_sections_end_nowait();
  END(OI_CONSTRUCT_SECTIONS);
}

/* Barriers, explicit and the implicit ones GCC emits as calls (after a
 * static loop, a single, sections without nowait). */
void GOMP_barrier(void) {
  REAL(GOMP_barrier, void (*)(void));
  BEGIN(OI_CONSTRUCT_BARRIER);
  real_GOMP_barrier();
  END(OI_CONSTRUCT_BARRIER);
}

bool GOMP_barrier_cancel(void) {
  REAL(GOMP_barrier_cancel, bool (*)(void));
  BEGIN(OI_CONSTRUCT_BARRIER);
  bool cancelled = real_GOMP_barrier_cancel();
  END(OI_CONSTRUCT_BARRIER);
  return cancelled;
}

/* `single`: one call on each thread, true on the thread that runs the
 * block; its end is not a call. An instance per thread that runs it. */
bool GOMP_single_start(void) {
  REAL(GOMP_single_start, bool (*)(void));
  bool runs = real_GOMP_single_start();
  if (runs)
    emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_SINGLE, 0, CALLER, 0, 0);
  return runs;
}

void *GOMP_single_copy_start(void) {
  REAL(GOMP_single_copy_start, void *(*)(void));
  void *data = real_GOMP_single_copy_start();
  if (!data)
    emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_SINGLE, 0, CALLER, 0, 0);
  return data;
}

/* Critical sections (the waiting inside the construct's time), atomics
 * that take libgomp's lock, ordered blocks. */
#define LOCKED(begin_name, end_name, construct, ...)                                               \
  void begin_name(__VA_ARGS__) {                                                                   \
    REAL(begin_name, void (*)(__VA_ARGS__));                                                       \
    BEGIN(construct);                                                                              \
    real_##begin_name(LOCKED_ARGS);                                                                \
  }                                                                                                \
  void end_name(__VA_ARGS__) {                                                                     \
    REAL(end_name, void (*)(__VA_ARGS__));                                                         \
    real_##end_name(LOCKED_ARGS);                                                                  \
    END(construct);                                                                                \
  }
#define LOCKED_ARGS
LOCKED(GOMP_critical_start, GOMP_critical_end, OI_CONSTRUCT_CRITICAL, void)
LOCKED(GOMP_atomic_start, GOMP_atomic_end, OI_CONSTRUCT_ATOMIC, void)
LOCKED(GOMP_ordered_start, GOMP_ordered_end, OI_CONSTRUCT_ORDERED, void)
#undef LOCKED_ARGS
#define LOCKED_ARGS lock
LOCKED(GOMP_critical_name_start, GOMP_critical_name_end, OI_CONSTRUCT_CRITICAL, void **lock)
#undef LOCKED_ARGS

/* Tasks: their creation (an undeferred task runs inside it), taskwait,
 * taskgroup (its end waits for the group), taskloop (it creates and, by
 * default, waits for its tasks). The execution of a deferred task is
 * libgomp's alone: its data is copied whole, no trampoline can come along. */
void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
               long arg_align, bool if_clause, unsigned flags, void **depend, int priority,
               void *detach) {
  REAL(GOMP_task, void (*)(void (*)(void *), void *, void (*)(void *, void *), long, long, bool,
                           unsigned, void **, int, void *));
  emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_TASK, OMPT_INST_ENTER, BODY(fn), 0, 0);
  real_GOMP_task(fn, data, cpyfn, arg_size, arg_align, if_clause, flags, depend, priority, detach);
  emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_TASK, OMPT_INST_EXIT, BODY(fn), 0, 0);
}

void GOMP_taskloop_ull(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                       long arg_align, unsigned flags, unsigned long num_tasks, int priority,
                       unsigned long long start, unsigned long long end, unsigned long long step) {
  REAL(GOMP_taskloop_ull,
       void (*)(void (*)(void *), void *, void (*)(void *, void *), long, long, unsigned,
                unsigned long, int, unsigned long long, unsigned long long, unsigned long long));
  emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_TASKLOOP, OMPT_INST_ENTER, BODY(fn), 0, 0);
  real_GOMP_taskloop_ull(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, start,
                         end, step);
  emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_TASKLOOP, OMPT_INST_EXIT, BODY(fn), 0, 0);
}

void GOMP_taskwait(void) {
  REAL(GOMP_taskwait, void (*)(void));
  BEGIN(OI_CONSTRUCT_TASKWAIT);
  real_GOMP_taskwait();
  END(OI_CONSTRUCT_TASKWAIT);
}

void GOMP_taskwait_depend(void **depend) {
  REAL(GOMP_taskwait_depend, void (*)(void **));
  BEGIN(OI_CONSTRUCT_TASKWAIT);
  real_GOMP_taskwait_depend(depend);
  END(OI_CONSTRUCT_TASKWAIT);
}

void GOMP_taskgroup_start(void) {
  REAL(GOMP_taskgroup_start, void (*)(void));
  BEGIN(OI_CONSTRUCT_TASKGROUP);
  real_GOMP_taskgroup_start();
}

void GOMP_taskgroup_end(void) {
  REAL(GOMP_taskgroup_end, void (*)(void));
  real_GOMP_taskgroup_end();
  END(OI_CONSTRUCT_TASKGROUP);
}

void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                   long arg_align, unsigned flags, unsigned long num_tasks, int priority,
                   long start, long end, long step) {
  REAL(GOMP_taskloop, void (*)(void (*)(void *), void *, void (*)(void *, void *), long, long,
                               unsigned, unsigned long, int, long, long, long));
  emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_TASKLOOP, OMPT_INST_ENTER, BODY(fn), 0, 0);
  real_GOMP_taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, start, end,
                     step);
  emit(OI_KIND_CONSTRUCT, OI_CONSTRUCT_TASKLOOP, OMPT_INST_EXIT, BODY(fn), 0, 0);
}
