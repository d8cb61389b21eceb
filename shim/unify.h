/* One stream from two sources. Per construct, the capability matrix decides
 * who reports it: a hook emits a `compiler` event only when no active native
 * callback will report that construct instance; a native event takes the
 * site of the instrumented construct it happens in (`merged` when that
 * construct is the one it reports), and data operations take the variable
 * whose host range holds their address. */
#ifndef OMPT_INST_SHIM_UNIFY_H
#define OMPT_INST_SHIM_UNIFY_H

#include <stdint.h>

#include "ompt-inst/events.h"
#include "record.h"
#include "sites.h"

/* The placement of a runtime callback's event: it takes its site from the
 * compiler's view (the construct stack, or the region's or task's id),
 * becomes `merged` when that construct is the one it reports, a data
 * operation takes its variable. The one place these are decided: the
 * callbacks, the repairs (device_repairs.c) and the counts
 * (construct_counts.c) ask here. */
void oi_unify_merge(oi_thread *t, oi_event *e);

/* The one way a runtime callback's event enters the stream: placed, then
 * committed. Returns its site (0: none) and the origin it gave it.
 * Inline, so that the placement itself imports nothing of the buffers. */
static inline uint32_t oi_unify_commit_origin(oi_thread *t, oi_event *e, uint8_t *origin) {
  oi_unify_merge(t, e);
  uint32_t site = e->site;
  *origin = e->origin;
  oi_event_commit(t);
  return site;
}

static inline uint32_t oi_unify_commit(oi_thread *t, oi_event *e) {
  uint8_t origin;
  return oi_unify_commit_origin(t, e, &origin);
}

/* Where a count of instances the runtime reported goes (construct_counts.c):
 * in a kernel of a plugin build (`site`: its target's), the target's nested
 * directive of that construct, else the target's own site, `merged`; with
 * no site, `native` by code address. */
typedef struct oi_placement {
  uint32_t site;
  uint8_t origin;
} oi_placement;
oi_placement oi_unify_counted(unsigned construct, uint32_t site);
/* After oi_unify_commit of a merged parallel_begin or a task_create with a
 * site: the site travels with the region's or task's id to the implicit
 * tasks of every thread of the team, or to the thread that runs the task. */
void oi_unify_region_site(uint64_t id, uint32_t site);

/* The codeptr_ra of a parallel region, task or target region by the tool's
 * id: events of the region that name none (implicit tasks, worker threads'
 * implicit barriers, task begin/end, dependences) take it, so that `-g`
 * builds without the plugin still put them on a line. 0 when unknown. */
void oi_unify_remember_codeptr(uint64_t id, const void *codeptr);
uint64_t oi_unify_region_codeptr(uint64_t id);

/* The site a team the runtime forks on its own takes (LLVM's hidden helper
 * threads, started by the program's first `target nowait`): the innermost
 * instrumented construct the initial thread is in, which waits meanwhile;
 * 0 if none. Asked once per such team. */
uint32_t oi_unify_runtime_team_site(void);

/* The site recorded for a region or task id (oi_unify_region_site), 0 if
 * none. */
uint32_t oi_unify_site_of(uint64_t id);

#endif
