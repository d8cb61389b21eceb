/* The shim's content hash (shim/content_hash.c): whole buffers with the
 * function its code path names (the AES-round hash where the CPU has VAES,
 * else XXH3-64), with that function's values whatever code computes them;
 * sampled blocks with XXH3-64. Its modes: buffers up to the limit hashed
 * whole, larger ones from sampled blocks (a byte changed inside a block
 * changes the hash, one between blocks does not), `full` hashing whole at
 * every size, `off` hashing nothing, and OMPT_INST_HASH's values. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <xxhash.h>

#include "shim/aes_hash.h"
#include "shim/chunked_hash.h"
#include "shim/content_hash.h"
#include "unit/xorshift.h"

#include "ompt-inst/events.h"

static uint64_t whole(const void *data, size_t bytes) {
  uint64_t hash = 0;
  assert_int_equal(oi_content_hash_as(OI_HASH_FULL, data, bytes, &hash), OI_FLAG_HASH_VALID);
  return hash;
}

static int aes_path(void) { return strncmp(oi_hash_code_path(), "oi-aes64 ", 9) == 0; }

/* The definition of the function the path names: the AES-round hash's
 * portable code from OI_AES_HASH_SHORT_BYTES on and libxxhash's baseline
 * XXH3-64 below, or XXH3-64 throughout. */
static uint64_t expected_whole(const void *data, size_t bytes) {
  return aes_path() && bytes >= OI_AES_HASH_SHORT_BYTES ? oi_aes_hash_reference(data, bytes)
                                                        : XXH3_64bits(data, bytes);
}

/* Nothing: XXH3-64's own sanity value on every path (a short buffer). */
static void empty_input(void **state) {
  (void)state;
  assert_int_equal(whole("", 0), UINT64_C(0x2D06800538D394C2));
}

/* Every length up to 4 KiB (all of XXH3's short, medium and long-input
 * branches, the AES hash's short inputs and stripes), at every alignment
 * within 64 bytes for some: the function's definition agrees. */
static void same_values_as_reference(void **state) {
  (void)state;
  enum { MAX = 4096 + 64 };
  unsigned char *buffer = malloc(MAX + 64);
  assert_non_null(buffer);
  oi_test_fill(buffer, MAX + 64);
  for (size_t bytes = 0; bytes <= 4096; bytes++)
    assert_int_equal(whole(buffer, bytes), expected_whole(buffer, bytes));
  static const size_t sizes[] = {1, 17, 129, 240, 241, 1024, 1025, 4096};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (size_t offset = 1; offset < 64; offset++)
      assert_int_equal(whole(buffer + offset, sizes[s]), expected_whole(buffer + offset, sizes[s]));
  free(buffer);
}

/* Buffers of transfers: the sizes of bench/offload.c and an odd one (to
 * 1 MiB: the AES hash's definition reads 55 MB/s). */
static void large_buffers(void **state) {
  (void)state;
  static const size_t sizes[] = {16384, 262144, 1048573};
  unsigned char *buffer = malloc(1u << 20);
  assert_non_null(buffer);
  oi_test_fill(buffer, 1u << 20);
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    uint64_t unchanged = whole(buffer, sizes[s]);
    assert_int_equal(unchanged, expected_whole(buffer, sizes[s]));
    buffer[sizes[s] / 2] ^= 1; /* one bit changes the hash */
    uint64_t changed = whole(buffer, sizes[s]);
    buffer[sizes[s] / 2] ^= 1;
    assert_int_not_equal(changed, unchanged);
  }
  free(buffer);
}

/* From 4 MiB, the definition of chunked_hash.h, recomputed here from the
 * whole-buffer function's values of each 1 MiB chunk (the last one
 * shorter): shares by index, summed, mixed with the size. */
static uint64_t expected_chunked(const unsigned char *data, size_t bytes) {
  uint64_t sum = 0;
  for (size_t offset = 0, i = 0; offset < bytes; offset += OI_HASH_CHUNK_BYTES, i++) {
    size_t length = bytes - offset < OI_HASH_CHUNK_BYTES ? bytes - offset : OI_HASH_CHUNK_BYTES;
    sum += oi_chunked_hash_share(expected_whole(data + offset, length), i);
  }
  return oi_chunked_hash_combine(sum, bytes);
}

/* Buffers of 4 MiB and more: the chunked definition, whoever hashed which
 * chunk; one bit changes it, and so do two chunks swapped. */
