/* Parsing of compiler site descriptors (format in ompt-inst/hooks.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ompt-inst/events.h"
#include "common/site_descriptor.h"

static int parse(const char *text, oi_site *site) {
  return oi_site_parse(text, strlen(text), site);
}

static void parses_every_key(void **state) {
  (void)state;
  oi_site site;
  assert_int_equal(parse("ompt-inst-site 1\n"
                         "construct=target teams distribute parallel for\n"
                         "file=/abs/path/app.c\n"
                         "line=12\n"
                         "col=1\n"
                         "end_line=40\n"
                         "function=ns::solver::step\n"
                         "clauses=map(tofrom: a[0:n]) nowait\n"
                         "map=tofrom;-;explicit;a[0:n]\n"
                         "map=to;always,present,mapper(id);implicit;s.x[i;j]\n"
                         "nowait=1\n"
                         "future_key=whatever\n",
                         &site),
                   0);
  assert_string_equal(site.construct, "target teams distribute parallel for");
  assert_string_equal(site.file, "/abs/path/app.c");
  assert_int_equal(site.line, 12);
  assert_int_equal(site.col, 1);
  assert_int_equal(site.end_line, 40);
  assert_string_equal(site.function, "ns::solver::step");
  assert_string_equal(site.clauses, "map(tofrom: a[0:n]) nowait");
  assert_true(site.nowait);
  assert_false(site.depend);
  assert_int_equal(site.map_count, 2);
  assert_string_equal(site.maps[0].type, "tofrom");
  assert_string_equal(site.maps[0].modifiers, "");
  assert_true(site.maps[0].is_explicit);
  assert_string_equal(site.maps[0].item, "a[0:n]");
  assert_string_equal(site.maps[1].type, "to");
  assert_string_equal(site.maps[1].modifiers, "always,present,mapper(id)");
  assert_false(site.maps[1].is_explicit);
  assert_string_equal(site.maps[1].item, "s.x[i;j]"); /* the item keeps its ';' */
  oi_site_free(&site);
  assert_null(site.maps);
}

static void tolerates_minimal_and_odd_text(void **state) {
  (void)state;
  oi_site site;
  /* no trailing newline, a line without '=', a map line that cannot be split */
  assert_int_equal(
      parse("ompt-inst-site 1\nconstruct=barrier\nnonsense\nline=7\nmap=broken", &site), 0);
  assert_string_equal(site.construct, "barrier");
  assert_int_equal(site.line, 7);
  assert_null(site.file);
  assert_int_equal(site.map_count, 1); /* keeps its slot so later items stay aligned */
  assert_string_equal(site.maps[0].item, "broken");
  assert_string_equal(site.maps[0].type, "");
  oi_site_free(&site);
  /* only the first `length` bytes count */
  const char *text = "ompt-inst-site 1\nline=123";
  assert_int_equal(oi_site_parse(text, strlen(text) - 1, &site), 0);
  assert_int_equal(site.line, 12);
  oi_site_free(&site);
  assert_int_equal(parse("ompt-inst-site 1", &site), 0);
  assert_int_equal(site.line, 0);
  oi_site_free(&site);
}

/* every decimal digit, the 9s included, and a number past 32 bits */
static void numbers_use_every_digit(void **state) {
  (void)state;
  oi_site site;
  assert_int_equal(parse("ompt-inst-site 1\nline=1234567890\ncol=99\n"
                         "end_line=4294967296\nnowait=9\n",
                         &site),
                   0);
  assert_int_equal(site.line, 1234567890u);
  assert_int_equal(site.col, 99);
  assert_int_equal(site.end_line, UINT32_MAX); /* saturates, never wraps */
  assert_true(site.nowait);
  oi_site_free(&site);
  assert_int_equal(parse("ompt-inst-site 1\nline=909\nend_line=19x\n", &site), 0);
  assert_int_equal(site.line, 909);
  assert_int_equal(site.end_line, 19); /* digits up to the first other byte */
  oi_site_free(&site);
}

static void rejects_other_text(void **state) {
  (void)state;
  oi_site site;
  assert_int_equal(parse("ompt-inst-site 2\nline=1\n", &site), -1);
  assert_int_equal(parse("ompt-inst-site 10\nline=1\n", &site), -1);
  assert_int_equal(parse("", &site), -1);
  assert_int_equal(parse("construct=parallel\n", &site), -1);
  assert_null(site.construct);
}

/* Many map items and inner directives: each kept, in order, through the
 * arrays' growth. */
