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

/* The one way a runtime callback's event enters the stream: the filled
 * event takes its site from the compiler's view (the construct stack, or
 * the region's or task's id), becomes `merged` when that construct is the
 * one it reports, a data operation takes its variable; then it is
 * committed. Returns its site (0: none). */
uint32_t oi_unify_commit(oi_thread *t, oi_event *e);
/* The same, saying the origin it gave the event. */
uint32_t oi_unify_commit_origin(oi_thread *t, oi_event *e, uint8_t *origin);
/* Its first half, without the commit (the unit tests). */
void oi_unify_merge(oi_thread *t, oi_event *e);
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
