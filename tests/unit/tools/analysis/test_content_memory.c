/* The identical-content detector's memory (tools/analysis/content_memory.h):
 * the first holder of a content per receiver, in a table that grows to a
 * bound; what is seen again stays, what is never seen again is forgotten. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/content_memory.h"

static bool seen(oia_content_memory *m, int32_t receiver, uint64_t hash, uint64_t bytes,
                 uint32_t profile, oia_content_holder *first) {
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
 * its first holder, one never seen again is forgotten, and the table grew
 * to its largest and no further. */
static void a_full_table_forgets_the_stalest(void **state) {
  (void)state;
  oia_content_memory m = {0};
  oia_content_holder first;
  assert_false(seen(&m, 0, 1, 64, 1, &first)); /* seen again below */
  assert_false(seen(&m, 0, 2, 64, 2, &first)); /* never again */
  const void *largest = NULL;
  const uint64_t contents = 16ull * OIA_CONTENT_SETS * OIA_CONTENT_WAYS;
  for (uint64_t i = 0; i < contents; i++) {
    uint64_t hash = (i + 3) * 0x9e3779b97f4a7c15ull;
    assert_false(seen(&m, 0, hash, 64, 5, &first));
    if (i % 1000 == 0) {
      assert_true(seen(&m, 0, 1, 64, 6, &first));
      assert_int_equal(first.profile, 1);
    }
    if (!largest && m.set_count == OIA_CONTENT_SETS)
      largest = m.allocation;
  }
  assert_non_null(largest);
  assert_ptr_equal(m.allocation, largest);
  assert_int_equal(m.set_count, OIA_CONTENT_SETS);
  assert_false(seen(&m, 0, 2, 64, 8, &first));
  oia_content_memory_free(&m);
}

/* A short trace's table stays small; growing keeps every content and its
 * holder. */
static void the_table_grows_with_its_contents(void **state) {
  (void)state;
  oia_content_memory m = {0};
  oia_content_holder first;
  assert_false(seen(&m, 0, 1, 64, 1, &first));
  assert_int_equal(m.set_count, OIA_CONTENT_FIRST_SETS);
  const uint32_t contents = 4096;
  for (uint32_t i = 2; i < contents; i++)
    assert_false(seen(&m, (int32_t)(i % 3), i * 0xd6e8feb86659fd93ull, i, i, &first));
  /* it doubled, but stayed far from its largest: 8 ways per set, and a
   * set fills (by chance) only when the table is a third full or more */
  assert_true(m.set_count > OIA_CONTENT_FIRST_SETS);
  assert_true(m.set_count * OIA_CONTENT_WAYS <= 4 * contents);
  for (uint32_t i = 2; i < contents; i++) {
    assert_true(seen(&m, (int32_t)(i % 3), i * 0xd6e8feb86659fd93ull, i, 0, &first));
    assert_int_equal(first.profile, i);
    assert_int_equal(first.host_addr, 0x1000u * i);
  }
  assert_true(seen(&m, 0, 1, 64, 0, &first));
  assert_int_equal(first.profile, 1);
  oia_content_memory_free(&m);
}

/* The largest table from the start, modelled: per set of it, the keys in
 * the order last seen, at most OIA_CONTENT_WAYS. */
typedef struct model_entry {
  uint64_t hash;
  uint32_t profile;
} model_entry;

static bool model_seen(model_entry (*sets)[OIA_CONTENT_WAYS], uint8_t *used, uint64_t hash,
                       uint32_t profile, uint32_t *first) {
  uint32_t index = oia_content_largest_set(0, hash, 64);
  model_entry *set = sets[index];
  unsigned position = 0;
  while (position < used[index] && set[position].hash != hash)
    position++;
  bool found = position < used[index];
  model_entry entry = found ? set[position] : (model_entry){hash, profile};
  if (found)
    *first = entry.profile;
  else if (used[index] < OIA_CONTENT_WAYS)
    used[index]++;
  else
    position = OIA_CONTENT_WAYS - 1; /* the stalest goes */
  memmove(&set[1], &set[0], position * sizeof *set);
  set[0] = entry;
  return found;
}

/* What a grown table remembers and forgets is what the largest one would
 * have from the start: the same answers to a long run of lookups, with
 * contents seen again at every distance, well past the table's size. */
static void growing_forgets_as_the_largest_table_would(void **state) {
  (void)state;
  model_entry(*sets)[OIA_CONTENT_WAYS] = calloc(OIA_CONTENT_SETS, sizeof *sets);
  uint8_t *used = calloc(OIA_CONTENT_SETS, 1);
  const uint32_t lookups = 3u * OIA_CONTENT_SETS * OIA_CONTENT_WAYS;
  bool *introduced = calloc(lookups + 1, sizeof *introduced);
  assert_non_null(sets);
  assert_non_null(used);
  assert_non_null(introduced);
  oia_content_memory m = {0};
  uint64_t state_word = 0x2545f4914f6cdd1dull;
  uint32_t found = 0, forgotten = 0;
  for (uint32_t i = 1; i <= lookups; i++) {
    state_word ^= state_word << 13;
    state_word ^= state_word >> 7;
    state_word ^= state_word << 17;
    /* a new content, or one of the last 2^(0..19) */
    uint32_t distance = 1u << ((state_word >> 40) % 20);
    uint32_t back = state_word % 2 ? 0 : (uint32_t)((state_word >> 8) % distance);
    uint32_t content = i > back ? i - back : i;
    uint64_t key = (uint64_t)content * 0x9e3779b97f4a7c15ull;
    oia_content_holder first;
    uint32_t model_first = 0;
    bool expected = model_seen(sets, used, key, i, &model_first);
    assert_int_equal(seen(&m, 0, key, 64, i, &first), expected);
    if (expected) {
      assert_int_equal(first.profile, model_first);
      found++;
    } else if (introduced[content]) {
      forgotten++;
    }
    introduced[content] = true;
  }
  /* the run saw contents again and forgot some */
  assert_true(found > 100000);
  assert_true(forgotten > 1000);
  assert_int_equal(m.set_count, OIA_CONTENT_SETS);
  oia_content_memory_free(&m);
  free(sets);
  free(used);
  free(introduced);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_first_holder_is_kept_per_receiver_and_size),
      cmocka_unit_test(a_full_table_forgets_the_stalest),
      cmocka_unit_test(the_table_grows_with_its_contents),
      cmocka_unit_test(growing_forgets_as_the_largest_table_would),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
