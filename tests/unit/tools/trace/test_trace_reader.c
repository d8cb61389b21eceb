/* The trace reader on good, truncated, corrupt, newer and unfinished traces. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "unit/trace_fixture.h"
#include "trace/trace_reader.h"

#define MANY 1200 /* more than OI_READER_EVENT_BUFFER: forces refills */

static const char site_text[] = "ompt-inst-site 1\n"
                                "construct=target teams distribute parallel for\n"
                                "file=/src/app.c\n"
                                "line=12\n"
                                "col=3\n"
                                "end_line=40\n"
                                "function=main\n"
                                "clauses=map(tofrom: a[0:n]) map(to: b)\n"
                                "map=tofrom;-;explicit;a[0:n]\n"
                                "map=to;always,close;implicit;b\n";

/* Record offsets of the good trace, filled by write_good_trace. */
typedef struct layout {
  uint64_t events_a, site, events_b, end, size;
} layout;

static void write_trace_of_version(trace_fixture *fx, layout *at, int with_end, uint32_t version) {
  fixture_begin(fx, version);
  fixture_info(fx, "program=/bin/app");
  fixture_thread(fx, 0, 1, 777);
  oi_capability caps[] = {{3, 5}, {22, 1}};
  fixture_capabilities(fx, caps, 2);
  fixture_module(fx, 0x400000, 0x401000, 0x402000, "/bin/app");
  oi_event first[3];
  for (uint32_t i = 0; i < 3; i++)
    first[i] = fixture_event(i, OI_KIND_PARALLEL, 0);
  first[1].site = 7;
  at->events_a = fixture_offset(fx);
  fixture_events(fx, 0, first, 3);
  at->site = fixture_offset(fx);
  fixture_site(fx, 7, site_text);
  oi_event *many = calloc(MANY, sizeof *many);
  assert_non_null(many);
  for (uint32_t i = 0; i < MANY; i++)
    many[i] = fixture_event(3 + i, OI_KIND_DATA_OP, 1);
  at->events_b = fixture_offset(fx);
  fixture_events(fx, 1, many, MANY);
  free(many);
  at->end = fixture_offset(fx);
  if (with_end)
    fixture_end(fx, 3 + MANY, 2);
  at->size = fixture_finish(fx);
}

/* Reads all events; checks they come in file order; returns the count and
 * the last oi_reader_next result. */
static uint32_t read_all(oi_trace_reader *trace, int *last) {
  const oi_event *event;
  uint32_t n = 0;
  while ((*last = oi_reader_next(trace, &event)) > 0) {
    assert_int_equal(event->time_ns, FIXTURE_START_NS + 1000ull * n);
    n++;
  }
  return n;
}

static void write_good_trace(trace_fixture *fx, layout *at, int with_end) {
  write_trace_of_version(fx, at, with_end, OI_TRACE_VERSION);
}

static void read_good_trace_of_version(uint32_t version) {
  trace_fixture fx;
  layout at;
  write_trace_of_version(&fx, &at, 1, version);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_OK);
  assert_true(trace.complete);
  assert_int_equal(trace.end.event_count, 3 + MANY);
  assert_int_equal(trace.end.lost_events, 2);
  assert_int_equal(trace.events_in_file, 3 + MANY);
  assert_int_equal(trace.header.pid, 4242);
  assert_int_equal(trace.info_count, 1);
  assert_string_equal(trace.infos[0].key, "program");
  assert_string_equal(trace.infos[0].value, "/bin/app");
  assert_int_equal(trace.thread_count, 1);
  assert_int_equal(trace.threads[0].os_tid, 777);
  assert_int_equal(trace.capability_count, 2);
  assert_int_equal(trace.capabilities[1].callback, 22);
  assert_int_equal(trace.capabilities[1].result, 1);
  assert_null(oi_reader_module(&trace, 0x400fff));
  assert_string_equal(oi_reader_module(&trace, 0x401000)->path, "/bin/app");
  assert_null(oi_reader_module(&trace, 0x402000));

  const oi_site *site = oi_reader_site(&trace, 7);
  assert_non_null(site);
  assert_string_equal(site->construct, "target teams distribute parallel for");
  assert_int_equal(site->line, 12);
  assert_int_equal(site->map_count, 2);
  assert_null(oi_reader_site(&trace, 8));
  assert_null(oi_reader_site(&trace, 0));

  int last;
  assert_int_equal(read_all(&trace, &last), 3 + MANY);
  assert_int_equal(last, 0);
  assert_int_equal(oi_reader_next(&trace, &(const oi_event *){NULL}), 0);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

