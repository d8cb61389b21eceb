/* Per-thread buffers against a real trace file in a temporary folder: a
 * full buffer is one OI_REC_EVENTS record, pause drops events, a retired
 * thread's memory serves the next thread, and the end of the trace flushes
 * every thread's buffer and writes END exactly once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/frame.h"
#include "shim/record.h"
#include "shim/trace_end.h"
#include "shim/trace_file.h"

static char dir[] = "/tmp/oi-record-test.XXXXXX";
static char path[sizeof dir + 32];

typedef struct trace_bytes {
  unsigned char *data;
  size_t size;
} trace_bytes;

static trace_bytes read_trace(void) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  trace_bytes t = {malloc(8 << 20), 0};
  t.size = fread(t.data, 1, 8 << 20, f);
  fclose(f);
  return t;
}

/* Records may sit at any alignment in the file: read them by copying. */
typedef struct record {
  oi_frame_header header;
  const unsigned char *payload;
} record;

/* The events of a compact events record, every byte of it decoded. */
static oi_event *decode_events(const record *r, uint32_t *count) {
  assert_int_equal(r->header.encoding, OI_ENCODING_COMPACT);
  oi_compact_events_record head;
  memcpy(&head, r->payload, sizeof head);
  assert_int_equal(head.kinds, 1ull << OI_KIND_CONSTRUCT_COUNT);
  oi_event *events = calloc(head.count, sizeof *events);
  assert_non_null(events);
  static oi_event_codec codec;
  oi_codec_reset(&codec);
  const unsigned char *at = r->payload + sizeof head, *end = r->payload + r->header.size;
  for (uint32_t i = 0; i < head.count; i++)
    assert_int_equal(oi_codec_decode(&codec, head.thread, &at, end, &events[i]), 0);
  assert_ptr_equal(at, end);
  *count = head.count;
  return events;
}

/* The records of a trace, after checking the header. */
static size_t records(const trace_bytes *t, record *out, size_t max) {
  assert_true(t->size >= sizeof(oi_trace_header));
  assert_memory_equal(t->data, OI_TRACE_MAGIC, 8);
  size_t n = 0, at = sizeof(oi_trace_header);
  while (at < t->size && n < max) {
    memcpy(&out[n].header, t->data + at, sizeof out[n].header);
    assert_int_equal(out[n].header.magic, OI_FRAME_MAGIC);
    out[n].payload = t->data + at + sizeof out[n].header;
    assert_int_equal(out[n].header.checksum,
                     oi_frame_checksum(out[n].header.type, out[n].header.encoding, out[n].payload,
                                       out[n].header.size, NULL, 0));
    assert_true(at + sizeof out[n].header + out[n].header.size <= t->size);
    at += sizeof out[n].header + out[n].header.size;
    n++;
  }
  assert_int_equal(at, t->size);
  return n;
}

static void emit(uint64_t value) {
  oi_thread *t;
  oi_event *e = oi_event_next(&t, OI_KIND_CONSTRUCT_COUNT, OI_EP_NONE, OI_CONSTRUCT_ATOMIC, NULL);
  assert_non_null(e);
  OI_SET(e, CONSTRUCT_COUNT, count, value);
  oi_event_commit(t);
}

static int setup(void **state) {
  (void)state;
  if (!mkdtemp(dir))
    return -1;
  snprintf(path, sizeof path, "%s/%s", dir, OI_TRACE_FILE_NAME);
  if (oi_trace_open(dir) != 0)
    return -1;
  oi_record_start();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  unlink(path);
  rmdir(dir);
  return 0;
}

