/* The one order and the one identity of findings (tools/model/findings.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/findings.h"

static oi_finding finding(uint64_t time_ns, uint64_t bytes, uint64_t count, unsigned kind,
                          unsigned line) {
  oi_finding f = {.kind = kind, .time_ns = time_ns, .bytes = bytes, .count = count};
  f.at.line = line;
  return f;
}

static void most_avoidable_first_then_kind_and_line(void **state) {
  (void)state;
  oi_finding slow = finding(200, 1, 1, OI_FINDING_ROUND_TRIP, 9);
  oi_finding fast = finding(100, 9, 9, OI_FINDING_DUPLICATE_TRANSFER, 1);
  assert_true(oi_finding_compare(&slow, &fast) < 0); /* time decides first */
  assert_true(oi_finding_compare(&fast, &slow) > 0);
  oi_finding more_bytes = finding(100, 10, 1, OI_FINDING_ROUND_TRIP, 9);
  assert_true(oi_finding_compare(&more_bytes, &fast) < 0);
  oi_finding more_ops = finding(100, 9, 10, OI_FINDING_ROUND_TRIP, 9);
  assert_true(oi_finding_compare(&more_ops, &fast) < 0);
  oi_finding later_kind = finding(100, 9, 9, OI_FINDING_ROUND_TRIP, 1);
  assert_true(oi_finding_compare(&fast, &later_kind) < 0);
  oi_finding later_line = finding(100, 9, 9, OI_FINDING_DUPLICATE_TRANSFER, 2);
  assert_true(oi_finding_compare(&fast, &later_line) < 0);
  assert_int_equal(oi_finding_compare(&fast, &fast), 0);
}

static void one_identity_whatever_the_blanks(void **state) {
  (void)state;
  oi_finding f = finding(1, 1, 1, OI_FINDING_DUPLICATE_TRANSFER, 3);
  f.op = OI_DATA_OP_TO_DEVICE;
  char *written = oi_finding_key(&f, "u[0:n*n]", "heat.c\x1fstep");
  char *clang = oi_finding_key(&f, "u[0:n * n]", "heat.c\x1fstep");
  assert_non_null(written);
  assert_string_equal(written, clang);
  char *elsewhere = oi_finding_key(&f, "u[0:n*n]", "heat.c\x1fmain");
  assert_string_not_equal(written, elsewhere);
  f.op = OI_DATA_OP_FROM_DEVICE; /* another operation: another finding */
  char *back = oi_finding_key(&f, "u[0:n*n]", "heat.c\x1fstep");
  assert_string_not_equal(written, back);
  f.op = OI_DATA_OP_TO_DEVICE;
  f.device = 1; /* another device too */
  char *device1 = oi_finding_key(&f, "u[0:n*n]", "heat.c\x1fstep");
  assert_string_not_equal(written, device1);
  free(written), free(clang), free(elsewhere), free(back), free(device1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(most_avoidable_first_then_kind_and_line),
      cmocka_unit_test(one_identity_whatever_the_blanks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
