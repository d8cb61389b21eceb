/* Deterministic test data that is not a repeating pattern: xorshift64
 * (13, 7, 17) from a fixed seed, shared so that pinned values computed
 * from it (test_aes_hash.c) mean the same bytes in every test. */
#ifndef OMPT_INST_TEST_XORSHIFT_H
#define OMPT_INST_TEST_XORSHIFT_H

#include <stddef.h>
#include <stdint.h>

#define OI_TEST_SEED 0x9e3779b97f4a7c15ull

static inline uint64_t oi_test_next_random(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

/* `bytes` bytes, the low byte of each step from OI_TEST_SEED. */
static inline void oi_test_fill(unsigned char *buffer, size_t bytes) {
  uint64_t state = OI_TEST_SEED;
  for (size_t i = 0; i < bytes; i++)
    buffer[i] = (unsigned char)oi_test_next_random(&state);
}

#endif
