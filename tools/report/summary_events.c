/* The exit summary's events (summary_events.h). */
#include "summary_events.h"

#include <string.h>

#define KIND_BIT(kind) (1ull << OI_KIND_##kind)
/* the kinds the reader delivers to the model (its filter) */
#define MODELLED_KINDS                                                        \
  (KIND_BIT(DATA_OP) | KIND_BIT(MAP) | KIND_BIT(KERNEL) | KIND_BIT(TARGET) |  \
   KIND_BIT(DEVICE_INIT) | KIND_BIT(DEVICE_FINALIZE) | KIND_BIT(DEVICE_LOAD) | \
   KIND_BIT(DEVICE_UNLOAD) | KIND_BIT(CONSTRUCT))
_Static_assert(OI_KIND_COUNT < 63, "a frame's kinds are bits of a word");

/* Of the MODELLED_KINDS the reader delivers, the device constructs among
 * the constructs. */
static bool for_the_model(void *state, const oi_event *e) {
  (void)state;
  return e->kind != OI_KIND_CONSTRUCT ||
         oi_construct_category(e->construct) == OI_CATEGORY_DEVICE;
}

/* Given last, where they open no region around other events: the model
 * only widens the span the analysis measures with `thread` events. */
static const oi_event *span(void *state) {
  oi_summary_events *s = state;
  return s->given < 2 ? &s->span[s->given++] : NULL;
}

bool oi_summary_events_attach(oi_summary_events *s, oi_trace_reader *trace) {
  if (!trace->has_totals || !trace->complete ||
      !(trace->totals.flags & OI_TOTALS_INITIAL_KNOWN))
    return false;
  memset(s, 0, sizeof *s);
  s->totals = trace->totals;
  s->given = s->totals.threads ? 0 : 2; /* no events, no span */
  for (int i = 0; i < 2; i++)
    s->span[i] = (oi_event){.time_ns = i ? s->totals.last_end_ns : s->totals.first_time_ns,
                            .kind = OI_KIND_THREAD, .device = -1};
  trace->filter = (oi_event_filter){
      .kinds = MODELLED_KINDS, .keep = for_the_model, .held = span, .state = s};
  return true;
}

void oi_summary_events_apply(const oi_summary_events *s, oi_profile *p) {
  p->thread_count = s->totals.threads;
  p->initial_thread_construct_ns = s->totals.initial_construct_ns;
}
