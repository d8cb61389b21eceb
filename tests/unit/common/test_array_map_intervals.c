/* common/'s containers: the growable array, the hash map and the interval
 * index that the shim, the trace reader, the report and the analysis use. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "common/array.h"
#include "common/intervals.h"
#include "common/map.h"

typedef struct record {
  uint64_t a;
  uint32_t b;
} record;

static void array_pushes_zeroed_records_and_keeps_them(void **state) {
  (void)state;
  oi_array array = OI_ARRAY_INIT(record);
  for (uint32_t i = 0; i < 1000; i++) {
    record *r = oi_array_push(&array);
    assert_non_null(r);
    assert_int_equal(r->a, 0);
    assert_int_equal(r->b, 0);
    r->a = i * 3u;
    r->b = i;
  }
  assert_int_equal(array.len, 1000);
  assert_true(array.cap >= 1000);
  for (uint32_t i = 0; i < 1000; i++)
    assert_int_equal(OI_ARRAY_AT(array, record, i)->a, i * 3u);
  oi_array_remove_swap(&array, 10); /* the last takes its place */
  assert_int_equal(array.len, 999);
  assert_int_equal(OI_ARRAY_AT(array, record, 10)->b, 999);
  oi_array_remove_swap(&array, 998); /* the last itself */
  assert_int_equal(array.len, 998);
  oi_array_free(&array);
  assert_null(array.data);
  assert_int_equal(array.len, 0);
}

static void grow_doubles_and_keeps_contents(void **state) {
  (void)state;
  uint32_t *values = NULL;
  uint64_t capacity = 0;
  assert_int_equal(oi_grow((void **)&values, &capacity, 1, sizeof *values), 0);
  assert_int_equal(capacity, 64);
  for (uint32_t i = 0; i < 64; i++)
    values[i] = i;
  assert_int_equal(oi_grow((void **)&values, &capacity, 65, sizeof *values), 0);
  assert_int_equal(capacity, 128);
  assert_int_equal(oi_grow((void **)&values, &capacity, 1000, sizeof *values), 0);
  assert_int_equal(capacity, 1024);
  assert_int_equal(values[63], 63);
  uint32_t *before = values;
  assert_int_equal(oi_grow((void **)&values, &capacity, 10, sizeof *values), 0);
  assert_ptr_equal(values, before); /* room already: untouched */
  /* a size past the address space fails and leaves the array as it was */
  assert_int_equal(oi_grow((void **)&values, &capacity, UINT64_MAX / 2, sizeof *values), -1);
  assert_ptr_equal(values, before);
  assert_int_equal(capacity, 1024);
  free(values);
}

static void map_finds_every_key_through_growth(void **state) {
  (void)state;
  oi_map map = {0};
  oi_map_key absent = {{1, 2, 3, 4}};
  assert_int_equal(oi_map_get(&map, &absent), OI_MAP_NONE);
  for (uint32_t i = 0; i < 5000; i++) {
    oi_map_key key = {{i, i * 7u, 0, i & 1}};
    uint32_t *slot = oi_map_slot(&map, &key);
    assert_non_null(slot);
    assert_int_equal(*slot, OI_MAP_NONE); /* new: the caller fills it */
    *slot = i;
  }
  assert_int_equal(oi_map_size(&map), 5000);
  for (uint32_t i = 0; i < 5000; i++) {
    oi_map_key key = {{i, i * 7u, 0, i & 1}};
    assert_int_equal(oi_map_get(&map, &key), i);
  }
  oi_map_key other_word = {{3, 21, 0, 0}}; /* differs from key 3 in word 3 */
  assert_int_equal(oi_map_get(&map, &other_word), OI_MAP_NONE);
  oi_map_key again = {{42, 294, 0, 0}};
  *oi_map_slot(&map, &again) = 7; /* an existing slot, rewritten */
  assert_int_equal(oi_map_get(&map, &again), 7);
  assert_int_equal(oi_map_size(&map), 5000);
  oi_map_free(&map);
  assert_int_equal(oi_map_get(&map, &again), OI_MAP_NONE);
}

