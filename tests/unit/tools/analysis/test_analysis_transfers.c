/* Content-based findings: duplicate transfers, round trips, identical
 * content of different variables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analysis_fixture.h"

enum { H0 = 0x1111, H1 = 0x2222, H2 = 0x3333, ZERO = 0x7777 };

/* for (i < 8) { #pragma omp target map(to: a[0:N]) } at line 14 */
static void loop_mapping_is_n_minus_1_duplicates(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  for (int i = 0; i < 8; i++) {
    fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0);
    fx_kernel(&f, FX_DEV);
    fx_op(&f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
  }
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->op, OI_DATA_OP_TO_DEVICE);
  assert_int_equal(d->count, 7);
  assert_int_equal(d->total, 8);
  assert_int_equal(d->bytes, 7 * FX_BYTES);
  assert_int_equal(d->time_ns, 7 * FX_DUR);
  assert_int_equal(d->device, FX_DEV);
  assert_true(fx_var_whole(&d->at));
  assert_string_equal(d->at.file, "c.c");
  assert_int_equal(d->at.line, 14);
  assert_string_equal(fx_advice(d), "a[0:N] is sent again and again with the same content "
                                    "at line 14: map it once with `target data map(to: "
                                    "a[0:N])` around the loop that repeats line 14");
  assert_int_equal(fx_finish_count(&f, OI_FINDING_DUPLICATE_TRANSFER), 1);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_ROUND_TRIP), 0);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_TRANSFER), 0);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_IDENTICAL_CONTENT), 0);
  fx_done(&f);
}

/* the same content mapped again at line 30 after line 12 */
static void duplicate_names_first_and_last_mapped_line(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 12, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 12, 1, FX_A, FX_BYTES, H0);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_DELETE, 12, 1, FX_A, 0, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_ALLOC, 30, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 30, 1, FX_A, FX_BYTES, H0);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_DELETE, 30, 1, FX_A, 0, FX_NO_HASH);
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->count, 1);
  assert_int_equal(d->total, 1);
  assert_int_equal(d->at.line, 30);
  assert_int_equal(d->first_line, 12);
  assert_int_equal(d->last_line, 30);
  assert_non_null(strstr(fx_advice(d), "across lines 12\xe2\x80\x93"
                                       "30"));
  const oi_finding *r = fx_find(&f, OI_FINDING_REPEATED_ALLOC, "a[0:N]");
  assert_int_equal(r->count, 1);
  assert_int_equal(r->at.line, 30);
  assert_non_null(strstr(fx_advice(r), "allocate it once around lines "
                                       "12\xe2\x80\x93"
                                       "30 with `target "
                                       "data map(alloc: a[0:N])`"));
  fx_done(&f);
}

/* H1, H2, H1: the device's copy changed in between, nothing is repeated */
static void changed_content_is_not_duplicate(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  uint64_t hashes[] = {H1, H2, H1};
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  for (int i = 0; i < 3; i++) {
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, hashes[i]);
    fx_kernel(&f, FX_DEV);
  }
  fx_op(&f, OI_DATA_OP_DELETE, 40, 1, FX_A, 0, FX_NO_HASH);
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  size_t n;
  oi_analysis_findings(f.ctx, &n);
  assert_int_equal(n, 0);
  fx_done(&f);
}

/* a[0:N] sent, one element of it updated on the device, then a[0:N] sent
 * again with the old content: the device's copy had changed, so the last
 * transfer restores it and is needed */
static void element_update_in_between_is_a_change(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 16, 4, FX_A + 80, 8, H1);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 18, 1, FX_A, FX_BYTES, H0);
  fx_kernel(&f, FX_DEV);
  /* the same element update again is a duplicate no more either: the whole
   * array has been rewritten over it */
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 20, 4, FX_A + 80, 8, H1);
  fx_kernel(&f, FX_DEV);
  /* but sending it once more, unchanged, is */
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 22, 4, FX_A + 80, 8, H1);
  fx_kernel(&f, FX_DEV);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_DUPLICATE_TRANSFER), 1);
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "x[0:1]");
  assert_int_equal(d->count, 1);
  assert_int_equal(d->at.line, 22);
  assert_int_equal(d->bytes, 8);
  fx_done(&f);
}

/* a sent out, one element of it copied back first, then all of a comes back
 * with the content it was sent with: the host's copy had changed in between
 * (no round trip) */
static void element_copied_back_in_between_is_a_change(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 16, 4, FX_A + 80, 8, H1);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 20, 1, FX_A, FX_BYTES, H0);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_ROUND_TRIP), 0);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_DUPLICATE_TRANSFER), 0);
  fx_done(&f);
}

