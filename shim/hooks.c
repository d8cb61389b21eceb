/* Compiler hooks: each point pushes or pops the thread's construct stack
 * and records a `compiler` event only when no active native callback
 * reports the construct (unify.c); device constructs hand their map items
 * to the stack and, when the runtime reports no data operations, to the
 * inference (mapsim.c). Counted sites (atomic, flush, taskyield) only
 * count their ENTER. */
#include "hook_table.h"

#include <stdlib.h>
#include <string.h>

#include "common/env_flag.h"
#include "device_repairs.h"
#include "mapsim.h"
#include "native_kinds.h"
#include "ompt-inst/events.h"
#include "construct_counts.h"
#include "content_hash.h"
#include "mapping_check.h"
#include "record.h"
#include "trace_end.h"
#include "trace_file.h"
#include "runtime_devices.h"
#include "sites.h"
#include "unify.h"

static ompt_get_task_info_t get_task_info;
static ompt_get_parallel_info_t get_parallel_info;
/* OMPT_INST_TRACE_COUNTED=1 (or its first name, OMPT_INST_TRACE_ATOMIC=1):
 * an event per instance of a counted site instead of a per-thread count */
static int trace_counted;

int oi_hooks_trace_counted(void) { return trace_counted; }

void oi_hooks_connect(ompt_function_lookup_t lookup) {
  if (lookup) { /* NULL: a runtime without OMPT */
    get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
    get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
  }
  trace_counted = oi_env_flag("OMPT_INST_TRACE_COUNTED") || oi_env_flag("OMPT_INST_TRACE_ATOMIC");
}

/* A compiler implicit task carries the runtime's ids of the region and
 * task it runs in (the tool's ids when the host callbacks are on), so that
 * it can be matched with the native implicit_task event. */
static void add_runtime_ids(oi_event *e) {
  int flags = 0, thread_num = 0, team_size = 0;
  ompt_data_t *task = NULL, *parallel = NULL;
  ompt_frame_t *frame = NULL;
  if (get_task_info && get_task_info(0, &flags, &task, &frame, &parallel, &thread_num) == 2) {
    OI_SET(e, IMPLICIT_TASK, parallel_id, parallel ? parallel->value : 0);
    OI_SET(e, IMPLICIT_TASK, thread_num, (uint32_t)thread_num);
    OI_SET(e, IMPLICIT_TASK, task_id, task ? OI_TASK_ID(task->value) : 0);
  }
  if (get_parallel_info && get_parallel_info(0, &parallel, &team_size) == 2)
    OI_SET(e, IMPLICIT_TASK, team_size, (uint32_t)team_size);
}

static oi_event *compiler_event(oi_thread **t, unsigned kind, unsigned endpoint, uint32_t site,
                                const oi_site_entry *entry) {
  oi_event *e = oi_event_next(t, kind, endpoint, entry->construct, NULL);
  if (e) {
    e->origin = OI_ORIGIN_COMPILER;
    e->site = site;
  }
  return e;
}

static void point_event(uint32_t id, const oi_site_entry *entry, uint32_t point) {
  unsigned kind = OI_KIND_CONSTRUCT;
  unsigned endpoint =
      point == OMPT_INST_ENTER || point == OMPT_INST_BEGIN ? OI_EP_BEGIN : OI_EP_END;
  if ((point == OMPT_INST_BEGIN || point == OMPT_INST_END) && entry->team_begin)
    kind = OI_KIND_IMPLICIT_TASK;
  oi_thread *t;
  oi_event *e = compiler_event(&t, kind, endpoint, id, entry);
  if (!e)
    return;
  if (kind == OI_KIND_IMPLICIT_TASK)
    add_runtime_ids(e);
  oi_event_commit(t);
}

/* OMPT_INST_TRACE_ATOMIC=1: a counted site's instance as a point event.
 * noinline, as construct_point: the counting path stays frameless. */
