/* The run's totals for the exit summary (run_totals.h). */
#include "run_totals.h"

#include <stdatomic.h>
#include <string.h>

#include "trace_file.h"

static _Atomic uint64_t first_time = UINT64_MAX;
static _Atomic uint64_t last_end;
static _Atomic uint32_t threads;

/* The initial thread's open regions, paired as the report's model pairs
 * them (tools/model/profile.c): an end closes the innermost open region of
 * its kind; only outermost regions count. Only the flush of thread 0's
 * buffer, under its lock, touches them. */
static struct initial_region {
  uint64_t start_ns;
  uint8_t kind;
} open_regions[OI_TOTALS_DEPTH];
static uint32_t open_count;
static uint64_t initial_ns, initial_last_ns;
static int initial_too_deep;

static uint64_t relative(uint64_t time_ns, uint64_t start) {
  return time_ns > start ? time_ns - start : 0;
}

/* Kinds the model takes as points or ignores rather than pairs. */
#define UNPAIRED_KINDS                                                                             \
  (1ull << OI_KIND_DATA_OP | 1ull << OI_KIND_MAP | 1ull << OI_KIND_DEVICE_INIT |                   \
   1ull << OI_KIND_DEVICE_LOAD | 1ull << OI_KIND_THREAD | 1ull << OI_KIND_CONSTRUCT_COUNT)
static int paired(unsigned kind) { return kind >= 64 || !(UNPAIRED_KINDS >> kind & 1); }

static void note_initial(const oi_event *e, uint64_t start) {
  uint64_t now = relative(e->time_ns, start);
  if (now > initial_last_ns)
    initial_last_ns = now;
  if (!paired(e->kind) || (e->endpoint != OI_EP_BEGIN && e->endpoint != OI_EP_END))
    return;
  if (e->endpoint == OI_EP_BEGIN) {
    if (open_count == OI_TOTALS_DEPTH)
      initial_too_deep = 1;
    else
      open_regions[open_count++] = (struct initial_region){now, e->kind};
    return;
  }
  for (uint32_t i = open_count; i > 0; i--) {
    if (open_regions[i - 1].kind != e->kind)
      continue;
    if (i == 1 && now > open_regions[0].start_ns)
      initial_ns += now - open_regions[0].start_ns;
    if (i < open_count)
      memmove(&open_regions[i - 1], &open_regions[i], (open_count - i) * sizeof *open_regions);
    open_count--;
    return;
  }
}

static void lower_to(_Atomic uint64_t *value, uint64_t candidate) {
  uint64_t seen = atomic_load_explicit(value, memory_order_relaxed);
  while (candidate < seen &&
         !atomic_compare_exchange_weak_explicit(value, &seen, candidate, memory_order_relaxed,
                                                memory_order_relaxed))
    ;
}

static void raise_to(_Atomic uint64_t *value, uint64_t candidate) {
  uint64_t seen = atomic_load_explicit(value, memory_order_relaxed);
  while (candidate > seen &&
         !atomic_compare_exchange_weak_explicit(value, &seen, candidate, memory_order_relaxed,
                                                memory_order_relaxed))
    ;
}

void oi_totals_note(const oi_event *events, uint32_t count, uint32_t thread, int first) {
  if (count == 0)
    return;
  if (first)
    atomic_fetch_add_explicit(&threads, 1, memory_order_relaxed);
  uint64_t earliest = UINT64_MAX, latest = 0;
  for (uint32_t i = 0; i < count; i++) {
    const oi_event *e = &events[i];
    int data_op = e->kind == OI_KIND_DATA_OP;
    /* the analysis times an operation by its end event */
    if (data_op && e->endpoint == OI_EP_BEGIN)
      continue;
    uint64_t end = e->time_ns + (data_op ? e->u.data.duration_ns : 0);
    if (e->time_ns < earliest)
      earliest = e->time_ns;
    if (end > latest)
      latest = end;
  }
  if (earliest != UINT64_MAX) {
    lower_to(&first_time, earliest);
    raise_to(&last_end, latest);
  }
  uint64_t start = oi_trace_start_ns();
  if (thread == 0)
    for (uint32_t i = 0; i < count; i++)
      note_initial(&events[i], start);
}

void oi_totals_write(void) {
  /* regions still open are timed to the thread's last event */
  uint64_t open_ns = open_count > 0 && initial_last_ns > open_regions[0].start_ns
                         ? initial_last_ns - open_regions[0].start_ns
                         : 0;
  uint64_t earliest = atomic_load(&first_time);
  oi_totals_record totals = {.first_time_ns = earliest == UINT64_MAX ? 0 : earliest,
                             .last_end_ns = atomic_load(&last_end),
                             .initial_construct_ns = initial_ns + open_ns,
                             .threads = atomic_load(&threads),
                             .flags = initial_too_deep ? 0 : OI_TOTALS_INITIAL_KNOWN};
  oi_trace_record(OI_REC_TOTALS, &totals, sizeof totals);
}
