/* What one OMPT data operation is, seen from the host: its kind, which
 * side is the host's, the device. */
#ifndef OMPT_INST_SHIM_DATA_OP_VIEW_H
#define OMPT_INST_SHIM_DATA_OP_VIEW_H

#include <omp-tools.h>
#include <stdint.h>

#include "runtime_devices.h"
#include "ompt-inst/events.h"

typedef struct data_op_view {
  unsigned op;
  unsigned flags;
  uint64_t host_addr, device_addr;
  int device;
} data_op_view;

static inline __attribute__((always_inline)) void
oi_view_data_op(data_op_view *view, ompt_target_data_op_t optype, void *src_addr,
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
  view->op = base < sizeof ops / sizeof ops[0] && ops[base] ? ops[base] : OI_DATA_OP_OTHER;
  view->flags = (unsigned)optype & 16u ? OI_FLAG_ASYNC : 0;
  /* the host's device number as data operations report it */
  int host = oi_runtime_initial_device();
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

#endif
