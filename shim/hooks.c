/* Compiler hooks: the site registry and the events of construct points.
 *
 * A site is registered on its first use: under a lock its descriptor is
 * validated and parsed once, an OI_REC_SITE record written and only then the
 * id published (release store), so a thread that reads a non-zero id
 * (acquire load) also sees the parsed info. Later uses take no lock. */
#include "hooks.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ompt-inst/events.h"
#include "ompt-inst/trace.h"
#include "record.h"
#include "site_descriptor.h"
#include "trace_file.h"

/* Parsed sites by id, in chunks that never move once published. */
#define SITES_PER_CHUNK 1024u
#define SITE_CHUNKS 4096u
#define SITE_REJECTED UINT32_MAX /* bad magic or ABI: ignored for good */

static pthread_mutex_t site_lock = PTHREAD_MUTEX_INITIALIZER;
static oi_site_info *site_chunks[SITE_CHUNKS];
static uint32_t next_site_id = 1;

static uint32_t register_site(ompt_inst_site *site) {
  pthread_mutex_lock(&site_lock);
  uint32_t id = __atomic_load_n(&site->id, __ATOMIC_ACQUIRE);
  if (id != 0) { /* another thread was first */
    pthread_mutex_unlock(&site_lock);
    return id;
  }
  oi_site_info info;
  id = SITE_REJECTED;
  if (site->abi == OMPT_INST_HOOK_ABI &&
      oi_site_parse(site->descriptor, &info) == 0 &&
      next_site_id < SITES_PER_CHUNK * SITE_CHUNKS) {
    uint32_t chunk = next_site_id / SITES_PER_CHUNK;
    if (!site_chunks[chunk])
      site_chunks[chunk] = calloc(SITES_PER_CHUNK, sizeof(oi_site_info));
    if (site_chunks[chunk]) {
      id = next_site_id++;
      site_chunks[chunk][id % SITES_PER_CHUNK] = info;
      oi_site_record record = {.id = id,
                               .length = (uint32_t)strlen(site->descriptor)};
      oi_trace_record2(OI_REC_SITE, &record, sizeof record, site->descriptor,
                       record.length);
    }
  }
  __atomic_store_n(&site->id, id, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&site_lock);
  return id;
}

/* The site's id and info, registering it on first use; 0 if rejected. */
static uint32_t site_lookup(ompt_inst_site *site, const oi_site_info **info) {
  if (!site)
    return 0;
  uint32_t id = __atomic_load_n(&site->id, __ATOMIC_ACQUIRE);
  if (id == 0)
    id = register_site(site);
  if (id == SITE_REJECTED)
    return 0;
  *info = &site_chunks[id / SITES_PER_CHUNK][id % SITES_PER_CHUNK];
  return id;
}

static ompt_get_task_info_t get_task_info;
static ompt_get_parallel_info_t get_parallel_info;

void oi_hooks_connect(ompt_function_lookup_t lookup) {
  get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
  get_parallel_info =
      (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
}

/* A compiler implicit task carries the runtime's ids of the region and
 * task it runs in (the tool's ids when the host callbacks are on), so that
 * it can be matched with the native implicit_task event. */
static void add_runtime_ids(oi_event *e) {
  int flags = 0, thread_num = 0, team_size = 0;
  ompt_data_t *task = NULL, *parallel = NULL;
  ompt_frame_t *frame = NULL;
  if (get_task_info &&
      get_task_info(0, &flags, &task, &frame, &parallel, &thread_num) == 2) {
    e->u.generic[0] = parallel ? parallel->value : 0;
    e->u.generic[2] = (uint64_t)thread_num;
    e->u.generic[3] = task ? task->value >> 2 : 0;
  }
  if (get_parallel_info && get_parallel_info(0, &parallel, &team_size) == 2)
    e->u.generic[1] = (uint64_t)team_size;
}

static oi_event *compiler_event(oi_thread **t, unsigned kind,
                                unsigned endpoint, uint32_t site,
                                const oi_site_info *info) {
  oi_event *e = oi_event_next(t, kind, endpoint, info->construct, NULL);
  if (e) {
    e->origin = OI_ORIGIN_COMPILER;
    e->site = site;
  }
  return e;
}

static void hook_point(ompt_inst_site *site, uint32_t point) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  const oi_site_info *info;
  uint32_t id = site_lookup(site, &info);
  if (!id)
    return;
  unsigned kind = OI_KIND_CONSTRUCT, endpoint;
  switch (point) {
  case OMPT_INST_ENTER:
    endpoint = OI_EP_BEGIN;
    break;
  case OMPT_INST_EXIT:
    endpoint = OI_EP_END;
    break;
  case OMPT_INST_BEGIN:
  case OMPT_INST_END:
    endpoint = point == OMPT_INST_BEGIN ? OI_EP_BEGIN : OI_EP_END;
    if (info->team_begin)
      kind = OI_KIND_IMPLICIT_TASK;
    break;
  default:
    return;
  }
  oi_thread *t;
  oi_event *e = compiler_event(&t, kind, endpoint, id, info);
  if (!e)
    return;
  if (kind == OI_KIND_IMPLICIT_TASK)
    add_runtime_ids(e);
  oi_event_commit(t);
}

static void hook_target_enter(ompt_inst_site *site, int64_t device,
                              int32_t if_value, uint32_t nitems,
                              const void *const *host_addrs,
                              const uint64_t *bytes) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  const oi_site_info *info;
  uint32_t id = site_lookup(site, &info);
  if (!id)
    return;
  oi_thread *t;
  oi_event *e = compiler_event(&t, OI_KIND_CONSTRUCT, OI_EP_BEGIN, id, info);
  if (!e)
    return;
  e->device = (int32_t)device;
  e->u.generic[0] = (uint64_t)(int64_t)if_value;
  e->u.generic[1] = nitems;
  oi_event_commit(t);
  for (uint32_t i = 0; i < nitems && host_addrs && bytes; i++) {
    e = compiler_event(&t, OI_KIND_MAP, OI_EP_NONE, id, info);
    if (!e)
      return;
    e->var = i < UINT16_MAX ? (uint16_t)(i + 1) : 0; /* 0: not numbered */
    e->device = (int32_t)device;
    e->u.generic[1] = (uint64_t)device;
    e->u.generic[2] = (uintptr_t)host_addrs[i];
    e->u.generic[3] = bytes[i];
    oi_event_commit(t);
  }
}

static const ompt_inst_hooks hook_table = {
    .abi = OMPT_INST_HOOK_ABI,
    .size = sizeof(ompt_inst_hooks),
    .point = hook_point,
    .target_enter = hook_target_enter,
};

const ompt_inst_hooks *oi_hook_table(void) { return &hook_table; }
