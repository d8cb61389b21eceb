/* `ompt-inst diff`'s matching and time verdicts (tools/report/diff_*.c):
 * rows pair by key and then by order whatever their lines, the rest stay
 * unmatched; a time change is real only beyond both sides' spread, the
 * threshold and the floor, and never with one run on a side. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "report/diff.h"

static void pairs_by_key_then_order(void **state) {
  (void)state;
  /* AFTER's lines moved by 10 and its rows come in another order */
  oi_diff_item a[] = {
      {"f|main|update", 25}, {"f|main|update", 29}, {"f|step|kernel", 18}, {"f|main|data", 23}};
  oi_diff_item b[] = {{"f|step|kernel", 28}, {"f|main|update", 39}, {"f|main|update", 35}};
  uint32_t *m = oi_diff_pair(a, 4, b, 3, sizeof *a);
  assert_non_null(m);
  assert_int_equal(m[0], 2); /* the first update meets the first update */
  assert_int_equal(m[1], 1);
  assert_int_equal(m[2], 0);
  assert_int_equal(m[3], OI_DIFF_NONE); /* the data region was removed */
  free(m);
}

static void extra_rows_of_a_key_stay_unmatched(void **state) {
  (void)state;
  oi_diff_item a[] = {{"k", 1}, {"k", 2}, {"k", 3}, {"z", 1}};
  oi_diff_item b[] = {{"k", 7}, {"z", 9}};
  uint32_t *m = oi_diff_pair(a, 4, b, 2, sizeof *a);
  assert_non_null(m);
  assert_int_equal(m[0], 0);
  assert_int_equal(m[1], OI_DIFF_NONE);
  assert_int_equal(m[2], OI_DIFF_NONE);
  assert_int_equal(m[3], 1);
  free(m);
}

static void time_verdicts(void **state) {
  (void)state;
  oi_diff_time one = {1e6, 1000000, 1000000, 1};
  oi_diff_time before = {1e6, 900000, 1100000, 3};
  oi_diff_time slower = {2e6, 1900000, 2100000, 3};
  oi_diff_time overlapping = {1.5e6, 1050000, 1950000, 3};
  oi_diff_time small = {1.05e6, 1040000, 1060000, 3}; /* under 10 % */
  oi_diff_time tiny_before = {1000, 900, 1100, 3}, tiny_after = {9000, 8900, 9100, 3};
  assert_int_equal(oi_diff_judge_time(&before, &slower, 10), OI_DIFF_SLOWER);
  assert_int_equal(oi_diff_judge_time(&slower, &before, 10), OI_DIFF_FASTER);
  assert_int_equal(oi_diff_judge_time(&before, &overlapping, 10), OI_DIFF_SAME);
  assert_int_equal(oi_diff_judge_time(&before, &small, 1), OI_DIFF_SAME); /* in the spread */
  assert_int_equal(oi_diff_judge_time(&before, &slower, 200), OI_DIFF_SAME);
  assert_int_equal(oi_diff_judge_time(&tiny_before, &tiny_after, 10), OI_DIFF_SAME); /* floor */
  assert_int_equal(oi_diff_judge_time(&one, &slower, 10), OI_DIFF_UNJUDGED);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(pairs_by_key_then_order),
      cmocka_unit_test(extra_rows_of_a_key_stay_unmatched),
      cmocka_unit_test(time_verdicts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
