/* Per-thread buffers, their registry, flushing and the end of the trace. */
#include "record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "crash.h"
#include "modules.h"
#include "ompt-inst/events.h"
#include "out_of_memory.h"
#include "run_totals.h"
#include "sites.h"
#include "trace_file.h"
#include "shared_writes.h"

enum record_state { STATE_RECORDING, STATE_PAUSED, STATE_STOPPED };

_Atomic int oi_recording;
__thread oi_thread *oi_tls_thread __attribute__((tls_model("initial-exec")));
/* number + 1 of the calling thread once it retired: if it records again it
 * keeps its number (and its THREAD record is not written twice) */
static __thread uint32_t tls_retired_number
    __attribute__((tls_model("initial-exec")));
/* and whether events of that number were written already */
static __thread int tls_retired_wrote __attribute__((tls_model("initial-exec")));
_Atomic uint32_t oi_flush_generation;

static _Atomic int record_state = STATE_STOPPED;
static _Atomic uint32_t next_thread_number;
static _Atomic uint64_t events_written;
static _Atomic uint64_t events_lost;
static _Atomic int finish_started;
/* The trace's end is written and sealed; and whether this thread writes it. */
static _Atomic int finish_done;
static __thread int finishing_here __attribute__((tls_model("initial-exec")));
static int plain_events;

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static oi_thread *registry;

static oi_thread *free_threads; /* retired, linked by next_free */
static oi_thread *_Atomic initial_thread;

oi_thread *oi_initial_thread(void) {
  return atomic_load_explicit(&initial_thread, memory_order_acquire);
}

/* Thread memory by block number, in chunks allocated as blocks are made
 * (under registry_lock), read without a lock by any thread. */
#define BLOCKS_PER_CHUNK 1024u
#define BLOCK_CHUNKS 1024u
static oi_thread *_Atomic *_Atomic block_chunks[BLOCK_CHUNKS];
static uint32_t blocks_made;

oi_thread *oi_thread_of_block(uint32_t block) {
  if (block == 0 || block >= BLOCKS_PER_CHUNK * BLOCK_CHUNKS)
    return NULL;
  oi_thread *_Atomic *chunk =
      atomic_load_explicit(&block_chunks[block / BLOCKS_PER_CHUNK], memory_order_acquire);
  return chunk ? atomic_load_explicit(&chunk[block % BLOCKS_PER_CHUNK], memory_order_acquire)
               : NULL;
}

/* Numbers the new memory `t` (under registry_lock): 0 when out of numbers
 * or memory, and its ids then come from block 0 (ids.h). */
static uint32_t number_block(oi_thread *t) {
  uint32_t block = blocks_made + 1;
  if (block >= BLOCKS_PER_CHUNK * BLOCK_CHUNKS)
    return 0;
  oi_thread *_Atomic *chunk = atomic_load(&block_chunks[block / BLOCKS_PER_CHUNK]);
  if (!chunk) {
    chunk = calloc(BLOCKS_PER_CHUNK, sizeof *chunk);
    if (!chunk)
      return 0;
    atomic_store_explicit(&block_chunks[block / BLOCKS_PER_CHUNK], chunk, memory_order_release);
  }
  atomic_store_explicit(&chunk[block % BLOCKS_PER_CHUNK], t, memory_order_release);
  blocks_made = block;
  return block;
}

/* A thread's buffer and state in a mapping of their own between two
 * inaccessible pages, never in the program's heap: a program that writes
 * past its own heap blocks must not reach what the crash handler reads
 * (glibc serves even large blocks from the heap once the program has freed
 * large ones); a run over the edge faults, as into unmapped memory without
 * the tool. Never unmapped: a retired thread's memory is reused. */
static oi_thread *thread_mapping(void) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t usable = (sizeof(oi_thread) + page - 1) / page * page;
  char *memory = mmap(NULL, usable + 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED)
    return NULL;
  if (mprotect(memory + page, usable, PROT_READ | PROT_WRITE) != 0) {
    munmap(memory, usable + 2 * page);
    return NULL;
  }
  return (oi_thread *)(memory + page); /* zeroed, as calloc's */
}

