/* What sync_callbacks.c keeps between two callbacks of one thread: the
 * open sync regions, the mutexes being acquired and held, and what the
 * repairs of critical sections need (host_repairs.c). Plain state, no
 * operations: thread.h composes it into the thread. */
#ifndef OMPT_INST_SHIM_SYNC_STATE_H
#define OMPT_INST_SHIM_SYNC_STATE_H

#include <stdint.h>

#define OI_SYNC_DEPTH 16
#define OI_MUTEX_WAITS 8
#define OI_MUTEX_HELD 8

/* An open sync region: the waits inside it add up to its wait_ns; its
 * end takes the region and codeptr_ra of its begin when the runtime names
 * none (a worker's implicit barrier ends after its team is gone). */
typedef struct oi_sync_frame {
  uint64_t wait_begin_ns;
  uint64_t wait_ns;
  uint64_t parallel_id;
  uint64_t codeptr;
  uint32_t sync_key;  /* what its end must name (sync_callbacks.c) */
  uint32_t end_count; /* t->count after its end: a twin end at once is a duplicate */
} oi_sync_frame;

/* A mutex being acquired: acquire time, until acquired. */
typedef struct oi_mutex_wait {
  uint64_t wait_id;
  uint64_t since_ns;
} oi_mutex_wait;

/* A mutex held by the thread: its release may name no codeptr_ra (LLVM's
 * critical on other threads than the master), the acquire's is used. */
typedef struct oi_mutex_held {
  uint64_t wait_id;
  uint64_t codeptr;
} oi_mutex_held;

typedef struct oi_sync_state {
  uint32_t depth;
  oi_sync_frame frame[OI_SYNC_DEPTH];
  uint32_t mutex_waits;
  oi_mutex_wait mutex[OI_MUTEX_WAITS];
  uint32_t mutex_held_count;
  oi_mutex_held mutex_held[OI_MUTEX_HELD];
  /* the critical section this thread entered last, for a begin the runtime
   * names no address (repairs.def: critical_codeptr_reused) */
  uint64_t last_critical_wait_id, last_critical_codeptr;
  uint64_t late_acquired_wait_id; /* a critical end given a begin: its
                                     acquired, if late, is that begin */
  /* the hook counted the flush the runtime reports next (not recorded
   * twice) */
  uint8_t flush_counted;
} oi_sync_state;

#endif
