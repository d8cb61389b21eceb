/* Each detector rule on the events LLVM 19 really sends together: a target
 * region's begin, its data operations, its kernel, its end (the region and
 * its kernel are two events for one execution); line spans given out of
 * order; a variable never "identical" with itself. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analysis_fixture.h"

enum { H0 = 0x1111, H1 = 0x2222, ZERO = 0x7777 };

/* `#pragma omp target map(MAP: a[0:N])` at `site` as LLVM 19 reports it:
 * target begin, alloc, to_device, kernel, from_device (tofrom only), delete,
 * target end; `to_hash` and `from_hash` are the contents of the copies */
static void offload(fx *f, uint32_t site, uint64_t host, int tofrom, uint64_t to_hash,
                    uint64_t from_hash) {
  f->construct = OI_CONSTRUCT_TARGET;
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_op(f, OI_DATA_OP_ALLOC, site, 1, host, FX_BYTES, FX_NO_HASH);
  fx_op(f, OI_DATA_OP_TO_DEVICE, site, 1, host, FX_BYTES, to_hash);
  fx_kernel(f, FX_DEV);
  if (tofrom)
    fx_op(f, OI_DATA_OP_FROM_DEVICE, site, 1, host, FX_BYTES, from_hash);
  fx_op(f, OI_DATA_OP_DELETE, site, 1, host, 0, FX_NO_HASH);
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_END);
}

static size_t findings(fx *f) {
  size_t n;
  oi_analysis_findings(f->ctx, &n);
  return n;
}

static const oi_device_summary *device(fx *f) {
  const oi_analysis_totals *t = oi_analysis_totals_get(f->ctx);
  assert_int_equal(t->ndevices, 1);
  assert_int_equal(t->devices[0].device, FX_DEV);
  return &t->devices[0];
}

/* for (i < 8) { target map(to: a[0:N]) } at line 14: one kernel per
 * region, 7 duplicates and 7 repeated allocations, nothing unused */
static void duplicates_and_kernels_of_a_target_loop(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  for (int i = 0; i < 8; i++)
    offload(&f, 14, FX_A, 0, H0, FX_NO_HASH);
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->count, 7);
  assert_int_equal(d->total, 8);
  assert_int_equal(d->bytes, 7 * FX_BYTES);
  assert_int_equal(d->time_ns, 7 * FX_DUR);
  assert_int_equal(d->at.construct, OI_CONSTRUCT_TARGET);
  assert_int_equal(d->first_line, 14);
  assert_int_equal(d->last_line, 14);
  const oi_finding *r = fx_find(&f, OI_FINDING_REPEATED_ALLOC, "a[0:N]");
  assert_int_equal(r->count, 7);
  assert_int_equal(r->total, 8);
  assert_int_equal(r->bytes, 0);
  assert_int_equal(r->time_ns, 7 * 2 * FX_DUR); /* alloc + delete */
  assert_string_equal(fx_advice(r), "a[0:N] is allocated and freed on device 4 again and "
                                    "again at line 14: allocate it once with `target data "
                                    "map(alloc: a[0:N])` (or `target enter data`) around "
                                    "the loop that repeats line 14, and keep its copy: "
                                    "`target update to(a[0:N])` before the kernel at line 14");
  assert_int_equal(findings(&f), 2);
  const oi_device_summary *dev = device(&f);
  assert_int_equal(dev->kernels, 8); /* not 9, not 16 */
  assert_int_equal(dev->allocs, 8);
  assert_int_equal(dev->peak_bytes, FX_BYTES);
  const oi_analysis_totals *t = oi_analysis_totals_get(f.ctx);
  assert_int_equal(t->saved_bytes, 7 * FX_BYTES);
  assert_int_equal(t->saved_ns, 7 * FX_DUR + 7 * 2 * FX_DUR);
  assert_int_equal(t->upper_bound, 0);
  fx_done(&f);
}

/* for (i < 4) { target map(tofrom: a[0:N]) } at line 20, each kernel
 * changing a: what came back is sent out again unchanged 3 times */
static void round_trips_of_a_target_loop(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  for (uint64_t i = 0; i < 4; i++)
    offload(&f, 20, FX_A, 1, H0 + i, H0 + i + 1);
  const oi_finding *rt = fx_find(&f, OI_FINDING_ROUND_TRIP, "a[0:N]");
  assert_int_equal(rt->op, OI_DATA_OP_TO_DEVICE);
  assert_int_equal(rt->count, 3);
  assert_int_equal(rt->total, 4);
  assert_int_equal(rt->bytes, 3 * FX_BYTES);
  assert_int_equal(rt->other.line, 20);
  assert_string_equal(fx_advice(rt), "a[0:N] leaves the device at line 20 and returns "
                                     "unchanged at line 20: keep it on the device across "
                                     "line 20 with `target data map(tofrom: a[0:N])`, and "
                                     "`target update from(a[0:N])` wherever the host reads it "
                                     "in between");
  assert_int_equal(fx_finish_count(&f, OI_FINDING_DUPLICATE_TRANSFER), 0);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_TRANSFER), 0);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_REPEATED_ALLOC), 1);
  assert_int_equal(findings(&f), 2);
  assert_int_equal(device(&f)->kernels, 4);
  fx_done(&f);
}

