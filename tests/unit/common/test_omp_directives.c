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

typedef struct seen {
  long line[8];
  char text[8][64];
  int count, stop_after;
} seen;

static int remember(void *context, long line, const char *text) {
  seen *s = context;
  s->line[s->count] = line;
  snprintf(s->text[s->count], sizeof s->text[0], "%s", text);
  return ++s->count == s->stop_after;
}

/* Every directive of a file once, on its first line, continuations read
 * as part of it (a continued line is not a directive of its own). */
static void each_directive_of_a_file(void **state) {
  (void)state;
  char path[256];
  source(path, sizeof path,
         "program p\n"                       /* 1 */
         "  !$omp target map(tofrom: a) &\n" /* 2 */
         "  !$omp& map(to: b)\n"             /* 3 */
         "  a = b\n"                         /* 4 */
         "  !$omp end target\n"              /* 5 */
         "#pragma omp barrier\n"             /* 6 */
         "  x = 1 ! !$omp parallel\n"        /* 7 */
         "  !$omp target update from(a)\n"); /* 8 */
  seen s = {.stop_after = 0};
  assert_int_equal(oi_directives_each(path, remember, &s), 0);
  assert_int_equal(s.count, 4);
  long lines[] = {2, 5, 6, 8};
  for (int i = 0; i < 4; i++)
    assert_int_equal(s.line[i], lines[i]);
  assert_non_null(strstr(s.text[0], "map(to: b)"));
  assert_true(oi_directive_starts(s.text[1], "end target"));
  assert_true(oi_directive_starts(s.text[2], "barrier"));
  assert_true(oi_directive_starts(s.text[3], "target update"));
  seen first = {.stop_after = 1}; /* the visitor stops the walk */
  assert_int_equal(oi_directives_each(path, remember, &first), 0);
  assert_int_equal(first.count, 1);
  unlink(path);
  assert_int_equal(oi_directives_each(path, remember, &first), -1);
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
      cmocka_unit_test(each_directive_of_a_file),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
