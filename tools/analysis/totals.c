/* The finished totals (optimisation potential, devices). */
#include "internal.h"

#include <stdlib.h>

int oia_build_totals(oi_analysis *ctx) {
  oi_analysis_totals *t = &ctx->totals;
  t->measured_ns = t->last_ns - t->first_ns;
  t->predicted_ns = t->saved_ns < t->measured_ns ? t->measured_ns - t->saved_ns : 0;
  if (t->saved_ns == 0) {
    t->speedup = 1.0;
  } else if (t->predicted_ns == 0) { /* overlapping operations saved it all */
    t->speedup = 0.0;
    t->upper_bound = 1;
  } else {
    t->speedup = (double)t->measured_ns / (double)t->predicted_ns;
  }
  const oi_array *states = &ctx->model.devices;
  oi_device_summary *devices = calloc(states->len + 1, sizeof *devices);
  if (!devices)
    return -1;
  size_t with_data = 0;
  for (size_t i = 0; i < states->len; i++) {
    const oi_device_state *dev = OI_ARRAY_AT(*states, oi_device_state, i);
    devices[i] = dev->summary;
    if (!dev->saw_kernel_events)
      devices[i].kernels = dev->target_regions;
    with_data += devices[i].allocs || devices[i].kernels;
  }
  if (with_data > 1) /* devices work in parallel: savings need not add up */
    t->upper_bound = 1;
  t->devices = devices;
  t->ndevices = states->len;
  return 0;
}