/* target enter data map(to: a) at 10, a target at 12 that only reads a,
 * target exit data map(from: a) at 16: a comes back unchanged */
static void round_trip_back_from_the_device_names_both_lines(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.construct = OI_CONSTRUCT_TARGET_ENTER_DATA;
  fx_region(&f, OI_CONSTRUCT_TARGET_ENTER_DATA, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 10, 1, FX_A, FX_BYTES, H0);
  fx_region(&f, OI_CONSTRUCT_TARGET_ENTER_DATA, OI_EP_END);
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_kernel(&f, FX_DEV);
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_END);
  f.construct = OI_CONSTRUCT_TARGET_EXIT_DATA;
  fx_region(&f, OI_CONSTRUCT_TARGET_EXIT_DATA, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 16, 1, FX_A, FX_BYTES, H0);
  fx_op(&f, OI_DATA_OP_DELETE, 16, 1, FX_A, 0, FX_NO_HASH);
  fx_region(&f, OI_CONSTRUCT_TARGET_EXIT_DATA, OI_EP_END);
  const oi_finding *rt = fx_find(&f, OI_FINDING_ROUND_TRIP, "a[0:N]");
  assert_int_equal(rt->op, OI_DATA_OP_FROM_DEVICE);
  assert_int_equal(rt->count, 1);
  assert_int_equal(rt->at.line, 16);
  assert_int_equal(rt->other.line, 10);
  assert_int_equal(rt->first_line, 10);
  assert_int_equal(rt->last_line, 16);
  assert_string_equal(fx_advice(rt), "a[0:N] is sent to the device at line 10 and comes back "
                                     "unchanged at line 16: do not copy it back there "
                                     "(`map(release: a[0:N])` on a `target exit data`, "
                                     "`map(to: a[0:N])` on a `target data`)");
  assert_int_equal(findings(&f), 1);
  assert_int_equal(device(&f)->kernels, 1);
  fx_done(&f);
}

/* target enter data map(alloc: b) at 10, exit data at 12 (regions that are
 * not kernels), then one target at 20: b was never used */
static void unused_alloc_beside_a_target(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.construct = OI_CONSTRUCT_TARGET_ENTER_DATA;
  fx_region(&f, OI_CONSTRUCT_TARGET_ENTER_DATA, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 2, FX_B, FX_BYTES, FX_NO_HASH);
  fx_region(&f, OI_CONSTRUCT_TARGET_ENTER_DATA, OI_EP_END);
  f.construct = OI_CONSTRUCT_TARGET_EXIT_DATA;
  fx_region(&f, OI_CONSTRUCT_TARGET_EXIT_DATA, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_DELETE, 12, 2, FX_B, 0, FX_NO_HASH);
  fx_region(&f, OI_CONSTRUCT_TARGET_EXIT_DATA, OI_EP_END);
  offload(&f, 20, FX_A, 0, H0, FX_NO_HASH);
  const oi_finding *u = fx_find(&f, OI_FINDING_UNUSED_ALLOC, "b[0:N]");
  assert_int_equal(u->count, 1);
  assert_int_equal(u->at.line, 10);
  assert_int_equal(u->time_ns, 2 * FX_DUR);
  assert_string_equal(fx_advice(u), "no kernel runs on device 4 while b[0:N] is allocated "
                                    "at line 10: remove its mapping there");
  assert_int_equal(findings(&f), 1);
  assert_int_equal(device(&f)->kernels, 1);
  assert_int_equal(device(&f)->allocs, 2);
  fx_done(&f);
}

/* target data map(to: a) at 20 { target update to(a) at 22 with new
 * content; target at 23 }: the region's own copy was never read */
static void unused_transfer_overwritten_by_an_update(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.construct = OI_CONSTRUCT_TARGET_DATA;
  fx_region(&f, OI_CONSTRUCT_TARGET_DATA, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_ALLOC, 20, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 20, 1, FX_A, FX_BYTES, H0);
  fx_region(&f, OI_CONSTRUCT_TARGET_DATA, OI_EP_END);
  f.construct = OI_CONSTRUCT_TARGET_UPDATE;
  fx_region(&f, OI_CONSTRUCT_TARGET_UPDATE, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 22, 1, FX_A, FX_BYTES, H1);
  fx_region(&f, OI_CONSTRUCT_TARGET_UPDATE, OI_EP_END);
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_kernel(&f, FX_DEV);
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_END);
  f.construct = OI_CONSTRUCT_TARGET_DATA;
  fx_op(&f, OI_DATA_OP_DELETE, 20, 1, FX_A, 0, FX_NO_HASH);
  const oi_finding *u = fx_find(&f, OI_FINDING_UNUSED_TRANSFER, "a[0:N]");
  assert_int_equal(u->count, 1);
  assert_int_equal(u->partial, 0);
  assert_int_equal(u->total, 1);
  assert_int_equal(u->bytes, FX_BYTES);
  assert_int_equal(u->at.line, 20);
  assert_int_equal(u->first_line, 20);
  assert_int_equal(u->last_line, 22);
  assert_int_equal(findings(&f), 1);
  assert_int_equal(device(&f)->kernels, 1);
  fx_done(&f);
}

