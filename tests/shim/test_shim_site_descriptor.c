/* The shim's descriptor parsing: magic line, leading leaf construct, map
 * items. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ompt-inst/events.h"
#include "site_descriptor.h"

static unsigned leading(const char *spelling) {
  return oi_leading_construct(spelling, strlen(spelling));
}

static void leading_construct_is_longest_whole_word_prefix(void **state) {
  (void)state;
  assert_int_equal(leading("target teams distribute parallel for"),
                   OI_CONSTRUCT_TARGET);
  assert_int_equal(leading("target data"), OI_CONSTRUCT_TARGET_DATA);
  assert_int_equal(leading("target enter data"),
                   OI_CONSTRUCT_TARGET_ENTER_DATA);
  assert_int_equal(leading("parallel for simd"), OI_CONSTRUCT_PARALLEL);
  assert_int_equal(leading("cancellation point"),
                   OI_CONSTRUCT_CANCELLATION_POINT);
  assert_int_equal(leading("cancel"), OI_CONSTRUCT_CANCEL);
  assert_int_equal(leading("taskloop simd"), OI_CONSTRUCT_TASKLOOP);
  /* "task" is a prefix of "taskgroup" but not a whole word of it */
  assert_int_equal(leading("taskgroup"), OI_CONSTRUCT_TASKGROUP);
  assert_int_equal(leading("fortran"), OI_CONSTRUCT_OTHER);
  assert_int_equal(leading(""), OI_CONSTRUCT_OTHER);
}

static void parses_construct_and_counts_map_items(void **state) {
  (void)state;
  oi_site_info info;
  assert_int_equal(oi_site_parse("ompt-inst-site 1\n"
                                 "construct=target teams\n"
                                 "file=/x/app.c\nline=12\n"
                                 "map=tofrom;-;explicit;a[0:n]\n"
                                 "unknown_key=ignored\n"
                                 "map=to;always;explicit;b\n",
                                 &info),
                   0);
  assert_int_equal(info.construct, OI_CONSTRUCT_TARGET);
  assert_int_equal(info.team_begin, 0);
  assert_int_equal(info.map_items, 2);

  assert_int_equal(oi_site_parse("ompt-inst-site 1\nconstruct=parallel for",
                                 &info),
                   0);
  assert_int_equal(info.construct, OI_CONSTRUCT_PARALLEL);
  assert_int_equal(info.team_begin, 1);
  assert_int_equal(info.map_items, 0);

  assert_int_equal(oi_site_parse("ompt-inst-site 1\nconstruct=teams\n", &info),
                   0);
  assert_int_equal(info.team_begin, 1);
}

static void rejects_wrong_magic(void **state) {
  (void)state;
  oi_site_info info;
  assert_int_equal(oi_site_parse(NULL, &info), -1);
  assert_int_equal(oi_site_parse("", &info), -1);
  assert_int_equal(oi_site_parse("ompt-inst-site 2\nconstruct=for\n", &info),
                   -1);
  assert_int_equal(oi_site_parse("ompt-inst-site 10\nconstruct=for\n", &info),
                   -1);
  assert_int_equal(oi_site_parse("construct=for\n", &info), -1);
  assert_int_equal(oi_site_parse("ompt-inst-site 1", &info), 0);
  assert_int_equal(info.construct, OI_CONSTRUCT_OTHER);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(leading_construct_is_longest_whole_word_prefix),
      cmocka_unit_test(parses_construct_and_counts_map_items),
      cmocka_unit_test(rejects_wrong_magic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