__attribute__((noinline)) static void traced_instance(uint32_t id, const oi_site_entry *entry) {
  oi_thread *t;
  oi_event *e = compiler_event(&t, OI_KIND_CONSTRUCT, OI_EP_NONE, id, entry);
  if (e)
    oi_event_commit(t);
}

/* An instance of a counted site: its ENTER only (binaries whose plugin
 * still emits EXIT give the same counts); it opens no frame, as nothing
 * the runtime reports happens inside an atomic, flush or taskyield. The
 * runtime's own flush event that follows is left out (flush_counted). */
static void counted_point(oi_thread *t, uint32_t id, const oi_site_entry *entry, uint32_t point) {
  if (point != OMPT_INST_ENTER)
    return;
  oi_site_count(t, id);
  if (entry->construct == OI_CONSTRUCT_FLUSH && oi_native_reports(entry, point))
    t->sync.flush_counted = 1;
}

/* noinline: keeps its stack frame off the path of counted sites */
__attribute__((noinline)) static void construct_point(oi_thread *t, uint32_t id,
                                                      const oi_site_entry *entry, uint32_t point) {
  int opens = point == OMPT_INST_ENTER || point == OMPT_INST_BEGIN;
  /* a closing point pops first: the frame stays readable until the next
   * push, and the stack is touched once per point */
  const oi_construct_frame *f = opens ? oi_construct_push(&t->constructs, id, entry, 0, NULL, NULL)
                                      : oi_construct_pop(&t->constructs, id);
  if (point == OMPT_INST_EXIT && entry->device && f && oi_native_infers_data_ops())
    oi_mapsim_exit(t, f);
  /* the runtime's target region of this construct ended inside it, or
   * its end never came */
  if (point == OMPT_INST_EXIT && entry->device && t->target.construct != OI_CONSTRUCT_NONE)
    oi_end_missing_target(t);
  /* master/masked: every thread passes ENTER/EXIT, only the executing
   * one BEGIN/END, which carry the construct */
  int scope_only = entry->executor_points && (point == OMPT_INST_ENTER || point == OMPT_INST_EXIT);
  if (!scope_only && !oi_native_reports_instance(entry, point, f))
    point_event(id, entry, point);
}

/* An `error` directive at(execution): one event at its ENTER (there is no
 * EXIT), with the severity; the message is in the site. Where the runtime
 * reports errors itself, its callback takes the site from the frame pushed
 * here and pops it (host_callbacks.c). A fatal error ends the process in
 * the runtime right after: the trace is finished first. */
static void error_point(oi_thread *t, uint32_t id, const oi_site_entry *entry, uint32_t point) {
  if (point != OMPT_INST_ENTER)
    return;
  if (oi_native_reports(entry, point)) {
    oi_construct_push(&t->constructs, id, entry, 0, NULL, NULL);
    return;
  }
  oi_event *e = compiler_event(&t, OI_KIND_ERROR, OI_EP_NONE, id, entry);
  if (!e)
    return;
  OI_SET(e, ERROR, severity, entry->parsed.severity);
  oi_event_commit(t);
  if (entry->parsed.severity == 2)
    oi_record_finish();
}

static void hook_point(ompt_inst_site *site, uint32_t point) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  const oi_site_entry *entry;
  uint32_t id = oi_site_lookup(site, &entry);
  oi_thread *t = oi_thread_self();
  if (!id || !t || point < OMPT_INST_ENTER || point > OMPT_INST_END)
    return;
  if (entry->counted && trace_counted && entry->construct == OI_CONSTRUCT_ATOMIC) {
    if (point == OMPT_INST_ENTER)
      traced_instance(id, entry);
  } else if (entry->counted && !trace_counted)
    counted_point(t, id, entry, point);
  else if (entry->construct == OI_CONSTRUCT_ERROR)
    error_point(t, id, entry, point);
  else
    construct_point(t, id, entry, point);
}

