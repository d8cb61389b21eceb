/* Unused transfers: overwritten before a kernel, sent after the last
 * kernel, freed unread; partial overwrites charge only their bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analysis_fixture.h"

enum { H1 = 0x2222, H2 = 0x3333, H3 = 0x4444 };

static void setup_a(fx *f) { fx_op(f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH); }

/* a sent at line 14, sent again with other content at line 16, then read */
static void overwritten_before_kernel(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  setup_a(&f);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H1);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 16, 1, FX_A, FX_BYTES, H2);
  fx_kernel(&f, FX_DEV);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_TRANSFER), 1);
  const oi_finding *u = fx_find(&f, OI_FINDING_UNUSED_TRANSFER, "a[0:N]");
  assert_int_equal(u->op, OI_DATA_OP_TO_DEVICE);
  assert_int_equal(u->count, 1);
  assert_int_equal(u->partial, 0);
  assert_int_equal(u->total, 1);
  assert_int_equal(u->bytes, FX_BYTES);
  assert_int_equal(u->time_ns, FX_DUR);
  assert_int_equal(u->at.line, 14);
  fx_done(&f);
}

/* a[0:N] sent at 14, then x[0:1] = a[10] updated at 16 before the kernel:
 * only those 8 bytes of the first transfer were unused */
static void partial_overlap_charges_only_overwritten_bytes(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  setup_a(&f);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H1);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 16, 4, FX_A + 80, 8, H2);
  fx_kernel(&f, FX_DEV);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_TRANSFER), 1);
  const oi_finding *u = fx_find(&f, OI_FINDING_UNUSED_TRANSFER, "a[0:N]");
  assert_int_equal(u->count, 0); /* not a whole transfer */
  assert_int_equal(u->partial, 1);
  assert_int_equal(u->bytes, 8);
  assert_int_equal(u->time_ns, FX_DUR * 8 / FX_BYTES);
  assert_int_equal(u->at.line, 14);
  assert_int_equal(oi_analysis_totals_get(f.ctx)->saved_bytes, 8);
  assert_string_equal(fx_advice(u), "8 bytes of a[0:N] sent at line 14 are overwritten "
                                    "before a kernel on device 4 reads them: send the "
                                    "overlapping part only once");
  fx_done(&f);
}

/* two one-element updates cover a[8..24) of a[0:N], then all of a is sent
 * again: the first transfer loses 16 bytes to the updates and the other
 * 784 to the last transfer; the updates are lost entirely */
static void segments_split_and_settle(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  setup_a(&f);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H1);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 16, 4, FX_A + 8, 8, H2);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 16, 4, FX_A + 16, 8, H2);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 18, 1, FX_A, FX_BYTES, H3);
  fx_kernel(&f, FX_DEV);
  const oi_finding *a = fx_find(&f, OI_FINDING_UNUSED_TRANSFER, "a[0:N]");
  assert_int_equal(a->count, 1);
  assert_int_equal(a->bytes, FX_BYTES);
  assert_int_equal(a->at.line, 14);
  const oi_finding *x = fx_find(&f, OI_FINDING_UNUSED_TRANSFER, "x[0:1]");
  assert_int_equal(x->count, 2);
  assert_int_equal(x->total, 2);
  assert_int_equal(x->bytes, 16);
  fx_done(&f);
}

/* target update to(a) at line 30 after the device's last kernel */
static void sent_after_last_kernel(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  setup_a(&f);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H1);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 30, 1, FX_A, FX_BYTES, H2);
  fx_kernel(&f, FX_DEV + 1); /* another device's kernel cannot read it */
  const oi_finding *u = fx_find(&f, OI_FINDING_UNUSED_TRANSFER, "a[0:N]");
  assert_int_equal(u->count, 1);
  assert_int_equal(u->at.line, 30);
  assert_int_equal(u->bytes, FX_BYTES);
  fx_done(&f);
}

/* enter data map(to: a) at 10, exit data at 12, no kernel ever */
static void freed_before_any_kernel(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 10, 1, FX_A, FX_BYTES, H1);
  fx_op(&f, OI_DATA_OP_DELETE, 12, 1, FX_A, 0, FX_NO_HASH);
  fx_kernel(&f, FX_DEV); /* too late: the memory is gone */
  const oi_finding *u = fx_find(&f, OI_FINDING_UNUSED_TRANSFER, "a[0:N]");
  assert_int_equal(u->count, 1);
  assert_int_equal(u->at.line, 10);
  assert_int_equal(fx_find(&f, OI_FINDING_UNUSED_ALLOC, "a[0:N]")->count, 1);
  /* alloc + delete + the transfer, each once */
  assert_int_equal(oi_analysis_totals_get(f.ctx)->saved_ns, 3 * FX_DUR);
  fx_done(&f);
}

/* every transfer read by a kernel before anything overwrites it */
static void read_transfers_are_used(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  setup_a(&f);
  for (uint64_t i = 0; i < 4; i++) {
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H1 + i);
    fx_kernel(&f, FX_DEV);
  }
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_TRANSFER), 0);
  fx_done(&f);
}

/* a[0:N] sent at 14, then its first 600 of 800 bytes (b at a's address)
 * at 16: most of the first transfer, but not all of it, was overwritten */
static void mostly_overwritten_is_still_partial(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  setup_a(&f);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H1);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 16, 2, FX_A, 600, H2);
  fx_kernel(&f, FX_DEV);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_TRANSFER), 1);
  const oi_finding *u = fx_find(&f, OI_FINDING_UNUSED_TRANSFER, "a[0:N]");
  assert_int_equal(u->count, 0);
  assert_int_equal(u->partial, 1);
  assert_int_equal(u->bytes, 600);
  assert_int_equal(u->time_ns, FX_DUR * 600 / FX_BYTES);
  fx_done(&f);
}

/* a transfer while a kernel runs on the device (nowait offloading from
 * another thread) may be read by that kernel: not unused, even with no
 * kernel after it */
static void sent_during_a_running_kernel_is_used(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  setup_a(&f);
  fx_kernel_edge(&f, FX_DEV, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 14, 1, FX_A, FX_BYTES, H1);
  fx_kernel_edge(&f, FX_DEV, OI_EP_END);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNUSED_TRANSFER), 0);
  fx_done(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(overwritten_before_kernel),
      cmocka_unit_test(partial_overlap_charges_only_overwritten_bytes),
      cmocka_unit_test(segments_split_and_settle),
      cmocka_unit_test(sent_after_last_kernel),
      cmocka_unit_test(freed_before_any_kernel),
      cmocka_unit_test(read_transfers_are_used),
      cmocka_unit_test(mostly_overwritten_is_still_partial),
      cmocka_unit_test(sent_during_a_running_kernel_is_used),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
