/* Allocation findings: repeated and unused allocations, peak memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "analysis_fixture.h"

/* for (i < 6) { target map(alloc: a) at 14 } with a changing each time */
static void repeated_alloc_in_loop(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  for (uint64_t i = 0; i < 6; i++) {
    fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
    fx_kernel(&f, FX_DEV);
    fx_op(&f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
  }
  const oi_finding *r = fx_find(&f, OI_FINDING_REPEATED_ALLOC, "a[0:N]");
  assert_int_equal(r->op, OI_DATA_OP_ALLOC);
  assert_int_equal(r->count, 5);
  assert_int_equal(r->total, 6);
  assert_int_equal(r->bytes, 0);
  assert_int_equal(r->time_ns, 5 * 2 * FX_DUR); /* alloc + delete */
  assert_int_equal(r->at.line, 14);
  assert_int_equal(r->device, FX_DEV);
  assert_string_equal(fx_advice(r), "a[0:N] is allocated and freed on device 4 again and "
                                    "again at line 14: allocate it once with `target data "
                                    "map(alloc: a[0:N])` (or `target enter data`) around the "
                                    "loop that repeats line 14");
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_ALLOC), 0);
  fx_done(&f);
}

/* The mapping also copies: for (i < 4) { target map(from: a) at 14 } and
 * map(tofrom: a), changing each time. `map(alloc: a)` alone would lose
 * those copies (a reduction variable's result, an output array): the fix
 * names the `target update`s that keep them. */
static void repeated_alloc_keeps_the_copies_it_made(void **state) {
  (void)state;
  static const struct {
    int to;
    const char *copies;
  } mappings[] = {
      {0, ", and keep its copy: `target update from(a[0:N])` after the kernel "
          "at line 14"},
      {1, ", and keep its copies: `target update to(a[0:N])` before and "
          "`target update from(a[0:N])` after the kernel at line 14"},
  };
  for (size_t m = 0; m < sizeof mappings / sizeof *mappings; m++) {
    fx f;
    fx_init(&f);
    for (uint64_t i = 0; i < 4; i++) {
      fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
      if (mappings[m].to)
        fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, 100 + i);
      fx_kernel(&f, FX_DEV);
      fx_op(&f, OI_DATA_OP_FROM_DEVICE, 14, 1, FX_A, FX_BYTES, 200 + i);
      fx_op(&f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
    }
    const oi_finding *r = fx_find(&f, OI_FINDING_REPEATED_ALLOC, "a[0:N]");
    assert_int_equal(r->count, 3);
    char expected[512];
    snprintf(expected, sizeof expected,
             "a[0:N] is allocated and freed on device 4 again and again at "
             "line 14: allocate it once with `target data map(alloc: a[0:N])` "
             "(or `target enter data`) around the loop that repeats line 14%s",
             mappings[m].copies);
    assert_string_equal(fx_advice(r), expected);
    fx_done(&f);
  }
}

/* the same address with another size is another variable */
static void other_size_is_not_repeated(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_ALLOC, 18, 4, FX_A, 8, FX_NO_HASH);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_DELETE, 18, 4, FX_A, 0, FX_NO_HASH);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_REPEATED_ALLOC), 0);
  fx_done(&f);
}

/* b allocated at line 40 and freed at 42 with no kernel in between */
static void unused_alloc_without_kernel(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_ALLOC, 40, 2, FX_B, FX_BYTES, FX_NO_HASH);
  fx_kernel(&f, FX_DEV + 1); /* another device's kernel does not use b */
  fx_op(&f, OI_DATA_OP_DELETE, 42, 2, FX_B, 0, FX_NO_HASH);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_ALLOC), 1);
  const oi_finding *u = fx_find(&f, OI_FINDING_UNUSED_ALLOC, "b[0:N]");
  assert_int_equal(u->count, 1);
  assert_int_equal(u->total, 1);
  assert_int_equal(u->time_ns, 2 * FX_DUR);
  assert_int_equal(u->at.line, 40);
  assert_string_equal(fx_advice(u), "no kernel runs on device 4 while b[0:N] "
                                    "is allocated at line 40: remove its "
                                    "mapping there");
  fx_done(&f);
}

