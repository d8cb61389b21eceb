/* Kernels as writers (kernel_writes.c): a target body that may write a
 * mapped variable makes content that comes back unchanged "the same values
 * this run only", and content sent again to the copy it wrote no avoidable
 * duplicate — counted, marked may_change with the kernel's line, no fix
 * advised, nothing added to the potential. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "analysis_fixture.h"

enum { H0 = 0x1111, H1 = 0x2222 };
#define ELEMENT (FX_A + 5 * 8) /* x[0:1] stands for a[5] here */

/* target data map(tofrom: a) at 20 { target at 22 writing a }: a comes back
 * at 20 with the content it was sent with */
static void written_then_back_unchanged(fx *f) {
  f->construct = OI_CONSTRUCT_TARGET_DATA;
  fx_region(f, OI_CONSTRUCT_TARGET_DATA, OI_EP_BEGIN);
  fx_op(f, OI_DATA_OP_ALLOC, 20, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(f, OI_DATA_OP_TO_DEVICE, 20, 1, FX_A, FX_BYTES, H0);
  fx_region(f, OI_CONSTRUCT_TARGET_DATA, OI_EP_END);
  f->construct = OI_CONSTRUCT_TARGET;
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_map(f, 22, 1, FX_A, FX_BYTES);
  fx_kernel(f, FX_DEV);
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_END);
  f->construct = OI_CONSTRUCT_TARGET_DATA;
  fx_op(f, OI_DATA_OP_FROM_DEVICE, 20, 1, FX_A, FX_BYTES, H0);
  fx_op(f, OI_DATA_OP_DELETE, 20, 1, FX_A, 0, FX_NO_HASH);
}

/* the one round trip of `var`, back at `at_line`, not avoidable since the
 * kernel at `kernel_line` may write it; `saved` bytes avoidable in all */
static void assert_may_change(fx *f, const char *var, unsigned at_line, unsigned kernel_line,
                              uint64_t saved) {
  char suggestion[256];
  snprintf(suggestion, sizeof suggestion,
           "%s came back with the same content this run, but the kernel at "
           "line %u may change it: keep this transfer (no fix advised)",
           var, kernel_line);
  const oi_finding *rt = fx_find(f, OI_FINDING_ROUND_TRIP, var);
  assert_int_equal(rt->op, OI_DATA_OP_FROM_DEVICE);
  assert_int_equal(rt->count, 1);
  assert_int_equal(rt->may_change, 1);
  assert_int_equal(rt->changed_line, kernel_line);
  assert_int_equal(rt->at.line, at_line);
  assert_string_equal(fx_advice(rt), suggestion);
  const oi_analysis_totals *t = oi_analysis_totals_get(f->ctx);
  assert_int_equal(t->saved_bytes, saved);
  assert_int_equal(t->saved_ns, saved * FX_DUR / FX_BYTES); /* pro rata */
}

static void a_written_value_back_unchanged_is_no_advice(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.writes[1] = 1;
  written_then_back_unchanged(&f);
  assert_may_change(&f, "a[0:N]", 20, 22, 0);
  fx_done(&f);
}

/* the same stream where no writes= line says what the body writes (a build
 * without the plugin): it may write every copy of its device, a included,
 * marked unseen, and the advice says how to learn more */
static void an_unseen_body_may_write_every_copy(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.writes_unknown = true;
  written_then_back_unchanged(&f);
  const oi_finding *rt = fx_find(&f, OI_FINDING_ROUND_TRIP, "a[0:N]");
  assert_int_equal(rt->may_change, 1);
  assert_true(rt->changed_unseen);
  assert_int_equal(rt->changed_line, FX_REGION_SITE);
  assert_string_equal(fx_advice(rt),
                      "a[0:N] came back with the same content this run, but the kernel at line 99 "
                      "may change it: keep this transfer (no fix advised); a build without the "
                      "plugin cannot see what a kernel writes: built with `ompt-inst cc`, the "
                      "plugin can prove it does not");
  assert_int_equal(oi_analysis_totals_get(f.ctx)->saved_bytes, 0);
  fx_done(&f);
}