static void full_buffer_is_one_record(void **state) {
  (void)state;
  for (uint64_t i = 0; i < OI_BUFFER_EVENTS - 1; i++)
    emit(i);
  trace_bytes t = read_trace();
  assert_int_equal(t.size, sizeof(oi_trace_header)); /* nothing written yet */
  free(t.data);

  emit(OI_BUFFER_EVENTS - 1);
  t = read_trace();
  record r[4];
  assert_int_equal(records(&t, r, 4), 1);
  assert_int_equal(r[0].header.type, OI_REC_EVENTS);
  oi_events_record events;
  memcpy(&events, r[0].payload, sizeof events);
  assert_int_equal(events.thread, 0);
  assert_int_equal(events.count, OI_BUFFER_EVENTS);
  uint32_t count;
  oi_event *e = decode_events(&r[0], &count);
  assert_int_equal(count, OI_BUFFER_EVENTS);
  for (uint32_t i = 0; i < OI_BUFFER_EVENTS; i++) {
    assert_int_equal(OI_GET(&e[i], CONSTRUCT_COUNT, count), i);
    assert_int_equal(e[i].kind, OI_KIND_CONSTRUCT_COUNT);
    assert_int_equal(e[i].construct, OI_CONSTRUCT_ATOMIC);
    assert_int_equal(e[i].thread, 0);
    assert_int_equal(e[i].device, -1);
  }
  assert_true(e[0].time_ns <= e[OI_BUFFER_EVENTS - 1].time_ns);
  /* a count that grows by one, at a nearby time: a few bytes each */
  assert_true(r[0].header.size < sizeof events + 8 * OI_BUFFER_EVENTS);
  free(e);
  free(t.data);
}

static void paused_events_are_not_recorded(void **state) {
  (void)state;
  oi_record_pause();
  oi_thread *t;
  assert_null(oi_event_next(&t, OI_KIND_FLUSH, OI_EP_NONE, 0, NULL));
  oi_record_resume();
  for (uint64_t i = 0; i < 10; i++)
    emit(1000 + i);
}

/* What the threads saw; asserted on the main thread (cmocka's asserts
 * must not fail on another thread). */
typedef struct seen_thread {
  oi_thread *memory;
  uint32_t number;
  oi_thread *memory_again; /* after retiring and recording again */
  uint32_t number_again;
  int tls_cleared;
} seen_thread;

static void emit_from_thread(uint64_t value) {
  oi_thread *t;
  oi_event *e = oi_event_next(&t, OI_KIND_CONSTRUCT_COUNT, OI_EP_NONE, OI_CONSTRUCT_ATOMIC, NULL);
  if (e) {
    OI_SET(e, CONSTRUCT_COUNT, count, value);
    oi_event_commit(t);
  }
}

/* Emits `count` events; retires when asked to, then emits `again` more. */
typedef struct thread_plan {
  int count, retire, again;
  seen_thread seen;
} thread_plan;

static void *planned_thread(void *arg) {
  thread_plan *plan = arg;
  for (int i = 0; i < plan->count; i++)
    emit_from_thread(3000 + (uint64_t)i);
  plan->seen.memory = oi_tls_thread;
  plan->seen.number = oi_tls_thread->number;
  if (plan->retire) {
    oi_thread_retire();
    plan->seen.tls_cleared = oi_tls_thread == NULL;
  }
  for (int i = 0; i < plan->again; i++)
    emit_from_thread(3100 + (uint64_t)i);
  if (plan->again) {
    plan->seen.memory_again = oi_tls_thread;
    plan->seen.number_again = oi_tls_thread->number;
  }
  return NULL;
}

static void run_thread(thread_plan *plan) {
  pthread_t thread;
  pthread_create(&thread, NULL, planned_thread, plan);
  pthread_join(thread, NULL);
}

static void retired_thread_memory_is_reused(void **state) {
  (void)state;
  thread_plan a = {.count = 3, .retire = 1};
  run_thread(&a);
  assert_int_equal(a.seen.number, 1);
  assert_true(a.seen.tls_cleared);
  /* retiring wrote the thread's events and its THREAD record at once */
  trace_bytes t = read_trace();
  record r[8];
  assert_int_equal(records(&t, r, 8), 3);
  assert_int_equal(r[1].header.type, OI_REC_EVENTS);
  assert_int_equal(r[2].header.type, OI_REC_THREAD);
  oi_thread_record thread_record;
  memcpy(&thread_record, r[2].payload, sizeof thread_record);
  assert_int_equal(thread_record.thread, 1);
  free(t.data);

  /* a new thread gets a new number but the retired thread's memory */
  thread_plan b = {.count = 2};
  run_thread(&b);
  assert_ptr_equal(b.seen.memory, a.seen.memory);
  assert_int_equal(b.seen.number, 2);

  /* a thread that records after retiring keeps its number */
  thread_plan c = {.count = 1, .retire = 1, .again = 1};
  run_thread(&c);
  assert_int_equal(c.seen.number, 3);
  assert_int_equal(c.seen.number_again, 3);
}

