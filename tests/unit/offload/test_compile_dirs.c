/* The offload library's compilation folders (offload/compile_dirs.c): a
 * relative source path of a location string resolves against the
 * DW_AT_comp_dir of this very program's compile units, never against the
 * working folder; an absolute one is resolved as it is; a path nowhere to
 * be found gives none. This program is built with -g (RelWithDebInfo), in
 * its build folder tests/unit, two levels below the build's top. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "offload/compile_dirs.h"

static int in_this_module;

static void a_relative_path_resolves_in_the_compile_folder(void **state) {
  (void)state;
  const char *file = "../../CMakeCache.txt";
  char *path = oi_source_path(&in_this_module, file, strlen(file));
  assert_non_null(path);
  assert_true(path[0] == '/');
  const char *tail = "/CMakeCache.txt";
  assert_string_equal(path + strlen(path) - strlen(tail), tail);
  assert_int_equal(access(path, R_OK), 0);
  /* the same from another working folder */
  char *here = getcwd(NULL, 0);
  assert_int_equal(chdir("/"), 0);
  char *again = oi_source_path(&in_this_module, file, strlen(file));
  assert_non_null(again);
  assert_string_equal(again, path);
  assert_int_equal(chdir(here), 0);
  free(again);
  free(path);
  free(here);
}

static void only_its_length_of_the_path_counts(void **state) {
  (void)state;
  const char *file = "../../CMakeCache.txt;main;12;1;;";
  char *path = oi_source_path(&in_this_module, file, strlen("../../CMakeCache.txt"));
  assert_non_null(path);
  free(path);
}

static void absent_files_give_none(void **state) {
  (void)state;
  const char *missing = "no/such/file.c";
  assert_null(oi_source_path(&in_this_module, missing, strlen(missing)));
  const char *absolute = "/no/such/file.c";
  assert_null(oi_source_path(&in_this_module, absolute, strlen(absolute)));
  /* an address in no module */
  assert_null(oi_source_path((const void *)16, missing, strlen(missing)));
}

static void an_absolute_path_resolves_as_it_is(void **state) {
  (void)state;
  const char *root = "/tmp/../tmp";
  char *path = oi_source_path(&in_this_module, root, strlen(root));
  assert_non_null(path);
  assert_string_equal(path, "/tmp");
  free(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_relative_path_resolves_in_the_compile_folder),
      cmocka_unit_test(only_its_length_of_the_path_counts),
      cmocka_unit_test(absent_files_give_none),
      cmocka_unit_test(an_absolute_path_resolves_as_it_is),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
