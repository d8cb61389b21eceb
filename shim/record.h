/* Per-thread event buffers and the trace they stream into.
 *
 * Each thread owns one oi_thread, allocated on its first event and kept in
 * a registry so that buffers can be flushed from any thread at exit. An
 * event is written in place into the owner's buffer (no lock, no
 * allocation); a full buffer is encoded (event_codec.h) into the thread's
 * own space and goes to the trace as one OI_REC_EVENTS frame (a few if the
 * encoding passes OI_ENCODED_BYTES), each with a single writev(). A fatal
 * signal writes every buffer without locks or allocation
 * (oi_record_end_async_safe). */
#ifndef OMPT_INST_SHIM_RECORD_H
#define OMPT_INST_SHIM_RECORD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "bounds.h"
#include "clock.h"
#include "construct_stack.h"
#include "landing_hashes.h"
#include "repairs.h"
#include "common/event_codec.h"
#include "ompt-inst/trace.h"

/* A flushed buffer is encoded here (event_codec.h), one frame each time it
 * fills: a full buffer at 16 bytes per event is one frame. */
#define OI_ENCODED_BYTES (OI_BUFFER_EVENTS * 16)
#define OI_SYNC_DEPTH 16
#define OI_MUTEX_WAITS 8
#define OI_IMPLICIT_DEPTH 8

/* An open sync region: the waits inside it add up to its wait_ns; its
 * end takes the region and codeptr_ra of its begin when the runtime names
 * none (a worker's implicit barrier ends after its team is gone). */
typedef struct oi_sync_frame {
  uint64_t wait_begin_ns;
  uint64_t wait_ns;
  uint64_t parallel_id;
  uint64_t codeptr;
  uint32_t sync_key; /* what its end must name (sync_callbacks.c) */
  uint32_t end_count; /* t->count after its end: a twin end at once is a duplicate */
} oi_sync_frame;

/* An implicit task in progress: the runtime gives no parallel region and
 * team size at its end. */
typedef struct oi_implicit_frame {
  uint64_t task_id;
  uint64_t parallel_id;
  uint64_t team_size;
} oi_implicit_frame;


/* A mutex being acquired: acquire time, until acquired. */
typedef struct oi_mutex_wait {
  uint64_t wait_id;
  uint64_t since_ns;
} oi_mutex_wait;

/* A mutex held by the thread: its release may name no codeptr_ra (LLVM's
 * critical on other threads than the master), the acquire's is used. */
#define OI_MUTEX_HELD 8
typedef struct oi_mutex_held {
  uint64_t wait_id;
  uint64_t codeptr;
} oi_mutex_held;

/* Constructs the runtime alone reports, counted by code address instead of
 * recorded: spin-waits repeat a few flush addresses millions of times, and
 * device code run on the host (kernel_depth below) repeats its constructs
 * as often as a GPU would, unseen there. An open-addressing table per
 * thread (bounds.h), probed from a hash of the address; an address that
 * finds no slot within OI_NATIVE_COUNT_PROBES grows the table, or at
 * OI_NATIVE_COUNTS_MAX spills its counts to the buffer (record.c): no
 * instance goes uncounted. */
typedef struct oi_native_count {
  /* 0 = free; set once by the owner (release, after the fields below),
   * read by the thread that writes the counts at the end (acquire) */
  _Atomic uint64_t key;
  uint64_t codeptr;
  uint32_t site;
  uint8_t construct;
  _Atomic uint64_t count;
} oi_native_count;

/* A kernel running on a thread: its constructs count under its target
 * construct (its code address, and its site in a plugin build). */
typedef struct oi_kernel {
  uint64_t codeptr;
  uint32_t site;
} oi_kernel;

/* A parallel region or task this thread began, for the threads that run
 * it: its code address, and the site the merge gave it (unify.c). Written
 * only by the owner; `id` is cleared first and set last, so a reader that
 * sees the same id before and after copying has a whole slot. */
typedef struct oi_region_slot {
  _Atomic uint64_t id;
  _Atomic uint64_t codeptr;
  _Atomic uint32_t site;
} oi_region_slot;

/* The tied tasks suspended on this thread (a tied task resumes on the
 * thread that suspended it), so that its next schedule is a resume, not a
 * begin, with no mark in the task's shared word. */
