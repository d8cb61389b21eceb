/* The merge rules of shim/unify.c without a runtime: which hooks stay
 * silent for a capability matrix, the construct stack, and what a native
 * event takes from the frame it happens in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shim/unify.h"
#include "shim/native_kinds.h"
#include "shim/ids.h"

static oi_site_entry site_of(unsigned construct, uint64_t leaves) {
  oi_site_entry entry = {.construct = (uint8_t)construct, .leaves = leaves};
  entry.team_begin = construct == OI_CONSTRUCT_PARALLEL || construct == OI_CONSTRUCT_TEAMS;
  entry.device = construct >= OI_CONSTRUCT_TARGET && construct <= OI_CONSTRUCT_TARGET_UPDATE;
  return entry;
}

static void configure(const ompt_callbacks_t *callbacks, const unsigned *results, unsigned n) {
  oi_capabilities capabilities = {0};
  for (unsigned i = 0; i < n; i++)
    capabilities.entry[capabilities.count++] =
        (oi_capability){.callback = callbacks[i], .result = results[i]};
  oi_native_configure(&capabilities);
}

static void hooks_stay_silent_only_for_active_callbacks(void **state) {
  (void)state;
  const ompt_callbacks_t callbacks[] = {ompt_callback_parallel_begin, ompt_callback_implicit_task,
                                        ompt_callback_work,           ompt_callback_target_emi,
                                        ompt_callback_target,         ompt_callback_mutex_acquired,
                                        ompt_callback_sync_region,    ompt_callback_cancel};
  const unsigned results[] = {ompt_set_always, ompt_set_always,    ompt_set_never,
                              ompt_set_never,  ompt_set_sometimes, 0,
                              ompt_set_always, ompt_set_always};
  configure(callbacks, results, 8);
  oi_site_entry parallel = site_of(OI_CONSTRUCT_PARALLEL, 0);
  oi_site_entry teams = site_of(OI_CONSTRUCT_TEAMS, 0);
  oi_site_entry loop = site_of(OI_CONSTRUCT_FOR, 0);
  oi_site_entry target = site_of(OI_CONSTRUCT_TARGET_DATA, 0);
  oi_site_entry critical = site_of(OI_CONSTRUCT_CRITICAL, 0);
  oi_site_entry barrier = site_of(OI_CONSTRUCT_BARRIER, 0);
  oi_site_entry atomic = site_of(OI_CONSTRUCT_ATOMIC, 0);
  oi_site_entry section = site_of(OI_CONSTRUCT_SECTION, 0);
  assert_true(oi_native_reports(&parallel, OMPT_INST_ENTER));
  assert_true(oi_native_reports(&parallel, OMPT_INST_BEGIN));
  /* the runtime skips a league's initial tasks */
  assert_true(oi_native_reports(&teams, OMPT_INST_EXIT));
  assert_false(oi_native_reports(&teams, OMPT_INST_BEGIN));
  assert_false(oi_native_reports(&loop, OMPT_INST_ENTER)); /* never */
  /* the pre-5.1 fallback counts when the EMI callback is refused */
  assert_true(oi_native_reports(&target, OMPT_INST_ENTER));
  assert_false(oi_native_reports(&critical, OMPT_INST_ENTER)); /* disabled */
  assert_true(oi_native_reports(&barrier, OMPT_INST_EXIT));
  assert_false(oi_native_reports(&atomic, OMPT_INST_ENTER));
  assert_false(oi_native_reports(&section, OMPT_INST_BEGIN));
  /* no runtime here, so cancellation is off: the runtime would ignore it */
  oi_site_entry cancel = site_of(OI_CONSTRUCT_CANCEL, 0);
  assert_false(oi_native_reports(&cancel, OMPT_INST_ENTER));
  assert_true(oi_native_infers_data_ops());
  const ompt_callbacks_t data[] = {ompt_callback_target_data_op_emi};
  const unsigned always[] = {ompt_set_always};
  configure(data, always, 1);
  assert_false(oi_native_infers_data_ops());
  assert_false(oi_native_reports(&parallel, OMPT_INST_ENTER));
}

