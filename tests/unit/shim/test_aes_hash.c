/* The AES-round content hash (shim/aes_hash.c): its AES round against
 * FIPS-197 and the instruction, its vector code against its portable
 * definition, pinned values, and the collision and avalanche checks a
 * hash library is held to (after SMHasher's sparse-key and avalanche
 * tests, sized to run in a second). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "shim/aes_hash.h"
#include "unit/xorshift.h"

/* The vector code where the CPU has it, else the definition itself. */
static uint64_t hash(const void *data, size_t bytes) {
  return oi_aes_hash_available() ? oi_aes_hash(data, bytes) : oi_aes_hash_reference(data, bytes);
}

/* FIPS-197 appendix B, round 1: the state at its start and the round
 * key give the state at the start of round 2. */
static void fips197_round(void **state) {
  (void)state;
  uint8_t block[16] = {0x19, 0x3d, 0xe3, 0xbe, 0xa0, 0xf4, 0xe2, 0x2b,
                       0x9a, 0xc6, 0x8d, 0x2a, 0xe9, 0xf8, 0x48, 0x08};
  static const uint8_t key[16] = {0xa0, 0xfa, 0xfe, 0x17, 0x88, 0x54, 0x2c, 0xb1,
                                  0x23, 0xa3, 0x39, 0x39, 0x2a, 0x6c, 0x76, 0x05};
  static const uint8_t expected[16] = {0xa4, 0x9c, 0x7f, 0xf2, 0x68, 0x9f, 0x35, 0x2b,
                                       0x6b, 0x5b, 0xea, 0x43, 0x02, 0x6a, 0x50, 0x49};
  oi_aes_round_reference(block, key);
  assert_memory_equal(block, expected, sizeof expected);
}

#if defined(__x86_64__)
#include <immintrin.h>
__attribute__((target("aes"))) static void aesenc(uint8_t state[16], const uint8_t key[16]) {
  __m128i result = _mm_aesenc_si128(_mm_loadu_si128((const __m128i *)state),
                                    _mm_loadu_si128((const __m128i *)key));
  _mm_storeu_si128((__m128i *)state, result);
}

/* The software round is the instruction's, on 100,000 random pairs. */
static void round_is_the_instruction(void **state) {
  (void)state;
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("aes"))
    skip();
  uint64_t random = 0x2545f4914f6cdd1du;
  for (int i = 0; i < 100000; i++) {
    uint8_t block[16], key[16], expected[16];
    for (int b = 0; b < 16; b++) {
      block[b] = (uint8_t)oi_test_next_random(&random);
      key[b] = (uint8_t)oi_test_next_random(&random);
    }
    memcpy(expected, block, sizeof block);
    aesenc(expected, key);
    oi_aes_round_reference(block, key);
    assert_memory_equal(block, expected, sizeof expected);
  }
}
#else
static void round_is_the_instruction(void **state) {
  (void)state;
  skip();
}
#endif

/* Pinned values of the definition (the hash's test vectors): a change to
 * the function, on any code path, shows here. */
static void pinned_values(void **state) {
  (void)state;
  static const struct {
    size_t bytes;
    uint64_t value;
  } vectors[] = {
      {0, UINT64_C(0x73f370ca70950d41)},     {1, UINT64_C(0xb11bbffdf597323a)},
      {15, UINT64_C(0xd640258eb084a410)},    {16, UINT64_C(0x9dd6e131ae2e66bb)},
      {17, UINT64_C(0x1bb8615a08601184)},    {127, UINT64_C(0x0e9a6dd320966e91)},
      {128, UINT64_C(0x34ba880e21c029dd)},   {129, UINT64_C(0xce39de112bd5c4fc)},
      {255, UINT64_C(0x12dec9eedc1a9272)},   {256, UINT64_C(0x3ea881cb6bb2f65d)},
      {1000, UINT64_C(0x78705c901e4f8bfd)},  {4096, UINT64_C(0x91c3332d0b4c83a6)},
      {65539, UINT64_C(0xf906969e9c9a2674)},
  };
  unsigned char *buffer = malloc(65539);
  assert_non_null(buffer);
  oi_test_fill(buffer, 65539);
  for (size_t v = 0; v < sizeof vectors / sizeof vectors[0]; v++) {
    assert_int_equal(oi_aes_hash_reference(buffer, vectors[v].bytes), vectors[v].value);
    assert_int_equal(hash(buffer, vectors[v].bytes), vectors[v].value);
  }
  free(buffer);
}