/* never freed and no kernel after it: unused until the end of the run */
static void unused_alloc_never_freed(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_ALLOC, 50, 3, FX_C, FX_BYTES, FX_NO_HASH);
  const oi_finding *u = fx_find(&f, OI_FINDING_UNUSED_ALLOC, "c[0:N]");
  assert_int_equal(u->count, 1);
  assert_int_equal(u->time_ns, FX_DUR);
  fx_done(&f);
}

/* a kernel already running when the memory is allocated may use it */
static void alloc_during_running_kernel_is_used(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_kernel_edge(&f, FX_DEV, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
  fx_kernel_edge(&f, FX_DEV, OI_EP_END);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_ALLOC), 0);
  fx_done(&f);
}

/* no kernel events at all, only a target region around the mapping (as
 * when only the compiler reports device constructs) */
static void target_region_counts_as_kernel(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  oi_event t;
  memset(&t, 0, sizeof t);
  t.kind = OI_KIND_TARGET;
  t.construct = OI_CONSTRUCT_TARGET;
  t.device = FX_DEV;
  t.endpoint = OI_EP_BEGIN;
  t.time_ns = f.now++;
  fx_add(&f, &t);
  fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, 0x99);
  fx_op(&f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
  t.endpoint = OI_EP_END;
  t.time_ns = f.now++;
  fx_add(&f, &t);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  size_t n;
  oi_analysis_findings(f.ctx, &n);
  assert_int_equal(n, 0);
  const oi_analysis_totals *t2 = oi_analysis_totals_get(f.ctx);
  assert_int_equal(t2->ndevices, 1);
  assert_int_equal(t2->devices[0].kernels, 1);
  fx_done(&f);
}

/* the hooks' own `construct` events of a target region, as in a run with
 * inferred data ops: the begin names the device and the if() value, the end
 * neither. Inferred allocations inside it are used, an inferred transfer
 * before it is read by it; an if(false) region (if() value 0) runs on the
 * host and uses nothing. */
static void compiler_region(fx *f, int32_t device, int64_t if_value, unsigned endpoint) {
  oi_event c;
  memset(&c, 0, sizeof c);
  c.kind = OI_KIND_CONSTRUCT;
  c.origin = OI_ORIGIN_COMPILER;
  c.construct = OI_CONSTRUCT_TARGET;
  c.site = 30;
  c.endpoint = (uint8_t)endpoint;
  c.device = endpoint == OI_EP_BEGIN ? device : -1;
  OI_SET(&c, CONSTRUCT, if_value, endpoint == OI_EP_BEGIN ? (uint64_t)if_value : 0);
  c.time_ns = f->now++;
  fx_add(f, &c);
}

static void compiler_reported_region_counts_as_kernel(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.origin = OI_ORIGIN_INFERRED;
  fx_op(&f, OI_DATA_OP_ALLOC, 20, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 20, 1, FX_A, FX_BYTES, 0x99);
  compiler_region(&f, FX_DEV, -1 /* no if() */, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_ALLOC, 30, 2, FX_B, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_DELETE, 30, 2, FX_B, 0, FX_NO_HASH);
  compiler_region(&f, FX_DEV, -1, OI_EP_END);
  fx_op(&f, OI_DATA_OP_DELETE, 40, 1, FX_A, 0, FX_NO_HASH);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  size_t n;
  oi_analysis_findings(f.ctx, &n);
  assert_int_equal(n, 0);
  const oi_analysis_totals *t = oi_analysis_totals_get(f.ctx);
  assert_int_equal(t->ndevices, 1);
  assert_int_equal(t->devices[0].kernels, 1);
  fx_done(&f);
}

static void if_false_region_uses_nothing(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 20, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 20, 1, FX_A, FX_BYTES, 0x99);
  compiler_region(&f, FX_DEV, 0, OI_EP_BEGIN);
  compiler_region(&f, FX_DEV, 0, OI_EP_END);
  fx_op(&f, OI_DATA_OP_DELETE, 40, 1, FX_A, 0, FX_NO_HASH);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_ALLOC), 1);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_TRANSFER), 1);
  fx_done(&f);
}

