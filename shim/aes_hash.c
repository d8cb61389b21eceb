/* The AES-round content hash: its portable definition and its VAES code
 * (aes_hash.h has the construction). */
#include "aes_hash.h"

#include <pthread.h>
#include <string.h>

#define LANES 8
#define LANE_BYTES 16
#define STRIPE_BYTES (LANES * LANE_BYTES)

/* The lanes' constants: the first hexadecimal digits of pi's fraction
 * (nothing up the sleeve). Lane j's accumulator starts at key[j] ^ length,
 * its sum at key[(j + 4) % 8]. */
static const uint64_t lane_key[LANES][2] = {
    {0x243f6a8885a308d3ull, 0x13198a2e03707344ull}, {0xa4093822299f31d0ull, 0x082efa98ec4e6c89ull},
    {0x452821e638d01377ull, 0xbe5466cf34e90c6cull}, {0xc0ac29b7c97c50ddull, 0x3f84d5b5b5470917ull},
    {0x9216d5d98979fb1bull, 0xd1310ba698dfb5acull}, {0x2ffd72dbd01adfb7ull, 0xb8e1afed6a267e96ull},
    {0xba7c9045f12c7f99ull, 0x24a19947b3916cf7ull}, {0x0801f2e2858efc16ull, 0x636920d871574e69ull},
};

/* ---- the definition, portable ---- */

typedef struct {
  uint8_t byte[LANE_BYTES];
} block;

static uint8_t sbox[256];
static pthread_once_t sbox_once = PTHREAD_ONCE_INIT;

static uint8_t gf_multiply(uint8_t a, uint8_t b) {
  uint8_t product = 0;
  for (; b; b >>= 1) {
    if (b & 1)
      product ^= a;
    a = (uint8_t)(a << 1 ^ (a & 0x80 ? 0x1b : 0));
  }
  return product;
}

/* FIPS-197's S-box from its definition: the inverse in GF(2^8) (x^254),
 * then the affine map. */
static void build_sbox(void) {
  for (unsigned x = 0; x < 256; x++) {
    uint8_t inverse = 1, power = (uint8_t)x;
    for (unsigned bit = 254; bit; bit >>= 1) {
      if (bit & 1)
        inverse = gf_multiply(inverse, power);
      power = gf_multiply(power, power);
    }
    if (x == 0)
      inverse = 0;
    uint8_t s = inverse;
    for (unsigned r = 1; r <= 4; r++)
      s ^= (uint8_t)(inverse << r | inverse >> (8 - r));
    sbox[x] = s ^ 0x63;
  }
}

void oi_aes_round_reference(uint8_t state[16], const uint8_t key[16]) {
  pthread_once(&sbox_once, build_sbox);
  uint8_t shifted[16];
  /* bytes are column-major (byte r + 4c: row r, column c); row r turns
   * left by r */
  for (unsigned r = 0; r < 4; r++)
    for (unsigned c = 0; c < 4; c++)
      shifted[r + 4 * c] = sbox[state[r + 4 * ((c + r) % 4)]];
  for (unsigned c = 0; c < 4; c++) {
    const uint8_t *a = &shifted[4 * c];
    uint8_t all = a[0] ^ a[1] ^ a[2] ^ a[3];
    for (unsigned r = 0; r < 4; r++)
      state[4 * c + r] = a[r] ^ all ^ gf_multiply(2, a[r] ^ a[(r + 1) % 4]) ^ key[4 * c + r];
  }
}

static block block_of_words(uint64_t low, uint64_t high) {
  block b;
  for (unsigned i = 0; i < 8; i++) {
    b.byte[i] = (uint8_t)(low >> 8 * i);
    b.byte[8 + i] = (uint8_t)(high >> 8 * i);
  }
  return b;
}

static uint64_t word_at(const uint8_t *bytes) {
  uint64_t word = 0;
  for (unsigned i = 0; i < 8; i++)
    word |= (uint64_t)bytes[i] << 8 * i;
  return word;
}

/* aesenc: round(state) ^ key */
static block round_with(block state, block key) {
  oi_aes_round_reference(state.byte, key.byte);
  return state;
}

/* the lanes folded with the length and the constants: three rounds after
 * the last input */
