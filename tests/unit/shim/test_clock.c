/* The trace's clock (shim/clock.c): which clock OMPT_INST_CLOCK and the
 * machine select, the TSC clock against CLOCK_MONOTONIC (rate, offset,
 * re-anchoring) and monotonic timestamps on two threads while it is
 * re-anchored. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "shim/clock.h"

static void detects_invariant_tsc_flags(void **state) {
  (void)state;
  assert_true(oi_clock_tsc_invariant(
      "processor\t: 0\nflags\t\t: fpu tsc constant_tsc rep_good nopl nonstop_tsc cpuid\n"));
  assert_true(oi_clock_tsc_invariant("flags : nonstop_tsc constant_tsc"));
  assert_false(oi_clock_tsc_invariant("flags\t\t: fpu tsc constant_tsc rep_good\n"));
  assert_false(oi_clock_tsc_invariant("flags\t\t: nonstop_tsc_x constant_tsc\n"));
  assert_false(oi_clock_tsc_invariant("flags\t\t: xnonstop_tsc constant_tsc\n"));
  /* only the first flags line counts; other lines never do */
  assert_false(oi_clock_tsc_invariant(
      "bugs : constant_tsc nonstop_tsc\nflags : fpu\nflags : constant_tsc nonstop_tsc\n"));
  assert_false(oi_clock_tsc_invariant("processor : 0\n"));
  assert_false(oi_clock_tsc_invariant(""));
}

static void trusts_only_the_tsc_clocksource(void **state) {
  (void)state;
  assert_true(oi_clock_kernel_trusts_tsc("tsc\n"));
  assert_true(oi_clock_kernel_trusts_tsc("tsc"));
  assert_false(oi_clock_kernel_trusts_tsc("kvm-clock\n"));
  assert_false(oi_clock_kernel_trusts_tsc("hpet\n"));
  assert_false(oi_clock_kernel_trusts_tsc("tsc2\n"));
  assert_false(oi_clock_kernel_trusts_tsc(""));
}

/* What the automatic choice should be here, read independently. */
static int machine_has_trusted_tsc(void) {
  if (!OI_CLOCK_HAS_TSC)
    return 0;
  static char cpuinfo[1 << 16];
  FILE *file = fopen("/proc/cpuinfo", "r");
  if (!file)
    return 0;
  size_t n = fread(cpuinfo, 1, sizeof cpuinfo - 1, file);
  cpuinfo[n] = '\0';
  fclose(file);
  char source[64] = "";
  file = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");
  if (!file)
    return 0;
  if (!fgets(source, sizeof source, file))
    source[0] = '\0';
  fclose(file);
  return oi_clock_tsc_invariant(cpuinfo) && oi_clock_kernel_trusts_tsc(source);
}

static void monotonic_choice_reads_clock_gettime(void **state) {
  (void)state;
  oi_clock_init("monotonic");
  assert_string_equal(oi_clock_name(), "monotonic");
  for (int i = 0; i < 1000; i++) {
    uint64_t before = oi_monotonic_ns();
    uint64_t now = oi_now_ns();
    uint64_t after = oi_monotonic_ns();
    assert_true(before <= now && now <= after);
  }
  uint32_t sequence = atomic_load(&oi_clock.sequence);
  oi_clock_reanchor(0); /* nothing to re-anchor */
  assert_int_equal(atomic_load(&oi_clock.sequence), sequence);
}

static void automatic_choice_follows_the_machine(void **state) {
  (void)state;
  const char *expected = machine_has_trusted_tsc() ? "tsc" : "monotonic";
  oi_clock_init(NULL);
  assert_string_equal(oi_clock_name(), expected);
  oi_clock_init("");
  assert_string_equal(oi_clock_name(), expected);
  oi_clock_init("auto");
  assert_string_equal(oi_clock_name(), expected);
  oi_clock_init("bogus"); /* one warning line, then the automatic choice */
  assert_string_equal(oi_clock_name(), expected);
}

