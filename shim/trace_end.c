/* The end of the trace (trace_end.h). */
#include "trace_end.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "event_frames.h"
#include "modules.h"
#include "out_of_memory.h"
#include "record.h"
#include "run_totals.h"
#include "shared_writes.h"
#include "sites.h"
#include "trace_file.h"

static _Atomic int finish_started;
/* The trace's end is written and sealed; and whether this thread writes it. */
static _Atomic int finish_done;
static __thread int finishing_here __attribute__((tls_model("initial-exec")));

/* At the end only: threads still running may be writing an event. */
static void flush_all_threads(void) {
  oi_threads_lock();
  for (oi_thread *t = oi_threads_first(); t; t = t->next)
    oi_thread_flush(t);
  oi_threads_unlock();
}

void oi_record_checkpoint(void) { flush_all_threads(); }

/* Threads still alive; retired ones wrote theirs when they ended. */
static void write_thread_records(void) {
  oi_threads_lock();
  for (oi_thread *t = oi_threads_first(); t; t = t->next)
    if (!t->retired && !t->thread_recorded)
      oi_thread_write_record(t);
  oi_threads_unlock();
}

/* Async-signal-safe: CLOCK_MONOTONIC itself, not the counter clock, whose
 * reader would spin forever if the signal interrupted this thread while it
 * moved the anchor; the counter clock is never ahead of it, so the end
 * still comes after every event. */
static void write_end_record(int signal_number) {
  oi_end_record end = {.end_time_ns = oi_monotonic_ns(),
                       .event_count = oi_frames_events_written(),
                       .lost_events = oi_frames_events_lost(),
                       .signal = (uint32_t)signal_number,
                       .write_error = (uint32_t)oi_trace_write_error()};
  oi_trace_record(OI_REC_END, &end, sizeof end);
}

/* After a failed write: one line naming the error and what it cost. */
static void report_write_error(void) {
  int err = oi_trace_write_error();
  if (err)
    fprintf(stderr, "ompt-inst: cannot write %s: %s; recording stopped, %llu events lost\n",
            oi_trace_path(), strerror(err), (unsigned long long)oi_frames_events_lost());
}

/* Every thread's repairs, retired ones' too (their memory stays in the
 * registry and keeps its counts when a new thread takes it). */
static void write_repairs(void) {
  uint64_t total[OI_REPAIR_COUNT] = {0};
  for (oi_thread *t = oi_threads_first(); t; t = t->next)
    oi_repairs_add(total, &t->repairs);
  oi_repairs_write(total);
}

/* Async-signal-safe. Another thread is ending the trace: the process must
 * not end before it has (a second SIGTERM, delivered to another thread
 * while the first one's handler writes, would otherwise kill the process
 * mid-write, as would exit() on the main thread); bounded, in case that
 * thread can no longer run. */
static void wait_for_the_end(void) {
  if (finishing_here)
    return; /* the signal came inside this thread's own ending */
  struct timespec millisecond = {0, 1000000};
  for (int waited = 0; !atomic_load(&finish_done) && waited < 10000; waited++)
    nanosleep(&millisecond, NULL);
}

/* Starts the trace's end on this thread: false when the trace is closed,
 * or another thread ended it (waited for) or is ending it. */
static int start_finishing(void) {
  if (!oi_trace_is_open())
    return 0;
  if (atomic_exchange(&finish_started, 1)) {
    wait_for_the_end();
    return 0;
  }
  finishing_here = 1;
  return 1;
}

static void finished(void) {
  finishing_here = 0;
  atomic_store(&finish_done, 1);
}

int oi_record_finish(void) {
  if (!start_finishing())
    return 0;
  oi_record_stop();
  flush_all_threads();
  /* the closing records go into the reserve's space even on a full disk */
  oi_trace_closing();
  oi_write_module_map();
  write_thread_records();
  oi_totals_write();
  oi_sites_write_beyond();
  write_repairs();
  oi_shared_writes_write();
  oi_out_of_memory_write();
  write_end_record(0);
  report_write_error();
  /* Threads still running may flush later; their events count as lost but
   * can no longer be reported, so the trace simply ends here. */
  oi_trace_seal();
  finished();
  return 1;
}

/* Async-signal-safe: what every thread buffered and did not write; while
 * the program runs on, not past an event waiting for its copy's hash
 * (landing_hashes.h), which its owner writes once hashed. */
static void write_buffers_unwritten(int ending) {
  for (oi_thread *t = oi_threads_first(); t; t = t->next) {
    /* held: a flush is writing this buffer, or the signal came inside one */
    if (pthread_mutex_trylock(&t->flush_lock) != 0)
      continue;
    uint32_t n = atomic_load_explicit(&t->count, memory_order_acquire);
    uint32_t hold = atomic_load_explicit(&t->landing.hold, memory_order_acquire);
    if (!ending && hold && hold - 1 < n)
      n = hold - 1;
    if (n > OI_BUFFER_EVENTS) /* a count no writer leaves: write nothing past the buffer */
      n = OI_BUFFER_EVENTS;
    if (n > t->written) {
      oi_frames_write(t, t->written, n);
      t->written = n;
    }
    pthread_mutex_unlock(&t->flush_lock);
  }
}

void oi_record_write_buffers_async_safe(void) { write_buffers_unwritten(0); }

int oi_record_end_async_safe(int signal_number, void (*announce)(int signal_number)) {
  if (!start_finishing())
    return 0;
  oi_record_stop();
  write_buffers_unwritten(1);
  oi_trace_closing();
  for (oi_thread *t = oi_threads_first(); t; t = t->next)
    if (!__atomic_load_n(&t->retired, __ATOMIC_ACQUIRE) && !t->thread_recorded)
      oi_thread_write_record(t);
  write_end_record(signal_number);
  oi_trace_seal();
  if (announce)
    announce(signal_number);
  finished();
  return 1;
}

void oi_record_forked_child(void) {
  /* The child shares the parent's trace file and sees copies of its
   * buffers: it must write nothing, not even an END record. */
  atomic_store(&finish_started, 1);
  atomic_store(&finish_done, 1);
  oi_record_stop();
  oi_trace_seal();
}