static void keeps_many_items_in_order(void **state) {
  (void)state;
  char text[8192] = "ompt-inst-site 1\nconstruct=target\n";
  size_t n = strlen(text);
  for (int i = 0; i < 100; i++)
    n += (size_t)snprintf(text + n, sizeof text - n,
                          "map=to;-;explicit;v%d\ninner=parallel;%d;1;%d\n", i, i + 1, i + 2);
  oi_site site;
  assert_int_equal(parse(text, &site), 0);
  assert_int_equal(site.map_count, 100);
  assert_int_equal(site.inner_count, 100);
  for (uint32_t i = 0; i < 100; i++) {
    char item[16];
    snprintf(item, sizeof item, "v%u", i);
    assert_string_equal(site.maps[i].item, item);
    assert_int_equal(site.inner[i].line, i + 1);
    assert_int_equal(site.inner[i].end_line, i + 2);
  }
  oi_site_free(&site);
}

static unsigned leading(const char *spelling) {
  return oi_leading_construct(spelling, strlen(spelling));
}

static void leading_construct_is_longest_whole_word_prefix(void **state) {
  (void)state;
  assert_int_equal(leading("target teams distribute parallel for"), OI_CONSTRUCT_TARGET);
  assert_int_equal(leading("target data"), OI_CONSTRUCT_TARGET_DATA);
  assert_int_equal(leading("target enter data"), OI_CONSTRUCT_TARGET_ENTER_DATA);
  assert_int_equal(leading("parallel for simd"), OI_CONSTRUCT_PARALLEL);
  assert_int_equal(leading("cancellation point"), OI_CONSTRUCT_CANCELLATION_POINT);
  assert_int_equal(leading("cancel"), OI_CONSTRUCT_CANCEL);
  assert_int_equal(leading("taskloop simd"), OI_CONSTRUCT_TASKLOOP);
  /* "task" is a prefix of "taskgroup" but not a whole word of it */
  assert_int_equal(leading("taskgroup"), OI_CONSTRUCT_TASKGROUP);
  assert_int_equal(leading("fortran"), OI_CONSTRUCT_OTHER);
  assert_int_equal(leading(""), OI_CONSTRUCT_OTHER);
}

/* A site's place in the source: one for every template instantiation of a
 * construct (the function's trailing template arguments left out), another
 * for another line, column, construct or function; none without a file
 * and line (a build without -g names every call `unknown`). */
static void template_instantiations_share_a_place(void **state) {
  (void)state;
  const char *form = "ompt-inst-site 1\nconstruct=%s\nfile=/a/k.cpp\nline=%u\ncol=%u\n"
                     "function=%s\n";
  char text[256];
  oi_site site;
  uint64_t places[7];
  struct {
    const char *construct, *function;
    unsigned line, col;
  } sites[] = {
      {"target", "ns::run<float>", 5, 1}, {"target", "ns::run<std::pair<int, int> >", 5, 1},
      {"target", "ns::run", 5, 1},        {"target", "ns::run<float>", 6, 1},
      {"target", "ns::run<float>", 5, 2}, {"target data", "ns::run<float>", 5, 1},
      {"target", "ns::walk<float>", 5, 1}};
  for (int i = 0; i < 7; i++) {
    snprintf(text, sizeof text, form, sites[i].construct, sites[i].line, sites[i].col,
             sites[i].function);
    assert_int_equal(parse(text, &site), 0);
    places[i] = site.place;
    assert_int_not_equal(places[i], 0);
    oi_site_free(&site);
  }
  assert_true(places[0] == places[1] && places[1] == places[2]);
  for (int i = 3; i < 7; i++)
    assert_int_not_equal(places[i], places[0]);
  assert_int_equal(parse("ompt-inst-site 1\nconstruct=target\nfunction=f\n", &site), 0);
  assert_int_equal(site.place, 0);
  oi_site_free(&site);
  /* the name without its trailing template arguments, operators kept */
  assert_int_equal(oi_function_base_length("run<float>"), 3);
  assert_int_equal(oi_function_base_length("a::b<c<d> >"), 4);
  assert_int_equal(oi_function_base_length("run"), 3);
  assert_int_equal(oi_function_base_length("operator>"), 9);
  assert_int_equal(oi_function_base_length("operator->"), 10);
  assert_int_equal(oi_function_base_length("S<int>::operator<<"), 18);
  assert_int_equal(oi_function_base_length(""), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(template_instantiations_share_a_place),
      cmocka_unit_test(parses_every_key),
      cmocka_unit_test(tolerates_minimal_and_odd_text),
      cmocka_unit_test(numbers_use_every_digit),
      cmocka_unit_test(rejects_other_text),
      cmocka_unit_test(keeps_many_items_in_order),
      cmocka_unit_test(leading_construct_is_longest_whole_word_prefix),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