static int64_t difference(uint64_t a, uint64_t b) { return (int64_t)(a - b); }

static void pause_ns(uint64_t ns) {
  struct timespec pause = {(time_t)(ns / 1000000000u), (long)(ns % 1000000000u)};
  nanosleep(&pause, NULL);
}

/* Bursts of readings with pauses of 1 us .. 33 ms between them, on a clock
 * just calibrated (its least exact rate): every reading lies at or below a
 * CLOCK_MONOTONIC reading taken after it, and at most 5 us below one taken
 * before it (a preemption in between only widens the bracket). The
 * readings re-anchored the clock themselves. */
static void tsc_clock_stays_just_below_monotonic(void **state) {
  (void)state;
  if (!machine_has_trusted_tsc())
    skip();
  oi_clock_init(NULL);
  assert_string_equal(oi_clock_name(), "tsc");
  uint32_t sequence = atomic_load(&oi_clock.sequence);
  int64_t most_ahead = INT64_MIN, most_behind = 0;
  for (uint64_t pause = 1000; pause < 40000000u; pause *= 2) {
    for (int i = 0; i < 1000; i++) {
      uint64_t before = oi_monotonic_ns();
      uint64_t now = oi_now_ns();
      uint64_t after = oi_monotonic_ns();
      if (difference(now, after) > most_ahead)
        most_ahead = difference(now, after);
      if (difference(before, now) > most_behind)
        most_behind = difference(before, now);
    }
    pause_ns(pause);
  }
  uint32_t reanchorings = (atomic_load(&oi_clock.sequence) - sequence) / 2;
  printf("tsc clock: at most %lld ns behind CLOCK_MONOTONIC, %lld ns short of the "
         "reading after it, %u re-anchorings\n",
         (long long)most_behind, (long long)-most_ahead, reanchorings);
  assert_true(most_ahead <= 0);
  assert_true(most_behind < 5000);
  assert_true(reanchorings >= 3); /* after each of the three longest pauses */
}

/* A region longer than any re-anchoring interval, timed by the program
 * inside it: the reading at its end re-anchors first, so the trace's
 * region contains the program's own interval (the 1e-4 rate error of the
 * calibration once made a 150 ms loop 15 us short). Several lengths, from
 * a fresh calibration each time. */
static void long_region_contains_the_programs_interval(void **state) {
  (void)state;
  if (!machine_has_trusted_tsc())
    skip();
  for (uint64_t length = 1000000u; length <= 160000000u; length *= 4) {
    oi_clock_init(NULL);
    uint64_t begin = oi_now_ns();
    uint64_t inside_start = oi_monotonic_ns();
    while (oi_monotonic_ns() - inside_start < length)
      ;
    uint64_t inside_end = oi_monotonic_ns();
    uint64_t end = oi_now_ns();
    assert_true(begin <= inside_start);
    assert_true(end >= inside_end);
    assert_true(difference(end, begin) >= difference(inside_end, inside_start));
  }
}

/* An explicit re-anchoring soon after another leaves the anchor alone. */
static void reanchoring_keeps_its_interval(void **state) {
  (void)state;
  if (!machine_has_trusted_tsc())
    skip();
  oi_clock_init(NULL);
  uint32_t sequence = atomic_load(&oi_clock.sequence);
  oi_clock_reanchor(0);
  assert_int_equal(atomic_load(&oi_clock.sequence), sequence + 2);
  oi_clock_reanchor(OI_CLOCK_MAX_INTERVAL_NS);
  assert_int_equal(atomic_load(&oi_clock.sequence), sequence + 2);
}

/* A child forked while a parent's thread moved the anchor inherits an odd
 * sequence that nobody will make even: after oi_clock_forked_child its
 * readings come from CLOCK_MONOTONIC and never from the frozen anchor (a
 * reader would spin forever). */
