/* Choosing the trace's clock, calibrating the time-stamp counter against
 * CLOCK_MONOTONIC and keeping it there (clock.h). */
#include "clock.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

oi_clock_state oi_clock = {.source = OI_CLOCK_MONOTONIC};

/* The first rate only has to carry the clock to the first re-anchoring
 * (OI_CLOCK_MIN_INTERVAL_NS later), which measures it again over a longer
 * baseline: two readings' uncertainty (tens of ns) over 200 us is a rate
 * error of about 4e-4, 100 ns by then, and the clock errs behind
 * CLOCK_MONOTONIC, never ahead. Every run waits for it at its start. */
#define CALIBRATION_NS 200000u
/* A re-anchoring that finds the clock ahead of CLOCK_MONOTONIC (an NTP
 * slew slowed the kernel's clock) slows it by at most this fraction
 * (never steps back): 1/64 catches up within one interval of any
 * ordinary slew. */
#define MAX_SLEW_DIVISOR 64u

static int has_word(const char *text, const char *word) {
  size_t length = strlen(word);
  for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
    int starts = p == text || p[-1] == ' ' || p[-1] == '\t' || p[-1] == ':';
    char after = p[length];
    if (starts && (after == '\0' || after == ' ' || after == '\n' || after == '\t'))
      return 1;
  }
  return 0;
}

int oi_clock_tsc_invariant(const char *cpuinfo) {
  /* the first "flags" line: every CPU lists the same flags */
  const char *line = cpuinfo;
  while (line && strncmp(line, "flags", 5) != 0) {
    line = strchr(line, '\n');
    if (line)
      line++;
  }
  if (!line)
    return 0;
  const char *end = strchr(line, '\n');
  size_t length = end ? (size_t)(end - line) : strlen(line);
  char *flags = strndup(line, length);
  if (!flags)
    return 0;
  int invariant = has_word(flags, "constant_tsc") && has_word(flags, "nonstop_tsc");
  free(flags);
  return invariant;
}

int oi_clock_kernel_trusts_tsc(const char *clocksource) {
  size_t length = strcspn(clocksource, "\n");
  return length == 3 && strncmp(clocksource, "tsc", 3) == 0;
}

#if OI_CLOCK_HAS_TSC
/* The first "flags" line of /proc/cpuinfo (NULL if none); free() it. */
static char *read_flags_line(void) {
  FILE *file = fopen("/proc/cpuinfo", "re");
  if (!file)
    return NULL;
  char *line = NULL;
  size_t capacity = 0;
  while (getline(&line, &capacity, file) > 0)
    if (strncmp(line, "flags", 5) == 0) {
      fclose(file);
      return line;
    }
  free(line);
  fclose(file);
  return NULL;
}

/* The kernel keeps the TSC as its clocksource only while it finds it
 * synchronised across CPUs and stable: the part /proc/cpuinfo can't say. */
static int kernel_uses_tsc(void) {
  FILE *file = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "re");
  if (!file)
    return 0;
  char name[64] = "";
  int trusted = fgets(name, sizeof name, file) && oi_clock_kernel_trusts_tsc(name);
  fclose(file);
  return trusted;
}

static int tsc_usable(void) {
  char *flags = read_flags_line();
  int invariant = flags && oi_clock_tsc_invariant(flags);
  free(flags);
  return invariant && kernel_uses_tsc();
}

/* A CLOCK_MONOTONIC reading and the counter just after it: ns was read at
 * some counter value in [tsc - width, tsc], so the pair is never ahead of
 * CLOCK_MONOTONIC. The narrowest of a few brackets (a virtual CPU may be
 * descheduled in the middle of one). */
typedef struct {
  uint64_t tsc, ns, width;
} clock_pair;

/* The first calibration reading: the rate is re-estimated over the whole
 * time since, so its error shrinks as the run goes on. */
static clock_pair first_pair;
/* set while one thread moves the anchor; the others keep the old line */
static _Atomic int reanchoring;

