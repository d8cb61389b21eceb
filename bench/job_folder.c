/* Writes a synthetic MPI job folder for the job report benchmark:
 *   job_folder DIR RANKS EVENTS_PER_RANK
 * DIR/rank-<N>/trace.oit for every rank, each a complete trace in the
 * shim's format with the info records of a rank (rank, size, host, clock
 * anchor). Every rank repeats the same pattern on thread 0: a target region
 * whose array goes to the device with the same content each time (a
 * duplicate transfer on every rank) and a parallel loop whose time grows
 * with the rank (rank imbalance 2 * RANKS / (RANKS + 1)). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/frame.h"
#include "ompt-inst/trace.h"

#define START_NS 1000000000ull

static const char target_site[] = "ompt-inst-site 1\nconstruct=target\nfile=/bench/job.c\n"
                                  "line=10\ncol=1\nend_line=12\nfunction=step\n"
                                  "map=to;-;explicit;a[0:n]\n";
static const char loop_site[] = "ompt-inst-site 1\nconstruct=parallel for\nfile=/bench/job.c\n"
                                "line=20\ncol=1\nend_line=22\nfunction=step\n";

static void record(FILE *f, uint32_t type, const void *head, uint32_t head_size, const void *tail,
                   uint32_t tail_size) {
  oi_frame_header h = {.magic = OI_FRAME_MAGIC,
                       .type = (uint16_t)type,
                       .encoding = OI_ENCODING_PLAIN,
                       .size = head_size + tail_size,
                       .checksum = oi_frame_checksum(type, OI_ENCODING_PLAIN, head, head_size,
                                                     tail, tail_size)};
  fwrite(&h, sizeof h, 1, f);
  if (head_size)
    fwrite(head, head_size, 1, f);
  if (tail_size)
    fwrite(tail, tail_size, 1, f);
}

static void info(FILE *f, const char *key, unsigned long long value) {
  char text[96];
  int n = snprintf(text, sizeof text, "%s=%llu", key, value);
  record(f, OI_REC_INFO, text, (uint32_t)n, NULL, 0);
}

static oi_event event(uint64_t time, uint8_t kind, uint8_t endpoint, uint32_t site) {
  oi_event e;
  memset(&e, 0, sizeof e);
  e.time_ns = time;
  e.kind = kind;
  e.endpoint = endpoint;
  e.origin = OI_ORIGIN_COMPILER;
  e.construct = site == 1 ? OI_CONSTRUCT_TARGET : OI_CONSTRUCT_PARALLEL;
  e.site = site;
  e.device = -1;
  return e;
}

static int write_rank(const char *job, unsigned rank, unsigned ranks, unsigned long events) {
  char path[4096];
  snprintf(path, sizeof path, "%s/rank-%u", job, rank);
  if (mkdir(path, 0777) != 0 && errno != EEXIST)
    return -1;
  snprintf(path, sizeof path, "%s/rank-%u/%s", job, rank, OI_TRACE_FILE_NAME);
  FILE *f = fopen(path, "wb");
  if (!f)
    return -1;
  oi_trace_header header = {.version = OI_TRACE_VERSION, .header_size = sizeof header,
                            .event_size = sizeof(oi_event), .pid = 100000 + rank,
                            .start_time_ns = START_NS};
  memcpy(header.magic, OI_TRACE_MAGIC, sizeof header.magic);
  fwrite(&header, sizeof header, 1, f);
  record(f, OI_REC_INFO, "program=/bench/job", 18, NULL, 0);
  info(f, "rank", rank);
  info(f, "size", ranks);
  record(f, OI_REC_INFO, "host=bench", 10, NULL, 0);
  info(f, "anchor_wall_ns", 1700000000000000000ull + rank * 1000ull);
  info(f, "anchor_trace_ns", START_NS);
  oi_site_record site = {.id = 1, .length = sizeof target_site - 1};
  record(f, OI_REC_SITE, &site, sizeof site, target_site, site.length);
  site = (oi_site_record){.id = 2, .length = sizeof loop_site - 1};
  record(f, OI_REC_SITE, &site, sizeof site, loop_site, site.length);
  oi_thread_record thread = {.thread = 0, .thread_type = 1, .os_tid = 100000 + rank};
  record(f, OI_REC_THREAD, &thread, sizeof thread, NULL, 0);

  enum { PER_STEP = 5, BATCH = 500 };
  oi_event batch[BATCH];
  unsigned n = 0;
  uint64_t now = START_NS, written = 0;
  for (unsigned long step = 0; step < events / PER_STEP; step++) {
    batch[n++] = event(now, OI_KIND_CONSTRUCT, OI_EP_BEGIN, 1);
    oi_event copy = event(now + 100, OI_KIND_DATA_OP, 0, 1);
    copy.origin = OI_ORIGIN_NATIVE;
    copy.op = OI_DATA_OP_TO_DEVICE;
    copy.var = 1;
    copy.flags = OI_FLAG_HASH_VALID;
    copy.device = 0;
    copy.u.data.bytes = 8192;
    copy.u.data.host_addr = 0x10000;
    copy.u.data.device_addr = 0x90000;
    copy.u.data.hash = 0x1234;
    copy.u.data.duration_ns = 500;
    batch[n++] = copy;
    batch[n++] = event(now + 1000, OI_KIND_CONSTRUCT, OI_EP_END, 1);
    batch[n++] = event(now + 2000, OI_KIND_CONSTRUCT, OI_EP_BEGIN, 2);
    batch[n++] = event(now + 2000 + 1000 * (rank + 1), OI_KIND_CONSTRUCT, OI_EP_END, 2);
    now += 3000 + 1000 * (rank + 1);
    if (n + PER_STEP > BATCH) {
      oi_events_record head = {.thread = 0, .count = n};
      record(f, OI_REC_EVENTS, &head, sizeof head, batch, n * (uint32_t)sizeof(oi_event));
      written += n;
      n = 0;
    }
  }
  if (n) {
    oi_events_record head = {.thread = 0, .count = n};
    record(f, OI_REC_EVENTS, &head, sizeof head, batch, n * (uint32_t)sizeof(oi_event));
    written += n;
  }
  oi_end_record end = {.end_time_ns = now, .event_count = written};
  record(f, OI_REC_END, &end, sizeof end, NULL, 0);
  return fclose(f) == 0 ? 0 : -1;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: job_folder DIR RANKS EVENTS_PER_RANK\n");
    return 2;
  }
  unsigned ranks = (unsigned)strtoul(argv[2], NULL, 10);
  unsigned long events = strtoul(argv[3], NULL, 10);
  if (mkdir(argv[1], 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "job_folder: cannot create %s: %s\n", argv[1], strerror(errno));
    return 1;
  }
  for (unsigned rank = 0; rank < ranks; rank++)
    if (write_rank(argv[1], rank, ranks, events) != 0) {
      fprintf(stderr, "job_folder: cannot write rank %u: %s\n", rank, strerror(errno));
      return 1;
    }
  return 0;
}