/* a, b live together, then c after both are gone; deletes give 0 bytes
 * and c's delete only its device address */
static void peak_device_memory(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 2, FX_B, 2 * FX_BYTES, FX_NO_HASH);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_DELETE, 20, 1, FX_A, 0, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_DELETE, 20, 2, FX_B, 0, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_ALLOC, 30, 3, FX_C, FX_BYTES, FX_NO_HASH);
  fx_kernel(&f, FX_DEV);
  oi_event del;
  memset(&del, 0, sizeof del);
  del.kind = OI_KIND_DATA_OP;
  del.op = OI_DATA_OP_DELETE;
  del.device = FX_DEV;
  del.time_ns = f.now++;
  del.u.data.device_addr = FX_C + 0x7000000u; /* as fx_op makes them */
  fx_add(&f, &del);
  fx_op(&f, OI_DATA_OP_ALLOC, 40, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_kernel(&f, FX_DEV);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  const oi_analysis_totals *t = oi_analysis_totals_get(f.ctx);
  assert_int_equal(t->ndevices, 1);
  assert_int_equal(t->devices[0].device, FX_DEV);
  assert_int_equal(t->devices[0].peak_bytes, 3 * FX_BYTES);
  assert_int_equal(t->devices[0].allocs, 4);
  assert_int_equal(t->devices[0].kernels, 3);
  /* c's lifetime ended at its device-address delete: it was used, and the
   * later allocation of a is a repeat of line 10's */
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_ALLOC), 0);
  assert_int_equal(fx_find(&f, OI_FINDING_REPEATED_ALLOC, "a[0:N]")->at.line, 40);
  fx_done(&f);
}

/* memory in use after each allocation and delete: what the html report's
 * plot draws; its highest value is the peak */
static void memory_in_use_over_time(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 2, FX_B, 2 * FX_BYTES, FX_NO_HASH);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_DELETE, 20, 1, FX_A, 0, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_DELETE, 20, 2, FX_B, 0, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_ALLOC, 30, 3, FX_C, FX_BYTES, FX_NO_HASH);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  size_t count;
  const oi_memory_sample *samples = oi_analysis_memory(f.ctx, &count);
  const uint64_t live[] = {FX_BYTES, 3 * FX_BYTES, 2 * FX_BYTES, 0, FX_BYTES};
  assert_int_equal(count, sizeof live / sizeof *live);
  for (size_t i = 0; i < count; i++) {
    assert_int_equal(samples[i].device, FX_DEV);
    assert_int_equal(samples[i].live_bytes, live[i]);
    if (i > 0)
      assert_true(samples[i].time_ns > samples[i - 1].time_ns);
  }
  assert_int_equal(oi_analysis_totals_get(f.ctx)->devices[0].peak_bytes, 3 * FX_BYTES);
  fx_done(&f);
}

/* The samples of a finished analysis that compacted them: bounded, and
 * not thinned to nothing. */
static const oi_memory_sample *compacted_samples(fx *f, size_t *count) {
  assert_int_equal(oi_analysis_finish(f->ctx), 0);
  const oi_memory_sample *samples = oi_analysis_memory(f->ctx, count);
  assert_true(*count <= OI_ANALYSIS_MEMORY_SAMPLES);
  assert_true(*count >= OI_ANALYSIS_MEMORY_SAMPLES / 4);
  return samples;
}

/* A long run of allocations keeps a bounded number of memory samples, in
 * time order, with the peak and the final value among them. */
