/* Parsing OMPT_INST_DISABLE_NATIVE. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "shim/native_groups.h"

static unsigned parse(const char *list, char *unknown) {
  return oi_parse_native_groups(list, unknown, 16);
}

static void parses_groups(void **state) {
  (void)state;
  char unknown[16];
  assert_int_equal(parse("target", unknown), OI_NATIVE_TARGET);
  assert_string_equal(unknown, "");
  assert_int_equal(parse("host", unknown), OI_NATIVE_HOST);
  assert_int_equal(parse("host,target", unknown), OI_NATIVE_HOST | OI_NATIVE_TARGET);
  assert_int_equal(parse("all", unknown), OI_NATIVE_HOST | OI_NATIVE_TARGET);
  assert_int_equal(parse(" target , ", unknown), OI_NATIVE_TARGET);
  assert_string_equal(unknown, "");
}

static void empty_means_nothing_disabled(void **state) {
  (void)state;
  char unknown[16];
  assert_int_equal(parse(NULL, unknown), 0);
  assert_int_equal(parse("", unknown), 0);
  assert_int_equal(parse(",,", unknown), 0);
  assert_string_equal(unknown, "");
}

static void reports_first_unknown_item(void **state) {
  (void)state;
  char unknown[16];
  assert_int_equal(parse("targets,host,bogus", unknown), OI_NATIVE_HOST);
  assert_string_equal(unknown, "targets");
  assert_int_equal(parse("Target", unknown), 0);
  assert_string_equal(unknown, "Target");
  /* a long item is cut to fit, never overflows */
  assert_int_equal(parse("averyveryverylongname", unknown), 0);
  assert_int_equal(strlen(unknown), 15);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(parses_groups),
      cmocka_unit_test(empty_means_nothing_disabled),
      cmocka_unit_test(reports_first_unknown_item),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