/* Every length to 1100 bytes (short inputs, one block per lane, a stripe,
 * the overlapping last stripe) at 4 alignments, every alignment within 64
 * bytes for some, and transfer-sized buffers: the vector code gives the
 * definition's values. */
static void vector_code_is_the_definition(void **state) {
  (void)state;
  if (!oi_aes_hash_available())
    skip();
  enum { MAX = 1 << 20 };
  unsigned char *buffer = malloc(MAX + 64);
  assert_non_null(buffer);
  oi_test_fill(buffer, MAX + 64);
  for (size_t bytes = 0; bytes <= 1100; bytes++)
    for (size_t offset = 0; offset < 4; offset++)
      assert_int_equal(oi_aes_hash(buffer + offset, bytes),
                       oi_aes_hash_reference(buffer + offset, bytes));
  static const size_t sizes[] = {7, 16, 100, 128, 240, 256, 4095};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (size_t offset = 4; offset < 64; offset++)
      assert_int_equal(oi_aes_hash(buffer + offset, sizes[s]),
                       oi_aes_hash_reference(buffer + offset, sizes[s]));
  static const size_t large[] = {16384, 262144 + 3, MAX};
  for (size_t s = 0; s < sizeof large / sizeof large[0]; s++)
    assert_int_equal(oi_aes_hash(buffer, large[s]), oi_aes_hash_reference(buffer, large[s]));
  free(buffer);
}

static int compare_values(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* No two of `count` hashes are equal. */
static void assert_distinct(uint64_t *values, size_t count) {
  qsort(values, count, sizeof *values, compare_values);
  for (size_t i = 1; i < count; i++)
    if (values[i] == values[i - 1])
      fail_msg("two inputs share the hash %016llx", (unsigned long long)values[i]);
}

/* Sparse keys: zero buffers of 0 to 64 bytes and some longer ones, each
 * with no bit and with every single bit set; and every pair of bits set
 * in zero buffers of 16, 40 and 128 bytes. Each set of hashes is free of
 * collisions. */
static void sparse_keys(void **state) {
  (void)state;
  static const size_t longer[] = {100, 127, 128, 129, 200, 256, 257, 1024};
  size_t capacity = 0;
  for (size_t bytes = 0; bytes <= 64; bytes++)
    capacity += 8 * bytes + 1;
  for (size_t s = 0; s < sizeof longer / sizeof longer[0]; s++)
    capacity += 8 * longer[s] + 1;
  uint64_t *values = malloc(capacity * sizeof *values);
  unsigned char *buffer = calloc(1024, 1);
  assert_non_null(values);
  assert_non_null(buffer);
  size_t count = 0;
  for (size_t i = 0; i < 65 + sizeof longer / sizeof longer[0]; i++) {
    size_t bytes = i <= 64 ? i : longer[i - 65];
    values[count++] = hash(buffer, bytes);
    for (size_t bit = 0; bit < 8 * bytes; bit++) {
      buffer[bit / 8] ^= (unsigned char)(1u << bit % 8);
      values[count++] = hash(buffer, bytes);
      buffer[bit / 8] ^= (unsigned char)(1u << bit % 8);
    }
  }
  assert_int_equal(count, capacity);
  assert_distinct(values, count);
  free(values);

  static const size_t pair_sizes[] = {16, 40, 128};
  for (size_t s = 0; s < sizeof pair_sizes / sizeof pair_sizes[0]; s++) {
    size_t bits = 8 * pair_sizes[s];
    uint64_t *pairs = malloc(bits * (bits - 1) / 2 * sizeof *pairs);
    assert_non_null(pairs);
    count = 0;
    for (size_t a = 0; a < bits; a++)
      for (size_t b = a + 1; b < bits; b++) {
        buffer[a / 8] ^= (unsigned char)(1u << a % 8);
        buffer[b / 8] ^= (unsigned char)(1u << b % 8);
        pairs[count++] = hash(buffer, pair_sizes[s]);
        buffer[a / 8] ^= (unsigned char)(1u << a % 8);
        buffer[b / 8] ^= (unsigned char)(1u << b % 8);
      }
    assert_distinct(pairs, count);
    free(pairs);
  }
  free(buffer);
}

/* Avalanche: flipping any one input bit flips each output bit about half
 * the time. Over 100 random inputs of 8, 64, 200 and 1024 bytes and every
 * input bit, each output bit flips with a frequency within 0.5 +- 0.03
 * (at least 6,400 trials each: 4.8 standard deviations), and each input
 * bit flips 32 +- 5 output bits on average (over its 100 trials: 12
 * standard deviations; loose enough for any sound hash, far from a weak
 * mix, which leaves output bits untouched). */
static void avalanche(void **state) {
  (void)state;
  static const size_t sizes[] = {8, 64, 200, 1024};
  enum { INPUTS = 100 };
  unsigned char *buffer = malloc(1024);
  assert_non_null(buffer);
  uint64_t random = 0x853c49e6748fea9bu;
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    size_t bits = 8 * sizes[s];
    uint64_t flips[64] = {0};
    uint64_t *per_input_bit = calloc(bits, sizeof *per_input_bit);
    assert_non_null(per_input_bit);
    for (int input = 0; input < INPUTS; input++) {
      for (size_t i = 0; i < sizes[s]; i++)
        buffer[i] = (unsigned char)oi_test_next_random(&random);
      uint64_t base = hash(buffer, sizes[s]);
      for (size_t bit = 0; bit < bits; bit++) {
        buffer[bit / 8] ^= (unsigned char)(1u << bit % 8);
        uint64_t changed = base ^ hash(buffer, sizes[s]);
        buffer[bit / 8] ^= (unsigned char)(1u << bit % 8);
        per_input_bit[bit] += (uint64_t)__builtin_popcountll(changed);
        for (int out = 0; out < 64; out++)
          flips[out] += changed >> out & 1;
      }
    }
    double trials = (double)INPUTS * (double)bits;
    for (int out = 0; out < 64; out++) {
      double rate = (double)flips[out] / trials;
      if (rate < 0.47 || rate > 0.53)
        fail_msg("%zu bytes: output bit %d flips %.3f of the time", sizes[s], out, rate);
    }
    for (size_t bit = 0; bit < bits; bit++) {
      double mean = (double)per_input_bit[bit] / INPUTS;
      if (mean < 27 || mean > 37)
        fail_msg("%zu bytes: input bit %zu flips %.1f output bits", sizes[s], bit, mean);
    }
    free(per_input_bit);
  }
  free(buffer);
}