static void reads_a_good_trace(void **state) {
  (void)state;
  read_good_trace_of_version(OI_TRACE_VERSION);
}

/* Traces of the first format, without frames, still read. */
static void reads_a_version_1_trace(void **state) {
  (void)state;
  read_good_trace_of_version(1);
}

/* Traces of format 2 (frames, events of 80 bytes) still read. */
static void reads_a_version_2_trace(void **state) {
  (void)state;
  read_good_trace_of_version(2);
}

/* Host events of thread 0 and data operations of thread 1, as the shim
 * writes them: compact frames. */
static void write_compact_trace(trace_fixture *fx, oi_event *host, oi_event *device) {
  fixture_begin(fx, OI_TRACE_VERSION);
  for (uint32_t i = 0; i < 200; i++) {
    host[i] = fixture_event(i, i % 4 < 2 ? OI_KIND_PARALLEL : OI_KIND_SYNC, 0);
    host[i].endpoint = i % 2 ? OI_EP_END : OI_EP_BEGIN;
    host[i].codeptr = 0x401000 + 16 * (i % 3);
    host[i].u.generic[0] = (1ull << 48) + i / 4;
  }
  for (uint32_t i = 0; i < 50; i++) {
    device[i] = fixture_event(200 + i, OI_KIND_DATA_OP, 1);
    device[i].op = OI_DATA_OP_TO_DEVICE;
    device[i].device = 0;
    device[i].u.data.bytes = 8000;
    device[i].u.data.host_addr = 0x7ffd0000 + 64 * i;
    device[i].u.data.hash = 0x9e3779b97f4a7c15ull * (i + 1);
  }
  fixture_compact_events(fx, 0, host, 200);
  fixture_compact_events(fx, 1, device, 50);
  fixture_end(fx, 250, 0);
  fixture_finish(fx);
}

static int kept_seen;
static bool keep_and_count(void *state, const oi_event *e) {
  (void)state;
  kept_seen++;
  return e->u.data.bytes == 8000;
}
static const oi_event *one_held(void *state) {
  static oi_event held = {.kind = OI_KIND_THREAD};
  int *given = state;
  return (*given)++ == 0 ? &held : NULL;
}

/* Compact frames decode to the events written, in file order; a filter
 * with kinds leaves frames without them undecoded, delivers what keep()
 * keeps and then what held() gives. */
static void reads_compact_events(void **state) {
  (void)state;
  trace_fixture fx;
  oi_event host[200], device[50];
  write_compact_trace(&fx, host, device);
  oi_trace_reader *trace = malloc(sizeof *trace);
  assert_non_null(trace);
  assert_int_equal(oi_reader_open(trace, fx.dir), OI_READER_OK);
  assert_int_equal(trace->events_in_file, 250);
  const oi_event *e;
  for (uint32_t i = 0; i < 250; i++) {
    assert_int_equal(oi_reader_next(trace, &e), 1);
    assert_memory_equal(e, i < 200 ? &host[i] : &device[i - 200], sizeof *e);
  }
  assert_int_equal(oi_reader_next(trace, &e), 0);
  oi_reader_close(trace);

  int given = 0;
  assert_int_equal(oi_reader_open(trace, fx.dir), OI_READER_OK);
  trace->filter = (oi_event_filter){
      .kinds = 1ull << OI_KIND_DATA_OP, .keep = keep_and_count, .held = one_held, .state = &given};
  kept_seen = 0;
  for (uint32_t i = 0; i < 50; i++) {
    assert_int_equal(oi_reader_next(trace, &e), 1);
    assert_memory_equal(e, &device[i], sizeof *e);
  }
  assert_int_equal(oi_reader_next(trace, &e), 1);
  assert_int_equal(e->kind, OI_KIND_THREAD);
  assert_int_equal(oi_reader_next(trace, &e), 0);
  assert_int_equal(kept_seen, 50); /* the host frame was never decoded */
  oi_reader_close(trace);
  free(trace);
  fixture_remove(&fx);
}

