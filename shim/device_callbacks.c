/* Device OMPT callbacks: device lifecycle, target regions, kernels, data
 * operations (timed from begin to end and hashed on the host side) and map
 * items. EMI callbacks first; the non-EMI ones when a runtime refuses those. */
#include "callbacks.h"
#include "ids.h"
#include "device_repairs.h"
#include "content_hash.h"
#include "device_buffers.h"
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

static void on_device_initialize(int device_num, const char *type,
                                 ompt_device_t *device,
                                 ompt_function_lookup_t lookup,
                                 const char *documentation) {
  (void)type;
  (void)device;
  (void)lookup;
  (void)documentation;
  device_point(OI_KIND_DEVICE_INIT, device_num);
}

static void on_device_finalize(int device_num) {
  device_point(OI_KIND_DEVICE_FINALIZE, device_num);
}

static void on_device_load(int device_num, const char *filename,
                           int64_t offset_in_file, void *vma_in_file,
                           size_t bytes, void *host_addr, void *device_addr,
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

/* The runtime's return address is the caller of its entry point: inside a
 * call through libompt-inst-offload.so that is the library's wrapper, and
 * the program's own call is the one that wrapper was called from. */
static const void *program_codeptr(const oi_thread *t, const void *codeptr_ra) {
  return t->offload_caller ? (const void *)t->offload_caller : codeptr_ra;
}

/* A data operation begun on the thread whose end has not come where it
 * should (before the next op, or its region's end): recorded from its
 * begin. */
static void end_missing_data_op(oi_thread *t);

static void target_event(ompt_target_t kind, ompt_scope_endpoint_t endpoint,
                         int device_num, ompt_data_t *task_data,
                         uint64_t target_id, const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  if (!t)
    return;
  codeptr_ra = program_codeptr(t, codeptr_ra);
  unsigned construct = target_construct(kind);
  end_missing_data_op(t); /* none is open at a region's begin or end */
  if (endpoint == ompt_scope_begin && t->target_construct != OI_CONSTRUCT_NONE)
    oi_end_missing_target(t); /* its end never came */
  if (endpoint != ompt_scope_begin && t->target_construct == OI_CONSTRUCT_NONE) {
    if (target_id && target_id == t->target_id) { /* an end again */
      oi_repair_note(&t->repairs, OI_REPAIR_duplicate_callbacks);
      return;
    }
    oi_begin_missing_target(t, construct, device_num, target_id, (uintptr_t)codeptr_ra);
  }
  if (endpoint == ompt_scope_begin) {
    t->target_id = target_id;
    t->target_nowait = (kind & 8) != 0;
    t->region_copies = t->region_attached = 0;
    t->target_device = device_num;
    t->target_construct = construct;
    t->target_codeptr = (uintptr_t)codeptr_ra;
    t->target_site = deferred_target_site(task_data);
    t->target_task = t->target_site ? OI_TASK_ID(task_data->value) : 0;
    host_device_number(); /* the runtime's devices are set up by now */
  } else {
    t->target_construct = OI_CONSTRUCT_NONE;
  }
  oi_event *e = oi_event_next(&t, OI_KIND_TARGET, oi_endpoint_of(endpoint),
                              construct, codeptr_ra);
  if (!e) {
    if (endpoint != ompt_scope_begin) {
      t->target_site = 0;
      t->target_task = 0;
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
  if (!e->codeptr || (endpoint != ompt_scope_begin && t->target_codeptr &&
                      e->codeptr != t->target_codeptr)) {
    if (e->codeptr)
      oi_repair_note(&t->repairs, OI_REPAIR_codeptr_replaced);
    e->codeptr = t->target_codeptr;
  }
  uint8_t origin;
  uint32_t index = atomic_load_explicit(&t->count, memory_order_relaxed);
  uint32_t site = oi_unify_commit_origin(t, e, &origin);
  if (endpoint == ompt_scope_begin) {
    t->target_open_site = site;
    t->target_open_origin = origin;
    t->target_begin_event = index + 1;
  } else {
    /* after its synchronisation, a region's copies back have landed; a
     * deferred one's wait for its task to complete (landing_hashes.h) */
    if (!t->target_nowait)
      oi_landing_hash(&t->landing, t->event);
    t->target_site = 0;
    t->target_task = 0;
    t->target_codeptr = 0;
  }
}

/* Kernels, data operations and map items are named by the target region
 * they happen in ("target enter data", ...); outside one (omp_target_alloc,
 * omp_target_memcpy) they belong to no directive. */
static unsigned region_construct(const oi_thread *t) {
  return t->target_construct ? t->target_construct : OI_CONSTRUCT_OTHER;
}

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint,
                          int device_num, ompt_data_t *task_data,
                          ompt_data_t *target_task_data,
                          ompt_data_t *target_data, const void *codeptr_ra) {
  (void)target_task_data;
  if (endpoint == ompt_scope_begin) {
    if (oi_repeated_target_begin(oi_tls_thread, target_data->value))
      return;
    target_data->value = oi_new_id();
  }
  target_event(kind, endpoint, device_num, task_data, target_data->value,
               codeptr_ra);
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint,
                      int device_num, ompt_data_t *task_data,
                      ompt_id_t target_id, const void *codeptr_ra) {
  target_event(kind, endpoint, device_num, task_data, target_id, codeptr_ra);
}

static void kernel_event(unsigned endpoint, uint64_t target_id,
                         uint64_t host_op_id, unsigned requested_num_teams) {
  oi_thread *t = oi_thread_self();
  if (!t)
    return;
  /* on a host device the kernel runs on this thread between the submit's
   * begin and end (kernel_constructs.h) */
  if (endpoint == OI_EP_END)
    oi_kernel_leave(t);
  oi_event *e = oi_event_next(&t, OI_KIND_KERNEL, endpoint,
                              region_construct(t), NULL);
  if (endpoint == OI_EP_BEGIN)
    oi_kernel_enter(t, t->target_codeptr, oi_hooks_trace_counted());
  if (!e)
    return;
  e->device = t->target_device;
  OI_SET(e, KERNEL, target_id, target_id);
  OI_SET(e, KERNEL, device, t->target_device);
  OI_SET(e, KERNEL, requested_teams, requested_num_teams);
  OI_SET(e, KERNEL, host_op_id, host_op_id);
  e->codeptr = t->target_codeptr; /* the runtime names none */
  uint32_t site = oi_unify_commit(t, e);
  if (endpoint == OI_EP_BEGIN && t->kernel_depth)
    oi_kernel_set(&t->kernel, t->kernel.codeptr, site);
}

static void on_target_submit_emi(ompt_scope_endpoint_t endpoint,
                                 ompt_data_t *target_data,
                                 ompt_id_t *host_op_id,
                                 unsigned int requested_num_teams) {
  if (endpoint == ompt_scope_begin)
    *host_op_id = oi_new_id();
  kernel_event(oi_endpoint_of(endpoint), target_data ? target_data->value : 0,
               *host_op_id, requested_num_teams);
}

static void on_target_submit(ompt_id_t target_id, ompt_id_t host_op_id,
                             unsigned int requested_num_teams) {
  kernel_event(OI_EP_NONE, target_id, host_op_id, requested_num_teams);
}

/* What one data operation is, seen from the host. */
typedef struct data_op_view {
  unsigned op;
  unsigned flags;
  uint64_t host_addr, device_addr;
  int device;
} data_op_view;

static inline __attribute__((always_inline)) void
view_data_op(data_op_view *view, ompt_target_data_op_t optype, void *src_addr,
             int src_device_num, void *dest_addr, int dest_device_num) {
  static const unsigned ops[] = {
      [ompt_target_data_alloc] = OI_DATA_OP_ALLOC,
      [ompt_target_data_transfer_to_device] = OI_DATA_OP_TO_DEVICE,
      [ompt_target_data_transfer_from_device] = OI_DATA_OP_FROM_DEVICE,
      [ompt_target_data_delete] = OI_DATA_OP_DELETE,
      [ompt_target_data_associate] = OI_DATA_OP_ASSOCIATE,
      [ompt_target_data_disassociate] = OI_DATA_OP_DISASSOCIATE,
  };
  unsigned base = (unsigned)optype & ~16u; /* async variants are op | 16 */
  view->op = base < sizeof ops / sizeof ops[0] && ops[base] ? ops[base]
                                                            : OI_DATA_OP_OTHER;
  view->flags = (unsigned)optype & 16u ? OI_FLAG_ASYNC : 0;
  int host = host_device_number();
  if (src_device_num == host) {
    view->host_addr = (uintptr_t)src_addr;
    view->device_addr = (uintptr_t)dest_addr;
    view->device = dest_device_num;
  } else if (dest_device_num == host) {
    view->host_addr = (uintptr_t)dest_addr;
    view->device_addr = (uintptr_t)src_addr;
    view->device = src_device_num;
  } else {
    /* no host side: device-to-device copy, or a delete */
    view->host_addr = 0;
    view->device_addr = (uintptr_t)(src_addr ? src_addr : dest_addr);
    view->device = src_device_num >= 0 ? src_device_num : dest_device_num;
    if (view->op == OI_DATA_OP_TO_DEVICE || view->op == OI_DATA_OP_FROM_DEVICE)
      view->op = OI_DATA_OP_DEVICE_TO_DEVICE;
  }
}

/* An alloc made up from its begin (its end never came) learns its device
 * address from the first op that names the same host memory and one, if
 * the alloc's event is still in the buffer. */
static void complete_made_up_alloc(oi_thread *t, oi_event *e, const data_op_view *view) {
  if (view->op == OI_DATA_OP_ALLOC && !view->device_addr && (e->flags & OI_FLAG_REPAIRED)) {
    t->alloc_without_address = (uint32_t)(e - t->event) + 1;
    return;
  }
  uint32_t index = t->alloc_without_address;
  if (!index || !view->device_addr || !view->host_addr ||
      index > atomic_load_explicit(&t->count, memory_order_relaxed))
    return;
  oi_event *alloc = &t->event[index - 1];
  if (alloc->kind != OI_KIND_DATA_OP || alloc->u.data.host_addr != view->host_addr)
    return;
  alloc->u.data.device_addr = view->device_addr;
  oi_device_buffer_add(view->device, view->device_addr, view->host_addr, alloc->u.data.bytes);
  t->alloc_without_address = 0;
}

/* A pointer the runtime attaches is written into the device copy of the
 * struct that holds it from a buffer of the runtime's (not from the host
 * address at the same offset of the struct's copy), and the runtime
 * restores the host's pointer after copying the struct back (its shadow
 * pointers): that copy back is hashed at its end, as copied, not once the
 * region ends, wherever the pointer lies in the struct. */
static int attached_pointer(oi_thread *t, const data_op_view *view, uint64_t bytes) {
  if (view->op == OI_DATA_OP_TO_DEVICE) {
    for (uint32_t i = 0; i < t->region_copies; i++) {
      const struct oi_region_copy *copy = &t->region_copy[i];
      uint64_t offset = view->device_addr - copy->device_addr;
      if (view->device_addr < copy->device_addr || offset >= copy->bytes)
        continue;
      if (view->host_addr != copy->host_addr + offset && t->region_attached < OI_REGION_COPIES)
        t->attached[t->region_attached++] = *copy;
      return 0;
    }
    if (t->region_copies < OI_REGION_COPIES) /* the region's first copies */
      t->region_copy[t->region_copies++] =
          (struct oi_region_copy){view->device_addr, view->host_addr, bytes};
    return 0;
  }
  for (uint32_t i = 0; i < t->region_attached; i++) /* the ranges overlap */
    if (view->device_addr < t->attached[i].device_addr + t->attached[i].bytes &&
        t->attached[i].device_addr < view->device_addr + bytes)
      return 1;
  return 0;
}

/* The event of one data operation of the calling thread `t`, stamped with
 * its begin: a copy to the device is hashed now (the copy read its source,
 * which it left as it was, and it is in cache if it fits: 3 times the
 * speed of memory here), a copy back once it has landed (landing_hashes.h);
 * neither hash is part of the op's duration. */
static void data_op_event(oi_thread *t, const struct oi_open_data_op *op, uint64_t end_ns,
                          unsigned repaired) {
  data_op_view view;
  view_data_op(&view, (ompt_target_data_op_t)op->optype,
               (void *)(uintptr_t)op->src_addr, op->src_device,
               (void *)(uintptr_t)op->dest_addr, op->dest_device);
  const void *codeptr = program_codeptr(t, (const void *)(uintptr_t)op->codeptr);
  oi_event *e = oi_event_next_at(&t, OI_KIND_DATA_OP, OI_EP_NONE, region_construct(t),
                                 codeptr, op->begin_ns);
  if (!e)
    return;
  uint64_t host_addr = view.host_addr, size = op->bytes;
  if (view.op == OI_DATA_OP_ALLOC && host_addr)
    oi_device_buffer_add(view.device, view.device_addr, host_addr, size);
  else if (view.op == OI_DATA_OP_DELETE && !host_addr)
    oi_device_buffer_take(view.device, view.device_addr, &host_addr, &size);
  /* a copy outside every target region (omp_target_memcpy) into or out of
   * a mapped variable's device copy moves that variable's bytes: its host
   * range names them, not the call's own buffer (hashed below) */
  uint64_t mapped = host_addr;
  if (!t->target_construct && view.device_addr &&
      (view.op == OI_DATA_OP_TO_DEVICE || view.op == OI_DATA_OP_FROM_DEVICE))
    oi_device_buffer_host(view.device, view.device_addr, size, &mapped);
  e->op = (uint8_t)view.op;
  e->flags = (uint8_t)(view.flags | repaired);
  e->device = view.device;
  e->u.data.bytes = size;
  e->u.data.host_addr = mapped;
  e->u.data.device_addr = view.device_addr;
  e->u.data.duration_ns = end_ns - op->begin_ns;
  complete_made_up_alloc(t, e, &view);
  if (t->target_construct && t->target_codeptr &&
      e->codeptr != t->target_codeptr) { /* its target region's */
    if (e->codeptr)
      oi_repair_note(&t->repairs, OI_REPAIR_codeptr_replaced);
    e->codeptr = t->target_codeptr;
  }
  if (view.host_addr && op->bytes > 0) {
    uint32_t index = (uint32_t)(e - t->event);
    /* outside a target region (omp_target_memcpy) a copy back is hashed
     * at once: its host buffer may be the runtime's own staging buffer,
     * gone when the call returns */
    int attached = t->target_construct && attached_pointer(t, &view, op->bytes);
    int deferred = view.op == OI_DATA_OP_FROM_DEVICE && t->target_construct && !attached;
    if (deferred)
      oi_landing_defer(&t->landing, index);
    else if (view.op == OI_DATA_OP_TO_DEVICE || view.op == OI_DATA_OP_FROM_DEVICE)
      e->flags = (uint8_t)(e->flags | oi_content_hash((const void *)(uintptr_t)host_addr,
                                                      op->bytes, &e->u.data.hash));
  }
  oi_unify_commit(t, e);
}

/* An end names its op as the begin did, but for the destination: an
 * alloc's device address is known only at its end. */
static int same_data_op(const struct oi_open_data_op *a, const struct oi_open_data_op *b) {
  return a->optype == b->optype && a->src_addr == b->src_addr && a->bytes == b->bytes &&
         a->src_device == b->src_device && a->dest_device == b->dest_device;
}

static void on_target_data_op_emi(
    ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
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
  struct oi_open_data_op op = {now,  (uintptr_t)src_addr, (uintptr_t)dest_addr,
                               bytes, (uintptr_t)codeptr_ra, src_device_num,
                               dest_device_num, (uint32_t)optype};
  struct oi_open_data_op *open = &t->data_op;
  if (endpoint == ompt_scope_begin) {
    /* The op's state: its begin, and what it is should its end never come
     * (the end names it again). */
    end_missing_data_op(t);
    *open = op;
    *host_op_id = now;
    return;
  }
  int recording = atomic_load_explicit(&oi_recording, memory_order_relaxed);
  if (open->begin_ns && same_data_op(open, &op)) { /* as it should be */
    op.begin_ns = open->begin_ns;
    open->begin_ns = 0;
    t->data_op_last = op;
    if (recording)
      data_op_event(t, &op, now, 0);
    return;
  }
  if (!recording)
    return;
  if (same_data_op(&t->data_op_last, &op)) {
    /* the op just recorded again: a duplicate, or the end of an op made
     * up when the next one began (the two came swapped) */
    oi_repair_note(&t->repairs, OI_REPAIR_duplicate_callbacks);
    return;
  }
  /* an end without a begin: no duration */
  oi_repair_note(&t->repairs, OI_REPAIR_data_op_begin_missing);
  op.begin_ns = now;
  t->data_op_last = op;
  data_op_event(t, &op, now, OI_FLAG_REPAIRED);
}

static void end_missing_data_op(oi_thread *t) {
  struct oi_open_data_op *open = &t->data_op;
  if (!open->begin_ns)
    return;
  if (atomic_load_explicit(&oi_recording, memory_order_relaxed)) {
    oi_repair_note(&t->repairs, OI_REPAIR_data_op_end_missing);
    data_op_event(t, open, open->begin_ns, OI_FLAG_REPAIRED);
  }
  t->data_op_last = *open;
  open->begin_ns = 0;
}

static void on_target_data_op(ompt_id_t target_id, ompt_id_t host_op_id,
                              ompt_target_data_op_t optype, void *src_addr,
                              int src_device_num, void *dest_addr,
                              int dest_device_num, size_t bytes,
                              const void *codeptr_ra) {
  (void)target_id;
  (void)host_op_id;
  /* One callback before the op: no duration; a copy back is hashed once
   * its region ends, like every copy back. */
  oi_thread *t = oi_thread_self();
  if (!t || !atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  uint64_t now = oi_now_ns();
  struct oi_open_data_op op = {now,  (uintptr_t)src_addr, (uintptr_t)dest_addr,
                               bytes, (uintptr_t)codeptr_ra, src_device_num,
                               dest_device_num, (uint32_t)optype};
  data_op_event(t, &op, now, 0);
}

static void map_events(uint64_t target_id, unsigned int nitems,
                       void **host_addr, size_t *bytes,
                       const void *codeptr_ra) {
  oi_thread *t = oi_thread_self();
  for (unsigned i = 0; t && i < nitems; i++) {
    oi_event *e = oi_event_next(&t, OI_KIND_MAP, OI_EP_NONE,
                                region_construct(t), program_codeptr(t, codeptr_ra));
    if (!e)
      return;
    e->device = t->target_device;
    OI_SET(e, MAP, target_id, target_id);
    OI_SET(e, MAP, device, t->target_device);
    OI_SET(e, MAP, host_addr, (uintptr_t)host_addr[i]);
    OI_SET(e, MAP, bytes, bytes[i]);
    if (!e->codeptr)
      e->codeptr = t->target_codeptr;
    oi_unify_commit(t, e);
  }
}

static void on_target_map_emi(ompt_data_t *target_data, unsigned int nitems,
                              void **host_addr, void **device_addr,
                              size_t *bytes, unsigned int *mapping_flags,
                              const void *codeptr_ra) {
  (void)device_addr;
  (void)mapping_flags;
  map_events(target_data ? target_data->value : 0, nitems, host_addr, bytes,
             codeptr_ra);
}

static void on_target_map(ompt_id_t target_id, unsigned int nitems,
                          void **host_addr, void **device_addr, size_t *bytes,
                          unsigned int *mapping_flags,
                          const void *codeptr_ra) {
  (void)device_addr;
  (void)mapping_flags;
  map_events(target_id, nitems, host_addr, bytes, codeptr_ra);
}

const oi_callback_entry oi_device_callbacks[] = {
    OI_DEVICE_CALLBACKS(OI_CALLBACK_ENTRY, OI_CALLBACK_EMI_ENTRY)};
const size_t oi_device_callback_count =
    sizeof oi_device_callbacks / sizeof oi_device_callbacks[0];
