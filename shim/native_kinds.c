/* Which construct instances the runtime's own callbacks report
 * (native_kinds.h). */
#include "native_kinds.h"

#include <dlfcn.h>
#include <omp-tools.h>
#include <stdatomic.h>

/* Native kinds whose callback is active (bit per enum oi_kind). */
uint64_t oi_native_kinds;

/* The kind each OMPT callback reports (its REPORTS rows in events.def),
 * OI_KIND_HOOKS_ONLY for the others. */
static unsigned reported_kind(ompt_callbacks_t callback) {
#define REPORTED_KIND(group, callback_name, kind, role)                                            \
  OI_IF_REPORTS(role, if (callback == ompt_callback_##callback_name) return OI_KIND_##kind;)
#define REPORTED_KIND_EMI(group, callback_name, kind, role)                                        \
  OI_IF_REPORTS(role, if (callback == ompt_callback_##callback_name##_emi ||                       \
                          callback == ompt_callback_##callback_name) return OI_KIND_##kind;)
  OI_OMPT_CALLBACKS(REPORTED_KIND, REPORTED_KIND_EMI)
#undef REPORTED_KIND
#undef REPORTED_KIND_EMI
  return OI_KIND_HOOKS_ONLY;
}

void oi_native_configure(const oi_capabilities *capabilities) {
  uint64_t kinds = 0;
  for (uint32_t i = 0; i < capabilities->count; i++) {
    if (capabilities->entry[i].result < ompt_set_sometimes)
      continue;
    unsigned kind = reported_kind(capabilities->entry[i].callback);
    if (kind < OI_KIND_COUNT)
      kinds |= UINT64_C(1) << kind;
  }
  oi_native_kinds = kinds;
}

OI_STATIC_ASSERT(OI_KIND_COUNT <= 64, "native_kinds has a bit per kind");

static int native_active(unsigned kind) {
  return kind < OI_KIND_COUNT && (oi_native_kinds >> kind & 1);
}

/* With cancellation off (OMP_CANCELLATION, the default) the runtime ignores
 * `cancel` and reports nothing; asked once, at the first cancel site. */
static int cancellation_enabled(void) {
  static _Atomic int enabled = -1;
  int value = atomic_load_explicit(&enabled, memory_order_relaxed);
  if (value < 0) {
    int (*get)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_cancellation");
    value = get && get() ? 1 : 0;
    atomic_store_explicit(&enabled, value, memory_order_relaxed);
  }
  return value;
}

int oi_native_reports(const oi_site_entry *entry, uint32_t point) {
  if (entry->parsed.runtime_silent)
    return 0;
  /* a taskwait with depend clauses is an undeferred task for the runtime:
   * it reports the dependences, no synchronisation region */
  if (entry->construct == OI_CONSTRUCT_TASKWAIT && entry->parsed.depend)
    return 0;
  unsigned kind = oi_construct_native_kind(entry->construct);
  if (point == OMPT_INST_BEGIN || point == OMPT_INST_END) {
    /* master/masked: on the executing thread, as the runtime's masked */
    if (entry->executor_points)
      return native_active(kind);
    /* the runtime announces implicit tasks of parallel regions, not the
     * initial tasks of a league's teams, nor sections */
    return entry->construct == OI_CONSTRUCT_PARALLEL && native_active(OI_KIND_IMPLICIT_TASK);
  }
  if (kind == OI_KIND_CANCEL && !cancellation_enabled())
    return 0;
  return native_active(kind);
}

int oi_native_reports_instance(const oi_site_entry *entry, uint32_t point,
                               const oi_construct_frame *frame) {
  if (entry->device && frame && (frame->if_value == 0 || !frame->offloads))
    return 0;
  return oi_native_reports(entry, point);
}
