/* Mapping bugs (mapping_bugs.c): updates and exits of data the device does
 * not hold, and device copies read before anything wrote them; each only
 * when proven, none where a kernel may have written the copy, a `declare
 * target` variable moved, or the allocations are inferred. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "analysis_fixture.h"

enum { H0 = 0x1111, H1 = 0x2222 };

/* b mapped by the runtime: the device's allocations are its own */
static void runtime_maps_b(fx *f) {
  fx_op(f, OI_DATA_OP_ALLOC, 10, 2, FX_B, FX_BYTES, FX_NO_HASH);
  fx_op(f, OI_DATA_OP_TO_DEVICE, 10, 2, FX_B, FX_BYTES, H0);
}

/* `target update to(a)` at line 30, a never mapped */
static void update_a(fx *f) {
  f->map_item = OI_ITEM_TO;
  fx_map_of(f, OI_CONSTRUCT_TARGET_UPDATE, 30, 1, FX_A, FX_BYTES);
  fx_region(f, OI_CONSTRUCT_TARGET_UPDATE, OI_EP_END);
}

static void an_update_of_absent_data_moves_nothing(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  runtime_maps_b(&f);
  update_a(&f);
  update_a(&f);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UPDATE_OF_ABSENT_DATA), 1);
  const oi_finding *bug = fx_find(&f, OI_FINDING_UPDATE_OF_ABSENT_DATA, "a[0:N]");
  assert_int_equal(bug->count, 2);
  assert_int_equal(bug->total, 2);
  assert_int_equal(bug->op, OI_DATA_OP_TO_DEVICE);
  assert_int_equal(bug->at.line, 30);
  assert_int_equal(bug->bytes, 0);
  assert_true(oi_finding_is_bug(bug->kind));
  assert_non_null(
      strstr(fx_advice(bug), "asks for a[0:N], which is not (wholly) on device 4 then"));
  /* a bug saves nothing, and comes before the cost findings (b's unused
   * allocation and transfer here) */
  assert_int_equal(bug->time_ns, 0);
  size_t count;
  const oi_finding *all = oi_analysis_findings(f.ctx, &count);
  assert_true(count > 1);
  assert_int_equal(all[0].kind, OI_FINDING_UPDATE_OF_ABSENT_DATA);
  for (size_t i = 1; i < count; i++)
    assert_false(oi_finding_is_bug(all[i].kind));
  fx_done(&f);
}

/* the same update inside the mapping of a, and of a part of it */
static void an_update_of_present_data_is_no_bug(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  update_a(&f);
  f.map_item = OI_ITEM_FROM;
  fx_map_of(&f, OI_CONSTRUCT_TARGET_UPDATE, 31, 4, FX_A + 40, 8);
  fx_region(&f, OI_CONSTRUCT_TARGET_UPDATE, OI_EP_END);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UPDATE_OF_ABSENT_DATA), 0);
  fx_done(&f);
}

/* a `declare target` variable: no allocation, yet the update moves it */
static void a_declare_target_update_moves_and_is_no_bug(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  runtime_maps_b(&f);
  f.map_item = OI_ITEM_TO;
  fx_map_of(&f, OI_CONSTRUCT_TARGET_UPDATE, 30, 1, FX_A, FX_BYTES);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 30, 1, FX_A, FX_BYTES, H0);
  fx_region(&f, OI_CONSTRUCT_TARGET_UPDATE, OI_EP_END);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UPDATE_OF_ABSENT_DATA), 0);
  fx_done(&f);
}

/* allocations inferred from map clauses know nothing of `declare target` */
static void inferred_allocations_prove_no_absence(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.origin = OI_ORIGIN_INFERRED;
  runtime_maps_b(&f);
  update_a(&f);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UPDATE_OF_ABSENT_DATA), 0);
  fx_done(&f);
}

static void an_exit_of_absent_data_brings_nothing_back(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  runtime_maps_b(&f);
  f.map_item = OI_ITEM_FROM;
  fx_map_of(&f, OI_CONSTRUCT_TARGET_EXIT_DATA, 40, 1, FX_A, FX_BYTES);
  fx_region(&f, OI_CONSTRUCT_TARGET_EXIT_DATA, OI_EP_END);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_EXIT_OF_ABSENT_DATA), 1);
  const oi_finding *bug = fx_find(&f, OI_FINDING_EXIT_OF_ABSENT_DATA, "a[0:N]");
  assert_int_equal(bug->op, OI_DATA_OP_FROM_DEVICE);
  assert_int_equal(bug->at.line, 40);
  fx_done(&f);
}

/* `enter data map(alloc: a)` then `update from(a)`: the host gets what the
 * device memory held */
static void a_copy_back_of_a_copy_nothing_wrote(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 12, 1, FX_A, FX_BYTES, H0);
  fx_op(&f, OI_DATA_OP_DELETE, 14, 1, FX_A, 0, FX_NO_HASH);
  /* a second lifetime, sent first: no bug */
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 10, 1, FX_A, FX_BYTES, H0);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 12, 1, FX_A, FX_BYTES, H0);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNINITIALIZED_DEVICE_READ), 1);
  const oi_finding *bug = fx_find(&f, OI_FINDING_UNINITIALIZED_DEVICE_READ, "a[0:N]");
  assert_int_equal(bug->count, 1);
  assert_int_equal(bug->op, OI_DATA_OP_FROM_DEVICE);
  assert_int_equal(bug->at.line, 12);
  fx_done(&f);
}

