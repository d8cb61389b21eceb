/* Which construct instances the runtime's own callbacks report, from what
 * ompt_set_callback answered: the hooks stay silent where a native event
 * reports the instance (unify.c merges the two), and the shim infers data
 * operations where the runtime reports none (mapsim.c). */
#ifndef OMPT_INST_SHIM_NATIVE_KINDS_H
#define OMPT_INST_SHIM_NATIVE_KINDS_H

#include <stdint.h>

#include "construct_stack.h"
#include "registration.h"
#include "sites.h"

/* Which native event kinds the runtime reports, from what ompt_set_callback
 * answered (and OMPT_INST_DISABLE_NATIVE). */
void oi_native_configure(const oi_capabilities *capabilities);

/* 1 if an active native callback reports the instances of this site's
 * construct at this hook point (enum ompt_inst_point): the hook then stays
 * silent and the native event becomes `merged`. */
int oi_native_reports(const oi_site_entry *entry, uint32_t point);

/* The same for one instance, whose frame (NULL: none) says how it ran:
 * LLVM 19 reports no target region for a device construct that runs on the
 * host (if() false, the initial device, no device at all), so the hooks
 * report those themselves. */
int oi_native_reports_instance(const oi_site_entry *entry, uint32_t point,
                               const oi_construct_frame *frame);

/* Native kinds whose callback is active (bit per enum oi_kind), set once
 * at initialisation. */
extern uint64_t oi_native_kinds;

/* 1 when the runtime reports no data operations: the shim infers them
 * (inline: asked at every device construct's exit). */
static inline int oi_native_infers_data_ops(void) {
  return !(oi_native_kinds >> OI_KIND_DATA_OP & 1);
}

#endif