static clock_pair read_pair(void) {
  clock_pair best = {0, 0, UINT64_MAX};
  for (int i = 0; i < 5; i++) {
    _mm_lfence();
    uint64_t before = __rdtsc();
    uint64_t ns = oi_monotonic_ns();
    _mm_lfence();
    uint64_t after = __rdtsc();
    if (after - before < best.width)
      best = (clock_pair){after, ns, after - before};
  }
  return best;
}

/* ns per tick in 32.32 fixed point between two readings, as slow as their
 * brackets allow (the ticks between the two ns readings are at most the
 * counters' difference plus the first bracket), so the line drawn with it
 * falls behind CLOCK_MONOTONIC rather than ahead; 0 if implausible
 * (outside 100 MHz .. 20 GHz). */
static uint64_t slow_rate_between(clock_pair a, clock_pair b) {
  if (b.tsc <= a.tsc || b.ns <= a.ns)
    return 0;
  uint64_t ticks = b.tsc - a.tsc + a.width + b.width;
  unsigned __int128 mult = ((unsigned __int128)(b.ns - a.ns) << 32) / ticks;
  if (mult < (1ull << 32) / 20 || mult > (10ull << 32))
    return 0;
  return (uint64_t)mult;
}

/* Counter ticks until the next re-anchoring: a sixteenth of the run so far
 * (the rate's error shrinks as the run grows, so the drift in between stays
 * a few ns), within OI_CLOCK_{MIN,MAX}_INTERVAL_NS. */
static uint64_t interval_ticks(uint64_t now_ns, uint64_t mult) {
  uint64_t interval = (now_ns - first_pair.ns) / 16;
  if (interval < OI_CLOCK_MIN_INTERVAL_NS)
    interval = OI_CLOCK_MIN_INTERVAL_NS;
  if (interval > OI_CLOCK_MAX_INTERVAL_NS)
    interval = OI_CLOCK_MAX_INTERVAL_NS;
  return (uint64_t)(((unsigned __int128)interval << 32) / mult);
}

/* Release stores: each stays after the odd sequence store before it. */
static void publish(uint64_t anchor_tsc, uint64_t anchor_ns, uint64_t mult, uint64_t due_tsc) {
  atomic_store_explicit(&oi_clock.anchor_tsc, anchor_tsc, memory_order_release);
  atomic_store_explicit(&oi_clock.anchor_ns, anchor_ns, memory_order_release);
  atomic_store_explicit(&oi_clock.mult, mult, memory_order_release);
  atomic_store_explicit(&oi_clock.due_tsc, due_tsc, memory_order_release);
}

static int calibrate(void) {
  clock_pair first = read_pair();
  while (oi_monotonic_ns() - first.ns < CALIBRATION_NS)
    ;
  clock_pair second = read_pair();
  first_pair = first;
  uint64_t mult = slow_rate_between(first, second);
  if (!mult)
    return 0;
  publish(second.tsc, second.ns, mult, second.tsc + interval_ticks(second.ns, mult));
  return 1;
}

/* The writer's part of a re-anchoring; the caller holds `reanchoring`. */
static void move_anchor(void) {
  uint64_t old_tsc = atomic_load_explicit(&oi_clock.anchor_tsc, memory_order_relaxed);
  uint64_t old_ns = atomic_load_explicit(&oi_clock.anchor_ns, memory_order_relaxed);
  uint64_t old_mult = atomic_load_explicit(&oi_clock.mult, memory_order_relaxed);
  clock_pair now = read_pair();
  uint64_t rate = slow_rate_between(first_pair, now);
  if (!rate)
    return;
  uint32_t sequence = atomic_load_explicit(&oi_clock.sequence, memory_order_relaxed);
  /* seq_cst: the odd sequence is visible to every reader before the
   * counter below is read, so no reader takes the old anchor with a later
   * counter value (which could lie above the new line) */
  atomic_store_explicit(&oi_clock.sequence, sequence + 1, memory_order_seq_cst);
  /* continue from the old line (+1 ns: a counter read just before this
   * one, converted the old way, stays below) or jump forward to
   * CLOCK_MONOTONIC if behind it, the usual case; never back */
  _mm_lfence();
  uint64_t tsc = __rdtsc();
  uint64_t continued = oi_clock_convert(tsc, old_tsc, old_ns, old_mult) + 1;
  uint64_t monotonic = oi_clock_convert(tsc, now.tsc, now.ns, rate);
  uint64_t anchor_ns = continued > monotonic ? continued : monotonic;
  uint64_t interval = interval_ticks(monotonic, rate);
  /* ahead of CLOCK_MONOTONIC (it was slewed slower since): run slower
   * until the next re-anchoring, by at most 1/MAX_SLEW_DIVISOR */
  unsigned __int128 ahead_ticks = ((unsigned __int128)(anchor_ns - monotonic) << 32) / rate;
  unsigned __int128 slew = ahead_ticks * rate / interval;
  if (slew > rate / MAX_SLEW_DIVISOR)
    slew = rate / MAX_SLEW_DIVISOR;
  publish(tsc, anchor_ns, rate - (uint64_t)slew, tsc + interval);
  atomic_store_explicit(&oi_clock.sequence, sequence + 2, memory_order_release);
}

