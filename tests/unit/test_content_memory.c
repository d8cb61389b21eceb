/* The identical-content detector's memory (tools/analysis/content_memory.h):
 * the first holder of a content per receiver, in a table that never grows;
 * what is seen again stays, what is never seen again is forgotten. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "content_memory.h"

static bool seen(oia_content_memory *m, int32_t receiver, uint64_t hash,
                 uint64_t bytes, uint32_t profile, oia_content_holder *first) {
  oia_content_holder holder = {profile, false, 0x1000u * profile};
  bool failed = false;
  bool found = oia_content_seen(m, receiver, hash, bytes, &holder, first, &failed);
  assert_false(failed);
  return found;
}

static void the_first_holder_is_kept_per_receiver_and_size(void **state) {
  (void)state;
  oia_content_memory m = {0};
  oia_content_holder first;
  assert_false(seen(&m, 0, 0xabc, 800, 7, &first));
  assert_true(seen(&m, 0, 0xabc, 800, 9, &first));
  assert_int_equal(first.profile, 7);
  assert_int_equal(first.host_addr, 0x7000);
  assert_false(first.sampled);
  /* another receiver, another size: other contents */
  assert_false(seen(&m, -1, 0xabc, 800, 9, &first));
  assert_false(seen(&m, 0, 0xabc, 808, 9, &first));
  assert_true(seen(&m, -1, 0xabc, 800, 11, &first));
  assert_int_equal(first.profile, 9);
  /* a sampled hash is remembered as such */
  oia_content_holder holder = {3, true, 0x40};
  bool failed = false;
  assert_false(oia_content_seen(&m, 2, 0x5a, 16, &holder, &first, &failed));
  assert_true(seen(&m, 2, 0x5a, 16, 4, &first));
  assert_true(first.sampled);
  assert_int_equal(first.profile, 3);
  oia_content_memory_free(&m);
}

/* Many more contents than the table holds: one seen again and again keeps
 * its first holder, one never seen again is forgotten, and the table moved
 * (to huge pages) once, at OIA_CONTENT_HUGE_AT contents, never again. */
static void a_full_table_forgets_the_stalest(void **state) {
  (void)state;
  oia_content_memory m = {0};
  oia_content_holder first;
  assert_false(seen(&m, 0, 1, 64, 1, &first)); /* seen again below */
  assert_false(seen(&m, 0, 2, 64, 2, &first)); /* never again */
  const void *table = NULL;
  const uint64_t contents = 16ull * OIA_CONTENT_SETS * OIA_CONTENT_WAYS;
  for (uint64_t i = 0; i < contents; i++) {
    uint64_t hash = (i + 3) * 0x9e3779b97f4a7c15ull;
    assert_false(seen(&m, 0, hash, 64, 5, &first));
    if (i % 1000 == 0) {
      assert_true(seen(&m, 0, 1, 64, 6, &first));
      assert_int_equal(first.profile, 1);
    }
    if (i == OIA_CONTENT_HUGE_AT)
      table = m.allocation;
  }
  assert_ptr_equal(m.allocation, table);
  assert_false(seen(&m, 0, 2, 64, 8, &first));
  oia_content_memory_free(&m);
}

/* A short trace's table stays where it started; the move to huge pages
 * keeps every content and its holder in place. */
static void the_move_to_huge_pages_keeps_every_content(void **state) {
  (void)state;
  oia_content_memory m = {0};
  oia_content_holder first;
  assert_false(seen(&m, 0, 1, 64, 1, &first));
  const void *small = m.allocation;
  for (uint32_t i = 2; i < OIA_CONTENT_HUGE_AT; i++)
    assert_false(seen(&m, (int32_t)(i % 3), i * 0xd6e8feb86659fd93ull, i, i, &first));
  assert_ptr_equal(m.allocation, small);
  assert_false(seen(&m, 0, 0xfeed, 64, 77, &first)); /* the 4096th */
  assert_ptr_not_equal(m.allocation, small);
  for (uint32_t i = 2; i < OIA_CONTENT_HUGE_AT; i++) {
    assert_true(seen(&m, (int32_t)(i % 3), i * 0xd6e8feb86659fd93ull, i, 0, &first));
    assert_int_equal(first.profile, i);
  }
  assert_true(seen(&m, 0, 1, 64, 0, &first));
  assert_int_equal(first.profile, 1);
  assert_true(seen(&m, 0, 0xfeed, 64, 0, &first));
  assert_int_equal(first.profile, 77);
  oia_content_memory_free(&m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_first_holder_is_kept_per_receiver_and_size),
      cmocka_unit_test(a_full_table_forgets_the_stalest),
      cmocka_unit_test(the_move_to_huge_pages_keeps_every_content),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
