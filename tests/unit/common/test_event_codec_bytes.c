/* The compact encoding's bytes stay the same as the codec gets faster
 * (format 3 is fixed: traces written before read the same), and a reader
 * that passes over kinds gets the events of the others exactly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "common/event_codec.h"

#define THREAD 3u

/* A parallel region twice, a transfer with its addresses, hash and
 * duration, the same transfer on a new line of a new variable, and an
 * event of another thread (written whole). */
static unsigned pinned_events(oi_event *events) {
  oi_event parallel = {.time_ns = 1000000,
                       .kind = OI_KIND_PARALLEL,
                       .endpoint = OI_EP_BEGIN,
                       .origin = OI_ORIGIN_NATIVE,
                       .construct = OI_CONSTRUCT_PARALLEL,
                       .thread = 3,
                       .site = 2,
                       .codeptr = 0x401234,
                       .device = -1};
  OI_SET(&parallel, PARALLEL, parallel_id, (1ull << 48) + 7);
  OI_SET(&parallel, PARALLEL, team_size, 4);
  events[0] = parallel;
  parallel.time_ns += 700;
  OI_SET(&parallel, PARALLEL, parallel_id, (1ull << 48) + 8);
  events[1] = parallel;
  oi_event copy = {.time_ns = 1002000,
                   .kind = OI_KIND_DATA_OP,
                   .endpoint = OI_EP_END,
                   .origin = OI_ORIGIN_MERGED,
                   .construct = OI_CONSTRUCT_TARGET_DATA,
                   .flags = 1,
                   .op = OI_DATA_OP_TO_DEVICE,
                   .var = 1,
                   .thread = 3,
                   .site = 5,
                   .codeptr = 0x401300,
                   .device = 0};
  copy.u.data.bytes = 16384;
  copy.u.data.host_addr = 0x7ffd12345000;
  copy.u.data.device_addr = 0x7f0000001000;
  copy.u.data.hash = 0x0123456789abcdefull;
  copy.u.data.duration_ns = 2500;
  events[2] = copy;
  copy.time_ns = 1000500; /* stamped before the previous event */
  copy.var = 2;
  copy.site = 6;
  copy.construct = OI_CONSTRUCT_TARGET;
  copy.u.data.host_addr += 16384;
  events[3] = copy;
  oi_event other = {.time_ns = 1003000, .kind = OI_KIND_FLUSH, .thread = 4, .device = -1};
  events[4] = other;
  return 5;
}

/* Written by the codec before its rewrite for speed (common/event_codec.c
 * at the start of issue 22's codec work), byte for byte. */
static const unsigned char pinned_bytes[] = {
    0x04, 0xe3, 0x01, 0x80, 0x89, 0x7a, 0x8e, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x08,
    0xe8, 0xc8, 0x80, 0x04, 0x04, 0x01, 0x04, 0x01, 0xf8, 0x0a, 0x02, 0x4a, 0xff, 0x3f, 0xa8,
    0x14, 0x80, 0x80, 0x02, 0x80, 0xc0, 0xa2, 0xa3, 0xa2, 0xff, 0x3f, 0x80, 0xc0, 0x80, 0x80,
    0x80, 0xc0, 0x3f, 0xde, 0xb7, 0xde, 0x9a, 0xf1, 0xd9, 0xa2, 0xa3, 0x02, 0x88, 0x27, 0x80,
    0xcc, 0x80, 0x04, 0x0a, 0x1e, 0x02, 0x01, 0x02, 0x02, 0x02, 0x4a, 0xc2, 0x11, 0xb7, 0x17,
    0x80, 0x80, 0x02, 0x02, 0x1d, 0x02, 0xff, 0xf8, 0x4d, 0x0f, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x0e, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
};

static void events_encode_to_the_pinned_bytes(void **unused) {
  (void)unused;
  static oi_event_codec codec;
  oi_event events[8];
  unsigned count = pinned_events(events);
  unsigned char bytes[8 * OI_CODEC_MAX_EVENT_BYTES];
  size_t used = 0;
  oi_codec_reset(&codec);
  for (unsigned i = 0; i < count; i++)
    used += oi_codec_encode(&codec, THREAD, &events[i], bytes + used);
  assert_int_equal(used, sizeof pinned_bytes);
  assert_memory_equal(bytes, pinned_bytes, used);

  oi_codec_reset(&codec);
  const unsigned char *at = pinned_bytes, *end = pinned_bytes + sizeof pinned_bytes;
  for (unsigned i = 0; i < count; i++) {
    oi_event e;
    assert_int_equal(oi_codec_decode(&codec, THREAD, &at, end, &e), 0);
    assert_memory_equal(&e, &events[i], sizeof e);
  }
  assert_ptr_equal(at, end);
}

/* Passing over parallel events keeps the time chain: the transfers and
 * the whole event after them decode exactly; passing over everything
 * consumes every byte; a cut event is refused when passed over too. */
static void passing_over_kinds_keeps_the_others_exact(void **unused) {
  (void)unused;
  static oi_event_codec codec;
  oi_event events[8];
  unsigned count = pinned_events(events);
  uint64_t wanted = oi_codec_kind_bit(OI_KIND_DATA_OP) | oi_codec_kind_bit(OI_KIND_FLUSH);
  oi_codec_reset(&codec);
  const unsigned char *at = pinned_bytes, *end = pinned_bytes + sizeof pinned_bytes;
  for (unsigned i = 0; i < count; i++) {
    oi_event e;
    int decoded = oi_codec_next(&codec, THREAD, wanted, &at, end, &e);
    assert_int_equal(decoded, events[i].kind != OI_KIND_PARALLEL);
    if (decoded)
      assert_memory_equal(&e, &events[i], sizeof e);
  }
  assert_ptr_equal(at, end);

  oi_codec_reset(&codec);
  at = pinned_bytes;
  for (unsigned i = 0; i < count; i++)
    assert_int_equal(oi_codec_next(&codec, THREAD, 0, &at, end, &(oi_event){0}), 0);
  assert_ptr_equal(at, end);

  /* the transfer (events[2]) starts after the two parallel events */
  size_t second_end = 0;
  oi_codec_reset(&codec);
  at = pinned_bytes;
  for (unsigned i = 0; i < 3; i++)
    assert_true(oi_codec_next(&codec, THREAD, 0, &at, end, &(oi_event){0}) == 0);
  second_end = (size_t)(at - pinned_bytes);
  for (size_t cut = 0; cut < 3; cut++) {
    oi_codec_reset(&codec);
    at = pinned_bytes;
    const unsigned char *cut_end = pinned_bytes + second_end - 1 - cut;
    int last = 0;
    for (unsigned i = 0; i < 3 && last == 0; i++)
      last = oi_codec_next(&codec, THREAD, 0, &at, cut_end, &(oi_event){0});
    assert_int_equal(last, -1);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(events_encode_to_the_pinned_bytes),
      cmocka_unit_test(passing_over_kinds_keeps_the_others_exact),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