/* A compact frame whose checksum holds but whose bytes are no events (a
 * writer's bug, a forged file) is damage at the frame: the events before
 * it are delivered, none after. */
static void reports_compact_events_that_do_not_decode(void **state) {
  (void)state;
  trace_fixture fx;
  fixture_begin(&fx, OI_TRACE_VERSION);
  oi_event good[10];
  for (uint32_t i = 0; i < 10; i++)
    good[i] = fixture_event(i, OI_KIND_FLUSH, 0);
  fixture_compact_events(&fx, 0, good, 10);
  uint64_t bad_at = fixture_offset(&fx);
  struct {
    oi_compact_events_record head;
    unsigned char bytes[16];
  } bad = {{.thread = 0, .count = 5, .kinds = 1}, {0xfe, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}};
  fixture_record_encoded(&fx, OI_REC_EVENTS, OI_ENCODING_COMPACT, &bad, sizeof bad);
  fixture_end(&fx, 15, 0);
  fixture_finish(&fx);
  oi_trace_reader *trace = malloc(sizeof *trace);
  assert_non_null(trace);
  assert_int_equal(oi_reader_open(trace, fx.dir), OI_READER_OK);
  int last;
  assert_int_equal(read_all(trace, &last), 10);
  assert_int_equal(last, -1);
  char expected[600];
  snprintf(expected, sizeof expected, "%s: bad events record (payload of %zu bytes) at byte %llu",
           fx.path, sizeof bad, (unsigned long long)bad_at);
  assert_string_equal(trace->error, expected);
  assert_int_equal(oi_reader_next(trace, &(const oi_event *){NULL}), -1);
  oi_reader_close(trace);
  free(trace);
  fixture_remove(&fx);
}

/* Removes bytes [from, to) of the trace: what a write cut short by a full
 * disk leaves before the records written after it. */
static void cut_out(trace_fixture *fx, uint64_t from, uint64_t to) {
  FILE *f = fopen(fx->path, "rb");
  assert_non_null(f);
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  rewind(f);
  char *data = malloc((size_t)size);
  assert_non_null(data);
  assert_int_equal(fread(data, 1, (size_t)size, f), (size_t)size);
  fclose(f);
  memmove(data + from, data + to, (size_t)size - to);
  f = fopen(fx->path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(data, 1, (size_t)size - (to - from), f), (size_t)size - (to - from));
  fclose(f);
  free(data);
}

/* Version 2 frames: a torn frame at the end is skipped, the events before
 * it all read, the trace is not damaged. */
static void skips_a_torn_tail(void **state) {
  (void)state;
  trace_fixture fx;
  layout at;
  write_good_trace(&fx, &at, 1);
  uint64_t cut = at.events_b + 16 + 8 + 700 * sizeof(oi_event) + 5;
  fixture_truncate(&fx, cut);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_OK);
  assert_false(trace.complete);
  assert_int_equal(trace.skip_count, 1);
  assert_int_equal(trace.skips[0].from, at.events_b);
  assert_int_equal(trace.skipped_bytes, cut - at.events_b);
  int last;
  assert_int_equal(read_all(&trace, &last), 3);
  assert_int_equal(last, 0);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

/* A torn frame followed by whole ones (the END written after a full disk
 * freed its reserve): skipped, and everything after it read. */
static void skips_a_torn_frame_in_the_middle(void **state) {
  (void)state;
  trace_fixture fx;
  layout at;
  write_good_trace(&fx, &at, 1);
  uint64_t torn_end = at.events_b + 16 + 8 + 300 * sizeof(oi_event) + 3;
  cut_out(&fx, torn_end, at.end);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_OK);
  assert_true(trace.complete);
  assert_int_equal(trace.end.event_count, 3 + MANY);
  assert_int_equal(trace.skip_count, 1);
  assert_int_equal(trace.skips[0].from, at.events_b);
  assert_int_equal(trace.skips[0].to, torn_end);
  int last;
  assert_int_equal(read_all(&trace, &last), 3);
  assert_int_equal(last, 0);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

/* A flipped byte inside a frame's payload fails its checksum: the frame is
 * skipped, not misread. */
