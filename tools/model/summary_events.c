/* The exit summary's events (summary_events.h). */
#include "summary_events.h"

#include <string.h>

#include "modelled_events.h"

/* The reader's filter keeps only what oi_event_for_device_model keeps. */
static bool for_the_model(void *state, const oi_event *e) {
  (void)state;
  return oi_event_for_device_model(e);
}

/* Given last, where they open no region around other events: the model
 * only widens the span the analysis measures with `thread` events. */
static const oi_event *span(void *state) {
  oi_summary_events *s = state;
  return s->given < 2 ? &s->span[s->given++] : NULL;
}

bool oi_summary_events_attach(oi_summary_events *s, oi_trace_reader *trace) {
  if (!trace->has_totals || !trace->complete || !(trace->totals.flags & OI_TOTALS_INITIAL_KNOWN))
    return false;
  memset(s, 0, sizeof *s);
  s->totals = trace->totals;
  s->given = s->totals.threads ? 0 : 2; /* no events, no span */
  for (int i = 0; i < 2; i++)
    s->span[i] = (oi_event){.time_ns = i ? s->totals.last_end_ns : s->totals.first_time_ns,
                            .kind = OI_KIND_THREAD,
                            .device = -1};
  trace->filter = (oi_event_filter){
      .kinds = oi_model_device_kinds(), .keep = for_the_model, .held = span, .state = s};
  return true;
}

void oi_summary_events_apply(const oi_summary_events *s, oi_profile *p) {
  p->thread_count = s->totals.threads;
  p->initial_thread_construct_ns = s->totals.initial_construct_ns;
}