#define OI_SUSPENDED_TASKS 64
typedef struct oi_suspended_tasks {
  uint32_t count;
  uint64_t id[OI_SUSPENDED_TASKS];
} oi_suspended_tasks;

/* 0 when full (the caller marks the task's word instead). */
static inline int oi_suspended_push(oi_suspended_tasks *s, uint64_t id) {
  if (s->count == OI_SUSPENDED_TASKS)
    return 0;
  s->id[s->count++] = id;
  return 1;
}

/* 1 and forgets it if `id` is suspended here. */
static inline int oi_suspended_take(oi_suspended_tasks *s, uint64_t id) {
  for (uint32_t i = s->count; i-- > 0;)
    if (s->id[i] == id) {
      s->id[i] = s->id[--s->count];
      return 1;
    }
  return 0;
}

typedef struct oi_thread {
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
  pthread_mutex_t flush_lock;
  _Atomic uint32_t count; /* events in the buffer */
  uint32_t written; /* of those, written by a signal handler already
                       (under flush_lock) */
  uint32_t flush_generation; /* oi_flush_generation last seen */

  /* The state callbacks read comes first, within the first 3 KB; the
   * large arrays (the ring other threads read, the hashes waiting, the
   * buffer) last. */
  /* > 0 while the thread runs device code on the host: between the submit
   * of a kernel to a host-offload device and its end, or in an implicit
   * task of a parallel region begun there. Its constructs are counted, not
   * recorded (kernel_constructs.h); 0 with OMPT_INST_TRACE_COUNTED=1. */
  uint32_t kernel_depth;
  oi_kernel kernel; /* the kernel, while kernel_depth > 0 */
  /* instances of counted sites (atomic) by site id since the last flush,
   * which turns them into OI_KIND_CONSTRUCT_COUNT events; grown by
   * oi_site_counts_grow, under flush_lock, outside the hot path */
  _Atomic uint64_t *site_counts;
  uint32_t site_count_capacity;
  /* the hook counted the flush the runtime reports next (not recorded
   * twice) */
  uint8_t flush_counted;
  /* instances of a counted construct the runtime reports without a site
   * (a flush in a build without the plugin, by its codeptr_ra; a construct
   * in a kernel, by its target's codeptr_ra and site) since the last flush:
   * OI_KIND_CONSTRUCT_COUNT events */
  oi_native_count *native_counts; /* native_first until grown */
  uint32_t native_mask;           /* its slots - 1 */

  /* state callbacks keep between two callbacks of the same thread */
  uint32_t sync_depth;
  oi_sync_frame sync[OI_SYNC_DEPTH];
  uint32_t implicit_depth;
  oi_implicit_frame implicit[OI_IMPLICIT_DEPTH];
  uint32_t mutex_waits;
  oi_mutex_wait mutex[OI_MUTEX_WAITS];
  int32_t target_device;     /* device of the target region in progress */
  uint32_t target_construct; /* its construct, OI_CONSTRUCT_NONE outside */
  uint64_t target_codeptr;   /* its codeptr_ra, for its kernels and data
                                operations, which name none */
  /* more of that region, to end it if the runtime never does (repairs) */
  uint64_t target_id;
  uint64_t target_last_ns;   /* the time of its latest event */
  uint32_t target_open_site; /* the site its begin took */
  uint8_t target_open_origin, target_nowait;
  uint32_t target_begin_event; /* its begin's index in the buffer, + 1 */
  /* a data operation begun and not yet ended: its end may never come */
  struct oi_open_data_op {
    uint64_t begin_ns; /* 0: none open */
    uint64_t src_addr, dest_addr, bytes, codeptr;
    int32_t src_device, dest_device;
    uint32_t optype;
  } data_op, data_op_last; /* the one open, the last one recorded */
  /* 1 + the buffer index of a made-up alloc whose device address only a
   * later copy of the same host memory tells, 0 if none */
  uint32_t alloc_without_address;
  /* the target region's first copies to the device, to tell a pointer the
   * runtime attaches: a copy into the device range of an earlier one from
   * another host address than that copy's at the same offset; `attached`:
   * the copies that hold such a pointer (device_callbacks.c) */
#define OI_REGION_COPIES 16
  uint32_t region_copies, region_attached;
  struct oi_region_copy {
    uint64_t device_addr, host_addr, bytes;
  } region_copy[OI_REGION_COPIES], attached[OI_REGION_COPIES];
  uint64_t offload_caller;   /* inside a call into the offload runtime seen
                                by libompt-inst-offload.so: the program's
                                return address (the runtime's is the
                                library's), else 0 */
  uint32_t target_site;      /* the site of a deferred (nowait) target
                                region in progress, found by its task */
  uint64_t target_task;      /* that region's target task (its map items,
                                deferred_items.h) */
  uint64_t work_codeptr;     /* the worksharing construct in progress, for
                                its dispatch events */
  uint64_t league_id;        /* the league whose team the thread runs, 0
                                outside teams: its teams' own parallel
                                regions name no codeptr_ra */
  uint64_t league_task;      /* the id of that team's initial task */
  uint32_t mutex_held_count;
  oi_mutex_held mutex_held[OI_MUTEX_HELD];
  /* the critical section this thread entered last, for a begin the runtime
   * names no address (repairs.def: critical_codeptr_reused) */
  uint64_t last_critical_wait_id, last_critical_codeptr;
  uint64_t late_acquired_wait_id; /* a critical end given a begin: its
                                     acquired, if late, is that begin */
  oi_repair_counts repairs;   /* what the shim mended, by repair */
  oi_suspended_tasks suspended;
  _Atomic uint64_t shared_writes; /* the test build's count (shared_writes.h) */
  oi_construct_stack constructs; /* the instrumented constructs in progress */
  /* the large arrays */
  oi_native_count native_first[OI_NATIVE_COUNTS];
  oi_region_slot region[OI_REGION_SLOTS]; /* the regions and tasks it began,
                                             read by other threads (unify.c) */
  oi_landing_hashes landing;  /* copies from a device not hashed yet */
  oi_event event[OI_BUFFER_EVENTS]; /* the buffer */
  /* its events encoded for the trace, under flush_lock */
  oi_event_codec codec;
  unsigned char encoded[OI_ENCODED_BYTES];
} oi_thread;