static void chunked_buffers(void **state) {
  (void)state;
  static const size_t sizes[] = {OI_HASH_CHUNKED_FROM, OI_HASH_CHUNKED_FROM + 1, (9u << 20) + 123};
  unsigned char *buffer = malloc(10u << 20);
  assert_non_null(buffer);
  oi_test_fill(buffer, 10u << 20);
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    size_t bytes = sizes[s];
    uint64_t unchanged = whole(buffer, bytes);
    assert_int_equal(unchanged, expected_chunked(buffer, bytes));
    assert_int_not_equal(unchanged, expected_whole(buffer, bytes));
    buffer[bytes - 1] ^= 0x10;
    assert_int_not_equal(whole(buffer, bytes), unchanged);
    buffer[bytes - 1] ^= 0x10;
    assert_int_equal(whole(buffer, bytes), unchanged);
  }
  /* the first two chunks swapped: the same chunk hashes at other indexes */
  size_t bytes = OI_HASH_CHUNKED_FROM;
  unsigned char *swapped = malloc(bytes);
  assert_non_null(swapped);
  memcpy(swapped, buffer + OI_HASH_CHUNK_BYTES, OI_HASH_CHUNK_BYTES);
  memcpy(swapped + OI_HASH_CHUNK_BYTES, buffer, OI_HASH_CHUNK_BYTES);
  memcpy(swapped + 2 * OI_HASH_CHUNK_BYTES, buffer + 2 * OI_HASH_CHUNK_BYTES,
         bytes - 2 * OI_HASH_CHUNK_BYTES);
  assert_int_not_equal(whole(swapped, bytes), whole(buffer, bytes));
  free(swapped);
  free(buffer);
}

/* Several threads hashing large buffers at once (target tasks of several
 * threads): one of them shares the helper, the others hash alone; every
 * value is the definition's. */
enum { HASHING_THREADS = 3, HASHES_EACH = 12 };
typedef struct {
  const unsigned char *buffer;
  size_t bytes;
  uint64_t expected;
  int wrong;
} hashing_thread;

static void *hash_repeatedly(void *argument) {
  hashing_thread *h = argument;
  for (int i = 0; i < HASHES_EACH; i++)
    h->wrong += whole(h->buffer, h->bytes) != h->expected;
  return NULL;
}

static void chunked_from_several_threads(void **state) {
  (void)state;
  size_t bytes = (6u << 20) + 7;
  unsigned char *buffers = malloc(HASHING_THREADS * bytes);
  assert_non_null(buffers);
  oi_test_fill(buffers, HASHING_THREADS * bytes);
  hashing_thread threads[HASHING_THREADS];
  pthread_t ids[HASHING_THREADS];
  uint64_t helped_before = oi_chunked_hash_helper_chunks();
  for (int i = 0; i < HASHING_THREADS; i++) {
    threads[i] = (hashing_thread){.buffer = buffers + i * bytes, .bytes = bytes};
    threads[i].expected = expected_chunked(threads[i].buffer, bytes);
    assert_int_equal(pthread_create(&ids[i], NULL, hash_repeatedly, &threads[i]), 0);
  }
  for (int i = 0; i < HASHING_THREADS; i++) {
    assert_int_equal(pthread_join(ids[i], NULL), 0);
    assert_int_equal(threads[i].wrong, 0);
  }
  /* the helper's share depends on the scheduler: reported, not required */
  printf("chunks hashed by the helper: %llu of %d\n",
         (unsigned long long)(oi_chunked_hash_helper_chunks() - helped_before),
         HASHING_THREADS * HASHES_EACH * 7);
  free(buffers);
}

/* The sampled hash keeps its definition: blocks at spread offsets, each
 * seeding the next, the first seed the size. */
static void sampled_blocks(void **state) {
  (void)state;
  size_t bytes = 1u << 20;
  unsigned char *buffer = malloc(bytes);
  assert_non_null(buffer);
  oi_test_fill(buffer, bytes);
  uint64_t expected = bytes;
  size_t blocks = oi_hash_sample_blocks(bytes), span = bytes - OI_HASH_BLOCK_BYTES;
  for (size_t i = 0; i < blocks; i++)
    expected =
        XXH3_64bits_withSeed(buffer + span * i / (blocks - 1), OI_HASH_BLOCK_BYTES, expected);
  uint64_t hash = 0;
  assert_int_equal(oi_content_hash_as(OI_HASH_SAMPLED, buffer, bytes, &hash),
                   OI_FLAG_HASH_VALID | OI_FLAG_HASH_SAMPLED);
  assert_int_equal(hash, expected);
  free(buffer);
}

/* How buffers from 4 MiB are hashed, as the run's info names it. */
static const char chunks_named[] = ", by 1024 KiB chunks from 4096 KiB";

/* The run's info names a path this CPU has (the AES hash wherever it can
 * run, XXH3 elsewhere) and the chunks of large buffers. */