static void address_keys_ignore_address_zero(void **state) {
  (void)state;
  oi_map map = {0};
  assert_int_equal(oi_map_set_address(&map, 0, 5), 0);
  assert_int_equal(oi_map_get_address(&map, 0), OI_MAP_NONE);
  assert_int_equal(oi_map_size(&map), 0);
  assert_int_equal(oi_map_set_address(&map, 0x1000, 1), 0);
  assert_int_equal(oi_map_set_address(&map, 0x1000, 2), 0); /* last wins */
  assert_int_equal(oi_map_get_address(&map, 0x1000), 2);
  assert_int_equal(oi_map_get_address(&map, 0x2000), OI_MAP_NONE);
  oi_map_free(&map);
}

static void map_remove_keeps_the_other_keys_and_its_size(void **state) {
  (void)state;
  oi_map map = {0};
  for (uint32_t i = 0; i < 5000; i++) {
    oi_map_key key = {{i, i * 7u, 0, 0}};
    *oi_map_slot(&map, &key) = i;
  }
  size_t capacity = map.mask + 1;
  for (uint32_t i = 0; i < 5000; i += 2) { /* holes all through the probe runs */
    oi_map_key key = {{i, i * 7u, 0, 0}};
    oi_map_remove(&map, &key);
    oi_map_remove(&map, &key); /* gone already: nothing happens */
  }
  assert_int_equal(oi_map_size(&map), 2500);
  for (uint32_t i = 0; i < 5000; i++) {
    oi_map_key key = {{i, i * 7u, 0, 0}};
    assert_int_equal(oi_map_get(&map, &key), i % 2 ? i : OI_MAP_NONE);
  }
  /* an address mapped and forgotten a million times (device memory handed
   * out again) takes no more room */
  for (uint64_t i = 1; i <= 1000000; i++) {
    uint64_t address = 0x7f0000000000u + (i % 1000) * 4096;
    assert_int_equal(oi_map_set_address(&map, address, (uint32_t)i), 0);
    assert_int_equal(oi_map_get_address(&map, address), (uint32_t)i);
    assert_int_equal(oi_map_set_address(&map, address, OI_MAP_NONE), 0);
    assert_int_equal(oi_map_get_address(&map, address), OI_MAP_NONE);
  }
  assert_int_equal(oi_map_size(&map), 2500);
  assert_int_equal(map.mask + 1, capacity);
  for (uint32_t i = 1; i < 5000; i += 2) {
    oi_map_key key = {{i, i * 7u, 0, 0}};
    assert_int_equal(oi_map_get(&map, &key), i);
  }
  oi_map_free(&map);
}

typedef struct lost {
  uint64_t bytes[4];
  int segments[4];
} lost;

static void count_lost(void *user, uint32_t owner, uint64_t lost_bytes, int segments_delta) {
  lost *l = user;
  l->bytes[owner] += lost_bytes;
  l->segments[owner] += segments_delta;
}

/* Owner 1 writes [0,100), owner 2 overwrites [40,60) (splitting 1), owner 3
 * [90,120): each loses exactly the bytes taken. */
static void intervals_charge_overwritten_bytes(void **state) {
  (void)state;
  oi_interval_pool pool;
  oi_interval_pool_init(&pool);
  uint32_t root = OI_INTERVAL_NONE;
  lost l = {{0}, {0}};
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 0, 100, 1, count_lost, &l), 0);
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 40, 60, 2, count_lost, &l), 0);
  assert_int_equal(l.bytes[1], 20);
  assert_int_equal(l.segments[1], 1); /* split in two */
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 90, 120, 3, count_lost, &l), 0);
  assert_int_equal(l.bytes[1], 30);
  lost seen = {{0}, {0}};
  oi_intervals_query(&pool, &root, 50, 95, count_lost, &seen);
  assert_int_equal(seen.bytes[2], 10); /* [50,60) */
  assert_int_equal(seen.bytes[1], 30); /* [60,90) */
  assert_int_equal(seen.bytes[3], 5);  /* [90,95) */
  lost cleared = {{0}, {0}};
  oi_intervals_clear(&pool, &root, count_lost, &cleared);
  assert_int_equal(cleared.segments[1], -2);
  assert_int_equal(cleared.segments[2], -1);
  assert_int_equal(cleared.segments[3], -1);
  assert_int_equal(root, OI_INTERVAL_NONE);
  oi_interval_pool_free(&pool);
}

/* Segments that overlap nothing go in without reshaping the tree; in any
 * order they stay sorted, all found and all taken away again. */