/* an element of a sent from the host after a came back: reading is no
 * change, so a coming back again with the same content is a duplicate
 * (a's earlier write must survive x's range appearing inside it) */
static void sending_an_element_is_no_change(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 20, 1, FX_A, FX_BYTES, H1);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 22, 4, FX_A + 80, 8, H2);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 24, 1, FX_A, FX_BYTES, H1);
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->op, OI_DATA_OP_FROM_DEVICE);
  assert_int_equal(d->count, 1);
  assert_int_equal(d->at.line, 24);
  assert_int_equal(d->other.line, 20);
  fx_done(&f);
}

/* transfers without a valid hash never count as repeated content */
static void invalid_hash_is_never_duplicate(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  for (int i = 0; i < 3; i++) {
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
    fx_kernel(&f, FX_DEV);
  }
  fx_op(&f, OI_DATA_OP_DELETE, 40, 1, FX_A, 0, FX_NO_HASH);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_DUPLICATE_TRANSFER), 0);
  fx_done(&f);
}

/* target update from(a) twice with no change on the device in between */
static void host_receiving_same_content_is_duplicate(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 10, 1, FX_A, FX_BYTES, H0);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 20, 1, FX_A, FX_BYTES, H1);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 22, 1, FX_A, FX_BYTES, H1);
  fx_op(&f, OI_DATA_OP_DELETE, 24, 1, FX_A, 0, FX_NO_HASH);
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->op, OI_DATA_OP_FROM_DEVICE);
  assert_int_equal(d->count, 1);
  assert_int_equal(d->total, 1);
  assert_int_equal(d->at.line, 22);
  assert_int_equal(d->bytes, FX_BYTES);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_ROUND_TRIP), 0);
  fx_done(&f);
}

/* for (i < 5) { target map(to: a) at 14 ... map(from: a) at 20 }: the result
 * goes to the host and comes back unchanged next iteration */
static void device_host_device_round_trip_has_both_lines(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  for (uint64_t i = 0; i < 5; i++) {
    fx_op(&f, OI_DATA_OP_ALLOC, 14, 1, FX_A, FX_BYTES, FX_NO_HASH);
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0 + i);
    fx_kernel(&f, FX_DEV);
    fx_op(&f, OI_DATA_OP_FROM_DEVICE, 20, 1, FX_A, FX_BYTES, H0 + i + 1);
    fx_op(&f, OI_DATA_OP_DELETE, 20, 1, FX_A, 0, FX_NO_HASH);
  }
  const oi_finding *r = fx_find(&f, OI_FINDING_ROUND_TRIP, "a[0:N]");
  assert_int_equal(r->op, OI_DATA_OP_TO_DEVICE);
  assert_int_equal(r->count, 4);
  assert_int_equal(r->total, 5);
  assert_int_equal(r->bytes, 4 * FX_BYTES);
  assert_int_equal(r->time_ns, 4 * FX_DUR);
  assert_int_equal(r->at.line, 14);    /* back to the device */
  assert_int_equal(r->other.line, 20); /* out to the host */
  assert_string_equal(fx_var(&r->other), "a[0:N]");
  assert_non_null(strstr(fx_advice(r), "leaves the device at line 20 and "
                                       "returns unchanged at line 14"));
  assert_non_null(strstr(fx_advice(r), "across lines 14\xe2\x80\x93"
                                       "20"));
  assert_int_equal(fx_finish_count(&f, OI_FINDING_DUPLICATE_TRANSFER), 0);
  assert_int_equal(fx_find(&f, OI_FINDING_REPEATED_ALLOC, "a[0:N]")->count, 4);
  fx_done(&f);
}

/* map(tofrom: a) whose kernel only reads a: a comes back unchanged */
static void host_device_host_round_trip(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_target_tofrom(&f, 14, H0, H0);
  const oi_finding *r = fx_find(&f, OI_FINDING_ROUND_TRIP, "a[0:N]");
  assert_int_equal(r->op, OI_DATA_OP_FROM_DEVICE);
  assert_int_equal(r->count, 1);
  assert_int_equal(r->total, 1);
  assert_int_equal(r->at.line, 14);
  assert_int_equal(r->other.line, 14);
  assert_non_null(strstr(fx_advice(r), "`map(to: a[0:N])` instead of `tofrom`"));
  fx_done(&f);
}

/* a sent to device 4, and the same content arrives from device 5: it did
 * not come back from where it went, the host merely receives it again */
