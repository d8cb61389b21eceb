/* The libdw symbolizer on this test's own code (built with -g), on a library
 * without line info and on an address outside every module. */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include <link.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "trace/symbolize.h"

/* Module records as the shim writes them: load bias and mapped range. */
static oi_module modules[64];
static uint32_t module_count;

static int add_module(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  if (module_count == 64)
    return 1;
  uint64_t start = UINT64_MAX, end = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD)
      continue;
    uint64_t low = info->dlpi_addr + ph->p_vaddr;
    if (low < start)
      start = low;
    if (low + ph->p_memsz > end)
      end = low + ph->p_memsz;
  }
  const char *name = info->dlpi_name;
  char *path = name[0] ? strdup(name) : realpath("/proc/self/exe", NULL);
  modules[module_count++] = (oi_module){
      .base = info->dlpi_addr, .start = start, .end = end, .path = path ? path : strdup("")};
  return 0;
}

static int setup(void **state) {
  (void)state;
  dl_iterate_phdr(add_module, NULL);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  for (uint32_t i = 0; i < module_count; i++)
    free(modules[i].path);
  return 0;
}

/* Returns its return address: a codeptr_ra pointing just after the call. */
__attribute__((noinline)) static uint64_t return_address(void) {
  uint64_t address = (uint64_t)__builtin_return_address(0);
  __asm__ volatile("" ::: "memory"); /* keeps the call a real call */
  return address;
}

static void finds_file_line_and_function(void **state) {
  (void)state;
  oi_symbolizer *s = oi_symbolizer_new(modules, module_count);
  assert_non_null(s);
  int call_line = __LINE__ + 1;
  uint64_t codeptr = return_address();
  const oi_location *where = oi_symbolize(s, codeptr);
  assert_true(where->has_source);
  assert_non_null(strstr(where->file, "tests/unit/tools/trace/test_symbolize.c"));
  assert_int_equal(where->line, call_line);
  assert_string_equal(where->function, "finds_file_line_and_function");
  assert_non_null(where->module);
  assert_int_equal(where->offset, codeptr - where->module->base);
  /* each distinct address is resolved once */
  assert_int_equal(oi_symbolizer_resolved(s), 1);
  assert_int_equal(oi_symbolize(s, codeptr)->line, call_line);
  assert_int_equal(oi_symbolizer_resolved(s), 1);
  oi_symbolizer_free(s);
}

static void falls_back_to_module_and_offset(void **state) {
  (void)state;
  oi_symbolizer *s = oi_symbolizer_new(modules, module_count);
  /* libcmocka ships without line information */
  uint64_t address = (uint64_t)(uintptr_t)&_cmocka_run_group_tests + 1;
  const oi_location *where = oi_symbolize(s, address);
  assert_false(where->has_source);
  assert_non_null(where->module);
  assert_non_null(strstr(where->module->path, "libcmocka"));
  assert_int_equal(where->offset, address - where->module->base);
  assert_string_equal(where->function, "_cmocka_run_group_tests");

  where = oi_symbolize(s, 0x10); /* inside no module */
  assert_null(where->module);
  assert_false(where->has_source);
  assert_null(where->function);
  assert_int_equal(oi_symbolizer_resolved(s), 2);
  /* many distinct addresses grow the cache without losing entries */
  for (uint64_t a = 0x1000; a < 0x1000 + 2000 * 16; a += 16)
    oi_symbolize(s, a);
  assert_int_equal(oi_symbolizer_resolved(s), 2002);
  assert_string_equal(oi_symbolize(s, address)->function, "_cmocka_run_group_tests");
  assert_int_equal(oi_symbolizer_resolved(s), 2002);
  oi_symbolizer_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(finds_file_line_and_function),
      cmocka_unit_test(falls_back_to_module_and_offset),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