/* Whether a target region's item `i` is one its kernel is meant to read:
 * sent to the device (to, tofrom), or mapped by the compiler for a use;
 * an item past the site's rules is taken as read. */
static int kernel_may_read(const oi_site_entry *entry, uint32_t i) {
  if (i >= entry->parsed.map_count || !entry->rules)
    return 1;
  unsigned type = entry->rules[i].type;
  return type == OI_MAP_TO || type == OI_MAP_TOFROM || !entry->parsed.maps[i].is_explicit;
}

/* The ENTER of a device construct at a registered site, with its values. */
static void target_enter(oi_thread *t, uint32_t id, const oi_site_entry *entry, int64_t device,
                         int32_t if_value, uint32_t nitems, const void *const *host_addrs,
                         const uint64_t *bytes) {
  int offloads;
  int device_num = oi_runtime_construct_device(device, &offloads);
  if (!offloads && entry->maps_without_device && device_num >= 0) /* see sites.h */
    offloads = 1;
  oi_construct_frame *f = oi_construct_push(&t->constructs, id, entry, nitems, host_addrs, bytes);
  if (f) {
    f->device = device_num;
    f->if_value = if_value;
    f->offloads = (uint8_t)offloads;
  }
  oi_event *e;
  if (!oi_native_reports_instance(entry, OMPT_INST_ENTER, f)) {
    e = compiler_event(&t, OI_KIND_CONSTRUCT, OI_EP_BEGIN, id, entry);
    if (!e)
      return;
    e->device = device_num;
    OI_SET(e, CONSTRUCT, if_value, if_value);
    OI_SET(e, CONSTRUCT, nitems, nitems);
    oi_event_commit(t);
  }
  /* map items: no runtime reports them */
  for (uint32_t i = 0; i < nitems && host_addrs && bytes; i++) {
    e = compiler_event(&t, OI_KIND_MAP, OI_EP_NONE, id, entry);
    if (!e)
      return;
    e->var = i < UINT16_MAX ? (uint16_t)(i + 1) : 0; /* 0: not numbered */
    e->device = device_num;
    OI_SET(e, MAP, device, device_num);
    OI_SET(e, MAP, host_addr, (uintptr_t)host_addrs[i]);
    OI_SET(e, MAP, bytes, bytes[i]);
    /* the host copy a kernel may read, as it starts (mapping_check.h) */
    if (oi_mapping_check() && e->construct == OI_CONSTRUCT_TARGET && host_addrs[i] && bytes[i] &&
        kernel_may_read(entry, i)) {
      uint64_t hash = 0;
      e->flags = (uint8_t)(e->flags | oi_content_hash(host_addrs[i], bytes[i], &hash));
      OI_SET(e, MAP, hash, hash);
    }
    oi_event_commit(t);
  }
  if (f && oi_native_infers_data_ops())
    oi_mapsim_enter(t, f);
}

static void hook_target_enter(ompt_inst_site *site, int64_t device, int32_t if_value,
                              uint32_t nitems, const void *const *host_addrs,
                              const uint64_t *bytes) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  const oi_site_entry *entry;
  uint32_t id = oi_site_lookup(site, &entry);
  oi_thread *t = oi_thread_self();
  if (id && t)
    target_enter(t, id, entry, device, if_value, nitems, host_addrs, bytes);
}

/* MPI calls: begin/end pairs on the calling thread, attributed to the
 * program's call site by return address like native callbacks. */
static void hook_mpi(uint32_t point, uint32_t call, uint64_t bytes, int64_t peer,
                     const void *codeptr) {
  oi_thread *t;
  oi_event *e = oi_event_next(&t, OI_KIND_MPI, point == OMPT_INST_ENTER ? OI_EP_BEGIN : OI_EP_END,
                              OI_CONSTRUCT_OTHER, codeptr);
  if (!e)
    return;
  OI_SET(e, MPI, call, call);
  OI_SET(e, MPI, bytes, bytes);
  OI_SET(e, MPI, peer, peer);
  oi_event_commit(t);
}