static void memory_samples_stay_bounded_with_peak_and_end(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  const int cycles = 200000; /* 400000 samples before any compaction */
  for (int i = 0; i < cycles; i++) {
    uint64_t bytes = i == 123457 ? 50 * FX_BYTES : FX_BYTES; /* one peak */
    fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, bytes, FX_NO_HASH);
    fx_kernel(&f, FX_DEV);
    fx_op(&f, OI_DATA_OP_DELETE, 20, 1, FX_A, 0, FX_NO_HASH);
  }
  fx_op(&f, OI_DATA_OP_ALLOC, 30, 2, FX_B, 2 * FX_BYTES, FX_NO_HASH);
  size_t count;
  const oi_memory_sample *samples = compacted_samples(&f, &count);
  uint64_t high = 0;
  for (size_t i = 0; i < count; i++) {
    assert_int_equal(samples[i].device, FX_DEV);
    high = samples[i].live_bytes > high ? samples[i].live_bytes : high;
    if (i > 0)
      assert_true(samples[i].time_ns > samples[i - 1].time_ns);
  }
  assert_int_equal(high, 50 * FX_BYTES);
  assert_int_equal(oi_analysis_totals_get(f.ctx)->devices[0].peak_bytes, 50 * FX_BYTES);
  assert_int_equal(samples[count - 1].live_bytes, 2 * FX_BYTES);
  fx_done(&f);
}

/* Two devices allocating in turn, each with its own peak: the samples kept
 * stay in time order, and each device keeps its peak and its final value
 * however the compaction cuts the buckets. */
static void memory_samples_of_two_devices_keep_each_peak(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  const int32_t devices[2] = {FX_DEV, 0};
  const int cycles = 150000; /* 600000 samples */
  for (int i = 0; i < cycles; i++) {
    for (int d = 0; d < 2; d++) {
      f.device = devices[d];
      uint64_t bytes =
          (d == 0 && i == 7777) || (d == 1 && i == 140001) ? 90 * FX_BYTES : (1 + i % 5) * FX_BYTES;
      fx_op(&f, OI_DATA_OP_ALLOC, 10, (uint16_t)(1 + d), d ? FX_B : FX_A, bytes, FX_NO_HASH);
      fx_op(&f, OI_DATA_OP_DELETE, 20, (uint16_t)(1 + d), d ? FX_B : FX_A, 0, FX_NO_HASH);
    }
  }
  f.device = 0;
  fx_op(&f, OI_DATA_OP_ALLOC, 30, 3, FX_C, 3 * FX_BYTES, FX_NO_HASH);
  size_t count;
  const oi_memory_sample *samples = compacted_samples(&f, &count);
  uint64_t high[2] = {0, 0}, last[2] = {1, 1};
  size_t seen[2] = {0, 0};
  for (size_t i = 0; i < count; i++) {
    int d = samples[i].device == FX_DEV ? 0 : 1;
    assert_true(samples[i].device == devices[d]);
    high[d] = samples[i].live_bytes > high[d] ? samples[i].live_bytes : high[d];
    last[d] = samples[i].live_bytes;
    seen[d]++;
    if (i > 0)
      assert_true(samples[i].time_ns > samples[i - 1].time_ns);
  }
  assert_true(seen[0] > 100 && seen[1] > 100);
  assert_int_equal(high[0], 90 * FX_BYTES);
  assert_int_equal(high[1], 90 * FX_BYTES);
  assert_int_equal(last[0], 0);
  assert_int_equal(last[1], 3 * FX_BYTES);
  fx_done(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(memory_samples_of_two_devices_keep_each_peak),
      cmocka_unit_test(repeated_alloc_in_loop),
      cmocka_unit_test(memory_samples_stay_bounded_with_peak_and_end),
      cmocka_unit_test(repeated_alloc_keeps_the_copies_it_made),
      cmocka_unit_test(other_size_is_not_repeated),
      cmocka_unit_test(unused_alloc_without_kernel),
      cmocka_unit_test(unused_alloc_never_freed),
      cmocka_unit_test(alloc_during_running_kernel_is_used),
      cmocka_unit_test(target_region_counts_as_kernel),
      cmocka_unit_test(compiler_reported_region_counts_as_kernel),
      cmocka_unit_test(if_false_region_uses_nothing),
      cmocka_unit_test(peak_device_memory),
      cmocka_unit_test(memory_in_use_over_time),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
