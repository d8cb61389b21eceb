/* Writes synthetic trace files for the reader's unit tests, record by record,
 * so tests can build good, truncated and corrupt traces. */
#ifndef OMPT_INST_TRACE_FIXTURE_H
#define OMPT_INST_TRACE_FIXTURE_H

#include <stdint.h>
#include <stdio.h>

#include "ompt-inst/trace.h"

typedef struct trace_fixture {
  char dir[64];  /* a fresh temporary run folder */
  char path[96]; /* dir/trace.oit */
  FILE *file;
  uint32_t version; /* 1: bare records; 2 and later: frames */
} trace_fixture;

/* Creates the folder and writes a header of the given version; records
 * follow in that version's layout (a version 1 trace for compatibility). */
void fixture_begin(trace_fixture *fx, uint32_t version);
/* The file offset the next record will start at. */
uint64_t fixture_offset(trace_fixture *fx);
void fixture_record(trace_fixture *fx, uint32_t type, const void *payload, uint32_t size);
/* The same framed in `encoding` (version 2 and later). */
void fixture_record_encoded(trace_fixture *fx, uint32_t type, uint32_t encoding,
                            const void *payload, uint32_t size);
void fixture_events(trace_fixture *fx, uint32_t thread, const oi_event *events, uint32_t count);
/* The same in one compact frame (trace format 3, as the shim writes). */
void fixture_compact_events(trace_fixture *fx, uint32_t thread, const oi_event *events,
                            uint32_t count);
void fixture_site(trace_fixture *fx, uint32_t id, const char *descriptor);
void fixture_module(trace_fixture *fx, uint64_t base, uint64_t start, uint64_t end,
                    const char *path);
void fixture_info(trace_fixture *fx, const char *key_value);
void fixture_thread(trace_fixture *fx, uint32_t thread, uint32_t type, uint64_t os_tid);
void fixture_capabilities(trace_fixture *fx, const oi_capability *entries, uint32_t count);
void fixture_end(trace_fixture *fx, uint64_t event_count, uint64_t lost);
/* Closes the file; returns its size. */
uint64_t fixture_finish(trace_fixture *fx);
/* Cuts the trace file to `size` bytes. */
void fixture_truncate(trace_fixture *fx, uint64_t size);
/* Removes the folder and its trace. */
void fixture_remove(trace_fixture *fx);

/* An event with a recognisable payload: time = start + 1000 * n. */
oi_event fixture_event(uint32_t n, uint8_t kind, uint32_t thread);

#define FIXTURE_START_NS 1000000000ull

#endif
