/* The run folder's binary trace file (`trace.oit`): a header followed by
 * self-delimiting records. Records are appended with one write() each on an
 * O_APPEND descriptor, so threads never interleave inside a record. All
 * integers are little-endian. A complete trace ends with an OI_REC_END
 * record; a trace without it was cut short (the reader says so).
 *
 * Frames (versions 2 on: oi_frame_header: magic, type, encoding, size,
 * checksum of the payload) let the reader recognise a record written in
 * part (a full disk, a crash in the middle of a write), skip it and find
 * the next whole one. Version 3 writes the events of OI_REC_EVENTS frames
 * in the compact encoding (common/event_codec.h). OI_TRACE_FORMATS below
 * says what each version has.
 *
 * This file is the one owner of the format: its version, what each record
 * holds, and how the earlier versions differ (the reader reads old traces
 * by OI_TRACE_FORMATS alone). docs/trace-format.md describes it.
 */
#ifndef OMPT_INST_TRACE_H
#define OMPT_INST_TRACE_H

#include <stdint.h>

#include "ompt-inst/events.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OI_TRACE_FILE_NAME "trace.oit"
#define OI_TRACE_MAGIC "OMPTINST" /* 8 bytes, no terminator in the file */
/* The start of every record's frame since version 2: "OIfr" in the file. */
#define OI_FRAME_MAGIC 0x72664f49u
/* A writer never frames more than this; a reader looking for the next frame
 * after a torn one trusts no larger size. */
#define OI_FRAME_MAX_PAYLOAD (64u << 20)

typedef struct oi_trace_header {
  char magic[8];
  uint32_t version;     /* OI_TRACE_VERSION of the writer (a row of OI_TRACE_FORMATS) */
  uint32_t header_size; /* sizeof(oi_trace_header) of the writer */
  uint32_t event_size;  /* sizeof(oi_event) of the writer */
  uint32_t pid;
  uint64_t start_time_ns; /* same clock as oi_event.time_ns */
} oi_trace_header;

/* Every record of a version 1 trace: this prefix, then `size` bytes of
 * payload. */
typedef struct oi_record_header {
  uint32_t type; /* enum oi_record_type */
  uint32_t size; /* payload bytes */
} oi_record_header;

/* Every record of a version 2 trace: this frame, then `size` bytes of
 * payload. `checksum` is the low 32 bits of XXH3-64 of the payload with
 * seed `size << 32 | encoding << 16 | type` (oi_frame_checksum), so a torn
 * or misplaced frame does not pass. */
typedef struct oi_frame_header {
  uint32_t magic;    /* OI_FRAME_MAGIC */
  uint16_t type;     /* enum oi_record_type */
  uint16_t encoding; /* enum oi_frame_encoding */
  uint32_t size;     /* payload bytes */
  uint32_t checksum;
} oi_frame_header;

/* How a frame's payload is laid out: the payloads below (plain), or, for
 * OI_REC_EVENTS, an oi_compact_events_record followed by `count` events in
 * the compact encoding (common/event_codec.h). A reader refuses encodings
 * it lacks. */
enum oi_frame_encoding { OI_ENCODING_PLAIN = 0, OI_ENCODING_COMPACT = 1 };

enum oi_record_type {
  /* payload: oi_events_record, then `count` oi_event (plain), or
   * oi_compact_events_record, then `count` encoded events (compact) */
  OI_REC_EVENTS = 1,
  /* payload: oi_site_record, then the site descriptor text (see hooks.h),
   * `length` bytes, no terminator */
  OI_REC_SITE = 2,
  /* payload: `count` oi_capability entries after a uint32 count */
  OI_REC_CAPABILITIES = 3,
  /* payload: oi_module_record, then the path, `path_length` bytes */
  OI_REC_MODULE = 4,
  /* payload: oi_thread_record */
  OI_REC_THREAD = 5,
  /* payload: "key=value" text, no terminator (program, argv, runtime, ...) */
  OI_REC_INFO = 6,
  /* payload: oi_end_record; the last record of a complete trace */
  OI_REC_END = 7,
  /* payload: oi_totals_record, just before OI_REC_END (version 3) */
  OI_REC_TOTALS = 8,
};

typedef struct oi_events_record {
  uint32_t thread;
  uint32_t count;
} oi_events_record;

/* The head of a compact OI_REC_EVENTS payload: oi_events_record's, and
 * which kinds the frame holds, so that a reader looking for a few kinds
 * (the exit summary) skips the other frames without decoding them. */
typedef struct oi_compact_events_record {
  uint32_t thread;
  uint32_t count;
  uint64_t kinds; /* bit k: an event of kind k; bit 63 also every kind past */
} oi_compact_events_record;

typedef struct oi_site_record {
  uint32_t id;
  uint32_t length;
} oi_site_record;