static void frames_pop_down_to_their_site(void **state) {
  (void)state;
  oi_thread *t = calloc(1, sizeof *t);
  oi_site_entry entry = site_of(OI_CONSTRUCT_FOR, 0);
  assert_null(oi_construct_top(&t->constructs));
  oi_construct_push(&t->constructs, 1, &entry, 0, NULL, NULL);
  oi_construct_push(&t->constructs, 2, &entry, 0, NULL, NULL);
  oi_construct_push(&t->constructs, 3, &entry, 0, NULL, NULL);
  assert_int_equal(oi_construct_top(&t->constructs)->site, 3);
  oi_construct_pop(&t->constructs, 2); /* a construct left by a jump closes with its parent */
  assert_int_equal(oi_construct_top(&t->constructs)->site, 1);
  oi_construct_pop(&t->constructs, 9); /* not on the stack: nothing */
  assert_int_equal(t->constructs.depth, 1);
  oi_construct_pop(&t->constructs, 1);
  assert_int_equal(t->constructs.depth, 0);
  /* past the depth limit frames are only counted */
  for (uint32_t i = 0; i < OI_SITE_DEPTH + 2; i++)
    oi_construct_push(&t->constructs, 100 + i, &entry, 0, NULL, NULL);
  assert_null(oi_construct_top(&t->constructs));
  oi_construct_pop(&t->constructs, 100 + OI_SITE_DEPTH + 1);
  oi_construct_pop(&t->constructs, 100 + OI_SITE_DEPTH);
  assert_int_equal(oi_construct_top(&t->constructs)->site, 100 + OI_SITE_DEPTH - 1);
  free(t);
}

static void native_events_take_the_enclosing_site(void **state) {
  (void)state;
  const ompt_callbacks_t callbacks[] = {ompt_callback_work, ompt_callback_target_emi};
  const unsigned results[] = {ompt_set_always, ompt_set_always};
  configure(callbacks, results, 2);
  oi_thread *t = calloc(1, sizeof *t);
  oi_site_entry parallel_for = site_of(OI_CONSTRUCT_PARALLEL, UINT64_C(1) << OI_CONSTRUCT_PARALLEL |
                                                                  UINT64_C(1) << OI_CONSTRUCT_FOR);
  oi_site_entry loop = site_of(OI_CONSTRUCT_FOR, 0);
  oi_site_entry target = site_of(OI_CONSTRUCT_TARGET, 0);

  oi_event e = {.kind = OI_KIND_WORK, .construct = OI_CONSTRUCT_FOR};
  oi_unify_merge(t, &e); /* no instrumented construct: stays as it was */
  assert_int_equal(e.site, 0);
  assert_int_equal(e.origin, OI_ORIGIN_NATIVE);

  oi_construct_push(&t->constructs, 5, &parallel_for, 0, NULL, NULL);
  oi_unify_merge(t, &e); /* the for of a parallel for: not the site's own */
  assert_int_equal(e.site, 5);
  assert_int_equal(e.origin, OI_ORIGIN_NATIVE);

  oi_construct_push(&t->constructs, 6, &loop, 0, NULL, NULL);
  e = (oi_event){.kind = OI_KIND_WORK, .construct = OI_CONSTRUCT_FOR};
  oi_unify_merge(t, &e);
  assert_int_equal(e.site, 6);
  assert_int_equal(e.origin, OI_ORIGIN_MERGED);
  e = (oi_event){.kind = OI_KIND_SYNC, .construct = OI_CONSTRUCT_BARRIER};
  oi_unify_merge(t, &e); /* the loop's implicit barrier */
  assert_int_equal(e.site, 6);
  assert_int_equal(e.origin, OI_ORIGIN_NATIVE);
  oi_construct_pop(&t->constructs, 6);

  /* the runtime names a target data region by its enter and exit, master
   * masked (OI_CONSTRUCTS' REPORTED_AS) */
  oi_site_entry target_data = site_of(OI_CONSTRUCT_TARGET_DATA, 0);
  oi_construct_push(&t->constructs, 9, &target_data, 0, NULL, NULL);
  e = (oi_event){.kind = OI_KIND_TARGET, .construct = OI_CONSTRUCT_TARGET_EXIT_DATA};
  oi_unify_merge(t, &e);
  assert_int_equal(e.origin, OI_ORIGIN_MERGED);
  oi_construct_pop(&t->constructs, 9);
  assert_true(oi_construct_reported_as(OI_CONSTRUCT_MASTER, OI_CONSTRUCT_MASKED));
  assert_false(oi_construct_reported_as(OI_CONSTRUCT_MASKED, OI_CONSTRUCT_MASTER));

  /* the runtime names a loop construct the worksharing loop it becomes */
  oi_site_entry loop_construct = site_of(OI_CONSTRUCT_LOOP, 0);
  oi_construct_push(&t->constructs, 8, &loop_construct, 0, NULL, NULL);
  e = (oi_event){.kind = OI_KIND_WORK, .construct = OI_CONSTRUCT_FOR};
  oi_unify_merge(t, &e);
  assert_int_equal(e.origin, OI_ORIGIN_MERGED);
  oi_construct_pop(&t->constructs, 8);

  static double a[10];
  static char b;
  const void *addrs[] = {a, &b};
  const uint64_t bytes[] = {sizeof a, sizeof b};
  oi_construct_frame *f = oi_construct_push(&t->constructs, 7, &target, 2, addrs, bytes);
  e = (oi_event){.kind = OI_KIND_TARGET, .construct = OI_CONSTRUCT_TARGET};
  oi_unify_merge(t, &e);
  assert_int_equal(e.origin, OI_ORIGIN_MERGED);
  /* a device construct of another kind is not this site's instance */
  e = (oi_event){.kind = OI_KIND_TARGET, .construct = OI_CONSTRUCT_TARGET_UPDATE};
  oi_unify_merge(t, &e);
  assert_int_equal(e.origin, OI_ORIGIN_NATIVE);
  e = (oi_event){.kind = OI_KIND_DATA_OP, .op = OI_DATA_OP_TO_DEVICE};
  e.u.data.host_addr = (uintptr_t)&a[9];
  oi_unify_merge(t, &e);
  assert_int_equal(e.site, 7);
  assert_int_equal(e.var, 1);
  e.u.data.host_addr = (uintptr_t)&b;
  e.var = 0;
  oi_unify_merge(t, &e);
  assert_int_equal(e.var, 2);
  assert_int_equal(oi_construct_item_of(&t->constructs, f, (uintptr_t)&a[10]),
                   (uintptr_t)&a[10] == (uintptr_t)&b ? 2 : 0);
  assert_int_equal(oi_construct_item_of(&t->constructs, f, 0), 0);
  oi_construct_pop(&t->constructs, 7);
  assert_int_equal(t->constructs.item_count, 0);
  free(t);
}

