/* A thread's memory: the composition of every callback family's state,
 * and where threads' memory lives (thread_registry.c).
 *
 * Each family declares its state in its own header (sync_state.h,
 * team_state.h, task_state.h, device_state.h, count_state.h, the construct
 * stack, the landing hashes, the repairs); this header only composes them,
 * the state callbacks read first, within the first 3 KB, the large arrays
 * (the ring other threads read, the hashes waiting, the buffer) last. The
 * buffer and its writing are record.h's. */
#ifndef OMPT_INST_SHIM_THREAD_H
#define OMPT_INST_SHIM_THREAD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "bounds.h"
#include "construct_stack.h"
#include "count_state.h"
#include "device_state.h"
#include "landing_hashes.h"
#include "repairs.h"
#include "sync_state.h"
#include "task_state.h"
#include "team_state.h"
#include "common/event_codec.h"
#include "ompt-inst/events.h"

/* A flushed buffer is encoded here (event_codec.h), one frame each time it
 * fills: a full buffer at 16 bytes per event is one frame. */
#define OI_ENCODED_BYTES (OI_BUFFER_EVENTS * 16)

typedef struct oi_thread {
  /* who it is (thread_registry.c, record.c) */
  uint32_t number;      /* tool thread number, 0 = initial thread */
  uint32_t block;       /* this memory's number, the upper bits of its ids */
  uint64_t id_seq;      /* the last id it made (ids.h) */
  uint32_t thread_type; /* ompt_thread_t, 0 until thread_begin says */
  uint64_t os_tid;
  struct oi_thread *next;      /* registry */
  struct oi_thread *next_free; /* retired, waiting for a new thread */
  int retired;
  int thread_recorded; /* its OI_REC_THREAD is already written */
  int wrote_events;    /* events of its number are in the trace */
  /* its buffer's bookkeeping (record.h, event_frames.c) */
  pthread_mutex_t flush_lock;
  _Atomic uint32_t count;    /* events in the buffer */
  uint32_t written;          /* of those, written by a signal handler
                                already (under flush_lock) */
  uint32_t flush_generation; /* oi_flush_generation last seen */

  /* each family's state */
  oi_count_state counts;
  oi_sync_state sync;
  oi_team_state team;
  oi_target_state target;
  oi_data_op_state data;
  oi_suspended_tasks suspended;
  oi_repair_counts repairs;       /* what the shim mended, by repair */
  _Atomic uint64_t shared_writes; /* the test build's count (shared_writes.h) */
  oi_construct_stack constructs;  /* the instrumented constructs in progress */

  /* the large arrays */
  oi_native_count native_first[OI_NATIVE_COUNTS]; /* counts.native at first */
  oi_region_slot region[OI_REGION_SLOTS];         /* the regions and tasks it began,
                                                     read by other threads (unify.c) */
  oi_landing_hashes landing;                      /* copies from a device not hashed yet */
  oi_event event[OI_BUFFER_EVENTS];               /* the buffer */
  /* its events encoded for the trace, under flush_lock */
  oi_event_codec codec;
  unsigned char encoded[OI_ENCODED_BYTES];
} oi_thread;

/* The calling thread's memory, NULL before its first event (record.h
 * attaches it). initial-exec: a plain %fs load instead of a
 * __tls_get_addr call; the 8 bytes fit the static TLS glibc reserves for
 * dlopen'ed libraries. */
extern __thread oi_thread *oi_tls_thread __attribute__((tls_model("initial-exec")));

/* A new thread's memory, reused from a retired thread when there is one,
 * numbered and in the registry; its state as the last thread left it.
 * NULL when out of memory. */
oi_thread *oi_thread_memory(void);
/* `t`'s thread ended: its memory waits for the next new thread. */
void oi_thread_release(oi_thread *t);

/* The initial thread's memory (tool thread 0), NULL before it recorded. */
oi_thread *oi_initial_thread(void);
void oi_initial_thread_set(oi_thread *t);

/* The thread memory numbered `block` (oi_thread.block), NULL if none. */
oi_thread *oi_thread_of_block(uint32_t block);

/* Every thread's memory ever made, retired ones' too: the first, then
 * `->next`. Without a lock (a signal handler walks it): memory is never
 * taken out. */
oi_thread *oi_threads_first(void);
/* Around a walk that must see no thread added meanwhile. */
void oi_threads_lock(void);
void oi_threads_unlock(void);

#endif