static uint64_t finish_reference(block lane[LANES], size_t bytes) {
  for (unsigned j = 0; j < LANES; j++)
    lane[j] = round_with(lane[j], block_of_words(lane_key[j][0], lane_key[j][1]));
  block x = round_with(round_with(lane[0], lane[1]), round_with(lane[2], lane[3]));
  block y = round_with(round_with(lane[4], lane[5]), round_with(lane[6], lane[7]));
  x = round_with(x, y);
  x = round_with(x, block_of_words(bytes, bytes));
  x = round_with(x, block_of_words(lane_key[0][0], lane_key[0][1]));
  x = round_with(x, block_of_words(lane_key[1][0], lane_key[1][1]));
  return word_at(x.byte) ^ word_at(x.byte + 8);
}

uint64_t oi_aes_hash_reference(const void *data, size_t bytes) {
  const uint8_t *p = data;
  block acc[LANES], sum[LANES], lane[LANES];
  for (unsigned j = 0; j < LANES; j++) {
    acc[j] = block_of_words(lane_key[j][0] ^ bytes, lane_key[j][1] ^ bytes);
    sum[j] = block_of_words(lane_key[(j + 4) % LANES][0], lane_key[(j + 4) % LANES][1]);
  }
  if (bytes >= STRIPE_BYTES) {
    size_t last = bytes - STRIPE_BYTES;
    for (size_t offset = 0;; offset += STRIPE_BYTES) {
      if (offset > last)
        offset = last; /* the last stripe ends at the buffer's end */
      for (unsigned j = 0; j < LANES; j++) {
        const uint8_t *in = p + offset + LANE_BYTES * j;
        block data_block;
        memcpy(data_block.byte, in, LANE_BYTES);
        acc[j] = round_with(acc[j], data_block);
        sum[j] = block_of_words(word_at(sum[j].byte) + word_at(in),
                                word_at(sum[j].byte + 8) + word_at(in + 8));
      }
      if (offset == last)
        break;
    }
  }
  for (unsigned j = 0; j < LANES; j++)
    lane[j] = round_with(acc[j], sum[j]);
  if (bytes < LANE_BYTES) {
    block tail = {{0}};
    memcpy(tail.byte, p, bytes);
    lane[0] = round_with(lane[0], tail);
  } else if (bytes < STRIPE_BYTES) {
    /* one block per lane, the last one ending at the buffer's end */
    for (size_t j = 0; j * LANE_BYTES < bytes; j++) {
      size_t offset = j * LANE_BYTES < bytes - LANE_BYTES ? j * LANE_BYTES : bytes - LANE_BYTES;
      block data_block;
      memcpy(data_block.byte, p + offset, LANE_BYTES);
      lane[j] = round_with(lane[j], data_block);
    }
  }
  return finish_reference(lane, bytes);
}

/* ---- VAES ---- */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

#define VECTOR_CODE __attribute__((target("avx2,vaes,aes,sse4.1")))

/* From CPUID itself: clang before 16 has no "vaes" for
 * __builtin_cpu_supports. */
int oi_aes_hash_available(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d))
    return 0;
  int aes = c >> 25 & 1, osxsave = c >> 27 & 1, avx = c >> 28 & 1;
  if (!aes || !osxsave || !avx)
    return 0;
  /* the kernel saves the SSE and AVX registers (XCR0 bits 1 and 2) */
  unsigned xcr0_low, xcr0_high;
  __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
  if ((xcr0_low & 6) != 6 || !__get_cpuid_count(7, 0, &a, &b, &c, &d))
    return 0;
  return (b >> 5 & 1) && (c >> 9 & 1); /* AVX2, VAES */
}

VECTOR_CODE static inline __m128i key_of_lane(unsigned j) {
  return _mm_loadu_si128((const __m128i *)lane_key[j]);
}

/* Two lanes per 32-byte register: register i holds lanes 2i and 2i + 1,
 * the stripe's bytes 32i to 32i + 31. */