/* a allocated at line 10 without its content; then the target region at
 * line 22, mapping a as `item` (OI_ITEM_* bits), and its kernel */
static void kernel_after_alloc(fx *f, uint8_t item) {
  fx_op(f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  f->map_item = item;
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_map(f, 22, 1, FX_A, FX_BYTES);
  fx_kernel(f, FX_DEV);
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_END);
}

/* a kernel at line 22 maps a `to` (found present: nothing moves) and does
 * not write it: it reads a copy nothing wrote */
static void a_kernel_reads_a_copy_nothing_wrote(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  kernel_after_alloc(&f, OI_ITEM_TO);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNINITIALIZED_DEVICE_READ), 1);
  const oi_finding *bug = fx_find(&f, OI_FINDING_UNINITIALIZED_DEVICE_READ, "a[0:N]");
  assert_int_equal(bug->op, OI_DATA_OP_NONE);
  assert_int_equal(bug->at.line, 22);
  assert_non_null(strstr(fx_advice(bug), "the kernel at line 22 reads a[0:N]"));
  fx_done(&f);
}

/* a body that writes memory no map item names (`*`) may have written the
 * copy before it reads it: no read is proven uninitialized */
static void a_kernel_writing_unnamed_memory_proves_no_read(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.writes[0] = 1;
  kernel_after_alloc(&f, OI_ITEM_TO);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 24, 1, FX_A, FX_BYTES, H0);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNINITIALIZED_DEVICE_READ), 0);
  fx_done(&f);
}

/* a kernel that may write the copy: neither its read nor the copy back is
 * proven uninitialized; nor with a body nobody analysed */
static void a_kernel_that_may_write_the_copy_hides_nothing_wrong(void **state) {
  (void)state;
  for (int unseen = 0; unseen < 2; unseen++) {
    fx f;
    fx_init(&f);
    f.writes[1] = !unseen;
    f.writes_unknown = unseen;
    kernel_after_alloc(&f, OI_ITEM_FROM);
    fx_op(&f, OI_DATA_OP_FROM_DEVICE, 24, 1, FX_A, FX_BYTES, H0);
    assert_int_equal(fx_finish_count(&f, OI_FINDING_UNINITIALIZED_DEVICE_READ), 0);
    fx_done(&f);
  }
}

/* the item is allocated by the construct after its map items came, then
 * written by the kernel, then copied back (heat.c's `map(from: next)`) */
static void a_kernel_writes_what_its_construct_allocates(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.writes[1] = 1;
  f.map_item = OI_ITEM_FROM;
  fx_map(&f, 18, 1, FX_A, FX_BYTES);
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_op(&f, OI_DATA_OP_ALLOC, 18, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_kernel(&f, FX_DEV);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 18, 1, FX_A, FX_BYTES, H0);
  fx_op(&f, OI_DATA_OP_DELETE, 18, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_END);
  assert_int_equal(fx_finish_count(&f, OI_FINDING_UNINITIALIZED_DEVICE_READ), 0);
  fx_done(&f);
}

/* a sent at line 10 with content H0; the kernel at line 22 maps it `to`
 * (present: nothing moves) while the host holds `host` */
static size_t stale_reads(uint64_t host, bool written_between) {
  fx f;
  fx_init(&f);
  fx_op(&f, OI_DATA_OP_ALLOC, 10, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 10, 1, FX_A, FX_BYTES, H0);
  if (written_between) { /* a kernel at line 20 that writes a */
    f.writes[1] = 1;
    fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
    fx_map(&f, 20, 1, FX_A, FX_BYTES);
    fx_kernel(&f, FX_DEV);
    fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_END);
    f.writes[1] = 0;
  }
  f.map_item = OI_ITEM_TO;
  f.map_hash = host;
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_map(&f, 22, 1, FX_A, FX_BYTES);
  fx_kernel(&f, FX_DEV);
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_END);
  size_t found = fx_finish_count(&f, OI_FINDING_STALE_DEVICE_DATA);
  if (found) {
    const oi_finding *bug = fx_find(&f, OI_FINDING_STALE_DEVICE_DATA, "a[0:N]");
    assert_int_equal(bug->at.line, 22);
    assert_non_null(strstr(fx_advice(bug), "older than the host's"));
  }
  fx_done(&f);
  return found;
}

/* the host changed a after it was sent: the kernel reads the old copy;
 * unchanged, or a copy a kernel may have written since, proves nothing */
static void a_kernel_reads_a_device_copy_older_than_the_host(void **state) {
  (void)state;
  assert_int_equal(stale_reads(H1, false), 1);
  assert_int_equal(stale_reads(H0, false), 0);
  assert_int_equal(stale_reads(H1, true), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(an_update_of_absent_data_moves_nothing),
      cmocka_unit_test(an_update_of_present_data_is_no_bug),
      cmocka_unit_test(a_declare_target_update_moves_and_is_no_bug),
      cmocka_unit_test(inferred_allocations_prove_no_absence),
      cmocka_unit_test(an_exit_of_absent_data_brings_nothing_back),
      cmocka_unit_test(a_copy_back_of_a_copy_nothing_wrote),
      cmocka_unit_test(a_kernel_reads_a_copy_nothing_wrote),
      cmocka_unit_test(a_kernel_writing_unnamed_memory_proves_no_read),
      cmocka_unit_test(a_kernel_that_may_write_the_copy_hides_nothing_wrong),
      cmocka_unit_test(a_kernel_writes_what_its_construct_allocates),
      cmocka_unit_test(a_kernel_reads_a_device_copy_older_than_the_host),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