static void content_from_another_device_is_no_round_trip(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0);
  fx_kernel(&f, FX_DEV);
  oi_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = OI_KIND_DATA_OP;
  ev.op = OI_DATA_OP_FROM_DEVICE;
  ev.flags = OI_FLAG_HASH_VALID;
  ev.site = 20;
  ev.var = 1;
  ev.device = FX_DEV + 1;
  ev.time_ns = f.now;
  ev.u.data.bytes = FX_BYTES;
  ev.u.data.host_addr = FX_A;
  ev.u.data.hash = H0;
  ev.u.data.duration_ns = FX_DUR;
  fx_add(&f, &ev);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_ROUND_TRIP), 0);
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->device, FX_DEV + 1);
  assert_int_equal(d->at.line, 20);
  assert_int_equal(d->other.line, 14);
  fx_done(&f);
}

/* a, b and c zero-initialised and sent at line 10; then a again at line 16 */
static void identical_content_of_different_variables(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  uint64_t addrs[] = {FX_A, FX_B, FX_C};
  for (uint16_t v = 1; v <= 3; v++) {
    fx_op(&f, OI_DATA_OP_ALLOC, 10, v, addrs[v - 1], FX_BYTES, FX_NO_HASH);
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 10, v, addrs[v - 1], FX_BYTES, ZERO);
  }
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 16, 1, FX_A, FX_BYTES, ZERO);
  fx_kernel(&f, FX_DEV);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_IDENTICAL_CONTENT), 2);
  for (int i = 0; i < 2; i++) {
    const oi_finding *ic = fx_find(&f, OI_FINDING_IDENTICAL_CONTENT, i ? "c[0:N]" : "b[0:N]");
    assert_int_equal(ic->count, 1);
    assert_int_equal(ic->bytes, FX_BYTES);
    assert_int_equal(ic->at.line, 10);
    assert_string_equal(fx_var(&ic->other), "a[0:N]");
  }
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->count, 1);
  assert_int_equal(d->at.line, 16);
  /* only the real duplicate is avoidable */
  assert_int_equal(oi_analysis_totals_get(f.ctx)->saved_bytes, FX_BYTES);
  assert_int_equal(oi_analysis_totals_get(f.ctx)->saved_ns, FX_DUR);
  fx_done(&f);
}

/* A build without -g and without the plugin: no data operation has a line.
 * The advice names "this construct" (the report prints its code address),
 * never "line 0", and identical content gives no "(?:0)". */
static void advice_without_lines_names_the_construct(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.native_line = 0;
  for (int i = 0; i < 3; i++) {
    fx_op(&f, OI_DATA_OP_ALLOC, 0, 0, FX_A, FX_BYTES, FX_NO_HASH);
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 0, 0, FX_A, FX_BYTES, H0);
    fx_op(&f, OI_DATA_OP_ALLOC, 0, 0, FX_B, FX_BYTES, FX_NO_HASH);
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 0, 0, FX_B, FX_BYTES, H0);
    fx_kernel(&f, FX_DEV);
    fx_op(&f, OI_DATA_OP_DELETE, 0, 0, FX_A, 0, FX_NO_HASH);
    fx_op(&f, OI_DATA_OP_DELETE, 0, 0, FX_B, 0, FX_NO_HASH);
  }
  assert_int_equal(oi_analysis_finish(f.ctx), 0);
  size_t n;
  const oi_finding *all = oi_analysis_findings(f.ctx, &n);
  unsigned kinds = 0;
  for (size_t i = 0; i < n; i++) {
    const oi_finding *x = &all[i];
    assert_int_equal(x->at.line, 0);
    assert_null(strstr(fx_advice(x), "line 0"));
    assert_null(strstr(fx_advice(x), ":0)"));
    kinds |= 1u << x->kind;
    if (x->kind == OI_FINDING_DUPLICATE_TRANSFER && x->host_addr == FX_A)
      assert_string_equal(fx_advice(x), "0x10000 (800 bytes) is sent again and again with the "
                                        "same content at this construct: map it once with "
                                        "`target data map(to: <array at 0x10000>)` around the "
                                        "loop that repeats this construct");
    if (x->kind == OI_FINDING_IDENTICAL_CONTENT)
      assert_string_equal(fx_advice(x), "0x20000 (800 bytes) carries the same content as "
                                        "0x10000 (800 bytes): if it is a constant such as "
                                        "zeroes, fill it where it is needed instead of "
                                        "copying it");
  }
  assert_int_equal(kinds, 1u << OI_FINDING_DUPLICATE_TRANSFER | 1u << OI_FINDING_REPEATED_ALLOC |
                              1u << OI_FINDING_IDENTICAL_CONTENT);
  fx_done(&f);
}

/* Hashes of sampled blocks (OI_FLAG_HASH_SAMPLED) on either side of a
 * comparison make the operation count in `sampled`: a at line 14 sent 3
 * times sampled, b sent sampled and returned with a whole hash, c sent
 * with a's sampled content; whole hashes alone count nothing. */