static void skips_a_frame_with_a_bad_checksum(void **state) {
  (void)state;
  trace_fixture fx;
  layout at;
  write_good_trace(&fx, &at, 1);
  FILE *f = fopen(fx.path, "r+b");
  assert_non_null(f);
  fseek(f, (long)(at.events_b + 16 + 8 + 10), SEEK_SET);
  fputc(0x5a, f);
  fclose(f);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_OK);
  assert_true(trace.complete);
  assert_int_equal(trace.skips[0].from, at.events_b);
  assert_int_equal(trace.skips[0].to, at.end);
  int last;
  assert_int_equal(read_all(&trace, &last), 3);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

/* Info records past the limit are counted, not kept. */
static void keeps_a_bounded_number_of_info_records(void **state) {
  (void)state;
  trace_fixture fx;
  fixture_begin(&fx, OI_TRACE_VERSION);
  for (int i = 0; i < OI_READER_MAX_INFOS + 10; i++)
    fixture_info(&fx, "key=value");
  fixture_finish(&fx);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_OK);
  assert_int_equal(trace.info_count, OI_READER_MAX_INFOS);
  assert_int_equal(trace.records_dropped, 10);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

/* A cut at `size`: the damage is the record that starts at `record`, and
 * exactly `readable` events come before it. */
static void expect_cut(trace_fixture *fx, uint64_t size, uint64_t record, uint32_t readable) {
  fixture_truncate(fx, size);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx->dir), OI_READER_DAMAGED);
  assert_int_equal(trace.damage_offset, record);
  assert_false(trace.complete);
  char expected[256];
  snprintf(expected, sizeof expected, "%s: truncated record at byte %llu", fx->path,
           (unsigned long long)record);
  assert_string_equal(trace.error, expected);
  int last;
  assert_int_equal(read_all(&trace, &last), readable);
  assert_int_equal(last, -1);
  assert_string_equal(trace.error, expected);
  oi_reader_close(&trace);
}

/* Version 1 has no frames: a cut is damage at the record it cuts. */
static void reports_truncation_with_its_offset(void **state) {
  (void)state;
  trace_fixture fx;
  layout at;
  write_trace_of_version(&fx, &at, 1, 1);
  /* cut inside the END record, inside the big events record (at a record
   * header, in the middle, one byte short), inside the site, inside the
   * first events record's header */
  expect_cut(&fx, at.size - 1, at.end, 3 + MANY);
  expect_cut(&fx, at.end - 1, at.events_b, 3);
  expect_cut(&fx, at.events_b + 8 + 8 + 700 * sizeof(oi_event) + 5, at.events_b, 3);
  expect_cut(&fx, at.events_b + 4, at.events_b, 3);
  /* a cut exactly between records is no damage, just a missing end */
  fixture_truncate(&fx, at.events_b);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_OK);
  assert_false(trace.complete);
  int last;
  assert_int_equal(read_all(&trace, &last), 3);
  assert_true(oi_reader_site(&trace, 7) != NULL);
  assert_int_equal(last, 0);
  oi_reader_close(&trace);
  expect_cut(&fx, at.site + 20, at.site, 3);
  expect_cut(&fx, at.events_a + 6, at.events_a, 0);
  /* inside the header */
  fixture_truncate(&fx, 20);
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_BAD_HEADER);
  assert_non_null(strstr(trace.error, "truncated header (20 bytes)"));
  assert_int_equal(oi_reader_next(&trace, &(const oi_event *){NULL}), -1);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

static void reports_unknown_record_types(void **state) {
  (void)state;
  trace_fixture fx;
  fixture_begin(&fx, OI_TRACE_VERSION);
  oi_event event = fixture_event(0, OI_KIND_FLUSH, 0);
  fixture_events(&fx, 0, &event, 1);
  uint64_t bad = fixture_offset(&fx);
  fixture_record(&fx, 99, "xyz", 3);
  event = fixture_event(1, OI_KIND_FLUSH, 0);
  fixture_events(&fx, 0, &event, 1);
  fixture_end(&fx, 2, 0);
  fixture_finish(&fx);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_DAMAGED);
  char expected[256];
  snprintf(expected, sizeof expected, "%s: unknown record type 99 at byte %llu", fx.path,
           (unsigned long long)bad);
  assert_string_equal(trace.error, expected);
  int last;
  assert_int_equal(read_all(&trace, &last), 1);
  assert_int_equal(last, -1);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

