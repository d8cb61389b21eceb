/* Hash now or later (data_op_hashing.h). */
#include "data_op_hashing.h"

#include "content_hash.h"

void oi_data_op_hashing_region_begins(oi_thread *t) {
  t->data.region_copies = t->data.region_attached = 0;
}

/* A pointer the runtime attaches is written into the device copy of the
 * struct that holds it from a buffer of the runtime's (not from the host
 * address at the same offset of the struct's copy), and the runtime
 * restores the host's pointer after copying the struct back (its shadow
 * pointers): that copy back is hashed at its end, as copied, not once the
 * region ends, wherever the pointer lies in the struct. */
static int attached_pointer(oi_thread *t, const data_op_view *view, uint64_t bytes) {
  if (view->op == OI_DATA_OP_TO_DEVICE) {
    for (uint32_t i = 0; i < t->data.region_copies; i++) {
      const struct oi_region_copy *copy = &t->data.region_copy[i];
      uint64_t offset = view->device_addr - copy->device_addr;
      if (view->device_addr < copy->device_addr || offset >= copy->bytes)
        continue;
      if (view->host_addr != copy->host_addr + offset && t->data.region_attached < OI_REGION_COPIES)
        t->data.attached[t->data.region_attached++] = *copy;
      return 0;
    }
    if (t->data.region_copies < OI_REGION_COPIES) /* the region's first copies */
      t->data.region_copy[t->data.region_copies++] =
          (struct oi_region_copy){view->device_addr, view->host_addr, bytes};
    return 0;
  }
  for (uint32_t i = 0; i < t->data.region_attached; i++) /* the ranges overlap */
    if (view->device_addr < t->data.attached[i].device_addr + t->data.attached[i].bytes &&
        t->data.attached[i].device_addr < view->device_addr + bytes)
      return 1;
  return 0;
}

void oi_data_op_hash(oi_thread *t, oi_event *e, const data_op_view *view, uint64_t bytes) {
  if (!view->host_addr || bytes == 0)
    return;
  /* outside a target region (omp_target_memcpy) a copy back is hashed at
   * once: its host buffer may be the runtime's own staging buffer, gone
   * when the call returns */
  int attached = t->target.construct && attached_pointer(t, view, bytes);
  if (view->op == OI_DATA_OP_FROM_DEVICE && t->target.construct && !attached)
    oi_landing_defer(&t->landing, (uint32_t)(e - t->event));
  else if (view->op == OI_DATA_OP_TO_DEVICE || view->op == OI_DATA_OP_FROM_DEVICE)
    e->flags = (uint8_t)(e->flags | oi_content_hash((const void *)(uintptr_t)view->host_addr, bytes,
                                                    &e->u.data.hash));
}