/* a region without any site (the runtime's events alone): the same */
static void a_region_without_a_site_may_write_every_copy(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.region_site = 0;
  written_then_back_unchanged(&f);
  const oi_finding *rt = fx_find(&f, OI_FINDING_ROUND_TRIP, "a[0:N]");
  assert_int_equal(rt->may_change, 1);
  assert_true(rt->changed_unseen);
  fx_done(&f);
}

/* the same stream with a body that only reads a: an avoidable round trip */
static void a_read_value_back_unchanged_is_avoidable(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  written_then_back_unchanged(&f);
  const oi_finding *rt = fx_find(&f, OI_FINDING_ROUND_TRIP, "a[0:N]");
  assert_int_equal(rt->may_change, 0);
  assert_int_equal(oi_analysis_totals_get(f.ctx)->saved_bytes, FX_BYTES);
  fx_done(&f);
}

/* target map(tofrom: a) at 30 writing a, in a stream that reports the
 * region but no kernel event: the copy back inside the region comes after
 * the kernel, so the write counts before it */
static void a_write_counts_before_the_copy_back_without_kernel_events(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.writes[1] = 1;
  f.construct = OI_CONSTRUCT_TARGET;
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_map(&f, 30, 1, FX_A, FX_BYTES);
  fx_op(&f, OI_DATA_OP_ALLOC, 30, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 30, 1, FX_A, FX_BYTES, H0);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 30, 1, FX_A, FX_BYTES, H0);
  fx_op(&f, OI_DATA_OP_DELETE, 30, 1, FX_A, 0, FX_NO_HASH);
  fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_END);
  assert_may_change(&f, "a[0:N]", 30, 30, 0);
  fx_done(&f);
}

/* target data map(to: a) at 20; target update to(a[5]) at 21; a target at
 * 22 mapping a and writing it (or, `anything`, mapping nothing and writing
 * whatever it can reach through pointers; or, `pointee`, writing through a
 * pointer into a[2] that no clause maps, the plugin's zero-length item):
 * the device's copies of a and of its element are both written, whichever
 * comes back next. (The update overwrites 8 bytes of what line 20 sent
 * before a kernel read them: those 8 are avoidable.) */
enum writer { WRITES_ITEM, WRITES_ANYTHING, WRITES_POINTEE };
static void array_and_element_then_a_kernel_writing_the_array(fx *f, enum writer writer) {
  bool anything = writer == WRITES_ANYTHING;
  if (anything) {
    f->writes[0] = 1;
    f->region_site = 22;
  } else {
    f->writes[1] = 1;
  }
  f->construct = OI_CONSTRUCT_TARGET_DATA;
  fx_op(f, OI_DATA_OP_ALLOC, 20, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(f, OI_DATA_OP_TO_DEVICE, 20, 1, FX_A, FX_BYTES, H0);
  f->construct = OI_CONSTRUCT_TARGET_UPDATE;
  fx_op(f, OI_DATA_OP_TO_DEVICE, 21, 4, ELEMENT, 8, H1);
  f->construct = OI_CONSTRUCT_TARGET;
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  if (writer == WRITES_ITEM)
    fx_map(f, 22, 1, FX_A, FX_BYTES);
  else if (writer == WRITES_POINTEE)
    fx_map(f, 22, 1, FX_A + 16, 0);
  fx_kernel(f, FX_DEV);
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_END);
}

/* After that, with either kind of kernel: the copy of `name` comes back
 * unchanged at `line`, the same values this run only. */
static void back_after_the_kernel(enum oi_construct construct, uint32_t line, uint16_t var,
                                  uint64_t host, uint64_t bytes, uint64_t hash, const char *name) {
  for (enum writer writer = WRITES_ITEM; writer <= WRITES_POINTEE; writer++) {
    fx f;
    fx_init(&f);
    array_and_element_then_a_kernel_writing_the_array(&f, writer);
    f.construct = construct;
    fx_op(&f, OI_DATA_OP_FROM_DEVICE, line, var, host, bytes, hash);
    assert_may_change(&f, name, line, 22, 8);
    fx_done(&f);
  }
}

