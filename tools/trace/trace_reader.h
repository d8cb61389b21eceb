/* Reader of a run folder's trace file (format: include/ompt-inst/trace.h).
 *
 * Opening reads the whole file once, skipping event payloads, and keeps what
 * is small and needed to interpret events: sites, modules, info records,
 * capabilities, threads and the end record. It also finds the first damaged
 * byte, if any. Events are then streamed in file order (which is per-thread
 * record order) through a fixed-size buffer, so memory stays bounded however
 * long the run was. Events before a damaged record are still delivered; the
 * damage is reported when the stream reaches it.
 *
 * In a version 2 trace a frame that is not whole (written in part: a full
 * disk, a crash) is skipped: the reader looks for the next whole frame and
 * goes on from there, counting the bytes it skipped. Memory stays bounded
 * for hostile traces too: at most OI_READER_MAX_INFOS info records (and
 * OI_READER_MAX_INFO_BYTES of them), OI_READER_MAX_ENTRIES modules, threads
 * and capabilities are kept; the rest are counted as dropped. */
#ifndef OMPT_INST_TRACE_READER_H
#define OMPT_INST_TRACE_READER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "common/event_codec.h"
#include "ompt-inst/trace.h"
#include "common/site_descriptor.h"

typedef struct oi_module {
  uint64_t base, start, end;
  char *path;
} oi_module;

typedef struct oi_info {
  char *key, *value;
} oi_info;

enum oi_reader_status {
  OI_READER_OK = 0,
  OI_READER_UNREADABLE, /* missing folder or file, I/O error */
  OI_READER_BAD_HEADER, /* not a trace, or a version/size we cannot read */
  OI_READER_DAMAGED,    /* truncated or corrupt record at `damage_offset` */
};

#define OI_READER_EVENT_BUFFER 512 /* events held in memory while streaming */
#define OI_READER_MAX_SKIPS 16     /* torn stretches before the trace counts as damaged */
#define OI_READER_MAX_INFOS 1024
#define OI_READER_MAX_INFO_BYTES (1u << 20)
#define OI_READER_MAX_ENTRIES 65536

/* A stretch of a version 2 trace that held no whole frame. */
typedef struct oi_skip {
  uint64_t from, to;
} oi_skip;

/* Which events oi_reader_next delivers: with `kinds` (oi_codec_kind_bit),
 * only events of those kinds: records holding none are skipped unread, the
 * other kinds' events of compact records passed over undecoded; keep()
 * sees each event of those kinds in file order and answers whether to
 * deliver it;
 * after the last, held() gives events of its own, one per call, until
 * NULL. Each optional. */
typedef struct oi_event_filter {
  uint64_t kinds;
  bool (*keep)(void *state, const oi_event *e);
  const oi_event *(*held)(void *state);
  void *state;
} oi_event_filter;

typedef struct oi_trace_reader {
  char *path; /* DIR/trace.oit */
  int fd;
  uint64_t file_size;
  oi_trace_header header;
  const oi_trace_format *format; /* the header's version's row of OI_TRACE_FORMATS */

  /* kept from the first pass */
  oi_site *sites; /* sorted by id */
  uint32_t site_count;
  oi_module *modules;
  uint32_t module_count;
  oi_info *infos;
  uint32_t info_count;
  oi_capability *capabilities;
  uint32_t capability_count;
  oi_thread_record *threads;
  uint32_t thread_count;
  uint64_t site_capacity, module_capacity, info_capacity, capability_capacity,
      thread_capacity; /* of the arrays above (common/array.h) */
  bool complete;       /* an OI_REC_END record was found */
  oi_end_record end;
  bool has_totals; /* an OI_REC_TOTALS record was found */
  oi_totals_record totals;
  uint64_t events_in_file;            /* events in all intact OI_REC_EVENTS records */
  uint32_t records_dropped;           /* info, module, thread or capability records not
                                         kept (beyond the limits above) */
  uint64_t info_bytes;                /* kept */
  oi_skip skips[OI_READER_MAX_SKIPS]; /* in file order */
  uint32_t skip_count;
  uint64_t skipped_bytes; /* in all skips: torn frames */
  uint64_t resync_bytes;  /* payload bytes checked looking for whole frames */

  /* damage found by the first pass; delivered when streaming reaches it */
  enum oi_reader_status status;
  uint64_t damage_offset;
  char error[512]; /* "PATH: truncated record at byte N" */

  oi_event_filter filter; /* none after oi_reader_open: every event */

  /* streaming state */
  uint32_t record_header_size; /* 8 (version 1) or 16 (frames) */
  uint32_t next_skip;          /* streaming: the next skip not passed yet */
  uint64_t next_record;        /* file offset of the next record to look at */
  uint64_t read_offset;        /* file offset of the next unread event */
  uint64_t record_offset;      /* of the current events record */
  uint32_t record_thread;      /* its thread */
  bool compact;                /* its events are encoded (event_codec.h): */
  unsigned char *encoded;      /* its payload after oi_events_record */
  const unsigned char *decode_at, *encoded_end;
  uint64_t encoded_capacity;
  uint32_t left_in_record;
  uint32_t buffered, position;
  oi_event buffer[OI_READER_EVENT_BUFFER];
  oi_event_codec codec; /* decoding the current compact record */
} oi_trace_reader;

/* Opens DIR/trace.oit (or a trace file given directly). Returns OI_READER_OK
 * or OI_READER_DAMAGED (the trace is usable up to the damage) with *trace
 * ready; otherwise the status with trace->error set and nothing to read.
 * Call oi_reader_close in every case. */
enum oi_reader_status oi_reader_open(oi_trace_reader *trace, const char *dir);

/* The next event in file order (of those trace->filter keeps): 1 and
 * *event set, 0 at the clean end of the events, -1 at damage or an I/O
 * error (trace->error says which). */
int oi_reader_next(oi_trace_reader *trace, const oi_event **event);

const oi_site *oi_reader_site(const oi_trace_reader *trace, uint32_t id);
/* The module whose address range holds `address`, or NULL. */
const oi_module *oi_reader_module(const oi_trace_reader *trace, uint64_t address);

/* How the run ended when not normally, as one phrase for messages:
 * "ended by SIGSEGV", "truncated: No space left on device, 42 events lost"
 * (joined by "; " when both), or "" for a normal end. */
const char *oi_reader_ending(const oi_trace_reader *trace, char *text, size_t size);

/* What a user should know about an opened trace, one line each: torn
 * records skipped, records not kept, how the run ended (if not normally). */
void oi_reader_print_notes(const oi_trace_reader *trace, FILE *out);

void oi_reader_close(oi_trace_reader *trace);

#endif
