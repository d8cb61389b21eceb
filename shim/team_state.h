/* What team_callbacks.c keeps between two callbacks of one thread (the
 * implicit tasks in progress, the worksharing construct, the league), and
 * the ring of regions and tasks a thread began, which unify.c publishes
 * for the threads that run them. Plain state: thread.h composes it. */
#ifndef OMPT_INST_SHIM_TEAM_STATE_H
#define OMPT_INST_SHIM_TEAM_STATE_H

#include <stdatomic.h>
#include <stdint.h>

#define OI_IMPLICIT_DEPTH 8

/* An implicit task in progress: the runtime gives no parallel region and
 * team size at its end. */
typedef struct oi_implicit_frame {
  uint64_t task_id;
  uint64_t parallel_id;
  uint64_t team_size;
} oi_implicit_frame;

typedef struct oi_team_state {
  uint32_t implicit_depth;
  oi_implicit_frame implicit[OI_IMPLICIT_DEPTH];
  uint64_t work_codeptr; /* the worksharing construct in progress, for
                            its dispatch events */
  uint64_t league_id;    /* the league whose team the thread runs, 0
                            outside teams: its teams' own parallel
                            regions name no codeptr_ra */
  uint64_t league_task;  /* the id of that team's initial task */
} oi_team_state;

/* A parallel region or task this thread began, for the threads that run
 * it: its code address, and the site the merge gave it (unify.c). Written
 * only by the owner; `id` is cleared first and set last, so a reader that
 * sees the same id before and after copying has a whole slot. */
typedef struct oi_region_slot {
  _Atomic uint64_t id;
  _Atomic uint64_t codeptr;
  _Atomic uint32_t site;
} oi_region_slot;

#endif
