/* Which events the model and the analysis read (modelled_events.h). */
#include "modelled_events.h"

#define KIND_BIT(kind) (1ull << OI_KIND_##kind)
_Static_assert(OI_KIND_COUNT < 63, "a frame's kinds are bits of a word");

/* Target regions the hooks report themselves (runs with inferred data
 * operations) are `construct` events of a `target` site; the map items of
 * target regions say what their kernels may write. */
#define ANALYSED_KINDS                                                                             \
  (KIND_BIT(DATA_OP) | KIND_BIT(KERNEL) | KIND_BIT(TARGET) | KIND_BIT(CONSTRUCT) | KIND_BIT(MAP))

bool oi_event_analysed(const oi_event *e) {
  if (e->kind >= OI_KIND_COUNT || !(ANALYSED_KINDS & 1ull << e->kind))
    return false;
  /* map items: of target regions, what their kernels may write; of
   * updates and exits, what they ask of data that may not be there */
  if (e->kind == OI_KIND_MAP)
    return e->construct == OI_CONSTRUCT_TARGET || oi_construct_asks_present(e->construct);
  return e->kind != OI_KIND_CONSTRUCT || e->construct == OI_CONSTRUCT_TARGET;
}

uint64_t oi_model_device_kinds(void) {
  return ANALYSED_KINDS | KIND_BIT(DEVICE_INIT) | KIND_BIT(DEVICE_FINALIZE) |
         KIND_BIT(DEVICE_LOAD) | KIND_BIT(DEVICE_UNLOAD);
}

bool oi_event_for_device_model(const oi_event *e) {
  if (e->kind >= OI_KIND_COUNT || !(oi_model_device_kinds() & 1ull << e->kind))
    return false;
  return e->kind != OI_KIND_CONSTRUCT || oi_construct_category(e->construct) == OI_CATEGORY_DEVICE;
}
