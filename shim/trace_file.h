/* The run's trace file: opened once, appended to with one write per frame
 * on an O_APPEND descriptor so frames of threads never interleave.
 *
 * Opening refuses anything but a regular file (a symbolic link is never
 * followed, a FIFO never waited on). The first failed write (a full disk,
 * EIO, a quota) stops all further writing: callers count what they could
 * not write. A small reserve file, created with the trace, is given back at
 * the end so the closing records (threads, modules, END with the error)
 * still fit on a full disk. Under a file-size limit (`ulimit -f`) the trace
 * stops short of it (EFBIG) rather than let SIGXFSZ kill the program. Every
 * append is async-signal-safe. */
#ifndef OMPT_INST_SHIM_TRACE_FILE_H
#define OMPT_INST_SHIM_TRACE_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Create <dir>/trace.oit, lock it for this process and write its header.
 * 0 on success, else errno (EBUSY: another process holds it; ELOOP: a
 * symbolic link; EINVAL: not a regular file). */
int oi_trace_open(const char *dir);
int oi_trace_is_open(void);
/* <dir>/trace.oit as opened (for messages). */
const char *oi_trace_path(void);
/* The header's start time, which event times in reports are relative to. */
uint64_t oi_trace_start_ns(void);
/* After the END record (or in a forked child): every later append fails,
 * so the END record stays the last one. */
void oi_trace_seal(void);
/* One record of `type`: a frame whose payload is `head` then `tail` (either
 * may be empty), in one writev(). 0 on success, else -1 (nothing more is
 * written after a failure). */
int oi_trace_frame(uint32_t type, const void *head, size_t head_size, const void *tail,
                   size_t tail_size);
/* The same, in `encoding` (enum oi_frame_encoding) instead of plain. */
int oi_trace_frame_encoded(uint32_t type, uint32_t encoding, const void *head, size_t head_size,
                           const void *tail, size_t tail_size);
/* Same, payload in one part. */
int oi_trace_record(uint32_t type, const void *payload, uint32_t size);
/* errno of the first failed write, 0 if none. */
int oi_trace_write_error(void);
/* At the end (async-signal-safe): remove the reserve file, and let the
 * closing records through into its space even after a write error. */
void oi_trace_closing(void);

#endif
