/* The compact event encoding: every event decodes to itself, whatever its
 * kind and values; repeats cost a few bytes; events it cannot express are
 * written whole; damaged bytes are refused, never read past. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/event_codec.h"
#include "unit/xorshift.h"

#define THREAD 7u
#define EVENTS 20000

static oi_event_codec writer, reader;
static unsigned char bytes[EVENTS * OI_CODEC_MAX_EVENT_BYTES];

static uint64_t state = OI_TEST_SEED;
static uint64_t next_random(void) { return oi_test_next_random(&state); }

/* Values as a runtime gives them: small counts, ids with the thread in
 * the high bits, addresses, hashes, negative devices. */
static uint64_t some_value(void) {
  switch (next_random() % 6) {
  case 0:
    return 0;
  case 1:
    return next_random() % 16;
  case 2:
    return (1ull << 48) + next_random() % 1000;
  case 3:
    return 0x7ffd00000000ull + next_random() % 4096;
  case 4:
    return (uint64_t)-1 - next_random() % 4;
  default:
    return next_random();
  }
}

/* An event of a random kind with values in the words its rows name. */
static oi_event some_event(uint64_t *time) {
  oi_event e = {0};
  e.kind = (uint8_t)(next_random() % OI_KIND_COUNT);
  e.endpoint = (uint8_t)(next_random() % 3);
  e.origin = (uint8_t)(next_random() % OI_ORIGIN_COUNT);
  e.construct = (uint8_t)(next_random() % 4);
  e.flags = (uint8_t)(next_random() % 2 ? 0 : next_random());
  e.op = (uint8_t)(next_random() % OI_DATA_OP_COUNT);
  e.var = (uint16_t)(next_random() % 3 ? 0 : next_random());
  e.thread = THREAD;
  e.site = (uint32_t)(next_random() % 3 ? next_random() % 8 : next_random());
  e.codeptr = next_random() % 2 ? 0x401000 + next_random() % 64 : some_value();
  e.device = next_random() % 2 ? -1 : (int32_t)next_random();
  unsigned count;
  const oi_field *fields = oi_kind_fields(e.kind, &count);
  for (unsigned i = 0; i < count; i++)
    e.u.generic[fields[i].slot] = some_value();
  /* mostly forward, sometimes back (an event stamped before the previous) */
  *time += next_random() % 8 ? next_random() % 5000 : (uint64_t)-(int64_t)(next_random() % 100);
  e.time_ns = *time;
  return e;
}

static size_t encode_all(const oi_event *events, size_t count) {
  oi_codec_reset(&writer);
  size_t used = 0;
  for (size_t i = 0; i < count; i++) {
    size_t n = oi_codec_encode(&writer, THREAD, &events[i], bytes + used);
    assert_true(n <= OI_CODEC_MAX_EVENT_BYTES);
    used += n;
  }
  return used;
}

static void decode_all(const oi_event *expected, size_t count, size_t used) {
  oi_codec_reset(&reader);
  const unsigned char *at = bytes, *end = bytes + used;
  for (size_t i = 0; i < count; i++) {
    oi_event e;
    assert_int_equal(oi_codec_decode(&reader, THREAD, &at, end, &e), 0);
    assert_memory_equal(&e, &expected[i], sizeof e);
  }
  assert_ptr_equal(at, end);
}

static void random_events_decode_to_themselves(void **unused) {
  (void)unused;
  static oi_event events[EVENTS];
  uint64_t time = 1000000000000ull;
  for (size_t i = 0; i < EVENTS; i++)
    events[i] = some_event(&time);
  decode_all(events, EVENTS, encode_all(events, EVENTS));
}

/* A begin/end pair repeated, as a loop of parallel regions gives them. */
static void repeats_cost_a_few_bytes(void **unused) {
  (void)unused;
  static oi_event events[4000];
  for (size_t i = 0; i < 4000; i += 2) {
    oi_event begin = {.time_ns = 5000000 + i * 700,
                      .kind = OI_KIND_PARALLEL,
                      .endpoint = OI_EP_BEGIN,
                      .construct = OI_CONSTRUCT_PARALLEL,
                      .thread = THREAD,
                      .codeptr = 0x401234,
                      .device = -1};
    OI_SET(&begin, PARALLEL, parallel_id, (1ull << 48) + i);
    OI_SET(&begin, PARALLEL, team_size, 2);
    OI_SET(&begin, PARALLEL, flags, 0x80000002u);
    oi_event end = begin;
    end.endpoint = OI_EP_END;
    end.time_ns += 650;
    events[i] = begin;
    events[i + 1] = end;
  }
  size_t used = encode_all(events, 4000);
  /* key, mask, time, the id's delta */
  assert_true(used <= 5 * 4000 + 64);
  decode_all(events, 4000, used);
}

/* What the encoding cannot express goes whole, and comes back whole. */
static void inexpressible_events_are_written_whole(void **unused) {
  (void)unused;
  oi_event events[4];
  for (int i = 0; i < 4; i++)
    events[i] = (oi_event){
        .time_ns = 100 + (uint64_t)i, .kind = OI_KIND_FLUSH, .thread = THREAD, .device = -1};
  events[0].u.generic[2] = 42; /* flush has no fields */
  events[1].thread = THREAD + 1;
  events[2].reserved = 1;
  events[3].kind = OI_KIND_COUNT + 3; /* a kind newer than the table */
  oi_codec_reset(&writer);
  for (int i = 0; i < 4; i++)
    assert_int_equal(oi_codec_encode(&writer, THREAD, &events[i], bytes + i * 81), 81);
  for (int i = 0; i < 4; i++)
    assert_int_equal(bytes[i * 81], OI_CODEC_WHOLE);
  decode_all(events, 4, 4 * 81);
}

/* Every strict prefix of an event is refused; so are keys past the table,
 * masks naming words the kind has no field in, and overlong varints. */
static void damaged_bytes_are_refused(void **unused) {
  (void)unused;
  uint64_t time = 77;
  for (int round = 0; round < 200; round++) {
    oi_event e = some_event(&time);
    oi_codec_reset(&writer);
    size_t n = oi_codec_encode(&writer, THREAD, &e, bytes);
    for (size_t cut = 0; cut < n; cut++) {
      oi_codec_reset(&reader);
      const unsigned char *at = bytes;
      oi_event out;
      assert_int_equal(oi_codec_decode(&reader, THREAD, &at, bytes + cut, &out), -1);
    }
  }
  const unsigned char bad_key[] = {OI_CODEC_KEYS, 0, 0};
  const unsigned char flush_with_field[] = {OI_KIND_FLUSH * 3, 1, 0, 5};
  const unsigned char overlong_time[] = {
      OI_KIND_FLUSH * 3, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
  const unsigned char unknown_column[] = {OI_KIND_FLUSH * 3, 0x80, 0x40, 0};
  const unsigned char *damaged[] = {bad_key, flush_with_field, overlong_time, unknown_column};
  const size_t sizes[] = {sizeof bad_key, sizeof flush_with_field, sizeof overlong_time,
                          sizeof unknown_column};
  for (size_t i = 0; i < 4; i++) {
    oi_codec_reset(&reader);
    const unsigned char *at = damaged[i];
    oi_event out;
    assert_int_equal(oi_codec_decode(&reader, THREAD, &at, damaged[i] + sizes[i], &out), -1);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(random_events_decode_to_themselves),
      cmocka_unit_test(repeats_cost_a_few_bytes),
      cmocka_unit_test(inexpressible_events_are_written_whole),
      cmocka_unit_test(damaged_bytes_are_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