/* Moves the anchor unless another thread is moving it (or, when
 * only_if_due, moved it since the caller found it due): 1 if this call did. */
static int move_anchor_alone(bool only_if_due) {
  if (atomic_exchange(&reanchoring, 1))
    return 0;
  bool move =
      !only_if_due || __rdtsc() >= atomic_load_explicit(&oi_clock.due_tsc, memory_order_relaxed);
  if (move)
    move_anchor();
  atomic_store(&reanchoring, 0);
  return move;
}

int oi_clock_reanchor_due(void) { return move_anchor_alone(true); }
#endif

void oi_clock_init(const char *choice) {
  atomic_store(&oi_clock.source, OI_CLOCK_MONOTONIC);
  int want_tsc = 1;
  if (choice && *choice && strcmp(choice, "auto") != 0) {
    if (strcmp(choice, "monotonic") == 0)
      want_tsc = 0;
    else
      fprintf(stderr,
              "ompt-inst: OMPT_INST_CLOCK: unknown clock '%s' (expected auto or "
              "monotonic); using auto\n",
              choice);
  }
#if OI_CLOCK_HAS_TSC
  if (want_tsc && tsc_usable() && calibrate())
    atomic_store(&oi_clock.source, OI_CLOCK_TSC);
#else
  (void)want_tsc;
#endif
}

void oi_clock_forked_child(void) { atomic_store(&oi_clock.source, OI_CLOCK_MONOTONIC); }

const char *oi_clock_name(void) {
  return atomic_load(&oi_clock.source) == OI_CLOCK_TSC ? "tsc" : "monotonic";
}

void oi_clock_reanchor(uint64_t min_interval_ns) {
#if OI_CLOCK_HAS_TSC
  if (atomic_load_explicit(&oi_clock.source, memory_order_relaxed) != OI_CLOCK_TSC)
    return;
  uint64_t anchor_tsc = atomic_load_explicit(&oi_clock.anchor_tsc, memory_order_relaxed);
  uint64_t anchor_ns = atomic_load_explicit(&oi_clock.anchor_ns, memory_order_relaxed);
  uint64_t mult = atomic_load_explicit(&oi_clock.mult, memory_order_relaxed);
  if (oi_clock_convert(__rdtsc(), anchor_tsc, anchor_ns, mult) - anchor_ns >= min_interval_ns)
    move_anchor_alone(false);
#else
  (void)min_interval_ns;
#endif
}

void oi_clock_anchor(uint64_t *wall_ns, uint64_t *trace_ns) {
  uint64_t best_gap = UINT64_MAX;
  for (int attempt = 0; attempt < 5; attempt++) {
    uint64_t before = oi_now_ns();
    struct timespec wall;
    clock_gettime(CLOCK_REALTIME, &wall);
    uint64_t after = oi_now_ns();
    if (after - before < best_gap) {
      best_gap = after - before;
      *wall_ns = (uint64_t)wall.tv_sec * 1000000000u + (uint64_t)wall.tv_nsec;
      *trace_ns = before + (after - before) / 2;
    }
  }
}
