/* Device OMPT callbacks: device lifecycle, target regions, kernels, data
 * operations (paired, recorded and hashed by data_op_pairing.c,
 * data_op_events.c and data_op_hashing.c) and map items. EMI callbacks
 * first; the non-EMI ones when a runtime refuses those. */
#include "callbacks.h"
#include "ids.h"
#include "data_op_events.h"
#include "data_op_hashing.h"
#include "data_op_pairing.h"
#include "device_repairs.h"
#include "hook_table.h"
#include "kernel_constructs.h"
#include "ompt-inst/events.h"
#include "record.h"
#include "runtime_devices.h"
#include "unify.h"

/* The host's device number as data operations report it. The OMPT
 * initial_device_num argument was seen as 0 with host offloading while the
 * host side of copies said 4, so ask the runtime, once, after it set up its
 * devices (never size tables by ompt_get_num_devices either). */
static int host_device_number(void) { return oi_runtime_initial_device(); }

/* A device event with its device set (the header's and the kind's device
 * field); the caller sets the kind's other fields and commits it. */
static oi_event *device_event(oi_thread **t, unsigned kind, int device_num) {
  oi_event *e = oi_event_next(t, kind, OI_EP_NONE, OI_CONSTRUCT_DEVICE, NULL);
  if (e) {
    e->device = device_num;
    oi_event_set_link(e, OI_LINK_DEVICE, (uint64_t)(int64_t)device_num);
  }
  return e;
}

/* A device event that names nothing but its device. */
static void device_point(unsigned kind, int device_num) {
  oi_thread *t;
  if (device_event(&t, kind, device_num))
    oi_event_commit(t);
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation) {
  (void)type;
  (void)device;
  (void)lookup;
  (void)documentation;
  device_point(OI_KIND_DEVICE_INIT, device_num);
}

static void on_device_finalize(int device_num) {
  device_point(OI_KIND_DEVICE_FINALIZE, device_num);
}

static void on_device_load(int device_num, const char *filename, int64_t offset_in_file,
                           void *vma_in_file, size_t bytes, void *host_addr, void *device_addr,
                           uint64_t module_id) {
  (void)filename;
  (void)offset_in_file;
  (void)vma_in_file;
  (void)device_addr;
  oi_thread *t;
  oi_event *e = device_event(&t, OI_KIND_DEVICE_LOAD, device_num);
  if (!e)
    return;
  OI_SET(e, DEVICE_LOAD, module_id, module_id);
  OI_SET(e, DEVICE_LOAD, host_addr, (uintptr_t)host_addr);
  OI_SET(e, DEVICE_LOAD, bytes, bytes);
  oi_event_commit(t);
}

static void on_device_unload(int device_num, uint64_t module_id) {
  oi_thread *t;
  oi_event *e = device_event(&t, OI_KIND_DEVICE_UNLOAD, device_num);
  if (!e)
    return;
  OI_SET(e, DEVICE_UNLOAD, module_id, module_id);
  oi_event_commit(t);
}

static unsigned target_construct(ompt_target_t kind) {
  switch (kind & ~8) { /* the nowait variants are kind | 8 */
  case ompt_target:
    return OI_CONSTRUCT_TARGET;
  case ompt_target_enter_data:
    return OI_CONSTRUCT_TARGET_ENTER_DATA;
  case ompt_target_exit_data:
    return OI_CONSTRUCT_TARGET_EXIT_DATA;
  case ompt_target_update:
    return OI_CONSTRUCT_TARGET_UPDATE;
  }
  return OI_CONSTRUCT_OTHER;
}

/* The site of the `target nowait` construct whose target task runs this
 * target region (its creation recorded the site, host_callbacks.c); 0 for
 * a target region run by its encountering construct. */
static uint32_t deferred_target_site(const ompt_data_t *task_data) {
  if (!task_data || !(task_data->value & OI_TASK_EXPLICIT))
    return 0;
  uint32_t site = oi_unify_site_of(OI_TASK_ID(task_data->value));
  const oi_site_entry *entry = site ? oi_site_by_id(site) : NULL;
  return entry && entry->device ? site : 0;
}