static void regions_and_tasks_carry_their_sites(void **state) {
  (void)state;
  oi_thread *t = calloc(1, sizeof *t);
  t->block = 3; /* the thread's ids are its own (ids.h) */
  oi_tls_thread = t;
  uint64_t region = oi_new_id();
  assert_int_equal(oi_id_block(region), 3);
  oi_unify_region_site(region, 9);
  oi_event e = {.kind = OI_KIND_IMPLICIT_TASK};
  OI_SET(&e, IMPLICIT_TASK, parallel_id, region);
  oi_unify_merge(t, &e);
  assert_int_equal(e.site, 9);
  assert_int_equal(e.origin, OI_ORIGIN_MERGED);
  /* a region OI_REGION_SLOTS ids later took the slot: the old id finds
   * nothing */
  t->id_seq += OI_REGION_SLOTS - 1;
  oi_unify_region_site(oi_new_id(), 10);
  e = (oi_event){.kind = OI_KIND_IMPLICIT_TASK};
  OI_SET(&e, IMPLICIT_TASK, parallel_id, region);
  oi_unify_merge(t, &e);
  assert_int_equal(e.site, 0);
  /* a task takes its creator's site wherever it runs, and stays native */
  uint64_t task = oi_new_id();
  oi_unify_region_site(task, 11);
  oi_site_entry single = site_of(OI_CONSTRUCT_SINGLE, 0);
  oi_construct_push(&t->constructs, 12, &single, 0, NULL, NULL);
  e = (oi_event){.kind = OI_KIND_TASK};
  OI_SET(&e, TASK, task_id, task);
  oi_unify_merge(t, &e);
  assert_int_equal(e.site, 11);
  assert_int_equal(e.origin, OI_ORIGIN_NATIVE);
  oi_tls_thread = NULL;
  free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(hooks_stay_silent_only_for_active_callbacks),
      cmocka_unit_test(frames_pop_down_to_their_site),
      cmocka_unit_test(native_events_take_the_enclosing_site),
      cmocka_unit_test(regions_and_tasks_carry_their_sites),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