/* A thread's memory, reused from a retired thread when there is one. */
static oi_thread *thread_memory(void) {
  pthread_mutex_lock(&registry_lock);
  oi_thread *t = free_threads;
  if (t)
    free_threads = t->next_free;
  pthread_mutex_unlock(&registry_lock);
  if (t)
    return t;
  t = thread_mapping();
  if (!t)
    return NULL;
  pthread_mutex_init(&t->flush_lock, NULL);
  t->native_counts = t->native_first;
  t->native_mask = OI_NATIVE_COUNTS - 1;
  pthread_mutex_lock(&registry_lock);
  t->block = number_block(t);
  t->next = registry;
  /* a signal handler walks the registry without the lock */
  __atomic_store_n(&registry, t, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&registry_lock);
  return t;
}

oi_thread *oi_thread_attach(void) {
  if (!oi_trace_is_open())
    return NULL;
  /* Once per thread, outside the hot path. */
  oi_thread *t = thread_memory();
  if (!t) {
    oi_out_of_memory_note();
    return NULL;
  }
  /* the buffer is empty: a retired thread was flushed */
  t->thread_type = 0;
  t->sync_depth = 0;
  t->implicit_depth = 0;
  t->mutex_waits = 0;
  t->suspended.count = 0;
  t->target_device = -1;
  t->target_construct = 0;
  t->target_site = 0;
  t->target_task = 0;
  t->league_id = 0;
  t->league_task = 0;
  t->constructs.depth = 0;
  t->constructs.item_count = 0;
  t->landing.count = 0;
  atomic_store(&t->landing.hold, 0);
  t->kernel_depth = 0;
  t->written = 0;
  t->flush_generation = atomic_load(&oi_flush_generation);
  t->os_tid = (uint64_t)gettid();
  t->thread_recorded = tls_retired_number != 0;
  t->wrote_events = tls_retired_number != 0 && tls_retired_wrote;
  t->number = tls_retired_number ? tls_retired_number - 1
                                 : atomic_fetch_add(&next_thread_number, 1);
  __atomic_store_n(&t->retired, 0, __ATOMIC_RELEASE);
  if (t->number == 0)
    atomic_store_explicit(&initial_thread, t, memory_order_release);
  oi_tls_thread = t;
  oi_crash_thread_attach();
  return t;
}

/* Async-signal-safe. */
static void write_thread_record(const oi_thread *t) {
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
    write_thread_record(t);
  tls_retired_number = t->number + 1;
  tls_retired_wrote = t->wrote_events;
  oi_tls_thread = NULL;
  oi_crash_thread_detach();
  pthread_mutex_lock(&registry_lock);
  __atomic_store_n(&t->retired, 1, __ATOMIC_RELEASE);
  t->next_free = free_threads;
  free_threads = t;
  pthread_mutex_unlock(&registry_lock);
}

void oi_record_configure(const char *encoding) {
  plain_events = encoding && strcmp(encoding, "plain") == 0;
}

/* Events [from, to) of the buffer went out in one frame (written) or were
 * lost: counted, and the written ones noted in the run's totals. */
static void count_frame(oi_thread *t, int written, uint32_t from, uint32_t to) {
  atomic_fetch_add(written ? &events_written : &events_lost, to - from);
  if (!written || from == to)
    return;
  oi_totals_note(&t->event[from], to - from, t->number, !t->wrote_events);
  t->wrote_events = 1;
}

/* Events [from, to) of the buffer as frames, each as many as fit in
 * t->encoded; called with flush_lock held, async-signal-safe. */