static void sampled_hashes_make_findings_probable(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  for (int i = 0; i < 3; i++)
    fx_op_flags(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0, OI_FLAG_HASH_SAMPLED);
  fx_op_flags(&f, OI_DATA_OP_TO_DEVICE, 20, 2, FX_B, FX_BYTES, H1, OI_FLAG_HASH_SAMPLED);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 22, 2, FX_B, FX_BYTES, H1);
  fx_op_flags(&f, OI_DATA_OP_TO_DEVICE, 30, 3, FX_C, FX_BYTES, H0, OI_FLAG_HASH_SAMPLED);
  fx_kernel(&f, FX_DEV);
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->count, 2);
  assert_int_equal(d->sampled, 2);
  const oi_finding *r = fx_find(&f, OI_FINDING_ROUND_TRIP, "b[0:N]");
  assert_int_equal(r->count, 1);
  assert_int_equal(r->sampled, 1);
  const oi_finding *ic = fx_find(&f, OI_FINDING_IDENTICAL_CONTENT, "c[0:N]");
  assert_int_equal(ic->count, 1);
  assert_int_equal(ic->sampled, 1);
  fx_done(&f);

  fx_init(&f);
  for (int i = 0; i < 3; i++)
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 30, 3, FX_C, FX_BYTES, H0);
  fx_kernel(&f, FX_DEV);
  d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->count, 2);
  assert_int_equal(d->sampled, 0);
  assert_int_equal(fx_find(&f, OI_FINDING_IDENTICAL_CONTENT, "c[0:N]")->sampled, 0);
  fx_done(&f);
}

/* `target data` at line 12 sends a, then a `target update to` at line 14
 * sends the same content before each of 3 kernels: the fix is to drop the
 * update, not to add a data region */
static void duplicate_update_is_dropped(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.construct = OI_CONSTRUCT_TARGET_DATA;
  fx_op(&f, OI_DATA_OP_ALLOC, 12, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 12, 1, FX_A, FX_BYTES, H0);
  f.construct = OI_CONSTRUCT_TARGET_UPDATE;
  for (int i = 0; i < 3; i++) {
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H0);
    fx_kernel(&f, FX_DEV);
  }
  const oi_finding *d = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(d->count, 3);
  assert_int_equal(d->total, 3);
  assert_int_equal(d->at.construct, OI_CONSTRUCT_TARGET_UPDATE);
  assert_string_equal(fx_advice(d), "the `target update` at line 14 sends a[0:N] where it "
                                    "already is since line 12, unchanged by any transfer: "
                                    "drop it, unless a kernel changed that copy");
  fx_done(&f);
}

/* a loop of `target update to` (line 14), kernel, `target update from`
 * (line 20): from the second iteration on the update to sends back what
 * just left the device; the fix drops it */
static void round_trip_update_is_dropped(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.construct = OI_CONSTRUCT_TARGET_UPDATE;
  const uint64_t sent[] = {H0, H1, H2}, back[] = {H1, H2, ZERO};
  for (int i = 0; i < 3; i++) {
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, sent[i]);
    fx_kernel(&f, FX_DEV);
    fx_op(&f, OI_DATA_OP_FROM_DEVICE, 20, 1, FX_A, FX_BYTES, back[i]);
  }
  const oi_finding *r = fx_find(&f, OI_FINDING_ROUND_TRIP, "a[0:N]");
  assert_int_equal(r->count, 2);
  assert_int_equal(r->total, 3);
  assert_int_equal(r->other.line, 20);
  assert_string_equal(fx_advice(r), "the `target update` at line 14 sends a[0:N] back "
                                    "unchanged after it left at line 20: drop it, and send "
                                    "a[0:N] only once, before the loop");
  fx_done(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(loop_mapping_is_n_minus_1_duplicates),
      cmocka_unit_test(duplicate_names_first_and_last_mapped_line),
      cmocka_unit_test(duplicate_update_is_dropped),
      cmocka_unit_test(round_trip_update_is_dropped),
      cmocka_unit_test(changed_content_is_not_duplicate),
      cmocka_unit_test(element_update_in_between_is_a_change),
      cmocka_unit_test(element_copied_back_in_between_is_a_change),
      cmocka_unit_test(sending_an_element_is_no_change),
      cmocka_unit_test(invalid_hash_is_never_duplicate),
      cmocka_unit_test(host_receiving_same_content_is_duplicate),
      cmocka_unit_test(device_host_device_round_trip_has_both_lines),
      cmocka_unit_test(host_device_host_round_trip),
      cmocka_unit_test(content_from_another_device_is_no_round_trip),
      cmocka_unit_test(identical_content_of_different_variables),
      cmocka_unit_test(sampled_hashes_make_findings_probable),
      cmocka_unit_test(advice_without_lines_names_the_construct),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
