/* The events the exit summary reads (`report --format summary`), so that
 * the end of a run costs what its device events cost, not a model of every
 * host event: the model sees the device events only (modelled_events.h: all the
 * analysis and the data line use), and the frames of the trace without any are skipped
 * undecoded. What the summary takes from the other events (their span, the
 * threads with events, the initial thread's time in constructs) comes from
 * the totals the shim counted while writing them (OI_REC_TOTALS). */
#ifndef OMPT_INST_MODEL_SUMMARY_EVENTS_H
#define OMPT_INST_MODEL_SUMMARY_EVENTS_H

#include <stdbool.h>

#include "profile.h"
#include "trace/trace_reader.h"

typedef struct oi_summary_events {
  oi_totals_record totals;
  oi_event span[2]; /* the other events' span, as two `thread` events */
  int given;
} oi_summary_events;

/* Makes `trace` deliver the summary's events; false (trace untouched) when
 * it has no totals to complete them with (written before trace format 3,
 * with plain events, or cut short): the summary then models every event. */
bool oi_summary_events_attach(oi_summary_events *s, oi_trace_reader *trace);
/* After oi_profile_build: the totals' figures into the profile. */
void oi_summary_events_apply(const oi_summary_events *s, oi_profile *p);

#endif