/* 1 while events are recorded (not paused, not ended). */
extern _Atomic int oi_recording;
/* initial-exec: a plain %fs load instead of a __tls_get_addr call; the
 * 8 bytes fit the static TLS glibc reserves for dlopen'ed libraries. */
extern __thread oi_thread *oi_tls_thread
    __attribute__((tls_model("initial-exec")));
/* Bumped by omp_control_tool(flush): each thread writes its buffer at its
 * next event (only the owner may safely empty a buffer in use). */
extern _Atomic uint32_t oi_flush_generation;

/* The initial thread's memory (tool thread 0), NULL before it recorded. */
oi_thread *oi_initial_thread(void);

/* The thread memory numbered `block` (oi_thread.block), NULL if none. */
oi_thread *oi_thread_of_block(uint32_t block);

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
static inline oi_event *oi_event_next_at(oi_thread **self, unsigned kind,
                                         unsigned endpoint, unsigned construct,
                                         const void *codeptr, uint64_t now) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return NULL;
  oi_thread *t = oi_thread_self();
  if (!t)
    return NULL;
  *self = t;
  oi_event *e =
      &t->event[atomic_load_explicit(&t->count, memory_order_relaxed)];
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
static inline oi_event *oi_event_next(oi_thread **self, unsigned kind,
                                      unsigned endpoint, unsigned construct,
                                      const void *codeptr) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return NULL;
  return oi_event_next_at(self, kind, endpoint, construct, codeptr,
                          oi_now_ns());
}

void oi_thread_flush(oi_thread *t);

/* Makes room in t->site_counts for `site` (the owner only). Returns 0, or
 * -1 when out of memory (the instance is then counted as not recorded for
 * want of memory, out_of_memory.h). */
int oi_site_counts_grow(oi_thread *t, uint32_t site);

/* One more instance of a counted site on the calling thread: no clock read,
 * no event (the count goes out with the next flush). */
