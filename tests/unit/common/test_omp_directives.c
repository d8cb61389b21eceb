/* OpenMP directives in source files (common/omp_directives.c): C pragmas
 * and Fortran sentinels, continuations joined; a directive found at, below
 * or above a line GCC's line table gives a call, and only the directive
 * asked for ("target" is not "target update"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/omp_directives.h"

/* A source file holding `text`; its path in `path`. */
static void source(char *path, size_t size, const char *text) {
  snprintf(path, size, "%s/oi-directives-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
}

static void c_and_fortran_directives_joined(void **state) {
  (void)state;
  char path[256];
  source(path, sizeof path,
         "#pragma omp target data map(to: a) \\\n"
         "    map(from: b)\n"
         "  !$OMP parallel do &\n"
         "  !$omp& reduction(+:s)\n"
         "int x; // #pragma omp barrier\n");
  char *text = oi_directive_text(path, 1);
  assert_non_null(text);
  assert_non_null(strstr(text, "map(to: a)"));
  assert_non_null(strstr(text, "map(from: b)"));
  assert_true(oi_directive_starts(text, "target data"));
  assert_false(oi_directive_starts(text, "target"));
  free(text);
  text = oi_directive_text(path, 3);
  assert_non_null(text);
  assert_true(oi_directive_starts(text, "parallel do"));
  assert_true(oi_directive_starts(text, "PARALLEL"));
  assert_non_null(strstr(text, "reduction(+:s)"));
  free(text);
  assert_null(oi_directive_text(path, 5)); /* not at the line's start */
  assert_null(oi_directive_text(path, 9)); /* past the end */
  unlink(path);
}

static void directive_lines_near_a_call(void **state) {
  (void)state;
  char path[256];
  source(path, sizeof path,
         "#pragma omp target data map(to: g[0:N])\n" /* 1 */
         "  {\n"                                     /* 2 */
         "#pragma omp target update to(g[0:1])\n"    /* 3 */
         "#pragma omp target teams distribute\n"     /* 4 */
         "    for (;;) ;\n"                          /* 5 */
         "#pragma omp single\n"                      /* 6 */
         "  }\n");                                   /* 7 */
  /* "target" is not "target update", nor "target data" */
  assert_int_equal(oi_directive_line(path, 5, "target", 3), 4);
  assert_int_equal(oi_directive_line(path, 4, "target update", 3), 3);
  assert_int_equal(oi_directive_line(path, 3, "target data", 3), 1);
  assert_int_equal(oi_directive_line(path, 6, "target data", 3), 0); /* too far */
  assert_int_equal(oi_directive_line(path, 2, "target enter data", 3), 0);
  /* nearest either way, at the same distance as asked */
  assert_int_equal(oi_directive_near(path, 4, "single", 3, 0, false), 6);
  assert_int_equal(oi_directive_near(path, 7, "single", 3, 3, false), 6);
  assert_int_equal(oi_directive_near(path, 2, "single", 3, 3, false), 0);
  assert_int_equal(oi_directive_near(path, 2, "target", 3, 3, false), 4);
  assert_int_equal(oi_directive_near(path, 1, "single", 0, 0, false), 0);
  assert_int_equal(oi_directive_near("/nonexistent/file.c", 1, "single", 3, 3, false), 0);
  /* line 2: "target data" at 1 and "target update" at 3 are as near */
  assert_int_equal(oi_directive_near(path, 2, "target data", 3, 3, true), 1);
  unlink(path);
  source(path, sizeof path,
         "#pragma omp for\n"
         "for (;;) ;\n"
         "#pragma omp for\n"
         "for (;;) ;\n");
  assert_int_equal(oi_directive_near(path, 2, "for", 3, 3, true), 1);
  assert_int_equal(oi_directive_near(path, 2, "for", 3, 3, false), 3);
  unlink(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(c_and_fortran_directives_joined),
      cmocka_unit_test(directive_lines_near_a_call),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
