/* Clean streams, optimisation potential, the transfer profile, results
 * independent of the event origin, and places without a compiler site. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analysis_fixture.h"
#include "report/finding_words.h"

enum { H0 = 0x1111 };

/* target data map(tofrom: a) at 14 around five kernels */
static void clean_stream_has_no_findings(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  uint64_t first = f.now;
  fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0);
  for (int i = 0; i < 5; i++)
    fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 14, 1, FX_A, FX_BYTES, H0 + 5);
  fx_op(&f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
  uint64_t last = f.now - 10; /* the delete's end */
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  size_t n;
  oi_analysis_findings(f.ctx, &n);
  assert_int_equal(n, 0);
  const oi_analysis_totals *t = oi_analysis_totals_get(f.ctx);
  assert_int_equal(t->first_ns, first);
  assert_int_equal(t->last_ns, last);
  assert_int_equal(t->measured_ns, last - first);
  assert_int_equal(t->saved_ns, 0);
  assert_int_equal(t->predicted_ns, t->measured_ns);
  assert_true(t->speedup == 1.0);
  assert_int_equal(t->upper_bound, 0);
  assert_int_equal(t->data_ops, 4);
  assert_int_equal(t->transfer_bytes, 2 * FX_BYTES);
  assert_int_equal(t->transfer_ns, 2 * FX_DUR);
  assert_int_equal(t->devices[0].peak_bytes, FX_BYTES);
  assert_int_equal(t->devices[0].kernels, 5);
  assert_int_equal(oi_analysis_profile_count(f.ctx), 1);
  oi_transfer_profile profile = oi_analysis_profile_at(f.ctx, 0);
  const oi_transfer_profile *p = &profile;
  assert_string_equal(fx_var(&p->at), "a[0:N]");
  assert_int_equal(p->at.line, 14);
  assert_int_equal(p->device, FX_DEV);
  assert_int_equal(p->ops[OI_DATA_OP_TO_DEVICE], 1);
  assert_int_equal(p->bytes[OI_DATA_OP_TO_DEVICE], FX_BYTES);
  assert_int_equal(p->time_ns[OI_DATA_OP_FROM_DEVICE], FX_DUR);
  assert_int_equal(p->ops[OI_DATA_OP_ALLOC], 1);
  assert_int_equal(p->ops[OI_DATA_OP_DELETE], 1);
  fx_done(&f);
}

