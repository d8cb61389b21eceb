/* Recording: a thread's attach and retire, its buffer's flush, and the
 * recording state (start, pause, resume, stop). */
#include "record.h"

#include <unistd.h>

#include "construct_counts.h"
#include "crash.h"
#include "event_frames.h"
#include "out_of_memory.h"
#include "trace_file.h"
#include "ompt-inst/trace.h"

enum record_state { STATE_RECORDING, STATE_PAUSED, STATE_STOPPED };

_Atomic int oi_recording;
_Atomic uint32_t oi_flush_generation;
static _Atomic int record_state = STATE_STOPPED;
static _Atomic uint32_t next_thread_number;
/* number + 1 of the calling thread once it retired: if it records again it
 * keeps its number (and its THREAD record is not written twice) */
static __thread uint32_t tls_retired_number __attribute__((tls_model("initial-exec")));
/* and whether events of that number were written already */
static __thread int tls_retired_wrote __attribute__((tls_model("initial-exec")));

/* A new thread's families start empty; what outlives a thread stays: its
 * repairs (written at the end for every thread ever), its count tables
 * (flushed empty at its retire), the landing hashes' storage. */
static void begin_thread_state(oi_thread *t) {
  t->thread_type = 0;
  memset(&t->sync, 0, sizeof t->sync);
  memset(&t->team, 0, sizeof t->team);
  memset(&t->target, 0, sizeof t->target);
  t->target.device = -1;
  memset(&t->data, 0, sizeof t->data);
  t->suspended.count = 0;
  t->constructs.depth = 0;
  t->constructs.item_count = 0;
  t->landing.count = 0;
  atomic_store(&t->landing.hold, 0);
  t->counts.kernel_depth = 0;
}

oi_thread *oi_thread_attach(void) {
  if (!oi_trace_is_open())
    return NULL;
  /* Once per thread, outside the hot path. */
  oi_thread *t = oi_thread_memory();
  if (!t) {
    oi_out_of_memory_note();
    return NULL;
  }
  /* the buffer is empty: a retired thread was flushed */
  begin_thread_state(t);
  t->written = 0;
  t->flush_generation = atomic_load(&oi_flush_generation);
  t->os_tid = (uint64_t)gettid();
  t->thread_recorded = tls_retired_number != 0;
  t->wrote_events = tls_retired_number != 0 && tls_retired_wrote;
  t->number =
      tls_retired_number ? tls_retired_number - 1 : atomic_fetch_add(&next_thread_number, 1);
  __atomic_store_n(&t->retired, 0, __ATOMIC_RELEASE);
  if (t->number == 0)
    oi_initial_thread_set(t);
  oi_tls_thread = t;
  oi_crash_thread_attach();
  return t;
}

void oi_thread_write_record(const oi_thread *t) {
  oi_thread_record record = {
      .thread = t->number, .thread_type = t->thread_type, .os_tid = t->os_tid};
  oi_trace_record(OI_REC_THREAD, &record, sizeof record);
}

void oi_thread_retire(void) {
  oi_thread *t = oi_tls_thread;
  if (!t)
    return;
  oi_landing_hash(&t->landing, t->event); /* its copies have all landed */
  oi_thread_flush(t);
  if (!t->thread_recorded)
    oi_thread_write_record(t);
  tls_retired_number = t->number + 1;
  tls_retired_wrote = t->wrote_events;
  oi_tls_thread = NULL;
  oi_crash_thread_detach();
  oi_thread_release(t);
}

void oi_thread_flush(oi_thread *t) {
  pthread_mutex_lock(&t->flush_lock);
  if (t == oi_tls_thread) {
    t->flush_generation = atomic_load(&oi_flush_generation);
    /* the buffer goes out: copies still waiting are hashed now */
    for (uint32_t n = oi_landing_hash(&t->landing, t->event); n; n--)
      oi_repair_note(&t->repairs, OI_REPAIR_copies_hashed_early);
  }
  oi_counts_append(t);
  oi_frames_write_buffer(t);
  pthread_mutex_unlock(&t->flush_lock);
  oi_crash_reclaim();
}

static void set_state(int state) {
  atomic_store(&record_state, state);
  atomic_store(&oi_recording, state == STATE_RECORDING);
}

void oi_record_start(void) { set_state(STATE_RECORDING); }

void oi_record_pause(void) {
  int expected = STATE_RECORDING;
  if (atomic_compare_exchange_strong(&record_state, &expected, STATE_PAUSED))
    atomic_store(&oi_recording, 0);
}

void oi_record_resume(void) {
  int expected = STATE_PAUSED;
  if (atomic_compare_exchange_strong(&record_state, &expected, STATE_RECORDING))
    atomic_store(&oi_recording, 1);
}

void oi_record_stop(void) { set_state(STATE_STOPPED); }

void oi_record_request_flush(void) {
  atomic_fetch_add(&oi_flush_generation, 1);
  oi_thread *t = oi_tls_thread;
  if (t)
    oi_thread_flush(t);
}