static void intervals_insert_disjoint_segments_in_any_order(void **state) {
  (void)state;
  oi_interval_pool pool;
  oi_interval_pool_init(&pool);
  uint32_t root = OI_INTERVAL_NONE;
  lost l = {{0}, {0}};
  for (uint64_t k = 0; k < 1000; k++) {
    uint64_t i = k * 617 % 1000; /* a permutation of 0..999 */
    assert_int_equal(
        oi_intervals_overwrite(&pool, &root, 10 * i, 10 * i + 5, (uint32_t)(i % 4), count_lost, &l),
        0);
  }
  assert_int_equal(l.segments[0] + l.segments[1] + l.segments[2] + l.segments[3], 0);
  lost seen = {{0}, {0}};
  oi_intervals_query(&pool, &root, 3, 10000, count_lost, &seen);
  assert_int_equal(seen.bytes[0], 250 * 5 - 3); /* [0,5) seen from 3 */
  for (int owner = 1; owner < 4; owner++)
    assert_int_equal(seen.bytes[owner], 250 * 5);
  lost taken = {{0}, {0}};
  assert_int_equal(
      oi_intervals_overwrite(&pool, &root, 0, 10000, OI_INTERVAL_NONE, count_lost, &taken), 0);
  for (int owner = 0; owner < 4; owner++) {
    assert_int_equal(taken.bytes[owner], 250 * 5);
    assert_int_equal(taken.segments[owner], -250);
  }
  assert_int_equal(root, OI_INTERVAL_NONE);
  oi_interval_pool_free(&pool);
}

/* A segment still whole is relabelled in place; one an overwrite trimmed,
 * split or removed is not, even when its node is reused. */
static void intervals_retake_only_a_whole_segment(void **state) {
  (void)state;
  oi_interval_pool pool;
  oi_interval_pool_init(&pool);
  uint32_t root = OI_INTERVAL_NONE;
  lost l = {{0}, {0}};
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 0, 100, 1, count_lost, &l), 0);
  uint32_t whole = pool.last_inserted;
  assert_false(oi_intervals_retake(&pool, whole, 0, 99, 1, 2));  /* other bounds */
  assert_false(oi_intervals_retake(&pool, whole, 0, 100, 3, 2)); /* other owner */
  assert_true(oi_intervals_retake(&pool, whole, 0, 100, 1, 2));
  lost seen = {{0}, {0}};
  oi_intervals_query(&pool, &root, 0, 100, count_lost, &seen);
  assert_int_equal(seen.bytes[2], 100); /* all of it is owner 2's now */
  assert_int_equal(seen.bytes[1], 0);
  assert_true(oi_intervals_retake(&pool, whole, 0, 100, 2, OI_INTERVAL_NONE));
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 40, 60, 3, count_lost, &l), 0);
  assert_false(oi_intervals_retake(&pool, whole, 0, 100, 2, 1)); /* split */
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 0, 100, 2, count_lost, &l), 0);
  assert_true(oi_intervals_retake(&pool, pool.last_inserted, 0, 100, 2, OI_INTERVAL_NONE));
  uint32_t removed = pool.last_inserted;
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 0, 200, 1, count_lost, &l), 0);
  assert_false(oi_intervals_retake(&pool, removed, 0, 100, 2, 1)); /* freed */
  oi_intervals_clear(&pool, &root, count_lost, &l);
  assert_false(oi_intervals_retake(&pool, UINT32_MAX - 1, 0, 100, 2, 1));
  oi_interval_pool_free(&pool);
}

/* Relabelling gives every segment to one owner and keeps the segments: a
 * whole one is still retaken in place, a gap stays a gap. */
static void intervals_relabel_every_segment_in_place(void **state) {
  (void)state;
  oi_interval_pool pool;
  oi_interval_pool_init(&pool);
  uint32_t root = OI_INTERVAL_NONE;
  lost l = {{0}, {0}};
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 0, 100, 1, count_lost, &l), 0);
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 40, 60, 2, count_lost, &l), 0);
  assert_int_equal(oi_intervals_overwrite(&pool, &root, 200, 300, 2, count_lost, &l), 0);
  uint32_t whole = pool.last_inserted;
  uint32_t nodes = pool.len;
  oi_intervals_relabel(&pool, root, 3);
  assert_int_equal(pool.len, nodes);
  lost seen = {{0}, {0}};
  oi_intervals_query(&pool, &root, 0, 400, count_lost, &seen);
  assert_int_equal(seen.bytes[3], 200); /* [0,100) in three segments, [200,300) */
  assert_int_equal(seen.bytes[1] + seen.bytes[2], 0);
  lost gap = {{0}, {0}};
  oi_intervals_query(&pool, &root, 100, 200, count_lost, &gap);
  assert_int_equal(gap.bytes[3], 0);
  assert_true(oi_intervals_retake(&pool, whole, 200, 300, 3, 1));
  oi_intervals_relabel(&pool, OI_INTERVAL_NONE, 1); /* an empty tree */
  oi_intervals_clear(&pool, &root, count_lost, &l);
  oi_interval_pool_free(&pool);
}

