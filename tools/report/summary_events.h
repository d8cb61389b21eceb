/* The events the exit summary reads (`report --format summary`), so that
 * the end of a run costs a decoding of the trace, not the model of every
 * host event: the model sees the device events only (data operations, map
 * items, kernels, target regions, device constructs: all the analysis and
 * the data lines use), plus the earliest and the latest of the other events
 * (the span the analysis measures), given last. What the summary's first
 * line takes from host events, the threads with events and the initial
 * thread's time in constructs, is counted here as the events pass. */
#ifndef OMPT_INST_SUMMARY_EVENTS_H
#define OMPT_INST_SUMMARY_EVENTS_H

#include <stdint.h>

#include "profile.h"
#include "trace_reader.h"

typedef struct oi_initial_region {
  uint64_t start_ns;
  uint8_t kind;
} oi_initial_region;

typedef struct oi_summary_events {
  uint64_t start_time_ns; /* the trace's: times are relative to it */
  uint64_t *threads_seen; /* bit per tool thread with an event */
  uint64_t threads_seen_words;
  uint32_t thread_count;
  /* the initial thread's open regions, as the model pairs them */
  oi_initial_region *open;
  uint64_t open_count, open_capacity;
  uint64_t initial_last_ns; /* its latest event */
  uint64_t initial_construct_ns;
  int any_other, given; /* events held back, and how many given */
  oi_event earliest, latest;
  int out_of_memory;
} oi_summary_events;

/* Makes `trace` deliver the summary's events, counting into `s`. */
void oi_summary_events_attach(oi_summary_events *s, oi_trace_reader *trace);
/* After oi_profile_build: the counted figures into the profile. 0, or -1
 * if memory ran out while counting. */
int oi_summary_events_apply(oi_summary_events *s, oi_profile *p);
void oi_summary_events_free(oi_summary_events *s);

#endif
