/* Whole hashes of large buffers, by chunks that a helper thread shares.
 *
 * A large transfer's buffer is out of cache, and one thread hashes it at
 * the speed of memory for one core (9-10 GB/s here); two threads read it at
 * 16 GB/s (docs/performance.md, item 3). While a target task waits for its
 * copy, the other cores mostly wait too. So a buffer of
 * OI_HASH_CHUNKED_FROM bytes or more is hashed in chunks of
 * OI_HASH_CHUNK_BYTES: the calling thread takes chunks one by one and a
 * helper thread, woken for it, takes chunks alongside. The caller never
 * waits for more than the helper's chunk in progress (longer only if the
 * helper is preempted in it: the caller cannot take over a chunk the helper
 * is reading, as the buffer is the program's once the caller returns): if
 * the helper is late or busy with another thread's buffer, the caller
 * hashes every chunk.
 *
 * The value is a function of the content and the size alone, whoever
 * hashed which chunk: each chunk's hash (the run's whole-buffer function)
 * mixed with its index, summed, and the sum mixed with the size
 * (oi_chunked_hash_combine). The helper is a plain thread with every
 * signal blocked, started at the first large buffer and parked on a
 * condition variable between buffers. */
#ifndef OMPT_INST_SHIM_CHUNKED_HASH_H
#define OMPT_INST_SHIM_CHUNKED_HASH_H

#include <stddef.h>
#include <stdint.h>

#define OI_HASH_CHUNK_BYTES ((size_t)1 << 20)
#define OI_HASH_CHUNKED_FROM ((size_t)4 << 20)

typedef uint64_t oi_chunk_hash_fn(const void *data, size_t bytes);

/* The hash of `bytes` (at least OI_HASH_CHUNKED_FROM) bytes at `data`,
 * `chunk_hash` hashing each chunk. */
uint64_t oi_chunked_hash(oi_chunk_hash_fn *chunk_hash, const void *data, size_t bytes);

/* The definition's pieces, for tests: chunk `index`'s share of the sum,
 * and the value of a sum of shares over `bytes` bytes. */
uint64_t oi_chunked_hash_share(uint64_t chunk_hash, uint64_t index);
uint64_t oi_chunked_hash_combine(uint64_t sum, uint64_t bytes);

/* Chunks the helper thread has hashed so far (0 where it never ran). */
uint64_t oi_chunked_hash_helper_chunks(void);

#endif
