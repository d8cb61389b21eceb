/* Fixed-width cells of the text reports: cutting with an ellipsis at either
 * end, UTF-8 counted by code points, control characters made harmless. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "report/format.h"

static void fits_short_text_unchanged(void **state) {
  (void)state;
  char buf[64];
  assert_string_equal(oi_format_fit("a[0:n]", 10, buf, sizeof buf), "a[0:n]");
  assert_string_equal(oi_format_fit_tail("heat.c:42", 9, buf, sizeof buf), "heat.c:42");
}

static void cuts_with_an_ellipsis(void **state) {
  (void)state;
  char buf[64];
  assert_string_equal(oi_format_fit("target teams distribute", 10, buf, sizeof buf),
                      "target te\xe2\x80\xa6");
  assert_int_equal(oi_format_width(buf), 10);
  assert_string_equal(oi_format_fit_tail("/src/deep/heat.c:42", 10, buf, sizeof buf),
                      "\xe2\x80\xa6" "heat.c:42");
}

static void counts_code_points(void **state) {
  (void)state;
  char buf[64];
  assert_int_equal(oi_format_width("\xc3\xbcn\xc3\xaf"), 3); /* "ünï" */
  assert_string_equal(oi_format_fit("\xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc", 3, buf, sizeof buf),
                      "\xc3\xbc\xc3\xbc\xe2\x80\xa6");
}

static void hides_control_characters(void **state) {
  (void)state;
  char buf[64];
  assert_string_equal(oi_format_fit("arg\nwith\ttab", 40, buf, sizeof buf), "arg?with?tab");
  assert_string_equal(oi_format_fit("\x1b[31mred", 40, buf, sizeof buf), "?[31mred");
  assert_string_equal(oi_format_fit_tail("dir/\x7f" "x.c", 40, buf, sizeof buf), "dir/?x.c");
  assert_string_equal(oi_format_fit_tail("/long/path/with\nnewline.c", 12, buf, sizeof buf),
                      "\xe2\x80\xa6" "h?newline.c");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(fits_short_text_unchanged),
      cmocka_unit_test(cuts_with_an_ellipsis),
      cmocka_unit_test(counts_code_points),
      cmocka_unit_test(hides_control_characters),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