static inline void oi_site_count(oi_thread *t, uint32_t site) {
  if (site >= t->site_count_capacity && oi_site_counts_grow(t, site) != 0)
    return;
  /* relaxed load and store, not an atomic add: only the owner increments;
   * another thread reads and resets the counts only at the end of the
   * trace (like the buffer itself) */
  _Atomic uint64_t *count = &t->site_counts[site];
  atomic_store_explicit(
      count, atomic_load_explicit(count, memory_order_relaxed) + 1,
      memory_order_relaxed);
  /* omp_control_tool(flush) on another thread: as at an event */
  if (t->flush_generation !=
      atomic_load_explicit(&oi_flush_generation, memory_order_relaxed))
    oi_thread_flush(t);
}

/* No slot within the probes: grows the table or spills it (the owner only,
 * outside the hot path), then counts the instance. */
void oi_native_count_miss(oi_thread *t, unsigned construct, uint64_t codeptr, uint32_t site);

/* One more instance of a counted construct the runtime reported at
 * codeptr, with `site` (0: none). */
static inline void oi_native_count_add(oi_thread *t, unsigned construct,
                                       uint64_t codeptr, uint32_t site) {
  /* never 0, the free slot's */
  uint64_t key = codeptr ? codeptr : 1ull << 63 | site;
  unsigned start = (unsigned)((key ^ construct) * 0x9e3779b97f4a7c15ull >> 40);
  for (unsigned probe = 0; probe < OI_NATIVE_COUNT_PROBES; probe++) {
    oi_native_count *slot = &t->native_counts[(start + probe) & t->native_mask];
    uint64_t held = atomic_load_explicit(&slot->key, memory_order_relaxed);
    if (held == 0) {
      slot->codeptr = codeptr;
      slot->site = site;
      slot->construct = (uint8_t)construct;
      atomic_store_explicit(&slot->key, key, memory_order_release);
      held = key;
    }
    if (held == key && slot->construct == construct) {
      atomic_store_explicit(
          &slot->count,
          atomic_load_explicit(&slot->count, memory_order_relaxed) + 1,
          memory_order_relaxed);
      if (t->flush_generation !=
          atomic_load_explicit(&oi_flush_generation, memory_order_relaxed))
        oi_thread_flush(t);
      return;
    }
  }
  oi_native_count_miss(t, construct, codeptr, site);
}

static inline void oi_event_commit(oi_thread *t) {
  uint32_t n = atomic_load_explicit(&t->count, memory_order_relaxed) + 1;
  atomic_store_explicit(&t->count, n, memory_order_release);
  if (n == OI_BUFFER_EVENTS ||
      t->flush_generation !=
          atomic_load_explicit(&oi_flush_generation, memory_order_relaxed))
    oi_thread_flush(t);
}

/* How events go into the trace: OMPT_INST_TRACE_ENCODING=plain writes
 * them as 80-byte records (format 2's events, for tools that read them
 * raw); anything else, or unset, in the compact encoding. */
void oi_record_configure(const char *encoding);
/* Start recording into an open trace (trace_file.h). */
void oi_record_start(void);
/* omp_control_tool pause/start/end. */
void oi_record_pause(void);
void oi_record_resume(void);
void oi_record_stop(void);
/* omp_control_tool(flush): the calling thread's buffer now, the others'
 * at their next event. */
void oi_record_request_flush(void);
/* Flush every buffer (at exit, while the runtime ends its threads). */
void oi_record_checkpoint(void);
/* Flush everything, write module map, threads and the END record; runs
 * once whichever of ompt_finalize, exit() or the destructor comes first.
 * Returns 1 for the call that finished the trace, else 0, after waiting
 * (up to 10 s) for another thread that is ending it. */
int oi_record_finish(void);
/* In the child of fork(): record nothing more. */
void oi_record_forked_child(void);

/* Async-signal-safe, from a signal handler or the flushing thread
 * (background_flush.h): write what every thread has
 * buffered and not yet written (a buffer whose flush is under way, or in
 * which the signal interrupted the shim, is left alone). Recording goes on:
 * the program's own handler may return. */
void oi_record_write_buffers_async_safe(void);
/* Async-signal-safe: the program dies of `signal_number` (0: it calls
 * _exit, maybe from a signal handler): write the
 * buffers, the threads and an END record naming the signal; seal the trace;
 * then `announce` (may be NULL), before waiting threads go on.
 * Returns 1 if this call ended the trace; 0 when another thread did or is
 * doing it, once that one has (bounded, as oi_record_finish). */
int oi_record_end_async_safe(int signal_number, void (*announce)(int signal_number));

#endif