static void forked_child_reads_on(void **state) {
  (void)state;
  oi_clock_init(NULL);
  uint64_t before = oi_now_ns();
  uint32_t sequence = atomic_load(&oi_clock.sequence);
  atomic_store(&oi_clock.sequence, sequence | 1); /* frozen mid-move */
  oi_clock_forked_child();
  assert_string_equal(oi_clock_name(), "monotonic");
  uint64_t after = oi_now_ns();
  assert_true(after >= before);
  assert_true(after <= oi_monotonic_ns());
  atomic_store(&oi_clock.sequence, (sequence | 1) + 1);
}

/* ThreadSanitizer makes each reading (atomics, a lock every 64) tens of
 * times slower: fewer readings keep the test within its time there */
#if defined(__SANITIZE_THREAD__)
enum { READS = 200000, MANY_THREADS = 16 };
#else
enum { READS = 2000000, MANY_THREADS = 16 };
#endif
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t shared_last; /* the latest reading taken under the lock */
static _Atomic int readers_done;

typedef struct reader {
  long reads, backwards;
} reader;

static void *read_many(void *arg) {
  reader *r = arg;
  uint64_t last = oi_now_ns();
  for (long i = 0; i < r->reads; i++) {
    uint64_t now = oi_now_ns();
    r->backwards += now < last;
    last = now;
    if (i % 64 == 0) { /* ordered with the other threads' readings */
      pthread_mutex_lock(&shared_lock);
      now = oi_now_ns();
      r->backwards += now < shared_last;
      shared_last = now;
      pthread_mutex_unlock(&shared_lock);
    }
  }
  atomic_fetch_add(&readers_done, 1);
  return NULL;
}

/* `threads` readers while this thread re-anchors the clock as fast as it
 * can: no reading is ever below an earlier one, on a thread or across. */
static void readers_never_go_back(int threads, long reads) {
  oi_clock_init(NULL); /* whichever clock the machine offers */
  reader r[MANY_THREADS] = {{0, 0}};
  pthread_t readers[MANY_THREADS];
  uint32_t sequence = atomic_load(&oi_clock.sequence);
  atomic_store(&readers_done, 0);
  for (int i = 0; i < threads; i++) {
    r[i].reads = reads;
    assert_int_equal(pthread_create(&readers[i], NULL, read_many, &r[i]), 0);
  }
  long reanchorings = 0;
  while (atomic_load(&readers_done) < threads) {
    oi_clock_reanchor(0);
    reanchorings++;
  }
  for (int i = 0; i < threads; i++) {
    pthread_join(readers[i], NULL);
    assert_int_equal(r[i].backwards, 0);
  }
  /* the readers re-anchor it too when due, and this thread's call is
   * skipped while one of them does */
  if (atomic_load(&oi_clock.source) == OI_CLOCK_TSC)
    assert_true(atomic_load(&oi_clock.sequence) != sequence);
  printf("%s clock: %ld re-anchorings during %ld reads on each of %d threads\n", oi_clock_name(),
         reanchorings, reads, threads);
}

static void monotonic_on_two_threads_while_reanchored(void **state) {
  (void)state;
  readers_never_go_back(2, READS);
}

/* More threads than cores: readers are preempted between reading the
 * anchor and the counter, the case that once went back by 215 ns. */
static void monotonic_on_many_threads_under_load(void **state) {
  (void)state;
  readers_never_go_back(MANY_THREADS, READS / 8);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(detects_invariant_tsc_flags),
      cmocka_unit_test(trusts_only_the_tsc_clocksource),
      cmocka_unit_test(monotonic_choice_reads_clock_gettime),
      cmocka_unit_test(automatic_choice_follows_the_machine),
      cmocka_unit_test(tsc_clock_stays_just_below_monotonic),
      cmocka_unit_test(long_region_contains_the_programs_interval),
      cmocka_unit_test(reanchoring_keeps_its_interval),
      cmocka_unit_test(forked_child_reads_on),
      cmocka_unit_test(monotonic_on_two_threads_while_reanchored),
      cmocka_unit_test(monotonic_on_many_threads_under_load),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
