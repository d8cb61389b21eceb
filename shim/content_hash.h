/* Content hashes of the host side of transfers (XXH3-64), which the
 * analysis compares to find transfers of unchanged data. Reading a large
 * buffer whole costs as much as copying it, so by default a buffer above
 * OI_HASH_WHOLE_LIMIT is hashed from OI_HASH_BLOCKS evenly spread blocks
 * (first and last included), and its event is marked OI_FLAG_HASH_SAMPLED.
 * OMPT_INST_HASH=full hashes everything whole, =off hashes nothing. */
#ifndef OMPT_INST_SHIM_CONTENT_HASH_H
#define OMPT_INST_SHIM_CONTENT_HASH_H

#include <stddef.h>
#include <stdint.h>

/* Hashing reads memory about as fast as host offloading copies it, so the
 * limits are small: whole up to 16 KiB, above it 16 blocks of 256 bytes
 * (4 KiB read, whatever the size; docs/shim.md has the measurements). */
#define OI_HASH_WHOLE_LIMIT ((size_t)16 << 10)
#define OI_HASH_BLOCKS 16u
#define OI_HASH_BLOCK_BYTES ((size_t)256)

typedef enum { OI_HASH_SAMPLED, OI_HASH_FULL, OI_HASH_OFF } oi_hash_mode;

/* Sets the mode from OMPT_INST_HASH's value (NULL or empty: sampled); an
 * unknown value gets one line on stderr and the default. */
void oi_hash_configure(const char *value);
oi_hash_mode oi_hash_mode_get(void);
/* "sampled", "full" or "off": the run's "hash" info record. */
const char *oi_hash_mode_name(oi_hash_mode mode);

/* Hashes `bytes` bytes at `data` as `mode` says: returns the event flags
 * to set (OI_FLAG_HASH_VALID, plus OI_FLAG_HASH_SAMPLED for a sampled
 * hash; 0 and *hash untouched when nothing is hashed). */
unsigned oi_content_hash_as(oi_hash_mode mode, const void *data, size_t bytes,
                            uint64_t *hash);

/* The flags oi_content_hash_as gives a buffer of `bytes` bytes. */
unsigned oi_content_hash_flags(oi_hash_mode mode, size_t bytes);

/* The same in the configured mode. */
static inline unsigned oi_content_hash(const void *data, size_t bytes,
                                       uint64_t *hash) {
  return oi_content_hash_as(oi_hash_mode_get(), data, bytes, hash);
}

#endif