static void target_event(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                         ompt_data_t *task_data, uint64_t target_id, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (!t)
    return;
  codeptr_ra = oi_program_codeptr(&t->target, codeptr_ra);
  unsigned construct = target_construct(kind);
  oi_data_op_end_missing(t); /* none is open at a region's begin or end */
  if (endpoint == ompt_scope_begin && t->target.construct != OI_CONSTRUCT_NONE)
    oi_end_missing_target(t); /* its end never came */
  if (endpoint != ompt_scope_begin && t->target.construct == OI_CONSTRUCT_NONE) {
    if (target_id && target_id == t->target.id) { /* an end again */
      oi_repair_note(&t->repairs, OI_REPAIR_duplicate_callbacks);
      return;
    }
    oi_begin_missing_target(t, construct, device_num, target_id, (uintptr_t)codeptr_ra);
  }
  if (endpoint == ompt_scope_begin) {
    t->target.id = target_id;
    t->target.nowait = (kind & 8) != 0;
    oi_data_op_hashing_region_begins(t);
    t->target.device = device_num;
    t->target.construct = construct;
    t->target.codeptr = (uintptr_t)codeptr_ra;
    t->target.site = deferred_target_site(task_data);
    t->target.task = t->target.site ? OI_TASK_ID(task_data->value) : 0;
    host_device_number(); /* the runtime's devices are set up by now */
  } else {
    t->target.construct = OI_CONSTRUCT_NONE;
  }
  oi_event *e = oi_event_next(&t, OI_KIND_TARGET, oi_endpoint_of(endpoint), construct, codeptr_ra);
  if (!e) {
    if (endpoint != ompt_scope_begin) {
      t->target.site = 0;
      t->target.task = 0;
    }
    return;
  }
  if (kind & 8)
    e->flags = OI_FLAG_NOWAIT;
  e->device = device_num;
  OI_SET(e, TARGET, target_id, target_id);
  OI_SET(e, TARGET, device, device_num);
  OI_SET(e, TARGET, task_id, task_data ? OI_TASK_ID(task_data->value) : 0);
  /* an end names its begin's place (a runtime may name none, or another) */
  if (!e->codeptr ||
      (endpoint != ompt_scope_begin && t->target.codeptr && e->codeptr != t->target.codeptr)) {
    if (e->codeptr)
      oi_repair_note(&t->repairs, OI_REPAIR_codeptr_replaced);
    e->codeptr = t->target.codeptr;
  }
  uint8_t origin;
  uint32_t index = atomic_load_explicit(&t->count, memory_order_relaxed);
  uint32_t site = oi_unify_commit_origin(t, e, &origin);
  if (endpoint == ompt_scope_begin) {
    t->target.open_site = site;
    t->target.open_origin = origin;
    t->target.begin_event = index + 1;
  } else {
    /* after its synchronisation, a region's copies back have landed; a
     * deferred one's wait for its task to complete (landing_hashes.h) */
    if (!t->target.nowait)
      oi_landing_hash(&t->landing, t->event);
    t->target.site = 0;
    t->target.task = 0;
    t->target.codeptr = 0;
  }
}

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                          ompt_data_t *task_data, ompt_data_t *target_task_data,
                          ompt_data_t *target_data, const void *codeptr_ra) {
  (void)target_task_data;
  if (endpoint == ompt_scope_begin) {
    if (oi_repeated_target_begin(oi_tls_thread, target_data->value))
      return;
    target_data->value = oi_new_id();
  }
  target_event(kind, endpoint, device_num, task_data, target_data->value, codeptr_ra);
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                      ompt_data_t *task_data, ompt_id_t target_id, const void *codeptr_ra) {
  target_event(kind, endpoint, device_num, task_data, target_id, codeptr_ra);
}

static void kernel_event(unsigned endpoint, uint64_t target_id, uint64_t host_op_id,
                         unsigned requested_num_teams) {
  oi_thread *t = oi_thread_self();
  if (!t)
    return;
  /* on a host device the kernel runs on this thread between the submit's
   * begin and end (kernel_constructs.h) */
  if (endpoint == OI_EP_END)
    oi_kernel_leave(t);
  oi_event *e = oi_event_next(&t, OI_KIND_KERNEL, endpoint, oi_region_construct(&t->target), NULL);
  if (endpoint == OI_EP_BEGIN)
    oi_kernel_enter(t, t->target.codeptr, oi_hooks_trace_counted());
  if (!e)
    return;
  e->device = t->target.device;
  OI_SET(e, KERNEL, target_id, target_id);
  OI_SET(e, KERNEL, device, t->target.device);
  OI_SET(e, KERNEL, requested_teams, requested_num_teams);
  OI_SET(e, KERNEL, host_op_id, host_op_id);
  e->codeptr = t->target.codeptr; /* the runtime names none */
  uint32_t site = oi_unify_commit(t, e);
  if (endpoint == OI_EP_BEGIN && t->counts.kernel_depth)
    oi_kernel_set(&t->counts.kernel, t->counts.kernel.codeptr, site);
}

