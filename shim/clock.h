/* The one clock of the trace: CLOCK_MONOTONIC in nanoseconds, shared by
 * native callbacks and compiler hooks. Where the time-stamp counter is
 * invariant (clock.c decides at tool start) it is read instead of calling
 * clock_gettime, and converted onto the CLOCK_MONOTONIC scale:
 *   ns = anchor_ns + ((tsc - anchor_tsc) * mult) >> 32
 * The conversion never runs ahead of CLOCK_MONOTONIC: the anchor is a
 * reading's lower bound and the rate errs on the slow side. A reading that
 * finds the anchor older than its interval re-anchors first (the interval
 * grows with the run, as the rate's error shrinks), so the line stays
 * within about 100 ns below CLOCK_MONOTONIC and the end of a long region
 * is stamped right after catching up. A sequence counter (even: stable)
 * lets readers take the values consistently without a lock. */
#ifndef OMPT_INST_SHIM_CLOCK_H
#define OMPT_INST_SHIM_CLOCK_H

#include <stdatomic.h>
#include <stdint.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define OI_CLOCK_HAS_TSC 1
#else
#define OI_CLOCK_HAS_TSC 0
#endif

typedef enum { OI_CLOCK_MONOTONIC, OI_CLOCK_TSC } oi_clock_source;

typedef struct {
  _Atomic int source; /* oi_clock_source; set by oi_clock_init */
  _Atomic uint32_t sequence;
  _Atomic uint64_t anchor_tsc;
  _Atomic uint64_t anchor_ns;
  _Atomic uint64_t mult;    /* ns per tick, 32.32 fixed point */
  _Atomic uint64_t due_tsc; /* the first counter value that re-anchors */
} oi_clock_state;

extern oi_clock_state oi_clock;

static inline uint64_t oi_monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if OI_CLOCK_HAS_TSC
/* Re-anchors unless another thread does; 1 if this call did. */
int oi_clock_reanchor_due(void);

/* ticks since the anchor may be slightly negative (a counter read just
 * before a re-anchoring), hence the signed 128-bit product */
static inline uint64_t oi_clock_convert(uint64_t tsc, uint64_t anchor_tsc, uint64_t anchor_ns,
                                        uint64_t mult) {
  int64_t ticks = (int64_t)(tsc - anchor_tsc);
  return anchor_ns + (uint64_t)(int64_t)(((__int128)ticks * (__int128)mult) >> 32);
}

static inline uint64_t oi_tsc_now_ns(void) {
  for (;;) {
    /* acquire loads, free on x86: the second sequence load stays after
     * the anchor's (a fence would do the same; ThreadSanitizer cannot
     * follow fences) */
    uint32_t before = atomic_load_explicit(&oi_clock.sequence, memory_order_acquire);
    uint64_t anchor_tsc = atomic_load_explicit(&oi_clock.anchor_tsc, memory_order_acquire);
    uint64_t anchor_ns = atomic_load_explicit(&oi_clock.anchor_ns, memory_order_acquire);
    uint64_t mult = atomic_load_explicit(&oi_clock.mult, memory_order_acquire);
    uint64_t due = atomic_load_explicit(&oi_clock.due_tsc, memory_order_acquire);
    /* rdtsc is not ordered with earlier loads: unfenced, a thread that
     * took a lock (or any value another thread published) could read the
     * counter before it and stamp an event earlier than the other
     * thread's, re-anchoring or not. lfence orders it, as the kernel's own
     * clock_gettime does. */
    _mm_lfence();
    uint64_t tsc = __rdtsc();
    if (__builtin_expect((before & 1) == 0 && before == atomic_load_explicit(&oi_clock.sequence,
                                                                             memory_order_relaxed),
                         1)) {
      if (__builtin_expect(tsc >= due, 0) && oi_clock_reanchor_due())
        continue; /* read again on the new line */
      return oi_clock_convert(tsc, anchor_tsc, anchor_ns, mult);
    }
  }
}
#endif

static inline uint64_t oi_now_ns(void) {
#if OI_CLOCK_HAS_TSC
  if (__builtin_expect(atomic_load_explicit(&oi_clock.source, memory_order_relaxed) == OI_CLOCK_TSC,
                       1))
    return oi_tsc_now_ns();
#endif
  return oi_monotonic_ns();
}

/* A clock anchor for aligning traces of several processes: the wall clock
 * (CLOCK_REALTIME) and the trace clock read as close together as possible
 * (the tightest of a few bracketed readings). */
void oi_clock_anchor(uint64_t *wall_ns, uint64_t *trace_ns);

/* Chooses the clock: OMPT_INST_CLOCK's value (NULL, "" or "auto": the TSC
 * where invariant and trusted by the kernel; "monotonic": clock_gettime)
 * and calibrates the TSC (about 1 ms). Call before any event is stamped;
 * an unknown value gives one warning line and the automatic choice. */
void oi_clock_init(const char *choice);
/* Moves the anchor onto CLOCK_MONOTONIC again if at least min_interval_ns
 * passed since the last time (no-op for clock_gettime or while another
 * thread does it). Timestamps stay monotonic across it. Readings call it
 * themselves when due; tests call it to re-anchor at will. */
void oi_clock_reanchor(uint64_t min_interval_ns);
/* In a fork's child: clock_gettime from now on (the counter clock's
 * sequence may be odd forever if another thread was re-anchoring). */
void oi_clock_forked_child(void);
/* "tsc" or "monotonic": the clock in use, for the trace's run info. */
const char *oi_clock_name(void);

/* Pure pieces, for tests: whether a /proc/cpuinfo text lists constant_tsc
 * and nonstop_tsc, and the kernel's clocksource name is "tsc". */
int oi_clock_tsc_invariant(const char *cpuinfo);
int oi_clock_kernel_trusts_tsc(const char *clocksource);

/* Re-anchoring intervals: a sixteenth of the run so far, within these. */
#define OI_CLOCK_MIN_INTERVAL_NS 250000u
#define OI_CLOCK_MAX_INTERVAL_NS 50000000u

#endif