/* Small arrays start at `first` and double like the others. */
static void grow_from_starts_small(void **state) {
  (void)state;
  uint32_t *values = NULL;
  uint64_t capacity = 0;
  assert_int_equal(oi_grow_from((void **)&values, &capacity, 1, sizeof *values, 4), 0);
  assert_int_equal(capacity, 4);
  for (uint32_t i = 0; i < 4; i++)
    values[i] = i;
  assert_int_equal(oi_grow_from((void **)&values, &capacity, 5, sizeof *values, 4), 0);
  assert_int_equal(capacity, 8);
  assert_int_equal(oi_grow_from((void **)&values, &capacity, 9, sizeof *values, 4), 0);
  assert_int_equal(capacity, 16);
  assert_int_equal(values[3], 3);
  free(values);
}

static void grow_zeroed_clears_what_it_adds(void **state) {
  (void)state;
  uint32_t *values = NULL;
  uint64_t capacity = 0;
  assert_int_equal(oi_grow_zeroed((void **)&values, &capacity, 3, sizeof *values), 0);
  assert_true(capacity >= 3);
  for (uint64_t i = 0; i < capacity; i++)
    values[i] = 7; /* dirty the whole first block */
  uint64_t first = capacity;
  assert_int_equal(oi_grow_zeroed((void **)&values, &capacity, first + 1, sizeof *values), 0);
  assert_true(capacity > first);
  for (uint64_t i = 0; i < first; i++)
    assert_int_equal(values[i], 7); /* kept */
  for (uint64_t i = first; i < capacity; i++)
    assert_int_equal(values[i], 0); /* new: zero */
  assert_int_equal(oi_grow_zeroed((void **)&values, &capacity, 2, sizeof *values), 0);
  assert_int_equal(values[0], 7); /* room enough: nothing cleared */
  free(values);
}

static void map_intern_makes_one_record_per_key(void **state) {
  (void)state;
  oi_map map = {0};
  oi_array records = OI_ARRAY_INIT(record);
  for (uint64_t round = 0; round < 2; round++) {
    for (uint64_t k = 0; k < 500; k++) {
      oi_map_key key = {{k, k * 7, 0, 1}};
      int created = -1;
      uint32_t index = oi_map_intern(&map, &key, &records, &created);
      assert_int_equal(index, k); /* first-seen order */
      assert_int_equal(created, round == 0);
      record *r = OI_ARRAY_AT(records, record, index);
      if (created)
        assert_int_equal(r->a, 0); /* a new record is zeroed */
      r->a += k + 1;
    }
  }
  assert_int_equal(records.len, 500);
  assert_int_equal(OI_ARRAY_AT(records, record, 42)->a, 2 * 43);
  oi_array_free(&records);
  oi_map_free(&map);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(array_pushes_zeroed_records_and_keeps_them),
      cmocka_unit_test(grow_doubles_and_keeps_contents),
      cmocka_unit_test(grow_from_starts_small),
      cmocka_unit_test(grow_zeroed_clears_what_it_adds),
      cmocka_unit_test(map_intern_makes_one_record_per_key),
      cmocka_unit_test(map_finds_every_key_through_growth),
      cmocka_unit_test(map_remove_keeps_the_other_keys_and_its_size),
      cmocka_unit_test(address_keys_ignore_address_zero),
      cmocka_unit_test(intervals_charge_overwritten_bytes),
      cmocka_unit_test(intervals_retake_only_a_whole_segment),
      cmocka_unit_test(intervals_relabel_every_segment_in_place),
      cmocka_unit_test(intervals_insert_disjoint_segments_in_any_order),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