/* target map(to: a, b) at 10, both zeroes: b repeats a's content */
static void identical_content_in_one_region(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.construct = OI_CONSTRUCT_TARGET;
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 10, 1, FX_A, FX_BYTES, ZERO);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 2, FX_B, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 10, 2, FX_B, FX_BYTES, ZERO);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_DELETE, 10, 2, FX_B, 0, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_DELETE, 10, 1, FX_A, 0, FX_NO_HASH);
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_END);
  const oi_finding *ic = fx_find(&f, OI_FINDING_IDENTICAL_CONTENT, "b[0:N]");
  assert_int_equal(ic->count, 1);
  assert_int_equal(ic->bytes, FX_BYTES);
  assert_string_equal(fx_var(&ic->other), "a[0:N]");
  assert_string_equal(fx_advice(ic), "b[0:N] (c.c:10) carries the same content as a[0:N] "
                                     "(c.c:10): if it is a constant such as zeroes, fill it "
                                     "where it is needed instead of copying it");
  assert_int_equal(findings(&f), 1);
  assert_int_equal(oi_analysis_totals_get(f.ctx)->saved_bytes, 0);
  assert_int_equal(device(&f)->kernels, 1);
  fx_done(&f);
}

/* One map item sending two buffers with equal contents (rows of a 2-D
 * array, `a[i][0:N]` in a loop) and one array sent again from another line
 * after a change: neither is "identical content" of another variable. */
static void a_variable_is_not_identical_with_itself(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  offload(&f, 10, FX_A, 0, ZERO, FX_NO_HASH);
  offload(&f, 10, FX_B, 0, ZERO, FX_NO_HASH); /* same item, other buffer */
  offload(&f, 12, FX_C, 0, H0, FX_NO_HASH);
  offload(&f, 12, FX_C, 0, H1, FX_NO_HASH);
  offload(&f, 16, FX_C, 0, H0, FX_NO_HASH); /* same buffer, other line */
  assert_int_equal(fx_finish_count(&f, OI_FINDING_IDENTICAL_CONTENT), 0);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_DUPLICATE_TRANSFER), 0);
  assert_int_equal(device(&f)->kernels, 5);
  fx_done(&f);
}

/* a mapped at line 30, then 12, then 20 with the same content: the span is
 * 12–30 whatever the order, on every finding of the range */
static void line_span_out_of_order(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  offload(&f, 30, FX_A, 0, H0, FX_NO_HASH);
  offload(&f, 12, FX_A, 0, H0, FX_NO_HASH);
  offload(&f, 20, FX_A, 0, H0, FX_NO_HASH);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  size_t n;
  const oi_finding *all = oi_analysis_findings(f.ctx, &n);
  assert_int_equal(n, 4); /* duplicate and repeated alloc at 12 and at 20 */
  for (size_t i = 0; i < n; i++) {
    assert_int_equal(all[i].first_line, 12);
    assert_int_equal(all[i].last_line, 30);
    assert_true(all[i].at.line == 12 || all[i].at.line == 20);
    assert_int_equal(all[i].count, 1);
  }
  const oi_finding *d = NULL;
  for (size_t i = 0; i < n; i++)
    if (all[i].kind == OI_FINDING_DUPLICATE_TRANSFER && all[i].at.line == 12)
      d = &all[i];
  assert_non_null(d);
  assert_string_equal(fx_advice(d), "keep a[0:N] on the device across lines 12\xe2\x80\x93"
                                    "30 with `target data map(to: a[0:N])` instead of "
                                    "sending the same content again");
  assert_int_equal(device(&f)->kernels, 3);
  fx_done(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(duplicates_and_kernels_of_a_target_loop),
      cmocka_unit_test(round_trips_of_a_target_loop),
      cmocka_unit_test(round_trip_back_from_the_device_names_both_lines),
      cmocka_unit_test(unused_alloc_beside_a_target),
      cmocka_unit_test(unused_transfer_overwritten_by_an_update),
      cmocka_unit_test(identical_content_in_one_region),
      cmocka_unit_test(a_variable_is_not_identical_with_itself),
      cmocka_unit_test(line_span_out_of_order),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