static void *other_thread(void *arg) {
  (void)arg;
  for (uint64_t i = 0; i < 5; i++)
    emit_from_thread(2000 + i);
  return NULL; /* exits with its events still buffered */
}

static void finish_flushes_all_threads_and_ends_once(void **state) {
  (void)state;
  pthread_t thread;
  pthread_create(&thread, NULL, other_thread, NULL);
  pthread_join(thread, NULL);
  oi_record_finish();
  trace_bytes t = read_trace();
  record r[64];
  size_t n = records(&t, r, 64);
  size_t events_records = 0, thread_records = 0, modules = 0, ends = 0, totals_records = 0;
  /* thread 0: 4096 + 10; 1: 3 (retired); 2: 2 (in 1's memory); 3: 1 + 1
   * (retired, recorded again); 4: 5 (ended without retiring) */
  enum { THREADS = 5 };
  const uint64_t expected[THREADS] = {OI_BUFFER_EVENTS + 10, 3, 2, 2, 5};
  uint64_t seen[THREADS] = {0}, total = OI_BUFFER_EVENTS + 10 + 3 + 2 + 2 + 5;
  int thread_seen[THREADS] = {0};
  for (size_t i = 0; i < n; i++) {
    switch (r[i].header.type) {
    case OI_REC_EVENTS: {
      oi_events_record events;
      memcpy(&events, r[i].payload, sizeof events);
      assert_true(events.thread < THREADS);
      events_records++;
      seen[events.thread] += events.count;
      break;
    }
    case OI_REC_THREAD: {
      oi_thread_record thread_record;
      memcpy(&thread_record, r[i].payload, sizeof thread_record);
      assert_true(thread_record.thread < THREADS);
      thread_seen[thread_record.thread]++;
      thread_records++;
      break;
    }
    case OI_REC_MODULE:
      modules++;
      break;
    case OI_REC_TOTALS: {
      assert_int_equal(i, n - 2); /* just before END */
      oi_totals_record totals;
      memcpy(&totals, r[i].payload, sizeof totals);
      /* thread 3 retired and recorded again under its number: once */
      assert_int_equal(totals.threads, THREADS);
      assert_true(totals.first_time_ns > 0 && totals.first_time_ns <= totals.last_end_ns);
      assert_int_equal(totals.flags, OI_TOTALS_INITIAL_KNOWN);
      assert_int_equal(totals.initial_construct_ns, 0); /* counts time no region */
      totals_records++;
      break;
    }
    case OI_REC_END: {
      assert_int_equal(i, n - 1); /* the last record */
      oi_end_record end;
      memcpy(&end, r[i].payload, sizeof end);
      assert_int_equal(end.event_count, total);
      assert_int_equal(end.lost_events, 0);
      ends++;
      break;
    }
    }
  }
  for (int i = 0; i < THREADS; i++) {
    assert_int_equal(seen[i], expected[i]);
    assert_int_equal(thread_seen[i], 1); /* one THREAD record each */
  }
  /* 0: full + rest; 1 and 3 at retiring; then 2, 3 and 4 at the end */
  assert_int_equal(events_records, 7);
  assert_int_equal(thread_records, THREADS);
  assert_true(modules >= 1);
  assert_int_equal(ends, 1);
  assert_int_equal(totals_records, 1);

  /* a second finish and later events change nothing */
  oi_record_finish();
  oi_thread *self;
  assert_null(oi_event_next(&self, OI_KIND_FLUSH, OI_EP_NONE, 0, NULL));
  trace_bytes again = read_trace();
  assert_int_equal(again.size, t.size);
  free(again.data);
  free(t.data);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(full_buffer_is_one_record),
      cmocka_unit_test(paused_events_are_not_recorded),
      cmocka_unit_test(retired_thread_memory_is_reused),
      cmocka_unit_test(finish_flushes_all_threads_and_ends_once),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
