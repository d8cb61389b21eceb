/* Content hashes of the host side of transfers, which the analysis
 * compares to find transfers of unchanged data: whole buffers with the
 * AES-round hash (aes_hash.h) where the CPU has VAES, else XXH3-64;
 * sampled blocks with XXH3-64. By default every
 * buffer is hashed whole; from 4 MiB by chunks, which a helper thread
 * shares (chunked_hash.h). Reading a buffer whole costs more than copying it,
 * so OMPT_INST_HASH=sampled hashes a buffer above OI_HASH_WHOLE_LIMIT from
 * evenly spread blocks (first and last included, one per
 * OI_HASH_BYTES_PER_BLOCK, at least OI_HASH_MIN_BLOCKS) and marks its event
 * OI_FLAG_HASH_SAMPLED; OMPT_INST_HASH=off hashes nothing. */
#ifndef OMPT_INST_SHIM_CONTENT_HASH_H
#define OMPT_INST_SHIM_CONTENT_HASH_H

#include <stddef.h>
#include <stdint.h>

/* Hashing reads 13-53 GB/s here while host offloading copies a cached
 * buffer at up to 100 GB/s; sampled, little is read: whole up to 1 KiB, above it one
 * 64-byte block per 16 KiB (1/256 of the buffer), at least 16 blocks. A
 * change that spans 16 KiB is always seen. The measurements behind these
 * are in docs/performance.md. */
#define OI_HASH_WHOLE_LIMIT ((size_t)1 << 10)
#define OI_HASH_BLOCK_BYTES ((size_t)64)
#define OI_HASH_BYTES_PER_BLOCK ((size_t)16 << 10)
#define OI_HASH_MIN_BLOCKS ((size_t)16)

typedef enum { OI_HASH_SAMPLED, OI_HASH_FULL, OI_HASH_OFF } oi_hash_mode;

/* Sets the mode from OMPT_INST_HASH's value (NULL or empty: full); an
 * unknown value gets one line on stderr and the default. */
void oi_hash_configure(const char *value);
oi_hash_mode oi_hash_mode_get(void);
/* "sampled", "full" or "off": the run's "hash" info record. */
const char *oi_hash_mode_name(oi_hash_mode mode);
/* The mode named `name` (an OMPT_INST_HASH value) into *mode: 0, or -1
 * for an unknown name (*mode untouched). */
int oi_hash_mode_parse(const char *name, oi_hash_mode *mode);

/* Chooses the whole hash from OMPT_INST_HASH_FUNCTION's value: NULL, ""
 * or "auto" the AES hash where the CPU runs it (XXH3 for buffers under
 * OI_AES_HASH_SHORT_BYTES), else XXH3; "xxh3" XXH3;
 * "aes" the AES hash (where the CPU cannot, one warning line and XXH3). An
 * unknown value gets one line on stderr and the automatic choice. Without
 * a call, the automatic choice. */
void oi_hash_function_configure(const char *value);

/* Which function and code compute whole hashes, and from which size by
 * chunks ("oi-aes64 vaes, xxh3-64 avx2 under 2048 bytes, by 1024 KiB
 * chunks from 4096 KiB", "xxh3-64 avx2, by 1024 KiB chunks from 4096
 * KiB", ...): the run's "hash_code" info record. One function serves the
 * whole run; each gives its definition's values on any code path. */
const char *oi_hash_code_path(void);

/* XXH3-64 of a whole buffer, the function where the AES hash cannot run,
 * and its code path ("xxh3-64 avx2", ...). */
uint64_t oi_xxh3_whole(const void *data, size_t bytes);
const char *oi_xxh3_path(void);

/* Hashes `bytes` bytes at `data` as `mode` says: returns the event flags
 * to set (OI_FLAG_HASH_VALID, plus OI_FLAG_HASH_SAMPLED for a sampled
 * hash; 0 and *hash untouched when nothing is hashed). */
unsigned oi_content_hash_as(oi_hash_mode mode, const void *data, size_t bytes, uint64_t *hash);

/* How many blocks a sampled hash of `bytes` bytes reads. */
static inline size_t oi_hash_sample_blocks(size_t bytes) {
  size_t blocks = bytes / OI_HASH_BYTES_PER_BLOCK;
  return blocks > OI_HASH_MIN_BLOCKS ? blocks : OI_HASH_MIN_BLOCKS;
}

/* The flags oi_content_hash_as gives a buffer of `bytes` bytes. */
unsigned oi_content_hash_flags(oi_hash_mode mode, size_t bytes);

/* The same in the configured mode. */
static inline unsigned oi_content_hash(const void *data, size_t bytes, uint64_t *hash) {
  return oi_content_hash_as(oi_hash_mode_get(), data, bytes, hash);
}

#endif
