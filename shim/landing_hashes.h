/* Copies from a device hashed once their bytes are in host memory.
 *
 * A runtime may end a copy's data operation before the copy has landed:
 * the CUDA and AMDGPU plugins issue it on a stream, and LLVM's data-op end
 * callback follows the issue, not the stream's synchronisation (docs/shim.md,
 * "When a copy back has landed"). So the event of a copy from a device is
 * committed without its hash, and the host bytes are hashed into the event
 * later, on the same thread, at the first point where the runtime
 * guarantees them: the end of the target region that made the copy (after
 * its synchronisation), the completion of a deferred target task, or the
 * thread's end. Only the owner thread touches its list. */
#ifndef OMPT_INST_SHIM_LANDING_HASHES_H
#define OMPT_INST_SHIM_LANDING_HASHES_H

#include <stdatomic.h>
#include <stdint.h>

#include "ompt-inst/events.h"

#define OI_PENDING_HASHES 64

typedef struct oi_pending_hash {
  uint32_t event; /* index in the thread's buffer */
  uint64_t host_addr, bytes;
} oi_pending_hash;

typedef struct oi_landing_hashes {
  uint32_t count;
  /* 1 + the buffer index of the first event waiting for its hash, 0 when
   * none: a background or signal-time write stops before it (record.c) */
  _Atomic uint32_t hold;
  oi_pending_hash pending[OI_PENDING_HASHES];
} oi_landing_hashes;

/* Waits with the hash of the copy whose event is `events[index]`; 0 when
 * the list is full (the caller hashes it now). */
int oi_landing_defer(oi_landing_hashes *l, uint32_t index, uint64_t host_addr, uint64_t bytes);
/* The bytes have landed: each waiting copy is hashed into its event.
 * Returns how many were. */
uint32_t oi_landing_hash(oi_landing_hashes *l, oi_event *events);

#endif