/* Each version has the records and encodings of its row of
 * OI_TRACE_FORMATS and no others: a TOTALS record (version 3's) in a
 * version 2 trace is damage, as is a compact events frame; the rows are
 * numbered 1, 2, ... and the last is the version written. */
static void reads_each_version_by_its_row(void **state) {
  (void)state;
  for (uint32_t v = 1; v <= OI_TRACE_VERSION; v++)
    assert_int_equal(oi_trace_format_of(v)->version, v);
  assert_null(oi_trace_format_of(0));
  assert_null(oi_trace_format_of(OI_TRACE_VERSION + 1));

  trace_fixture fx;
  fixture_begin(&fx, 2);
  oi_event event = fixture_event(0, OI_KIND_FLUSH, 0);
  fixture_events(&fx, 0, &event, 1);
  uint64_t bad = fixture_offset(&fx);
  oi_totals_record totals = {0};
  fixture_record(&fx, OI_REC_TOTALS, &totals, sizeof totals);
  fixture_end(&fx, 1, 0);
  fixture_finish(&fx);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_DAMAGED);
  char expected[256];
  snprintf(expected, sizeof expected, "%s: unknown record type %u at byte %llu", fx.path,
           (unsigned)OI_REC_TOTALS, (unsigned long long)bad);
  assert_string_equal(trace.error, expected);
  assert_false(trace.has_totals);
  oi_reader_close(&trace);
  fixture_remove(&fx);

  fixture_begin(&fx, 2);
  bad = fixture_offset(&fx);
  fixture_compact_events(&fx, 0, &event, 1);
  fixture_finish(&fx);
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_DAMAGED);
  snprintf(expected, sizeof expected, "%s: record encoding newer than this ompt-inst at byte %llu",
           fx.path, (unsigned long long)bad);
  assert_string_equal(trace.error, expected);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

static void reports_records_of_the_wrong_size(void **state) {
  (void)state;
  trace_fixture fx;
  fixture_begin(&fx, OI_TRACE_VERSION);
  /* claims 5 events but carries 1 */
  struct {
    oi_events_record record;
    oi_event event;
  } lying = {{.thread = 0, .count = 5}, fixture_event(0, OI_KIND_FLUSH, 0)};
  fixture_record(&fx, OI_REC_EVENTS, &lying, sizeof lying);
  fixture_finish(&fx);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_DAMAGED);
  assert_int_equal(trace.damage_offset, sizeof(oi_trace_header));
  assert_non_null(strstr(trace.error, "bad events record (payload of 88 bytes) at byte 32"));
  int last;
  assert_int_equal(read_all(&trace, &last), 0);
  assert_int_equal(last, -1);
  oi_reader_close(&trace);
  fixture_remove(&fx);

  /* a thread record one byte too long */
  fixture_begin(&fx, OI_TRACE_VERSION);
  char thread[sizeof(oi_thread_record) + 1] = {0};
  fixture_record(&fx, OI_REC_THREAD, thread, sizeof thread);
  fixture_finish(&fx);
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_DAMAGED);
  assert_non_null(strstr(trace.error, "bad thread record (payload of 17 bytes) at byte 32"));
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

static void refuses_newer_versions_and_foreign_files(void **state) {
  (void)state;
  trace_fixture fx;
  fixture_begin(&fx, OI_TRACE_VERSION + 1);
  fixture_end(&fx, 0, 0);
  fixture_finish(&fx);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_BAD_HEADER);
  char expected[256];
  snprintf(expected, sizeof expected,
           "%s: trace format version %u is newer than this ompt-inst (%u); upgrade ompt-inst",
           fx.path, OI_TRACE_VERSION + 1, OI_TRACE_VERSION);
  assert_string_equal(trace.error, expected);
  oi_reader_close(&trace);

  FILE *f = fopen(fx.path, "wb");
  assert_non_null(f);
  fputs("#!/bin/sh\necho not a trace\n", f);
  fclose(f);
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_BAD_HEADER);
  assert_non_null(strstr(trace.error, "not an ompt-inst trace (bad magic)"));
  oi_reader_close(&trace);

  unlink(fx.path);
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_UNREADABLE);
  snprintf(expected, sizeof expected, "%s: not an ompt-inst run folder (no trace.oit)", fx.dir);
  assert_string_equal(trace.error, expected);
  oi_reader_close(&trace);
  fixture_remove(&fx);

  assert_int_equal(oi_reader_open(&trace, "/nonexistent/run"), OI_READER_UNREADABLE);
  assert_string_equal(trace.error, "/nonexistent/run: No such file or directory");
  oi_reader_close(&trace);
}

