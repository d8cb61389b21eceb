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

#include "bounds.h"
#include "ompt-inst/events.h"

/* The waiting copies' events in the thread's buffer: never more than the
 * buffer holds, as a flush hashes them all. */
typedef struct oi_landing_hashes {
  uint32_t count;
  /* 1 + the buffer index of the first event waiting for its hash, 0 when
   * none: a background or signal-time write stops before it (record.c) */
  _Atomic uint32_t hold;
  uint32_t event[OI_BUFFER_EVENTS];
} oi_landing_hashes;

/* Waits with the hash of the copy whose event (its host address and
 * bytes filled in) is `events[index]`. */
void oi_landing_defer(oi_landing_hashes *l, uint32_t index);
/* The bytes have landed: each waiting copy is hashed into its event.
 * Returns how many were. */
uint32_t oi_landing_hash(oi_landing_hashes *l, oi_event *events);

#endif
