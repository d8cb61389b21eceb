/* What device_callbacks.c and device_repairs.c keep per thread: the target
 * region in progress (to end it if the runtime never does), the data
 * operation open, and the region's first copies (to tell a pointer the
 * runtime attaches). The copies waiting for their hash are
 * landing_hashes.h's. Plain state: thread.h composes it. */
#ifndef OMPT_INST_SHIM_DEVICE_STATE_H
#define OMPT_INST_SHIM_DEVICE_STATE_H

#include <stdint.h>

#include "ompt-inst/events.h"

/* The target region in progress on the thread. */
typedef struct oi_target_state {
  int32_t device;     /* its device */
  uint32_t construct; /* its construct, OI_CONSTRUCT_NONE outside */
  uint64_t codeptr;   /* its codeptr_ra, for its kernels and data
                         operations, which name none */
  uint64_t id;
  uint64_t last_ns;   /* the time of its latest event */
  uint32_t open_site; /* the site its begin took */
  uint8_t open_origin, nowait;
  uint32_t begin_event;    /* its begin's index in the buffer, + 1 */
  uint32_t site;           /* the site of a deferred (nowait) target region
                              in progress, found by its task */
  uint64_t task;           /* that region's target task (its map items,
                              deferred_items.h) */
  uint64_t offload_caller; /* inside a call into the offload runtime seen
                              by libompt-inst-offload.so: the program's
                              return address (the runtime's is the
                              library's), else 0 */
} oi_target_state;

/* The runtime's return address is the caller of its entry point: inside a
 * call through libompt-inst-offload.so that is the library's wrapper, and
 * the program's own call is the one that wrapper was called from. */
static inline const void *oi_program_codeptr(const oi_target_state *target,
                                             const void *codeptr_ra) {
  return target->offload_caller ? (const void *)(uintptr_t)target->offload_caller : codeptr_ra;
}

/* Kernels, data operations and map items are named by the target region
 * they happen in ("target enter data", ...); outside one (omp_target_alloc,
 * omp_target_memcpy) they belong to no directive. */
static inline unsigned oi_region_construct(const oi_target_state *target) {
  return target->construct ? target->construct : OI_CONSTRUCT_OTHER;
}

/* A data operation begun and not yet ended: its end may never come. */
typedef struct oi_open_data_op {
  uint64_t begin_ns; /* 0: none open */
  uint64_t src_addr, dest_addr, bytes, codeptr;
  int32_t src_device, dest_device;
  uint32_t optype;
} oi_open_data_op;

#define OI_REGION_COPIES 16
typedef struct oi_region_copy {
  uint64_t device_addr, host_addr, bytes;
} oi_region_copy;

typedef struct oi_data_op_state {
  oi_open_data_op open, last; /* the one open, the last one recorded */
  /* 1 + the buffer index of a made-up alloc whose device address only a
   * later copy of the same host memory tells, 0 if none */
  uint32_t alloc_without_address;
  /* the target region's first copies to the device, to tell a pointer the
   * runtime attaches: a copy into the device range of an earlier one from
   * another host address than that copy's at the same offset; `attached`:
   * the copies that hold such a pointer (device_callbacks.c) */
  uint32_t region_copies, region_attached;
  oi_region_copy region_copy[OI_REGION_COPIES], attached[OI_REGION_COPIES];
} oi_data_op_state;

#endif