/* What ompt_set_callback answered for one callback (ompt_set_result_t). */
typedef struct oi_capability {
  uint32_t callback; /* ompt_callbacks_t value */
  uint32_t result;   /* ompt_set_result_t value; 0 = not asked (disabled) */
} oi_capability;

/* A loaded object, so that codeptr_ra can be mapped to file:line offline. */
typedef struct oi_module_record {
  uint64_t base;  /* load bias (dlpi_addr) */
  uint64_t start; /* lowest mapped address of the object */
  uint64_t end;   /* one past the highest */
  uint32_t path_length;
  uint32_t reserved;
} oi_module_record;

typedef struct oi_thread_record {
  uint32_t thread;      /* tool thread number */
  uint32_t thread_type; /* ompt_thread_t */
  uint64_t os_tid;
} oi_thread_record;

typedef struct oi_end_record {
  uint64_t end_time_ns;
  uint64_t event_count; /* events written in all OI_REC_EVENTS records */
  uint64_t lost_events; /* events the writer could not record */
  /* version 2 only (version 1's record ends here, 24 bytes): */
  uint32_t signal;      /* the signal that ended the program, 0 = none */
  uint32_t write_error; /* errno of the first failed trace write, 0 = none;
                           the trace lacks whatever came after it */
} oi_end_record;
#define OI_END_RECORD_V1_SIZE 24u

/* What the exit summary takes from the events it does not model, counted
 * by the writer as it wrote the events (docs/trace-format.md). */
typedef struct oi_totals_record {
  uint64_t first_time_ns;        /* the earliest event (data operation begins aside) */
  uint64_t last_end_ns;          /* the latest end: its time, + duration_ns for a
                                    data operation */
  uint64_t initial_construct_ns; /* thread 0's time in outermost regions */
  uint32_t threads;              /* tool threads with events */
  uint32_t flags;                /* OI_TOTALS_* */
} oi_totals_record;
/* initial_construct_ns is the whole figure (its regions nested no deeper
 * than the writer follows, OI_TOTALS_DEPTH) */
#define OI_TOTALS_INITIAL_KNOWN 1u
#define OI_TOTALS_DEPTH 64u

/* Every format version, oldest first; the writer writes the last one
 * (OI_TRACE_VERSION), the reader reads them all by their row and has no
 * other code per version. A record added later, a record that grows or a
 * new encoding is a new row: version N + 1 (docs/trace-format.md).
 * X(version, framed, encodings, newest record, end record bytes):
 * framed: records in oi_frame_header frames (else oi_record_header);
 * encodings: bit e set when frames may use enum oi_frame_encoding e;
 * newest record: the last enum oi_record_type the version has. */
#define OI_ENCODINGS_PLAIN (1u << OI_ENCODING_PLAIN)
#define OI_ENCODINGS_PLAIN_COMPACT (OI_ENCODINGS_PLAIN | 1u << OI_ENCODING_COMPACT)
#define OI_TRACE_FORMATS(X)                                                                        \
  /* 1: bare 8-byte record prefixes; a torn record ends the trace */                               \
  X(1, 0, OI_ENCODINGS_PLAIN, OI_REC_END, OI_END_RECORD_V1_SIZE)                                   \
  /* 2: frames with checksums; END says the signal and the write error */                          \
  X(2, 1, OI_ENCODINGS_PLAIN, OI_REC_END, sizeof(oi_end_record))                                   \
  /* 3: compact events; TOTALS before END */                                                       \
  X(3, 1, OI_ENCODINGS_PLAIN_COMPACT, OI_REC_TOTALS, sizeof(oi_end_record))

/* The version the shim writes: the last row (versions are numbered 1, 2, ...
 * in the order of the rows). */
#define OI_TRACE_FORMAT_ROW_(version, ...) +1u
#define OI_TRACE_VERSION (0u OI_TRACE_FORMATS(OI_TRACE_FORMAT_ROW_))

/* One row of OI_TRACE_FORMATS. */
typedef struct oi_trace_format {
  uint32_t version;
  uint32_t framed;
  uint32_t encodings;
  uint32_t newest_record;
  uint32_t end_size;
} oi_trace_format;

/* The row of `version`, NULL for a version no row has (0, or newer than
 * this build). */
static inline const oi_trace_format *oi_trace_format_of(uint32_t version) {
#define OI_TRACE_FORMAT_INIT_(v, f, e, n, s) {v, f, e, n, (uint32_t)(s)},
  static const oi_trace_format formats[] = {OI_TRACE_FORMATS(OI_TRACE_FORMAT_INIT_)};
#undef OI_TRACE_FORMAT_INIT_
  return version >= 1 && version <= sizeof formats / sizeof formats[0] ? &formats[version - 1]
                                                                       : NULL;
}

#ifdef __cplusplus
}
#endif

#endif