static void a_kernel_writing_an_array_writes_its_element(void **state) {
  (void)state;
  back_after_the_kernel(OI_CONSTRUCT_TARGET_UPDATE, 23, 4, ELEMENT, 8, H1, "x[0:1]");
}

static void a_kernel_writing_an_array_writes_the_whole_array(void **state) {
  (void)state;
  back_after_the_kernel(OI_CONSTRUCT_TARGET_DATA, 20, 1, FX_A, FX_BYTES, H0, "a[0:N]");
}

/* a target region (at f->region_site) that runs one kernel, no map item */
static void a_target_and_its_kernel(fx *f) {
  f->construct = OI_CONSTRUCT_TARGET;
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
  fx_kernel(f, FX_DEV);
  fx_region(f, OI_CONSTRUCT_TARGET, OI_EP_END);
}

/* A kernel that may write anything writes every copy the device holds, at
 * every step: after the last one, a still comes back as the same values
 * this run only, and b, sent after it, as an avoidable round trip. */
static void a_kernel_writing_anything_writes_every_copy_every_time(void **state) {
  (void)state;
  fx f;
  fx_init(&f);
  f.writes[0] = 1;
  f.region_site = 22;
  f.construct = OI_CONSTRUCT_TARGET_DATA;
  fx_op(&f, OI_DATA_OP_ALLOC, 20, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 20, 1, FX_A, FX_BYTES, H0);
  fx_op(&f, OI_DATA_OP_ALLOC, 20, 4, ELEMENT, 8, FX_NO_HASH);
  for (int step = 0; step < 3; step++) {
    f.construct = OI_CONSTRUCT_TARGET_UPDATE;
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 21, 4, ELEMENT, 8, H1);
    a_target_and_its_kernel(&f);
  }
  f.construct = OI_CONSTRUCT_TARGET_DATA;
  fx_op(&f, OI_DATA_OP_ALLOC, 24, 2, FX_B, FX_BYTES, FX_NO_HASH);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 24, 2, FX_B, FX_BYTES, H1);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 25, 2, FX_B, FX_BYTES, H1);
  fx_op(&f, OI_DATA_OP_FROM_DEVICE, 20, 1, FX_A, FX_BYTES, H0);
  const oi_finding *a = fx_find(&f, OI_FINDING_ROUND_TRIP, "a[0:N]");
  assert_int_equal(a->may_change, 1);
  assert_int_equal(a->changed_line, 22);
  const oi_finding *b = fx_find(&f, OI_FINDING_ROUND_TRIP, "b[0:N]");
  assert_int_equal(b->may_change, 0);
  assert_int_equal(b->count, 1);
  fx_done(&f);
}

/* a sent at 20 (after its element, sent at 21, when `element`: then a's
 * versions are kept per byte), a kernel at 22, a sent again unchanged at
 * 20: a duplicate, avoidable unless the kernel may write anything (then
 * counted, marked may_change with the kernel's line) */
