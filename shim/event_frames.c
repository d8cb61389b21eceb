/* A thread's buffered events into the trace as frames. */
#include "event_frames.h"

#include <string.h>

#include "run_totals.h"
#include "trace_file.h"
#include "ompt-inst/trace.h"

static _Atomic uint64_t events_written;
static _Atomic uint64_t events_lost;
static int plain_events;

void oi_frames_configure(const char *encoding) {
  plain_events = encoding && strcmp(encoding, "plain") == 0;
}

uint64_t oi_frames_events_written(void) { return atomic_load(&events_written); }

uint64_t oi_frames_events_lost(void) { return atomic_load(&events_lost); }

/* Events [from, to) of the buffer went out in one frame (written) or were
 * lost: counted, and the written ones noted in the run's totals. */
static void count_frame(oi_thread *t, int written, uint32_t from, uint32_t to) {
  atomic_fetch_add(written ? &events_written : &events_lost, to - from);
  if (!written || from == to)
    return;
  oi_totals_note(&t->event[from], to - from, t->number, !t->wrote_events);
  t->wrote_events = 1;
}

void oi_frames_write(oi_thread *t, uint32_t from, uint32_t to) {
  if (plain_events) {
    oi_events_record head = {.thread = t->number, .count = to - from};
    count_frame(t,
                oi_trace_frame(OI_REC_EVENTS, &head, sizeof head, &t->event[from],
                               (size_t)(to - from) * sizeof(oi_event)) == 0,
                from, to);
    return;
  }
  while (from < to) {
    oi_codec_reset(&t->codec);
    size_t used = 0;
    uint32_t n = from;
    uint64_t kinds = 0;
    for (; n < to && used + OI_CODEC_MAX_EVENT_BYTES <= sizeof t->encoded; n++) {
      used += oi_codec_encode(&t->codec, t->number, &t->event[n], t->encoded + used);
      kinds |= 1ull << (t->event[n].kind < 63 ? t->event[n].kind : 63);
    }
    oi_compact_events_record head = {.thread = t->number, .count = n - from, .kinds = kinds};
    count_frame(t,
                oi_trace_frame_encoded(OI_REC_EVENTS, OI_ENCODING_COMPACT, &head, sizeof head,
                                       t->encoded, used) == 0,
                from, n);
    from = n;
  }
}

void oi_frames_write_buffer(oi_thread *t) {
  uint32_t n = atomic_load_explicit(&t->count, memory_order_acquire);
  if (n == 0)
    return;
  if (n > t->written)
    oi_frames_write(t, t->written, n);
  t->written = 0;
  atomic_store_explicit(&t->count, 0, memory_order_release);
}