/* The trace says, once, that the program's calls into libgomp were
 * recorded (INFO interposed=libgomp): the report names the runtime by it,
 * also where it reads only the device events (the exit summary). */
static void note_interposed(void) {
  static atomic_bool noted;
  static const char info[] = "interposed=libgomp";
  /* a load on every event, the exchange once: no write to a shared line per event */
  if (!atomic_load_explicit(&noted, memory_order_relaxed) &&
      !atomic_exchange_explicit(&noted, true, memory_order_relaxed))
    oi_trace_record(OI_REC_INFO, info, sizeof info - 1);
}

/* A call into the offload runtime of code built without the plugin: a
 * device construct like the plugin's, unless its site got no id (a plugin
 * site describes its line: the call is an instrumented construct's own; or
 * it has no location, as without -g, and so nothing to add: sites.c). Its
 * EXIT closes only the frame its ENTER opened. Either way the runtime's
 * events in between get the program's return address (device_callbacks.c). */
static void hook_offload(uint32_t point, ompt_inst_site *site, int64_t device, uint32_t nitems,
                         const void *const *host_addrs, const uint64_t *bytes,
                         const void *codeptr) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  const oi_site_entry *entry;
  uint32_t id = oi_site_lookup(site, &entry);
  oi_thread *t = oi_thread_self();
  if (!t)
    return;
  t->target.offload_caller = point == OMPT_INST_ENTER ? (uintptr_t)codeptr : 0;
  /* one call is one target region: ended by the time the call returns */
  if (point == OMPT_INST_EXIT && t->target.construct != OI_CONSTRUCT_NONE)
    oi_end_missing_target(t);
  if (!id)
    return;
  if (entry->maps_without_device)
    note_interposed();
  if (point == OMPT_INST_ENTER)
    target_enter(t, id, entry, device, OMPT_INST_IF_ABSENT, nitems, host_addrs, bytes);
  else if (point == OMPT_INST_EXIT)
    construct_point(t, id, entry, OMPT_INST_EXIT);
}

/* A call into a runtime without OMPT (GCC's libgomp), from the
 * interposition library: the event the runtime would have reported, at the
 * program's return address. */
static void hook_interposed(uint32_t kind, uint32_t construct, uint32_t point, const void *codeptr,
                            uint64_t region, uint32_t value) {
  unsigned endpoint = point == OMPT_INST_ENTER  ? OI_EP_BEGIN
                      : point == OMPT_INST_EXIT ? OI_EP_END
                                                : OI_EP_NONE;
  if (kind >= OI_KIND_COUNT || construct >= OI_CONSTRUCT_COUNT)
    return;
  oi_thread *t;
  oi_event *e = oi_event_next(&t, kind, endpoint, construct, codeptr);
  if (!e)
    return;
  note_interposed();
  e->origin = OI_ORIGIN_INTERPOSED;
  switch (kind) {
  case OI_KIND_PARALLEL:
    OI_SET(e, PARALLEL, parallel_id, region);
    OI_SET(e, PARALLEL, team_size, value);
    break;
  case OI_KIND_IMPLICIT_TASK:
    OI_SET(e, IMPLICIT_TASK, parallel_id, region);
    OI_SET(e, IMPLICIT_TASK, thread_num, value);
    break;
  case OI_KIND_TASK_CREATE:
    OI_SET(e, TASK_CREATE, task_id, region);
    break;
  default:
    break;
  }
  oi_event_commit(t);
}

static const ompt_inst_hooks hook_table = {
    .abi = OMPT_INST_HOOK_ABI,
    .size = sizeof(ompt_inst_hooks),
    .point = hook_point,
    .target_enter = hook_target_enter,
    .mpi = hook_mpi,
    .offload = hook_offload,
    .interposed = hook_interposed,
};

const ompt_inst_hooks *oi_hook_table(void) { return &hook_table; }