static void write_events(oi_thread *t, uint32_t from, uint32_t to) {
  if (plain_events) {
    oi_events_record head = {.thread = t->number, .count = to - from};
    count_frame(t,
                oi_trace_frame(OI_REC_EVENTS, &head, sizeof head, &t->event[from],
                               (size_t)(to - from) * sizeof(oi_event)) == 0,
                from, to);
    return;
  }
  while (from < to) {
    oi_codec_reset(&t->codec);
    size_t used = 0;
    uint32_t n = from;
    uint64_t kinds = 0;
    for (; n < to && used + OI_CODEC_MAX_EVENT_BYTES <= sizeof t->encoded; n++) {
      used += oi_codec_encode(&t->codec, t->number, &t->event[n], t->encoded + used);
      kinds |= 1ull << (t->event[n].kind < 63 ? t->event[n].kind : 63);
    }
    oi_compact_events_record head = {.thread = t->number, .count = n - from, .kinds = kinds};
    count_frame(t,
                oi_trace_frame_encoded(OI_REC_EVENTS, OI_ENCODING_COMPACT, &head, sizeof head,
                                       t->encoded, used) == 0,
                from, n);
    from = n;
  }
}

/* The buffer to the trace; called with flush_lock held. */
static void write_buffer(oi_thread *t) {
  uint32_t n = atomic_load_explicit(&t->count, memory_order_acquire);
  if (n == 0)
    return;
  if (n > t->written)
    write_events(t, t->written, n);
  t->written = 0;
  atomic_store_explicit(&t->count, 0, memory_order_release);
}

static void append_count(oi_thread *t, uint64_t *now, unsigned origin, unsigned construct,
                         uint32_t site, uint64_t codeptr, uint64_t count) {
  uint32_t n = atomic_load_explicit(&t->count, memory_order_relaxed);
  if (n == OI_BUFFER_EVENTS) {
    write_buffer(t);
    n = 0;
  }
  if (*now == 0)
    *now = oi_now_ns();
  t->event[n] = (oi_event){
      .time_ns = *now,
      .kind = OI_KIND_CONSTRUCT_COUNT,
      .origin = (uint8_t)origin,
      .construct = (uint8_t)construct,
      .thread = t->number,
      .site = site,
      .codeptr = codeptr,
      .device = -1};
  OI_SET(&t->event[n], CONSTRUCT_COUNT, count, count);
  atomic_store_explicit(&t->count, n + 1, memory_order_release);
}

/* One count event per used slot of the counted-construct table with
 * instances since the last flush; `empty`: the slots are freed as well.
 * Called with flush_lock held. */
static void append_native_counts(oi_thread *t, uint64_t *now, int empty) {
  for (uint32_t i = 0; i <= t->native_mask; i++) {
    oi_native_count *slot = &t->native_counts[i];
    uint64_t key = atomic_load_explicit(&slot->key, memory_order_acquire);
    uint64_t count =
        key ? atomic_exchange_explicit(&slot->count, 0, memory_order_relaxed) : 0;
    if (empty)
      atomic_store_explicit(&slot->key, 0, memory_order_relaxed);
    if (!count)
      continue;
    /* a kernel's construct in a plugin build: its target's nested
     * directive of that construct, else the target's own site */
    const oi_site_entry *entry = slot->site ? oi_site_by_id(slot->site) : NULL;
    uint32_t site = entry ? oi_site_inner_for(entry, slot->site, slot->construct) : 0;
    append_count(t, now, site ? OI_ORIGIN_MERGED : OI_ORIGIN_NATIVE, slot->construct, site,
                 slot->codeptr, count);
  }
}

/* One count event per counted site, and per code address of counted
 * native instances, with instances since the last flush, appended whatever
 * the recording state (the instances were counted while recording); called
 * with flush_lock held. */
static void append_site_counts(oi_thread *t) {
  uint64_t now = 0;
  for (uint32_t site = 1; site < t->site_count_capacity; site++) {
    uint64_t count = atomic_exchange_explicit(&t->site_counts[site], 0,
                                              memory_order_relaxed);
    if (count == 0)
      continue;
    const oi_site_entry *entry = oi_site_by_id(site);
    append_count(t, &now, OI_ORIGIN_COMPILER, entry ? entry->construct : OI_CONSTRUCT_OTHER,
                 site, 0, count);
  }
  append_native_counts(t, &now, 0);
}

