/* Frame checksums: XXH3-64 (already the shim's content hash) over the
 * payload, seeded with the frame's type, encoding and size. */
#include "frame.h"

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>
#ifdef OMPT_INST_XXH3_DISPATCH
/* the widest vector unit the CPU has, as the content hashes (the shim
 * checksums every event it writes: 3 times the baseline's speed here) */
#include <xxh_x86dispatch.h>
#define frame_update XXH3_64bits_update_dispatch
#else
#define frame_update XXH3_64bits_update
#endif

_Static_assert(sizeof(XXH3_state_t) <= sizeof(((oi_frame_sum *)0)->state),
               "oi_frame_sum too small for XXH3_state_t");
_Static_assert(_Alignof(XXH3_state_t) <= 64, "oi_frame_sum under-aligned");

static XXH3_state_t *state_of(oi_frame_sum *sum) { return (XXH3_state_t *)sum->state; }

void oi_frame_sum_begin(oi_frame_sum *sum, uint32_t type, uint32_t encoding, uint32_t size) {
  XXH3_state_t *state = state_of(sum);
  XXH3_INITSTATE(state);
  XXH3_64bits_reset_withSeed(state, (uint64_t)size << 32 | (uint64_t)encoding << 16 | type);
}

void oi_frame_sum_add(oi_frame_sum *sum, const void *bytes, size_t size) {
  if (size)
    frame_update(state_of(sum), bytes, size);
}

uint32_t oi_frame_sum_end(oi_frame_sum *sum) { return (uint32_t)XXH3_64bits_digest(state_of(sum)); }

uint32_t oi_frame_checksum(uint32_t type, uint32_t encoding, const void *head, size_t head_size,
                           const void *tail, size_t tail_size) {
  oi_frame_sum sum;
  oi_frame_sum_begin(&sum, type, encoding, (uint32_t)(head_size + tail_size));
  oi_frame_sum_add(&sum, head, head_size);
  oi_frame_sum_add(&sum, tail, tail_size);
  return oi_frame_sum_end(&sum);
}