/* Data as programs map it: an array of doubles with one element one ulp
 * away, two 16-byte blocks swapped (the lanes are not interchangeable),
 * a block moved by one stripe, the same bytes at another length. */
static void structured_changes(void **state) {
  (void)state;
  enum { COUNT = 1024 };
  double *values = malloc(COUNT * sizeof *values);
  assert_non_null(values);
  for (int i = 0; i < COUNT; i++)
    values[i] = i * 0.5;
  uint64_t base = hash(values, sizeof(double) * COUNT);
  for (int i = 0; i < COUNT; i += 37) {
    double kept = values[i];
    values[i] = nextafter(kept, 1e300);
    assert_int_not_equal(hash(values, sizeof(double) * COUNT), base);
    values[i] = kept;
  }
  assert_int_equal(hash(values, sizeof(double) * COUNT), base);

  unsigned char *bytes = (unsigned char *)values, swap[16];
  memcpy(swap, bytes, 16);
  memcpy(bytes, bytes + 16, 16);
  memcpy(bytes + 16, swap, 16);
  assert_int_not_equal(hash(values, sizeof(double) * COUNT), base);
  memcpy(bytes + 16, bytes, 16);
  memcpy(bytes, swap, 16);

  memcpy(swap, bytes + 128, 16);
  memcpy(bytes + 128, bytes, 16);
  memcpy(bytes, swap, 16);
  assert_int_not_equal(hash(values, sizeof(double) * COUNT), base);

  unsigned char zeros[64] = {0};
  assert_int_not_equal(hash(zeros, 63), hash(zeros, 64));
  free(values);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(fips197_round),      cmocka_unit_test(round_is_the_instruction),
      cmocka_unit_test(pinned_values),      cmocka_unit_test(vector_code_is_the_definition),
      cmocka_unit_test(sparse_keys),        cmocka_unit_test(avalanche),
      cmocka_unit_test(structured_changes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
