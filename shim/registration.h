/* Registering callback tables with ompt_set_callback and keeping what the
 * runtime answered (the capability matrix of the trace). */
#ifndef OMPT_INST_SHIM_REGISTRATION_H
#define OMPT_INST_SHIM_REGISTRATION_H

#include <omp-tools.h>
#include <stddef.h>
#include <stdint.h>

#include "callbacks.h"
#include "ompt-inst/trace.h"

/* One entry per callback asked for (or disabled): every event and its
 * fallback fit with room to spare. */
#define OI_MAX_CAPABILITIES 64

typedef struct oi_capabilities {
  uint32_t count;
  oi_capability entry[OI_MAX_CAPABILITIES];
} oi_capabilities;

/* Register `entries` (or, when `disabled`, note result 0 for each without
 * asking). An event the runtime refuses (never, impossible, error) is
 * replaced by its fallback when it has one; both answers are noted. */
void oi_register_callbacks(ompt_set_callback_t set_callback, const oi_callback_entry *entries,
                           size_t count, int disabled, oi_capabilities *capabilities);

#endif
