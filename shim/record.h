/* Recording events into per-thread buffers.
 *
 * Each thread owns one oi_thread (thread.h), attached on its first event.
 * An event is written in place into the owner's buffer (no lock, no
 * allocation); a full buffer goes to the trace as frames (event_frames.h).
 * The end of the trace, at exit or at a fatal signal, is trace_end.h's. */
#ifndef OMPT_INST_SHIM_RECORD_H
#define OMPT_INST_SHIM_RECORD_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "clock.h"
#include "thread.h"

/* 1 while events are recorded (not paused, not ended). */
extern _Atomic int oi_recording;
/* Bumped by omp_control_tool(flush): each thread writes its buffer at its
 * next event (only the owner may safely empty a buffer in use). */
extern _Atomic uint32_t oi_flush_generation;

/* The calling thread's state, created on first use (NULL if out of memory
 * or if no trace is open). */
oi_thread *oi_thread_attach(void);
/* At the calling thread's end: flush its buffer, write its OI_REC_THREAD
 * record, and keep the memory for the next new thread, so that memory is
 * bounded by the threads alive at once, not by all threads ever seen. */
void oi_thread_retire(void);

static inline oi_thread *oi_thread_self(void) {
  oi_thread *t = oi_tls_thread;
  return t ? t : oi_thread_attach();
}

/* The next free event of the calling thread, filled with the fields every
 * event has (time: `now`), or NULL when nothing is being recorded. Fill the
 * rest, then oi_event_commit(). */
static inline oi_event *oi_event_next_at(oi_thread **self, unsigned kind, unsigned endpoint,
                                         unsigned construct, const void *codeptr, uint64_t now) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return NULL;
  oi_thread *t = oi_thread_self();
  if (!t)
    return NULL;
  *self = t;
  oi_event *e = &t->event[atomic_load_explicit(&t->count, memory_order_relaxed)];
  e->time_ns = now;
  e->kind = (uint8_t)kind;
  e->endpoint = (uint8_t)endpoint;
  e->origin = 0; /* OI_ORIGIN_NATIVE */
  e->construct = (uint8_t)construct;
  e->flags = 0;
  e->op = 0;
  e->var = 0;
  e->thread = t->number;
  e->site = 0;
  e->codeptr = (uint64_t)(uintptr_t)codeptr;
  memset(&e->u, 0, sizeof e->u);
  e->device = -1;
  e->reserved = 0;
  return e;
}

/* The same, stamped with the current time. */
static inline oi_event *oi_event_next(oi_thread **self, unsigned kind, unsigned endpoint,
                                      unsigned construct, const void *codeptr) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return NULL;
  return oi_event_next_at(self, kind, endpoint, construct, codeptr, oi_now_ns());
}

void oi_thread_flush(oi_thread *t);

/* omp_control_tool(flush) on another thread: the calling thread's buffer
 * goes out at its next event (only the owner may safely empty a buffer in
 * use). */
static inline void oi_record_flush_if_asked(oi_thread *t) {
  if (t->flush_generation != atomic_load_explicit(&oi_flush_generation, memory_order_relaxed))
    oi_thread_flush(t);
}

static inline void oi_event_commit(oi_thread *t) {
  uint32_t n = atomic_load_explicit(&t->count, memory_order_relaxed) + 1;
  atomic_store_explicit(&t->count, n, memory_order_release);
  if (n == OI_BUFFER_EVENTS)
    oi_thread_flush(t);
  else
    oi_record_flush_if_asked(t);
}

/* Start recording into an open trace (trace_file.h). */
void oi_record_start(void);
/* omp_control_tool pause/start/end. */
void oi_record_pause(void);
void oi_record_resume(void);
void oi_record_stop(void);
/* omp_control_tool(flush): the calling thread's buffer now, the others'
 * at their next event. */
void oi_record_request_flush(void);
/* Writes t's OI_REC_THREAD record (async-signal-safe). */
void oi_thread_write_record(const oi_thread *t);

#endif
