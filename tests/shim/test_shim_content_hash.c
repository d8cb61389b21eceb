/* Content hashes (shim/content_hash.c): buffers up to the limit hashed
 * whole, larger ones from sampled blocks (a byte changed inside a block
 * changes the hash, one between blocks does not), `full` hashing whole at
 * every size, `off` hashing nothing, and OMPT_INST_HASH's values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shim/content_hash.h"
#include "ompt-inst/events.h"

enum { SAMPLED_FLAGS = OI_FLAG_HASH_VALID | OI_FLAG_HASH_SAMPLED };

static unsigned char *filled(size_t bytes) {
  unsigned char *data = malloc(bytes);
  assert_non_null(data);
  for (size_t i = 0; i < bytes; i++)
    data[i] = (unsigned char)(i * 31 + 7);
  return data;
}

static uint64_t hash_as(oi_hash_mode mode, const unsigned char *data,
                        size_t bytes, unsigned expected_flags) {
  uint64_t hash = 0;
  assert_int_equal(oi_content_hash_as(mode, data, bytes, &hash), expected_flags);
  assert_int_equal(oi_content_hash_flags(mode, bytes), expected_flags);
  return hash;
}

/* Up to the limit the sampled mode is the whole hash of the buffer; one
 * byte more and it samples. */
static void whole_up_to_the_limit(void **state) {
  (void)state;
  size_t sizes[] = {1, 512, OI_HASH_WHOLE_LIMIT - 1, OI_HASH_WHOLE_LIMIT};
  unsigned char *data = filled(OI_HASH_WHOLE_LIMIT + 1);
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    assert_int_equal(hash_as(OI_HASH_SAMPLED, data, sizes[i], OI_FLAG_HASH_VALID),
                     hash_as(OI_HASH_FULL, data, sizes[i], OI_FLAG_HASH_VALID));
  uint64_t above = hash_as(OI_HASH_SAMPLED, data, OI_HASH_WHOLE_LIMIT + 1, SAMPLED_FLAGS);
  assert_int_not_equal(above, hash_as(OI_HASH_FULL, data, OI_HASH_WHOLE_LIMIT + 1,
                                      OI_FLAG_HASH_VALID));
  free(data);
}

/* Blocks of OI_HASH_BLOCK_BYTES at i * (size - block) / (blocks - 1):
 * a byte changed inside one changes the hash, one between them does not. */
static void samples_spread_blocks_of(size_t bytes, size_t blocks) {
  assert_int_equal(oi_hash_sample_blocks(bytes), blocks);
  size_t span = bytes - OI_HASH_BLOCK_BYTES;
  unsigned char *data = filled(bytes);
  uint64_t base = hash_as(OI_HASH_SAMPLED, data, bytes, SAMPLED_FLAGS);
  assert_int_equal(hash_as(OI_HASH_SAMPLED, data, bytes, SAMPLED_FLAGS), base);
  uint64_t whole = hash_as(OI_HASH_FULL, data, bytes, OI_FLAG_HASH_VALID);
  size_t second = span / (blocks - 1); /* start of block 1 */
  size_t inside[] = {0, OI_HASH_BLOCK_BYTES - 1, second, second + 50,
                     span, bytes - 1};
  for (size_t i = 0; i < sizeof inside / sizeof inside[0]; i++) {
    data[inside[i]] ^= 0x5a;
    assert_int_not_equal(hash_as(OI_HASH_SAMPLED, data, bytes, SAMPLED_FLAGS), base);
    data[inside[i]] ^= 0x5a;
  }
  size_t outside[] = {OI_HASH_BLOCK_BYTES, second - 1, span - 1};
  for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
    data[outside[i]] ^= 0x5a;
    assert_int_equal(hash_as(OI_HASH_SAMPLED, data, bytes, SAMPLED_FLAGS), base);
    /* full mode sees every byte */
    assert_int_not_equal(hash_as(OI_HASH_FULL, data, bytes, OI_FLAG_HASH_VALID), whole);
    data[outside[i]] ^= 0x5a;
  }
  /* the size seeds the chain: a shorter buffer with the same blocks differs */
  assert_int_not_equal(hash_as(OI_HASH_SAMPLED, data, bytes - 1, SAMPLED_FLAGS), base);
  free(data);
}

/* Just above the limit: the minimum of blocks, overlapping; 1 MiB + 5
 * bytes: one block per 16 KiB. */
static void samples_spread_blocks(void **state) {
  (void)state;
  samples_spread_blocks_of(3 * OI_HASH_WHOLE_LIMIT + 5, OI_HASH_MIN_BLOCKS);
  samples_spread_blocks_of(64 * OI_HASH_BYTES_PER_BLOCK + 5, 64);
}

/* Full mode reads every byte at every size: each byte of a buffer above
 * the sampling limit, and of a small one, changes its hash. */
static void full_hashes_whole(void **state) {
  (void)state;
  size_t sizes[] = {512, 2 * OI_HASH_WHOLE_LIMIT + 3};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    unsigned char *data = filled(sizes[s]);
    uint64_t whole = hash_as(OI_HASH_FULL, data, sizes[s], OI_FLAG_HASH_VALID);
    for (size_t i = 0; i < sizes[s]; i++) {
      data[i] ^= 0x01;
      assert_int_not_equal(hash_as(OI_HASH_FULL, data, sizes[s], OI_FLAG_HASH_VALID), whole);
      data[i] ^= 0x01;
    }
    free(data);
  }
}

static void off_hashes_nothing(void **state) {
  (void)state;
  unsigned char *data = filled(2 * OI_HASH_WHOLE_LIMIT);
  uint64_t hash = 42;
  assert_int_equal(oi_content_hash_as(OI_HASH_OFF, data, 512, &hash), 0);
  assert_int_equal(oi_content_hash_as(OI_HASH_OFF, data, 2 * OI_HASH_WHOLE_LIMIT, &hash), 0);
  assert_int_equal(hash, 42);
  free(data);
}

static void reads_the_mode(void **state) {
  (void)state;
  oi_hash_configure("sampled");
  assert_int_equal(oi_hash_mode_get(), OI_HASH_SAMPLED);
  oi_hash_configure("off");
  assert_int_equal(oi_hash_mode_get(), OI_HASH_OFF);
  oi_hash_configure("full");
  assert_int_equal(oi_hash_mode_get(), OI_HASH_FULL);
  oi_hash_configure("sampled");
  oi_hash_configure(NULL);
  assert_int_equal(oi_hash_mode_get(), OI_HASH_FULL);
  oi_hash_configure("off");
  oi_hash_configure("");
  assert_int_equal(oi_hash_mode_get(), OI_HASH_FULL);
  oi_hash_configure("sampled");
  oi_hash_configure("Sampled"); /* unknown: a message, then the default */
  assert_int_equal(oi_hash_mode_get(), OI_HASH_FULL);
  assert_string_equal(oi_hash_mode_name(OI_HASH_SAMPLED), "sampled");
  assert_string_equal(oi_hash_mode_name(OI_HASH_FULL), "full");
  assert_string_equal(oi_hash_mode_name(OI_HASH_OFF), "off");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(whole_up_to_the_limit),
      cmocka_unit_test(samples_spread_blocks),
      cmocka_unit_test(full_hashes_whole),
      cmocka_unit_test(off_hashes_nothing),
      cmocka_unit_test(reads_the_mode),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
