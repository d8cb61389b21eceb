/* Map items as the pragma writes them (offload/written_items.c): the items
 * of map, to and from clauses after their modifiers, continued lines
 * joined, C++ scopes kept; a runtime's macro-expanded name takes the first
 * unused written item of its shape. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "offload/written_items.h"

/* A source file holding `text`; its path in `path`. */
static void source(char *path, size_t size, const char *text) {
  snprintf(path, size, "%s/oi-written-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
}

static void items_of_map_to_and_from(void **state) {
  (void)state;
  char path[256];
  source(path, sizeof path,
         "int x;\n"
         "#pragma omp target data map(tofrom: u[0:N], v[1:M - 1]) map(always, to: w) \\\n"
         "    map(mapper(id), from: ns::arr[0:n]) if(n > 0) depend(in: x)\n"
         "  #  pragma omp target update to(present: a[i][0:N]) /* map(c) */ from(b) // to(d)\n");
  oi_written_items w;
  oi_written_items_read(&w, path, 2);
  assert_int_equal(w.count, 4);
  assert_string_equal(w.items[0], "u[0:N]");
  assert_string_equal(w.items[1], "v[1:M - 1]");
  assert_string_equal(w.items[2], "w");
  assert_string_equal(w.items[3], "ns::arr[0:n]");
  oi_written_items_free(&w);
  oi_written_items_read(&w, path, 4);
  assert_int_equal(w.count, 2);
  assert_string_equal(w.items[0], "a[i][0:N]");
  assert_string_equal(w.items[1], "b");
  oi_written_items_free(&w);
  unlink(path);
}

static void expanded_names_take_written_items_in_order(void **state) {
  (void)state;
  char path[256];
  source(path, sizeof path, "#pragma omp target map(to: u[0:N/2], u[N/2:N/2]) map(p->f[0:n])\n");
  oi_written_items w;
  oi_written_items_read(&w, path, 1);
  const char *first = "u[0:2048]", *second = "u[2048:2048]", *member = "p->f[0:10]";
  assert_string_equal(oi_written_item_take(&w, first, strlen(first)), "u[0:N/2]");
  assert_string_equal(oi_written_item_take(&w, second, strlen(second)), "u[N/2:N/2]");
  assert_null(oi_written_item_take(&w, first, strlen(first))); /* both taken */
  assert_string_equal(oi_written_item_take(&w, member, strlen(member)), "p->f[0:n]");
  /* another shape: a macro spelling the variable, an array not written */
  assert_null(oi_written_item_take(&w, "v[0:4]", 6));
  oi_written_items_free(&w);
  unlink(path);
}

/* clang gives the runtime a section's first dimension only: the written
 * item with more sections after it is the same variable; one with fewer,
 * or other sections before, is not */
static void a_first_dimension_takes_the_whole_section(void **state) {
  (void)state;
  char path[256];
  source(path, sizeof path,
         "#pragma omp target map(to: t[0:4][0:256], w) map(from: m[0:n][0:k][0:2])\n");
  oi_written_items w;
  oi_written_items_read(&w, path, 1);
  assert_null(oi_written_item_take(&w, "w[0:4]", 6)); /* more sections than written */
  assert_string_equal(oi_written_item_take(&w, "t[0:4]", 6), "t[0:4][0:256]");
  assert_string_equal(oi_written_item_take(&w, "m[0:8][0:3]", 11), "m[0:n][0:k][0:2]");
  assert_string_equal(oi_written_item_take(&w, "w", 1), "w");
  oi_written_items_free(&w);
  unlink(path);
}

static void no_items_without_a_pragma_or_a_file(void **state) {
  (void)state;
  char path[256];
  source(path, sizeof path, "int map(int to);\n#pragma once\n#pragma omp parallel for\n");
  oi_written_items w;
  for (long line = 0; line <= 5; line++) {
    oi_written_items_read(&w, path, line);
    assert_int_equal(w.count, 0);
    assert_null(oi_written_item_take(&w, "a", 1));
    oi_written_items_free(&w);
  }
  oi_written_items_read(&w, "/nonexistent/file.c", 1);
  assert_int_equal(w.count, 0);
  oi_written_items_free(&w);
  unlink(path);
}

static void unbalanced_text_stays_in_bounds(void **state) {
  (void)state;
  char path[256];
  source(path, sizeof path, "#pragma omp target map(to: a[0:N), b[(]\n#pragma omp target map(\\");
  oi_written_items w;
  oi_written_items_read(&w, path, 1);
  oi_written_items_free(&w);
  oi_written_items_read(&w, path, 2);
  assert_int_equal(w.count, 0);
  oi_written_items_free(&w);
  unlink(path);
}

/* GCC's calls carry no names: an item is taken by the variable the symbol
 * at its address names, the rest in order; Fortran's directives too. */
static void gcc_items_by_variable_and_fortran(void **state) {
  (void)state;
  char path[256];
  source(path, sizeof path,
         "#pragma omp target data map(to: g[0:N], h) map(from: out[0:N])\n"
         "  {\n"
         "#pragma omp target update to(g[0:1])\n"
         "#pragma omp target teams distribute parallel for\n"
         "    for (;;) ;\n"
         "  }\n");
  oi_written_items w;
  oi_written_items_read(&w, path, 1);
  assert_string_equal(oi_written_item_take_variable(&w, "out"), "out[0:N]");
  assert_null(oi_written_item_take_variable(&w, "o")); /* the whole base name */
  assert_string_equal(oi_written_item_take_variable(&w, "h"), "h");
  assert_int_equal(oi_written_items_left(&w), 1);
  assert_string_equal(oi_written_item_take_next(&w), "g[0:N]");
  assert_null(oi_written_item_take_next(&w));
  oi_written_items_free(&w);
  unlink(path);
  source(path, sizeof path,
         "  !$OMP TARGET DATA MAP(TO: weights) &\n"
         "  !$omp&  map(from: acc(1:n)) ! the results\n");
  oi_written_items_read(&w, path, 1);
  assert_int_equal(w.count, 2);
  assert_string_equal(oi_written_item_take_variable(&w, "acc"), "acc(1:n)");
  assert_string_equal(oi_written_item_take_variable(&w, "WEIGHTS"), "weights");
  oi_written_items_free(&w);
  unlink(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(items_of_map_to_and_from),
      cmocka_unit_test(a_first_dimension_takes_the_whole_section),
      cmocka_unit_test(expanded_names_take_written_items_in_order),
      cmocka_unit_test(no_items_without_a_pragma_or_a_file),
      cmocka_unit_test(unbalanced_text_stays_in_bounds),
      cmocka_unit_test(gcc_items_by_variable_and_fortran),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