static void a_sent_twice(bool element, bool kernel_writes) {
  fx f;
  fx_init(&f);
  f.writes[0] = kernel_writes;
  f.region_site = 22;
  f.construct = OI_CONSTRUCT_TARGET_DATA;
  fx_op(&f, OI_DATA_OP_ALLOC, 20, 1, FX_A, FX_BYTES, FX_NO_HASH);
  if (element)
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 21, 4, ELEMENT, 8, H1);
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 20, 1, FX_A, FX_BYTES, H0);
  a_target_and_its_kernel(&f);
  f.construct = OI_CONSTRUCT_TARGET_UPDATE;
  fx_op(&f, OI_DATA_OP_TO_DEVICE, 20, 1, FX_A, FX_BYTES, H0);
  const oi_finding *dup = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(dup->count, 1);
  assert_int_equal(dup->may_change, kernel_writes);
  assert_int_equal(dup->changed_line, kernel_writes ? 22 : 0);
  if (kernel_writes)
    assert_string_equal(fx_advice(dup), "a[0:N] is sent with the content its device copy had "
                                        "before, but the kernel at line 22 writes that copy in "
                                        "between: keep this transfer (no fix advised)");
  /* the last send is read by no kernel: unused either way, counted once
   * with the duplicate; the element's 8 bytes were overwritten unread */
  assert_int_equal(oi_analysis_totals_get(f.ctx)->saved_bytes, FX_BYTES + (element ? 8 : 0));
  fx_done(&f);
}

/* What a kernel that may write anything changes is seen whether the copy
 * keeps one version (a whole array) or one per byte (an array and its
 * element both mapped). */
static void a_copy_a_kernel_may_write_is_sent_again_rightly(void **state) {
  (void)state;
  for (int element = 0; element <= 1; element++) {
    a_sent_twice(element, false);
    a_sent_twice(element, true);
  }
}

/* The wavefront shape (issue 35): target map(to: a) at 30, twice, whose
 * body writes through a pointer it does not map (`*`) and not a itself; a
 * is sent to a fresh allocation each time with the same content. The
 * plugin judged a by name: the `*` kernel leaves it alone, and the second
 * send is an avoidable duplicate, as a plain build finds it. When the body
 * does write a, the same send is counted, marked with the kernel's line. */
static void target_mapping_a_twice(bool writes_a) {
  fx f;
  fx_init(&f);
  f.writes[0] = 1;
  f.writes[1] = writes_a;
  f.region_site = 30;
  f.construct = OI_CONSTRUCT_TARGET;
  for (int pass = 0; pass < 2; pass++) {
    fx_map(&f, 30, 1, FX_A, FX_BYTES);
    fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_BEGIN);
    fx_op(&f, OI_DATA_OP_ALLOC, 30, 1, FX_A, FX_BYTES, FX_NO_HASH);
    fx_op(&f, OI_DATA_OP_TO_DEVICE, 30, 1, FX_A, FX_BYTES, H0);
    fx_kernel(&f, FX_DEV);
    fx_op(&f, OI_DATA_OP_DELETE, 30, 1, FX_A, 0, FX_NO_HASH);
    fx_region(&f, OI_CONSTRUCT_TARGET, OI_EP_END);
  }
  const oi_finding *dup = fx_find(&f, OI_FINDING_DUPLICATE_TRANSFER, "a[0:N]");
  assert_int_equal(dup->count, 1);
  assert_int_equal(dup->may_change, writes_a);
  assert_int_equal(dup->changed_line, writes_a ? 30 : 0);
  assert_int_equal(oi_analysis_totals_get(f.ctx)->saved_bytes, writes_a ? 0 : FX_BYTES);
  fx_done(&f);
}

static void a_pointer_write_spares_the_items_the_construct_names(void **state) {
  (void)state;
  target_mapping_a_twice(false);
  target_mapping_a_twice(true);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_written_value_back_unchanged_is_no_advice),
      cmocka_unit_test(a_read_value_back_unchanged_is_avoidable),
      cmocka_unit_test(an_unseen_body_may_write_every_copy),
      cmocka_unit_test(a_region_without_a_site_may_write_every_copy),
      cmocka_unit_test(a_write_counts_before_the_copy_back_without_kernel_events),
      cmocka_unit_test(a_kernel_writing_an_array_writes_its_element),
      cmocka_unit_test(a_kernel_writing_an_array_writes_the_whole_array),
      cmocka_unit_test(a_kernel_writing_anything_writes_every_copy_every_time),
      cmocka_unit_test(a_copy_a_kernel_may_write_is_sent_again_rightly),
      cmocka_unit_test(a_pointer_write_spares_the_items_the_construct_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
