/* Writes a synthetic run folder of about MEGABYTES whose records are half
 * info records (64 bytes of text each) and half event frames, the shape
 * that once made the reader's memory grow with the trace. Prints the
 * number of info records and of events. Usage: write_info_trace DIR
 * MEGABYTES. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/frame.h"
#include "ompt-inst/trace.h"

static void frame(FILE *out, uint32_t type, const void *head, size_t head_size, const void *tail,
                  size_t tail_size) {
  oi_frame_header h = {.magic = OI_FRAME_MAGIC,
                       .type = (uint16_t)type,
                       .encoding = OI_ENCODING_PLAIN,
                       .size = (uint32_t)(head_size + tail_size),
                       .checksum = oi_frame_checksum(type, OI_ENCODING_PLAIN, head, head_size,
                                                     tail, tail_size)};
  fwrite(&h, sizeof h, 1, out);
  fwrite(head, head_size, 1, out);
  if (tail_size)
    fwrite(tail, tail_size, 1, out);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: write_info_trace DIR MEGABYTES\n");
    return 2;
  }
  char path[4096];
  mkdir(argv[1], 0700);
  snprintf(path, sizeof path, "%s/%s", argv[1], OI_TRACE_FILE_NAME);
  FILE *out = fopen(path, "wb");
  if (!out) {
    perror(path);
    return 1;
  }
  oi_trace_header header = {.version = OI_TRACE_VERSION,
                            .header_size = sizeof header,
                            .event_size = sizeof(oi_event),
                            .pid = 1,
                            .start_time_ns = 1000};
  memcpy(header.magic, OI_TRACE_MAGIC, sizeof header.magic);
  fwrite(&header, sizeof header, 1, out);
  enum { EVENTS = 256 };
  static oi_event events[EVENTS];
  for (int i = 0; i < EVENTS; i++)
    events[i] = (oi_event){.time_ns = 1000 + (uint64_t)i, .kind = OI_KIND_FLUSH, .device = -1};
  uint64_t target = strtoull(argv[2], NULL, 10) << 20, written = sizeof header, count = 0,
           infos = 0;
  while (written < target) {
    /* as many info bytes as event bytes */
    for (size_t bytes = 0; bytes < sizeof events; bytes += 64 + sizeof(oi_frame_header)) {
      char text[65];
      snprintf(text, sizeof text, "note=%058llu", (unsigned long long)written + bytes);
      frame(out, OI_REC_INFO, text, 64, NULL, 0);
      written += 64 + sizeof(oi_frame_header);
      infos++;
    }
    oi_events_record head = {.thread = 0, .count = EVENTS};
    frame(out, OI_REC_EVENTS, &head, sizeof head, events, sizeof events);
    written += sizeof(oi_frame_header) + sizeof head + sizeof events;
    count += EVENTS;
  }
  oi_end_record end = {.end_time_ns = 2000, .event_count = count};
  frame(out, OI_REC_END, &end, sizeof end, NULL, 0);
  printf("%llu %llu\n", (unsigned long long)infos, (unsigned long long)count);
  return fclose(out) == 0 ? 0 : 1;
}
