/* Synthetic trace files. Aborts on I/O errors: a fixture that cannot be
 * written makes the test fail loudly rather than test nothing. */
#include "trace_fixture.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/event_codec.h"
#include "common/frame.h"

static void must(int ok, const char *what) {
  if (!ok) {
    perror(what);
    abort();
  }
}

void fixture_begin(trace_fixture *fx, uint32_t version) {
  memset(fx, 0, sizeof *fx);
  strcpy(fx->dir, "/tmp/oi-fixture.XXXXXX");
  must(mkdtemp(fx->dir) != NULL, "mkdtemp");
  snprintf(fx->path, sizeof fx->path, "%s/%s", fx->dir, OI_TRACE_FILE_NAME);
  fx->file = fopen(fx->path, "wb");
  must(fx->file != NULL, fx->path);
  oi_trace_header header = {.version = version,
                            .header_size = sizeof header,
                            .event_size = sizeof(oi_event),
                            .pid = 4242,
                            .start_time_ns = FIXTURE_START_NS};
  memcpy(header.magic, OI_TRACE_MAGIC, sizeof header.magic);
  must(fwrite(&header, sizeof header, 1, fx->file) == 1, "fwrite");
  fx->version = version;
}

uint64_t fixture_offset(trace_fixture *fx) { return (uint64_t)ftell(fx->file); }

void fixture_record(trace_fixture *fx, uint32_t type, const void *payload, uint32_t size) {
  fixture_record_encoded(fx, type, OI_ENCODING_PLAIN, payload, size);
}

void fixture_record_encoded(trace_fixture *fx, uint32_t type, uint32_t encoding,
                            const void *payload, uint32_t size) {
  if (fx->version == 1) {
    oi_record_header header = {.type = type, .size = size};
    must(fwrite(&header, sizeof header, 1, fx->file) == 1, "fwrite");
  } else {
    oi_frame_header frame = {.magic = OI_FRAME_MAGIC,
                             .type = (uint16_t)type,
                             .encoding = (uint16_t)encoding,
                             .size = size,
                             .checksum = oi_frame_checksum(type, encoding, payload, size, NULL, 0)};
    must(fwrite(&frame, sizeof frame, 1, fx->file) == 1, "fwrite");
  }
  if (size)
    must(fwrite(payload, size, 1, fx->file) == 1, "fwrite");
}

/* Record = fixed part + variable tail, assembled in one buffer. */
static void record_with_tail(trace_fixture *fx, uint32_t type, const void *fixed, size_t fixed_size,
                             const void *tail, size_t tail_size) {
  char *payload = malloc(fixed_size + tail_size + 1);
  must(payload != NULL, "malloc");
  memcpy(payload, fixed, fixed_size);
  if (tail_size)
    memcpy(payload + fixed_size, tail, tail_size);
  fixture_record(fx, type, payload, (uint32_t)(fixed_size + tail_size));
  free(payload);
}

void fixture_events(trace_fixture *fx, uint32_t thread, const oi_event *events, uint32_t count) {
  oi_events_record record = {.thread = thread, .count = count};
  record_with_tail(fx, OI_REC_EVENTS, &record, sizeof record, events, count * sizeof *events);
}

void fixture_compact_events(trace_fixture *fx, uint32_t thread, const oi_event *events,
                            uint32_t count) {
  oi_compact_events_record head = {.thread = thread, .count = count};
  unsigned char *payload = malloc(sizeof head + (size_t)count * OI_CODEC_MAX_EVENT_BYTES);
  oi_event_codec *codec = malloc(sizeof *codec);
  must(payload && codec, "malloc");
  oi_codec_reset(codec);
  size_t used = sizeof head;
  for (uint32_t i = 0; i < count; i++) {
    used += oi_codec_encode(codec, thread, &events[i], payload + used);
    head.kinds |= 1ull << (events[i].kind < 63 ? events[i].kind : 63);
  }
  memcpy(payload, &head, sizeof head);
  fixture_record_encoded(fx, OI_REC_EVENTS, OI_ENCODING_COMPACT, payload, (uint32_t)used);
  free(codec);
  free(payload);
}

void fixture_site(trace_fixture *fx, uint32_t id, const char *descriptor) {
  oi_site_record record = {.id = id, .length = (uint32_t)strlen(descriptor)};
  record_with_tail(fx, OI_REC_SITE, &record, sizeof record, descriptor, record.length);
}

void fixture_module(trace_fixture *fx, uint64_t base, uint64_t start, uint64_t end,
                    const char *path) {
  oi_module_record record = {
      .base = base, .start = start, .end = end, .path_length = (uint32_t)strlen(path)};
  record_with_tail(fx, OI_REC_MODULE, &record, sizeof record, path, record.path_length);
}

void fixture_info(trace_fixture *fx, const char *key_value) {
  fixture_record(fx, OI_REC_INFO, key_value, (uint32_t)strlen(key_value));
}

void fixture_thread(trace_fixture *fx, uint32_t thread, uint32_t type, uint64_t os_tid) {
  oi_thread_record record = {.thread = thread, .thread_type = type, .os_tid = os_tid};
  fixture_record(fx, OI_REC_THREAD, &record, sizeof record);
}

void fixture_capabilities(trace_fixture *fx, const oi_capability *entries, uint32_t count) {
  record_with_tail(fx, OI_REC_CAPABILITIES, &count, sizeof count, entries, count * sizeof *entries);
}

void fixture_end(trace_fixture *fx, uint64_t event_count, uint64_t lost) {
  oi_end_record record = {
      .end_time_ns = FIXTURE_START_NS + 999999, .event_count = event_count, .lost_events = lost};
  fixture_record(fx, OI_REC_END, &record,
                 fx->version == 1 ? OI_END_RECORD_V1_SIZE : (uint32_t)sizeof record);
}

uint64_t fixture_finish(trace_fixture *fx) {
  uint64_t size = fixture_offset(fx);
  must(fclose(fx->file) == 0, "fclose");
  fx->file = NULL;
  return size;
}

void fixture_truncate(trace_fixture *fx, uint64_t size) {
  must(truncate(fx->path, (off_t)size) == 0, "truncate");
}

void fixture_remove(trace_fixture *fx) {
  if (fx->file)
    fclose(fx->file);
  unlink(fx->path);
  rmdir(fx->dir);
}

oi_event fixture_event(uint32_t n, uint8_t kind, uint32_t thread) {
  oi_event event;
  memset(&event, 0, sizeof event);
  event.time_ns = FIXTURE_START_NS + 1000ull * n;
  event.kind = kind;
  event.thread = thread;
  event.device = -1;
  return event;
}