void oi_thread_flush(oi_thread *t) {
  pthread_mutex_lock(&t->flush_lock);
  if (t == oi_tls_thread) {
    t->flush_generation = atomic_load(&oi_flush_generation);
    /* the buffer goes out: copies still waiting are hashed now */
    for (uint32_t n = oi_landing_hash(&t->landing, t->event); n; n--)
      oi_repair_note(&t->repairs, OI_REPAIR_copies_hashed_early);
  }
  append_site_counts(t);
  write_buffer(t);
  pthread_mutex_unlock(&t->flush_lock);
  oi_crash_reclaim();
}

/* The used slots of `from` (`slots` of them) into `to`, an empty table of
 * mask + 1 slots, each within the probes: 0, or -1 when one finds none. */
static int native_rehash(oi_native_count *to, uint32_t mask, const oi_native_count *from,
                         uint32_t slots) {
  for (uint32_t i = 0; i < slots; i++) {
    uint64_t key = atomic_load_explicit(&from[i].key, memory_order_relaxed);
    if (!key)
      continue;
    unsigned construct = from[i].construct;
    unsigned start = (unsigned)((key ^ construct) * 0x9e3779b97f4a7c15ull >> 40);
    unsigned probe = 0;
    while (probe < OI_NATIVE_COUNT_PROBES &&
           atomic_load_explicit(&to[(start + probe) & mask].key, memory_order_relaxed))
      probe++;
    if (probe == OI_NATIVE_COUNT_PROBES)
      return -1;
    oi_native_count *slot = &to[(start + probe) & mask];
    slot->codeptr = from[i].codeptr;
    slot->site = from[i].site;
    slot->construct = from[i].construct;
    atomic_init(&slot->count, atomic_load_explicit(&from[i].count, memory_order_relaxed));
    atomic_init(&slot->key, key);
  }
  return 0;
}

/* Grows the table to the next size its slots fit in; at its bound (or out
 * of memory) its counts go to the buffer as count events and it starts
 * empty: an address then has a count event per spill, none is lost. Under
 * flush_lock: the end's flush on another thread reads the table. */
void oi_native_count_miss(oi_thread *t, unsigned construct, uint64_t codeptr, uint32_t site) {
  pthread_mutex_lock(&t->flush_lock);
  uint32_t slots = t->native_mask + 1;
  oi_native_count *grown = NULL;
  while (!grown && slots < OI_NATIVE_COUNTS_MAX) {
    slots *= 2;
    grown = calloc(slots, sizeof *grown);
    if (!grown)
      break;
    if (native_rehash(grown, slots - 1, t->native_counts, t->native_mask + 1) != 0) {
      free(grown);
      grown = NULL;
    }
  }
  if (grown) {
    if (t->native_counts != t->native_first)
      free(t->native_counts);
    t->native_counts = grown;
    t->native_mask = slots - 1;
  } else {
    uint64_t now = 0;
    append_native_counts(t, &now, 1);
    /* a full buffer goes out now: the next event's slot must exist */
    if (atomic_load_explicit(&t->count, memory_order_relaxed) == OI_BUFFER_EVENTS)
      write_buffer(t);
  }
  pthread_mutex_unlock(&t->flush_lock);
  /* a slot is free now within the probes, or the table grows again */
  oi_native_count_add(t, construct, codeptr, site);
}

int oi_site_counts_grow(oi_thread *t, uint32_t site) {
  uint32_t capacity = t->site_count_capacity ? t->site_count_capacity : 64;
  while (capacity <= site && capacity < UINT32_MAX / 2)
    capacity *= 2;
  if (capacity <= site)
    return -1;
  pthread_mutex_lock(&t->flush_lock); /* a flush may be reading the counts */
  _Atomic uint64_t *grown =
      realloc(t->site_counts, capacity * sizeof *t->site_counts);
  if (grown) {
    for (uint32_t i = t->site_count_capacity; i < capacity; i++)
      atomic_init(&grown[i], 0);
    t->site_counts = grown;
    t->site_count_capacity = capacity;
  }
  pthread_mutex_unlock(&t->flush_lock);
  if (!grown)
    oi_out_of_memory_note();
  return grown ? 0 : -1;
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
  if (atomic_compare_exchange_strong(&record_state, &expected,
                                     STATE_RECORDING))
    atomic_store(&oi_recording, 1);
}

