/* The event of one data operation (data_op_events.h). */
#include "data_op_events.h"

#include "data_op_hashing.h"
#include "data_op_view.h"
#include "device_buffers.h"
#include "unify.h"

/* An alloc made up from its begin (its end never came) learns its device
 * address from the first op that names the same host memory and one, if
 * the alloc's event is still in the buffer. */
static void complete_made_up_alloc(oi_thread *t, oi_event *e, const data_op_view *view) {
  if (view->op == OI_DATA_OP_ALLOC && !view->device_addr && (e->flags & OI_FLAG_REPAIRED)) {
    t->data.alloc_without_address = (uint32_t)(e - t->event) + 1;
    return;
  }
  uint32_t index = t->data.alloc_without_address;
  if (!index || !view->device_addr || !view->host_addr ||
      index > atomic_load_explicit(&t->count, memory_order_relaxed))
    return;
  oi_event *alloc = &t->event[index - 1];
  if (alloc->kind != OI_KIND_DATA_OP || alloc->u.data.host_addr != view->host_addr)
    return;
  alloc->u.data.device_addr = view->device_addr;
  oi_device_buffer_add(view->device, view->device_addr, view->host_addr, alloc->u.data.bytes);
  t->data.alloc_without_address = 0;
}

void oi_data_op_event(oi_thread *t, const oi_open_data_op *op, uint64_t end_ns, unsigned repaired) {
  data_op_view view;
  oi_view_data_op(&view, (ompt_target_data_op_t)op->optype, (void *)(uintptr_t)op->src_addr,
                  op->src_device, (void *)(uintptr_t)op->dest_addr, op->dest_device);
  const void *codeptr = oi_program_codeptr(&t->target, (const void *)(uintptr_t)op->codeptr);
  oi_event *e = oi_event_next_at(&t, OI_KIND_DATA_OP, OI_EP_NONE, oi_region_construct(&t->target),
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
   * range names them, not the call's own buffer (which is what is hashed) */
  uint64_t mapped = host_addr;
  if (!t->target.construct && view.device_addr &&
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
  if (t->target.construct && t->target.codeptr &&
      e->codeptr != t->target.codeptr) { /* its target region's */
    if (e->codeptr)
      oi_repair_note(&t->repairs, OI_REPAIR_codeptr_replaced);
    e->codeptr = t->target.codeptr;
  }
  oi_data_op_hash(t, e, &view, op->bytes);
  oi_unify_commit(t, e);
}