static void on_target_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
                                 ompt_id_t *host_op_id, unsigned int requested_num_teams) {
  if (endpoint == ompt_scope_begin)
    *host_op_id = oi_new_id();
  kernel_event(oi_endpoint_of(endpoint), target_data ? target_data->value : 0, *host_op_id,
               requested_num_teams);
}

static void on_target_submit(ompt_id_t target_id, ompt_id_t host_op_id,
                             unsigned int requested_num_teams) {
  kernel_event(OI_EP_NONE, target_id, host_op_id, requested_num_teams);
}

/* A data operation as its callbacks name it, stamped `now`. */
static oi_open_data_op data_op_at(uint64_t now, ompt_target_data_op_t optype, void *src_addr,
                                  int src_device_num, void *dest_addr, int dest_device_num,
                                  size_t bytes, const void *codeptr_ra) {
  return (oi_open_data_op){.begin_ns = now,
                           .src_addr = (uintptr_t)src_addr,
                           .dest_addr = (uintptr_t)dest_addr,
                           .bytes = bytes,
                           .codeptr = (uintptr_t)codeptr_ra,
                           .src_device = src_device_num,
                           .dest_device = dest_device_num,
                           .optype = (uint32_t)optype};
}

/* A data operation's begin or end: paired into one op (data_op_pairing.h). */
static void on_target_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
                                  ompt_data_t *target_data, ompt_id_t *host_op_id,
                                  ompt_target_data_op_t optype, void *src_addr, int src_device_num,
                                  void *dest_addr, int dest_device_num, size_t bytes,
                                  const void *codeptr_ra) {
  (void)target_task_data;
  (void)target_data;
  oi_thread *t = oi_thread_self();
  if (!t)
    return;
  uint64_t now = oi_now_ns();
  oi_open_data_op op = data_op_at(now, optype, src_addr, src_device_num, dest_addr, dest_device_num,
                                  bytes, codeptr_ra);
  if (endpoint == ompt_scope_begin)
    *host_op_id = now;
  oi_data_op_pair(t, endpoint == ompt_scope_begin, op);
}

static void on_target_data_op(ompt_id_t target_id, ompt_id_t host_op_id,
                              ompt_target_data_op_t optype, void *src_addr, int src_device_num,
                              void *dest_addr, int dest_device_num, size_t bytes,
                              const void *codeptr_ra) {
  (void)target_id;
  (void)host_op_id;
  /* One callback before the op: no duration; a copy back is hashed once
   * its region ends, like every copy back. */
  oi_thread *t = oi_thread_self();
  if (!t || !atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  uint64_t now = oi_now_ns();
  oi_open_data_op op = data_op_at(now, optype, src_addr, src_device_num, dest_addr, dest_device_num,
                                  bytes, codeptr_ra);
  oi_data_op_event(t, &op, now, 0);
}

static void map_events(uint64_t target_id, unsigned int nitems, void **host_addr, size_t *bytes,
                       const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  for (unsigned i = 0; t && i < nitems; i++) {
    oi_event *e = oi_event_next(&t, OI_KIND_MAP, OI_EP_NONE, oi_region_construct(&t->target),
                                oi_program_codeptr(&t->target, codeptr_ra));
    if (!e)
      return;
    e->device = t->target.device;
    OI_SET(e, MAP, target_id, target_id);
    OI_SET(e, MAP, device, t->target.device);
    OI_SET(e, MAP, host_addr, (uintptr_t)host_addr[i]);
    OI_SET(e, MAP, bytes, bytes[i]);
    if (!e->codeptr)
      e->codeptr = t->target.codeptr;
    oi_unify_commit(t, e);
  }
}

static void on_target_map_emi(ompt_data_t *target_data, unsigned int nitems, void **host_addr,
                              void **device_addr, size_t *bytes, unsigned int *mapping_flags,
                              const void *codeptr_ra) {
  (void)device_addr;
  (void)mapping_flags;
  map_events(target_data ? target_data->value : 0, nitems, host_addr, bytes, codeptr_ra);
}

static void on_target_map(ompt_id_t target_id, unsigned int nitems, void **host_addr,
                          void **device_addr, size_t *bytes, unsigned int *mapping_flags,
                          const void *codeptr_ra) {
  (void)device_addr;
  (void)mapping_flags;
  map_events(target_id, nitems, host_addr, bytes, codeptr_ra);
}

const oi_callback_entry oi_device_callbacks[] = {
    OI_DEVICE_CALLBACKS(OI_CALLBACK_ENTRY, OI_CALLBACK_EMI_ENTRY)};
const size_t oi_device_callback_count = sizeof oi_device_callbacks / sizeof oi_device_callbacks[0];
