/* The exit summary's events (summary_events.h). */
#include "summary_events.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"

/* The model refuses larger thread numbers as corrupt: such events go to it. */
#define MAX_THREADS (1u << 20)

static bool for_the_model(const oi_event *e) {
  switch (e->kind) {
  case OI_KIND_DATA_OP:
  case OI_KIND_MAP:
  case OI_KIND_KERNEL:
  case OI_KIND_TARGET:
  case OI_KIND_DEVICE_INIT:
  case OI_KIND_DEVICE_FINALIZE:
  case OI_KIND_DEVICE_LOAD:
  case OI_KIND_DEVICE_UNLOAD:
    return true;
  case OI_KIND_CONSTRUCT:
    return oi_construct_category(e->construct) == OI_CATEGORY_DEVICE;
  default:
    return e->thread >= MAX_THREADS;
  }
}

static uint64_t relative(const oi_summary_events *s, uint64_t time_ns) {
  return time_ns > s->start_time_ns ? time_ns - s->start_time_ns : 0;
}

static void note_thread(oi_summary_events *s, uint32_t thread) {
  uint64_t word = thread / 64, bit = 1ull << (thread % 64);
  if (word >= s->threads_seen_words) {
    uint64_t old = s->threads_seen_words;
    if (oi_grow((void **)&s->threads_seen, &s->threads_seen_words, word + 1,
                sizeof *s->threads_seen) != 0) {
      s->out_of_memory = 1;
      return;
    }
    memset(s->threads_seen + old, 0, (s->threads_seen_words - old) * sizeof *s->threads_seen);
  }
  if (!(s->threads_seen[word] & bit)) {
    s->threads_seen[word] |= bit;
    s->thread_count++;
  }
}

/* Regions the model pairs: begins and ends of every kind but those it
 * takes as points or ignores. */
static bool paired(unsigned kind) {
  return kind != OI_KIND_DATA_OP && kind != OI_KIND_MAP && kind != OI_KIND_DEVICE_INIT &&
         kind != OI_KIND_DEVICE_LOAD && kind != OI_KIND_THREAD &&
         kind != OI_KIND_CONSTRUCT_COUNT;
}

/* The initial thread's time in constructs, outermost regions only; an end
 * closes the innermost open region of its kind (as the model pairs them). */
static void note_initial_thread(oi_summary_events *s, const oi_event *e) {
  uint64_t now = relative(s, e->time_ns);
  if (now > s->initial_last_ns)
    s->initial_last_ns = now;
  if (!paired(e->kind))
    return;
  if (e->endpoint == OI_EP_BEGIN) {
    if (oi_grow((void **)&s->open, &s->open_capacity, s->open_count + 1, sizeof *s->open) != 0) {
      s->out_of_memory = 1;
      return;
    }
    s->open[s->open_count++] = (oi_initial_region){.start_ns = now, .kind = e->kind};
    return;
  }
  if (e->endpoint != OI_EP_END)
    return;
  for (uint64_t i = s->open_count; i > 0; i--) {
    if (s->open[i - 1].kind != e->kind)
      continue;
    if (i == 1 && now > s->open[0].start_ns)
      s->initial_construct_ns += now - s->open[0].start_ns;
    memmove(&s->open[i - 1], &s->open[i], (s->open_count - i) * sizeof *s->open);
    s->open_count--;
    return;
  }
}

static uint64_t end_of(const oi_event *e) {
  return e->kind == OI_KIND_DATA_OP ? e->time_ns + e->u.data.duration_ns : e->time_ns;
}

static bool keep(void *state, const oi_event *e) {
  oi_summary_events *s = state;
  if (e->thread < MAX_THREADS)
    note_thread(s, e->thread);
  if (e->thread == 0)
    note_initial_thread(s, e);
  if (for_the_model(e))
    return true;
  /* the first of equal times, as the model keeps them */
  if (!s->any_other || e->time_ns < s->earliest.time_ns)
    s->earliest = *e;
  if (!s->any_other || end_of(e) > end_of(&s->latest))
    s->latest = *e;
  s->any_other = 1;
  return false;
}

/* Given after the others, the held events open no region around them. */
static const oi_event *held(void *state) {
  oi_summary_events *s = state;
  if (!s->any_other || s->given == 2)
    return NULL;
  if (s->given++ == 0)
    return &s->earliest;
  return memcmp(&s->latest, &s->earliest, sizeof s->latest) != 0 ? &s->latest : NULL;
}

void oi_summary_events_attach(oi_summary_events *s, oi_trace_reader *trace) {
  memset(s, 0, sizeof *s);
  s->start_time_ns = trace->header.start_time_ns;
  trace->filter = (oi_event_filter){.keep = keep, .held = held, .state = s};
}

int oi_summary_events_apply(oi_summary_events *s, oi_profile *p) {
  /* regions still open are timed to the thread's last event */
  if (s->open_count > 0 && s->initial_last_ns > s->open[0].start_ns)
    s->initial_construct_ns += s->initial_last_ns - s->open[0].start_ns;
  s->open_count = 0;
  p->thread_count = s->thread_count;
  p->initial_thread_construct_ns = s->initial_construct_ns;
  return s->out_of_memory ? -1 : 0;
}

void oi_summary_events_free(oi_summary_events *s) {
  free(s->threads_seen);
  free(s->open);
  memset(s, 0, sizeof *s);
}
