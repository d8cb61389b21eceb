/* The map items of deferred target regions, kept by target task id
 * (shim/deferred_items.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "shim/deferred_items.h"

/* A thread whose frame holds `n` items of 100 bytes each, 1000 bytes apart
 * from 0x10000, after `before` items of an enclosing frame. */
static oi_thread *thread_with_items(oi_construct_frame *frame, uint32_t before, uint32_t n) {
  oi_thread *t = calloc(1, sizeof *t);
  assert_non_null(t);
  for (uint32_t i = 0; i < before + n; i++)
    t->constructs.item[i] =
        (oi_item_extent){.host_addr = 0x10000 + 1000 * (uint64_t)i, .bytes = 100};
  *frame = (oi_construct_frame){.site = 1, .first_item = before, .items = n};
  return t;
}

static void finds_the_item_holding_an_address(void **state) {
  (void)state;
  oi_construct_frame frame;
  oi_thread *t = thread_with_items(&frame, 2, 3); /* 0x10000 + 2000.. */
  oi_deferred_items_keep(7, t, &frame);
  free(t); /* the frame is gone when the task runs */
  assert_int_equal(oi_deferred_items_var(7, 0x10000 + 2000), 1);
  assert_int_equal(oi_deferred_items_var(7, 0x10000 + 3099), 2);
  assert_int_equal(oi_deferred_items_var(7, 0x10000 + 4050), 3);
  /* past an item's end, an enclosing frame's item, no address */
  assert_int_equal(oi_deferred_items_var(7, 0x10000 + 3100), 0);
  assert_int_equal(oi_deferred_items_var(7, 0x10000), 0);
  assert_int_equal(oi_deferred_items_var(7, 0), 0);
}

static void another_task_gets_nothing(void **state) {
  (void)state;
  oi_construct_frame frame;
  oi_thread *t = thread_with_items(&frame, 0, 1);
  oi_deferred_items_keep(8, t, &frame);
  assert_int_equal(oi_deferred_items_var(8, 0x10000), 1);
  assert_int_equal(oi_deferred_items_var(9, 0x10000), 0);
  assert_int_equal(oi_deferred_items_var(0, 0x10000), 0);
  /* a later task in the same slot takes it: the first gets no var rather
   * than the other's (some id among the next thousands shares its slot) */
  uint64_t later = 9;
  while (later < 100000 && oi_deferred_items_var(8, 0x10000) == 1)
    oi_deferred_items_keep(++later, t, &frame);
  assert_true(later < 100000);
  assert_int_equal(oi_deferred_items_var(8, 0x10000), 0);
  assert_int_equal(oi_deferred_items_var(later, 0x10000), 1);
  free(t);
}

static void too_many_items_are_not_kept(void **state) {
  (void)state;
  oi_construct_frame frame;
  oi_thread *t = thread_with_items(&frame, 0, OI_DEFERRED_ITEMS + 1);
  oi_deferred_items_keep(777777777, t, &frame);
  assert_int_equal(oi_deferred_items_var(777777777, 0x10000), 0);
  frame.items = OI_DEFERRED_ITEMS;
  oi_deferred_items_keep(777777777, t, &frame);
  assert_int_equal(oi_deferred_items_var(777777777, 0x10000 + 1000 * (OI_DEFERRED_ITEMS - 1)),
                   OI_DEFERRED_ITEMS);
  free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(finds_the_item_holding_an_address),
      cmocka_unit_test(another_task_gets_nothing),
      cmocka_unit_test(too_many_items_are_not_kept),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