/* Overwrites the 32-bit field at `offset` of the fixture's trace. */
static void patch_u32(const trace_fixture *fx, long offset, uint32_t value) {
  FILE *f = fopen(fx->path, "r+b");
  assert_non_null(f);
  assert_int_equal(fseek(f, offset, SEEK_SET), 0);
  assert_int_equal(fwrite(&value, sizeof value, 1, f), 1);
  fclose(f);
}

static void refuses_headers_with_other_sizes(void **state) {
  (void)state;
  trace_fixture fx;
  fixture_begin(&fx, OI_TRACE_VERSION);
  fixture_end(&fx, 0, 0);
  fixture_finish(&fx);
  oi_trace_reader trace;
  patch_u32(&fx, offsetof(oi_trace_header, event_size), 96);
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_BAD_HEADER);
  assert_non_null(strstr(trace.error, "trace.oit: bad event size 96 (expected 80)"));
  oi_reader_close(&trace);
  patch_u32(&fx, offsetof(oi_trace_header, event_size), sizeof(oi_event));
  patch_u32(&fx, offsetof(oi_trace_header, header_size), 16);
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_BAD_HEADER);
  assert_non_null(strstr(trace.error, "trace.oit: bad header size 16 (expected at least 32)"));
  oi_reader_close(&trace);
  patch_u32(&fx, offsetof(oi_trace_header, header_size), sizeof(oi_trace_header));
  patch_u32(&fx, offsetof(oi_trace_header, version), 0);
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_BAD_HEADER);
  assert_non_null(strstr(trace.error, "trace.oit: bad trace format version 0"));
  oi_reader_close(&trace);
  /* restored, the same file reads cleanly */
  patch_u32(&fx, offsetof(oi_trace_header, version), OI_TRACE_VERSION);
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_OK);
  assert_true(trace.complete);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

static void reads_a_trace_without_end(void **state) {
  (void)state;
  trace_fixture fx;
  layout at;
  write_good_trace(&fx, &at, 0);
  oi_trace_reader trace;
  assert_int_equal(oi_reader_open(&trace, fx.dir), OI_READER_OK);
  assert_false(trace.complete);
  assert_int_equal(trace.events_in_file, 3 + MANY);
  int last;
  assert_int_equal(read_all(&trace, &last), 3 + MANY);
  assert_int_equal(last, 0);
  oi_reader_close(&trace);
  /* the trace file may also be named directly */
  assert_int_equal(oi_reader_open(&trace, fx.path), OI_READER_OK);
  assert_int_equal(trace.events_in_file, 3 + MANY);
  oi_reader_close(&trace);
  fixture_remove(&fx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reads_a_good_trace),
      cmocka_unit_test(reads_a_version_1_trace),
      cmocka_unit_test(reads_a_version_2_trace),
      cmocka_unit_test(reads_each_version_by_its_row),
      cmocka_unit_test(reads_compact_events),
      cmocka_unit_test(reports_compact_events_that_do_not_decode),
      cmocka_unit_test(reports_truncation_with_its_offset),
      cmocka_unit_test(skips_a_torn_tail),
      cmocka_unit_test(skips_a_torn_frame_in_the_middle),
      cmocka_unit_test(skips_a_frame_with_a_bad_checksum),
      cmocka_unit_test(keeps_a_bounded_number_of_info_records),
      cmocka_unit_test(reports_unknown_record_types),
      cmocka_unit_test(reports_records_of_the_wrong_size),
      cmocka_unit_test(refuses_newer_versions_and_foreign_files),
      cmocka_unit_test(refuses_headers_with_other_sizes),
      cmocka_unit_test(reads_a_trace_without_end),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