void oi_record_stop(void) { set_state(STATE_STOPPED); }

void oi_record_request_flush(void) {
  atomic_fetch_add(&oi_flush_generation, 1);
  oi_thread *t = oi_tls_thread;
  if (t)
    oi_thread_flush(t);
}

/* At the end only: threads still running may be writing an event. */
static void flush_all_threads(void) {
  pthread_mutex_lock(&registry_lock);
  for (oi_thread *t = registry; t; t = t->next)
    oi_thread_flush(t);
  pthread_mutex_unlock(&registry_lock);
}

void oi_record_checkpoint(void) { flush_all_threads(); }

/* Threads still alive; retired ones wrote theirs when they ended. */
static void write_thread_records(void) {
  pthread_mutex_lock(&registry_lock);
  for (oi_thread *t = registry; t; t = t->next)
    if (!t->retired && !t->thread_recorded)
      write_thread_record(t);
  pthread_mutex_unlock(&registry_lock);
}

/* Async-signal-safe: CLOCK_MONOTONIC itself, not the counter clock, whose
 * reader would spin forever if the signal interrupted this thread while it
 * moved the anchor; the counter clock is never ahead of it, so the end
 * still comes after every event. */
static void write_end_record(int signal_number) {
  oi_end_record end = {.end_time_ns = oi_monotonic_ns(),
                       .event_count = atomic_load(&events_written),
                       .lost_events = atomic_load(&events_lost),
                       .signal = (uint32_t)signal_number,
                       .write_error = (uint32_t)oi_trace_write_error()};
  oi_trace_record(OI_REC_END, &end, sizeof end);
}

/* After a failed write: one line naming the error and what it cost. */
static void report_write_error(void) {
  int err = oi_trace_write_error();
  if (err)
    fprintf(stderr, "ompt-inst: cannot write %s: %s; recording stopped, %llu events lost\n",
            oi_trace_path(), strerror(err), (unsigned long long)atomic_load(&events_lost));
}

#ifdef OMPT_INST_SMALL_BOUNDS
static _Atomic uint64_t shared_writes_without_thread;

void oi_shared_write_note(void) {
  oi_thread *t = oi_tls_thread;
  if (!t) {
    atomic_fetch_add(&shared_writes_without_thread, 1);
    return;
  }
  atomic_store_explicit(&t->shared_writes,
                        atomic_load_explicit(&t->shared_writes, memory_order_relaxed) + 1,
                        memory_order_relaxed);
}

/* The test build's INFO `shared_writes=N` (shared_writes.h). */
static void write_shared_writes(void) {
  uint64_t total = atomic_load(&shared_writes_without_thread);
  for (oi_thread *t = __atomic_load_n(&registry, __ATOMIC_ACQUIRE); t; t = t->next)
    total += atomic_load_explicit(&t->shared_writes, memory_order_relaxed);
  char text[64];
  int n = snprintf(text, sizeof text, "shared_writes=%llu", (unsigned long long)total);
  oi_trace_record(OI_REC_INFO, text, (uint32_t)n);
}
#else
static void write_shared_writes(void) {}
#endif

/* Every thread's repairs, retired ones' too (their memory stays in the
 * registry and keeps its counts when a new thread takes it). */
static void write_repairs(void) {
  uint64_t total[OI_REPAIR_COUNT] = {0};
  for (oi_thread *t = __atomic_load_n(&registry, __ATOMIC_ACQUIRE); t; t = t->next)
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
  write_shared_writes();
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
  for (oi_thread *t = __atomic_load_n(&registry, __ATOMIC_ACQUIRE); t; t = t->next) {
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
      write_events(t, t->written, n);
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
  for (oi_thread *t = __atomic_load_n(&registry, __ATOMIC_ACQUIRE); t; t = t->next)
    if (!__atomic_load_n(&t->retired, __ATOMIC_ACQUIRE) && !t->thread_recorded)
      write_thread_record(t);
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