static void code_path_named(void **state) {
  (void)state;
  const char *path = oi_hash_code_path();
  __builtin_cpu_init();
  char expected[128];
  if (oi_aes_hash_available()) {
    snprintf(expected, sizeof expected, "oi-aes64 vaes, %s under %u bytes%s", oi_xxh3_path(),
             OI_AES_HASH_SHORT_BYTES, chunks_named);
    assert_string_equal(path, expected);
    return;
  }
  snprintf(expected, sizeof expected, "%s%s", oi_xxh3_path(), chunks_named);
  assert_string_equal(path, expected);
  const char *xxh3 = oi_xxh3_path();
  assert_int_equal(strncmp(xxh3, "xxh3-64 ", 8), 0);
  if (strcmp(xxh3, "xxh3-64 avx2") == 0)
    assert_true(__builtin_cpu_supports("avx2"));
  else if (strcmp(xxh3, "xxh3-64 avx512") == 0)
    assert_true(__builtin_cpu_supports("avx512f"));
  else
    assert_true(strcmp(xxh3, "xxh3-64 sse2") == 0 || strcmp(xxh3, "xxh3-64 baseline") == 0);
}

/* OMPT_INST_HASH_FUNCTION: xxh3 on request, aes where it runs, the
 * automatic choice for unset, empty, auto and unknown values. */
static void function_chosen(void **state) {
  (void)state;
  oi_hash_function_configure(NULL);
  const char *automatic = oi_hash_code_path();
  oi_hash_function_configure("xxh3");
  char expected[128];
  snprintf(expected, sizeof expected, "%s%s", oi_xxh3_path(), chunks_named);
  assert_string_equal(oi_hash_code_path(), expected);
  assert_int_equal(whole("abc", 3), XXH3_64bits("abc", 3));
  static const char *const automatic_values[] = {"auto", "", "bogus", NULL};
  for (size_t v = 0; v < sizeof automatic_values / sizeof automatic_values[0]; v++) {
    oi_hash_function_configure("xxh3");
    oi_hash_function_configure(automatic_values[v]);
    assert_string_equal(oi_hash_code_path(), automatic);
  }
  oi_hash_function_configure("aes");
  assert_string_equal(oi_hash_code_path(), automatic);
  oi_hash_function_configure(NULL);
}

/* The modes (OMPT_INST_HASH) and the limit between whole and sampled. */

enum { SAMPLED_FLAGS = OI_FLAG_HASH_VALID | OI_FLAG_HASH_SAMPLED };

static unsigned char *filled(size_t bytes) {
  unsigned char *data = malloc(bytes);
  assert_non_null(data);
  for (size_t i = 0; i < bytes; i++)
    data[i] = (unsigned char)(i * 31 + 7);
  return data;
}

static uint64_t hash_as(oi_hash_mode mode, const unsigned char *data, size_t bytes,
                        unsigned expected_flags) {
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
  assert_int_not_equal(above,
                       hash_as(OI_HASH_FULL, data, OI_HASH_WHOLE_LIMIT + 1, OI_FLAG_HASH_VALID));
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
  uint64_t whole_hash = hash_as(OI_HASH_FULL, data, bytes, OI_FLAG_HASH_VALID);
  size_t second = span / (blocks - 1); /* start of block 1 */
  size_t inside[] = {0, OI_HASH_BLOCK_BYTES - 1, second, second + 50, span, bytes - 1};
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
    assert_int_not_equal(hash_as(OI_HASH_FULL, data, bytes, OI_FLAG_HASH_VALID), whole_hash);
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
    uint64_t whole_hash = hash_as(OI_HASH_FULL, data, sizes[s], OI_FLAG_HASH_VALID);
    for (size_t i = 0; i < sizes[s]; i++) {
      data[i] ^= 0x01;
      assert_int_not_equal(hash_as(OI_HASH_FULL, data, sizes[s], OI_FLAG_HASH_VALID), whole_hash);
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
      cmocka_unit_test(empty_input),           cmocka_unit_test(same_values_as_reference),
      cmocka_unit_test(large_buffers),         cmocka_unit_test(sampled_blocks),
      cmocka_unit_test(code_path_named),       cmocka_unit_test(function_chosen),
      cmocka_unit_test(chunked_buffers),       cmocka_unit_test(chunked_from_several_threads),
      cmocka_unit_test(whole_up_to_the_limit), cmocka_unit_test(samples_spread_blocks),
      cmocka_unit_test(full_hashes_whole),     cmocka_unit_test(off_hashes_nothing),
      cmocka_unit_test(reads_the_mode),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
