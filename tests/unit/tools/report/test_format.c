/* Cutting text to a column width for the text report (from the end, from
 * the start, and places, whose line or offset must stay whole) and
 * wrapping it into lines; its fixed-width cells: an ellipsis at either end,
 * UTF-8 counted by code points, control characters made harmless. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "report/format.h"

static void expect_place(const char *place, unsigned width, const char *expected) {
  char buf[256];
  assert_string_equal(oi_format_fit_place(place, width, buf, sizeof buf), expected);
  assert_true(oi_format_width(buf) <= width);
}

static void fit_keeps_the_start(void **state) {
  (void)state;
  char buf[64];
  assert_string_equal(oi_format_fit("heat.c", 10, buf, sizeof buf), "heat.c");
  assert_string_equal(oi_format_fit("a_long_name", 6, buf, sizeof buf), "a_lon\xe2\x80\xa6");
  assert_string_equal(oi_format_fit_tail("/src/app/heat.c", 8, buf, sizeof buf),
                      "\xe2\x80\xa6/heat.c");
}

/* The places of one long file differ in their line only: it stays. */
static void place_keeps_its_line(void **state) {
  (void)state;
  expect_place("heat.c:42", 20, "heat.c:42");
  expect_place("stencil_heat_diffusion_2d.c:18", 20, "stencil_heat_dif\xe2\x80\xa6:18");
  expect_place("stencil_heat_diffusion_2d.c:1234", 20, "stencil_heat_d\xe2\x80\xa6:1234");
  /* exactly as wide as the column: whole */
  expect_place("a_file_name_1234.c:5", 20, "a_file_name_1234.c:5");
}

/* Without -g: a module and an offset, the offset whole; a '+' in the
 * module's name is not the offset's. */
static void place_keeps_its_offset(void **state) {
  (void)state;
  expect_place("lud_omp_offload+0x2a1c", 20, "lud_omp_offl\xe2\x80\xa6+0x2a1c");
  expect_place("libstdc++.so.6.0.30+0x9a1c0", 20, "libstdc++.s\xe2\x80\xa6+0x9a1c0");
  expect_place("prog+0x10", 20, "prog+0x10");
}

/* Names are cut by columns, not bytes; control characters are shown as
 * '?'; where even the line does not fit, the end is kept. */
static void place_edge_cases(void **state) {
  (void)state;
  expect_place("h\xc3\xa9llo_w\xc3\xb6rld_source.c:7", 12, "h\xc3\xa9llo_w\xc3\xb6r\xe2\x80\xa6:7");
  expect_place("a\nb_long_enough_to_be_cut.c:3", 12, "a?b_long_\xe2\x80\xa6:3");
  expect_place("x.c:123456789012", 10,
               "\xe2\x80\xa6"
               "456789012");
  expect_place("?", 20, "?");
  expect_place("no_line_or_offset_at_all", 10,
               "\xe2\x80\xa6"
               "et_at_all");
}

static void expect_wrapped(const char *text, unsigned indent, unsigned hanging, unsigned width,
                           const char *expected) {
  char *buffer = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&buffer, &size);
  assert_non_null(out);
  oi_format_wrapped(out, text, indent, hanging, width);
  fclose(out);
  assert_string_equal(buffer, expected);
  free(buffer);
}

/* Words wrap at the width, the next lines hanging; a number and its unit
 * ("16.0 MB,", "1.44 ms") go to the next line together. */
static void wrapping(void **state) {
  (void)state;
  expect_wrapped("short line", 0, 3, 20, "short line\n");
  expect_wrapped("1. round_trip of x: 20 of 20, 16.0 MB, 1.44 ms", 0, 3, 32,
                 "1. round_trip of x: 20 of 20,\n   16.0 MB, 1.44 ms\n");
  expect_wrapped("1. avoidable 16.0 MB, then 1.44 ms", 0, 3, 16,
                 "1. avoidable\n   16.0 MB, then\n   1.44 ms\n");
  /* a word that is no unit breaks as any word */
  expect_wrapped("sent 20 times again", 0, 0, 9, "sent 20\ntimes\nagain\n");
  expect_wrapped("keep it on the device", 4, 4, 16, "    keep it on\n    the device\n");
  /* a word longer than the line stands alone */
  expect_wrapped("a extraordinarily b", 2, 2, 8, "  a\n  extraordinarily\n  b\n");
}

/* Fixed-width cells of the text reports: cutting with an ellipsis at either
 * end, UTF-8 counted by code points, control characters made harmless. */
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
  assert_string_equal(oi_format_fit_tail("/src/deep/heat.c:42", 10, buf, sizeof buf), "\xe2\x80\xa6"
                                                                                      "heat.c:42");
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
  assert_string_equal(oi_format_fit_tail("dir/\x7f"
                                         "x.c",
                                         40, buf, sizeof buf),
                      "dir/?x.c");
  assert_string_equal(oi_format_fit_tail("/long/path/with\nnewline.c", 12, buf, sizeof buf),
                      "\xe2\x80\xa6"
                      "h?newline.c");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(fit_keeps_the_start),
      cmocka_unit_test(place_keeps_its_line),
      cmocka_unit_test(place_keeps_its_offset),
      cmocka_unit_test(place_edge_cases),
      cmocka_unit_test(wrapping),
      cmocka_unit_test(fits_short_text_unchanged),
      cmocka_unit_test(cuts_with_an_ellipsis),
      cmocka_unit_test(counts_code_points),
      cmocka_unit_test(hides_control_characters),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