#define STRIPE_STEP(at)                                                                            \
  do {                                                                                             \
    const __m256i *in = (const __m256i *)(at);                                                     \
    __m256i d0 = _mm256_loadu_si256(in), d1 = _mm256_loadu_si256(in + 1);                          \
    __m256i d2 = _mm256_loadu_si256(in + 2), d3 = _mm256_loadu_si256(in + 3);                      \
    acc0 = _mm256_aesenc_epi128(acc0, d0);                                                         \
    acc1 = _mm256_aesenc_epi128(acc1, d1);                                                         \
    acc2 = _mm256_aesenc_epi128(acc2, d2);                                                         \
    acc3 = _mm256_aesenc_epi128(acc3, d3);                                                         \
    sum0 = _mm256_add_epi64(sum0, d0);                                                             \
    sum1 = _mm256_add_epi64(sum1, d1);                                                             \
    sum2 = _mm256_add_epi64(sum2, d2);                                                             \
    sum3 = _mm256_add_epi64(sum3, d3);                                                             \
  } while (0)

VECTOR_CODE uint64_t oi_aes_hash(const void *data, size_t bytes) {
  const unsigned char *p = data;
  const __m256i length = _mm256_set1_epi64x((long long)bytes);
  /* four registers of four separate rounds each stripe: the rounds'
   * latency overlaps (fewer registers wait on it) */
  __m256i acc0 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)lane_key[0]), length);
  __m256i acc1 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)lane_key[2]), length);
  __m256i acc2 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)lane_key[4]), length);
  __m256i acc3 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)lane_key[6]), length);
  __m256i sum0 = _mm256_loadu_si256((const __m256i *)lane_key[4]);
  __m256i sum1 = _mm256_loadu_si256((const __m256i *)lane_key[6]);
  __m256i sum2 = _mm256_loadu_si256((const __m256i *)lane_key[0]);
  __m256i sum3 = _mm256_loadu_si256((const __m256i *)lane_key[2]);
  if (bytes >= STRIPE_BYTES) {
    const unsigned char *at = p, *last = p + bytes - STRIPE_BYTES;
    for (; at < last; at += STRIPE_BYTES)
      STRIPE_STEP(at);
    STRIPE_STEP(last);
  }
  __m256i folded[4] = {_mm256_aesenc_epi128(acc0, sum0), _mm256_aesenc_epi128(acc1, sum1),
                       _mm256_aesenc_epi128(acc2, sum2), _mm256_aesenc_epi128(acc3, sum3)};
  __m128i lane[LANES];
  for (unsigned i = 0; i < 4; i++) {
    lane[2 * i] = _mm256_castsi256_si128(folded[i]);
    lane[2 * i + 1] = _mm256_extracti128_si256(folded[i], 1);
  }
  if (bytes < LANE_BYTES) {
    unsigned char tail[LANE_BYTES] = {0};
    memcpy(tail, p, bytes);
    lane[0] = _mm_aesenc_si128(lane[0], _mm_loadu_si128((const __m128i *)tail));
  } else if (bytes < STRIPE_BYTES) {
    for (size_t j = 0; j * LANE_BYTES < bytes; j++) {
      size_t offset = j * LANE_BYTES < bytes - LANE_BYTES ? j * LANE_BYTES : bytes - LANE_BYTES;
      lane[j] = _mm_aesenc_si128(lane[j], _mm_loadu_si128((const __m128i *)(p + offset)));
    }
  }
  for (unsigned j = 0; j < LANES; j++)
    lane[j] = _mm_aesenc_si128(lane[j], key_of_lane(j));
  __m128i x =
      _mm_aesenc_si128(_mm_aesenc_si128(lane[0], lane[1]), _mm_aesenc_si128(lane[2], lane[3]));
  __m128i y =
      _mm_aesenc_si128(_mm_aesenc_si128(lane[4], lane[5]), _mm_aesenc_si128(lane[6], lane[7]));
  x = _mm_aesenc_si128(x, y);
  x = _mm_aesenc_si128(x, _mm_set1_epi64x((long long)bytes));
  x = _mm_aesenc_si128(x, key_of_lane(0));
  x = _mm_aesenc_si128(x, key_of_lane(1));
  return (uint64_t)_mm_cvtsi128_si64(x) ^ (uint64_t)_mm_extract_epi64(x, 1);
}
#else
int oi_aes_hash_available(void) { return 0; }

uint64_t oi_aes_hash(const void *data, size_t bytes) { return oi_aes_hash_reference(data, bytes); }
#endif
