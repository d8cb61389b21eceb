/* A 64-bit content hash built on the AES round, for the whole-buffer
 * hashes of transfers (content_hash.c). On CPUs with VAES it reads cached
 * memory at 1.3 to 1.75 times the speed of XXH3's AVX2 code (the fastest
 * that Debian's libxxhash offers; docs/performance.md), which is what
 * the transfers of host offloading hash. Not cryptographic: it tells
 * unchanged buffers from changed ones, it does not resist crafted inputs.
 *
 * The definition is oi_aes_hash_reference, plain C over a software AES
 * round; the vector code must give its values (tests/unit/shim/test_aes_hash.c
 * on every length to 1 KiB and beyond, tests/fuzz/fuzz_aes_hash.c on any
 * input). In short: eight 16-byte lanes; each 128-byte stripe of the
 * buffer (the last one overlapping its predecessor, so nothing is read
 * past the end) goes block by block into its lane's two accumulators, one
 * AES round (acc = round(acc) ^ block, a bijection: a change confined to
 * one block can never cancel) and a 64-bit sum; buffers under 128 bytes go
 * one block per lane; the lanes, the length and constants are then folded
 * by AES rounds, at least three after the last input. */
#ifndef OMPT_INST_SHIM_AES_HASH_H
#define OMPT_INST_SHIM_AES_HASH_H

#include <stddef.h>
#include <stdint.h>

/* Below this many bytes XXH3 hashes a buffer faster: the AES hash's folding
 * of its lanes costs about 35 ns whatever the length (256 bytes: 7.3
 * against 12.4 GB/s; 1 KiB: 26 against 31.5; 2 KiB: 45 against 39;
 * docs/performance.md). content_hash.c hashes shorter buffers with XXH3. */
#define OI_AES_HASH_SHORT_BYTES 2048u

/* Whether this CPU (and the kernel, for the AVX registers) runs
 * oi_aes_hash: VAES with AVX2, and AES-NI. */
int oi_aes_hash_available(void);

/* The hash of `bytes` bytes at `data`; only where oi_aes_hash_available. */
uint64_t oi_aes_hash(const void *data, size_t bytes);

/* The same values, portable and slow (55 MB/s here): the definition. */
uint64_t oi_aes_hash_reference(const void *data, size_t bytes);

/* One AES encryption round on `state` (SubBytes, ShiftRows, MixColumns,
 * then AddRoundKey with `key`), as the AESENC instruction does it: the
 * reference's building block, exposed for its known-answer test. */
void oi_aes_round_reference(uint8_t state[16], const uint8_t key[16]);

#endif