static void duplicate_loop(fx *f, int iterations) {
  for (int i = 0; i < iterations; i++) {
    fx_op(f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
    fx_op(f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0);
    fx_kernel(f, FX_DEV);
    fx_op(f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
  }
}

/* 4 iterations: 3 duplicate transfers + 3 repeated alloc/delete pairs */
static void potential_counts_each_operation_once(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  duplicate_loop(&f, 4);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  const oi_analysis_totals *t = oi_analysis_totals_get(f.ctx);
  uint64_t iteration = 3 * (FX_DUR + 10) + 5010;
  assert_int_equal(t->measured_ns, 4 * iteration - 10);
  assert_int_equal(t->saved_ns, 3 * FX_DUR + 3 * 2 * FX_DUR);
  assert_int_equal(t->saved_bytes, 3 * FX_BYTES);
  assert_int_equal(t->predicted_ns, t->measured_ns - t->saved_ns);
  assert_true(t->speedup > 1.0);
  assert_true(t->speedup * (double)t->predicted_ns - (double)t->measured_ns <
              1e-6 * t->measured_ns);
  assert_int_equal(t->upper_bound, 0);
  fx_done(&f);
}

static void nowait_makes_prediction_an_upper_bound(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op_flags(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH, OI_FLAG_NOWAIT);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  assert_int_equal(oi_analysis_totals_get(f.ctx)->upper_bound, 1);
  fx_done(&f);
}

static void overlapping_operations_make_an_upper_bound(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
  f.now -= FX_DUR / 2; /* the next one starts before this one ended */
  fx_op(&f, OI_DATA_OP_ALLOC, 14, 2, FX_B, FX_BYTES, FX_NO_HASH);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  assert_int_equal(oi_analysis_totals_get(f.ctx)->upper_bound, 1);
  fx_done(&f);
}

/* a transfer while a kernel runs (asynchronous offloading) */
static void transfer_during_kernel_makes_an_upper_bound(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_kernel_edge(&f, FX_DEV, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 2, FX_B, FX_BYTES, H0);
  fx_kernel_edge(&f, FX_DEV, OI_EP_END);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  assert_int_equal(oi_analysis_totals_get(f.ctx)->upper_bound, 1);
  fx_done(&f);
}

/* the same stream recorded natively, merged or inferred */
static void results_do_not_depend_on_origin(void **state) {
  (void)state;
  uint8_t origins[] = {OI_ORIGIN_NATIVE, OI_ORIGIN_MERGED, OI_ORIGIN_INFERRED};
  fx runs[3];
  for (int r = 0; r < 3; r++) {
    fx_init(&runs[r]);
    runs[r].origin = origins[r];
    duplicate_loop(&runs[r], 5);
    fx_target_tofrom(&runs[r], 20, 0x5, 0x5);
    assert_int_equal(oi_analysis_finish(runs[r].ctx), 0);
  }
  size_t n0, n;
  const oi_finding *base = oi_analysis_findings(runs[0].ctx, &n0);
  /* duplicate and repeated alloc at 14; repeated alloc, round trip at 20 */
  assert_int_equal(n0, 4);
  for (int r = 1; r < 3; r++) {
    const oi_finding *other = oi_analysis_findings(runs[r].ctx, &n);
    assert_int_equal(n, n0);
    for (size_t i = 0; i < n; i++) {
      assert_int_equal(other[i].kind, base[i].kind);
      assert_int_equal(other[i].count, base[i].count);
      assert_int_equal(other[i].bytes, base[i].bytes);
      assert_int_equal(other[i].time_ns, base[i].time_ns);
      assert_int_equal(other[i].at.line, base[i].at.line);
      assert_string_equal(fx_advice(&other[i]), fx_advice(&base[i]));
    }
    assert_int_equal(oi_analysis_totals_get(runs[r].ctx)->saved_ns,
                     oi_analysis_totals_get(runs[0].ctx)->saved_ns);
  }
  for (int r = 0; r < 3; r++)
    fx_done(&runs[r]);
}

/* a plain OMPT run: no site, the place is the host address and codeptr */
static void without_site_groups_by_address_and_code(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  for (int i = 0; i < 3; i++) {
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 0, 0, FX_A, FX_BYTES, H0);
    fx_kernel(&f, FX_DEV);
  }
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "0x10000 (800 bytes)");
  assert_int_equal(d->count, 2);
  assert_int_equal(d->total, 3);
  assert_int_equal(d->at.site, 0);
  assert_int_equal(d->at.codeptr, 0x400007);
  assert_string_equal(d->at.file, "bin.c");
  assert_int_equal(d->at.line, 7);
  assert_int_equal(d->host_addr, FX_A);
  assert_false(fx_var_whole(&d->at));
  assert_string_equal(fx_advice(d), "0x10000 (800 bytes) is sent again and again with the "
                                    "same content at line 7: map it once with `target data "
                                    "map(to: <array at 0x10000>)` around the loop that "
                                    "repeats line 7");
  fx_done(&f);
}

/* findings come most expensive first */
static void findings_sorted_by_time(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  duplicate_loop(&f, 3);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  size_t n;
  const oi_finding *all = oi_analysis_findings(f.ctx, &n);
  assert_int_equal(n, 2);
  assert_int_equal(all[0].kind, OI_FINDING_REPEATED_ALLOC);     /* 4000 ns */
  assert_int_equal(all[1].kind, OI_FINDING_DUPLICATE_TRANSFER); /* 2000 */
  assert_string_equal(oi_finding_kind_name(all[0].kind), "repeated_alloc");
  assert_string_equal(oi_finding_kind_name(OI_FINDING_IDENTICAL_CONTENT), "identical_content");
  fx_done(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(clean_stream_has_no_findings),
      cmocka_unit_test(potential_counts_each_operation_once),
      cmocka_unit_test(nowait_makes_prediction_an_upper_bound),
      cmocka_unit_test(overlapping_operations_make_an_upper_bound),
      cmocka_unit_test(transfer_during_kernel_makes_an_upper_bound),
      cmocka_unit_test(results_do_not_depend_on_origin),
      cmocka_unit_test(without_site_groups_by_address_and_code),
      cmocka_unit_test(findings_sorted_by_time),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
