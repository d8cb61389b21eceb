/* The run's trace file: opened once, appended to with one write() per
 * record on an O_APPEND descriptor so records of threads never interleave. */
#ifndef OMPT_INST_SHIM_TRACE_FILE_H
#define OMPT_INST_SHIM_TRACE_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Create <dir>/trace.oit, lock it for this process and write its header.
 * 0 on success, EBUSY when another process holds it, else errno. */
int oi_trace_open(const char *dir);
int oi_trace_is_open(void);
/* After the END record (or in a forked child): every later append fails,
 * so the END record stays the last one. */
void oi_trace_seal(void);
/* Append bytes that already form whole records. 0 on success, else -1. */
int oi_trace_append(const void *bytes, size_t size);
/* Append one record of `type` with `size` bytes of payload. */
int oi_trace_record(uint32_t type, const void *payload, uint32_t size);
/* Same, payload in two parts (a fixed struct, then text). */
int oi_trace_record2(uint32_t type, const void *head, uint32_t head_size,
                     const void *tail, uint32_t tail_size);

#endif
