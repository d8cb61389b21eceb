/* Writing trace.oit: the header, then whole records, each in one write(). */
#include "trace_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "clock.h"
#include "ompt-inst/trace.h"

static int trace_fd = -1;
static _Atomic int trace_sealed;

int oi_trace_open(const char *dir) {
  char path[PATH_MAX];
  if (snprintf(path, sizeof path, "%s/%s", dir, OI_TRACE_FILE_NAME) >=
      (int)sizeof path)
    return ENAMETOOLONG;
  /* Truncated only once locked: a trace another live process writes (two
   * programs given one folder, ranks without launcher variables) is left
   * alone, and this process does not record. The lock ends with the process. */
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0)
    return errno;
  if (flock(fd, LOCK_EX | LOCK_NB) != 0 || ftruncate(fd, 0) != 0) {
    int err = errno == EWOULDBLOCK ? EBUSY : errno;
    close(fd);
    return err;
  }
  oi_trace_header header = {.version = OI_TRACE_VERSION,
                            .header_size = sizeof(oi_trace_header),
                            .event_size = sizeof(oi_event),
                            .pid = (uint32_t)getpid(),
                            .start_time_ns = oi_now_ns()};
  memcpy(header.magic, OI_TRACE_MAGIC, sizeof header.magic);
  trace_fd = fd;
  if (oi_trace_append(&header, sizeof header) != 0) {
    int err = errno ? errno : EIO;
    close(fd);
    trace_fd = -1;
    return err;
  }
  return 0;
}

int oi_trace_is_open(void) { return trace_fd >= 0; }

void oi_trace_seal(void) { atomic_store(&trace_sealed, 1); }

int oi_trace_append(const void *bytes, size_t size) {
  if (trace_fd < 0 || atomic_load_explicit(&trace_sealed, memory_order_relaxed))
    return -1;
  ssize_t written;
  do
    written = write(trace_fd, bytes, size);
  while (written < 0 && errno == EINTR);
  /* A short write would leave half a record: the reader stops there. */
  return written == (ssize_t)size ? 0 : -1;
}

int oi_trace_record2(uint32_t type, const void *head, uint32_t head_size,
                     const void *tail, uint32_t tail_size) {
  size_t total = sizeof(oi_record_header) + head_size + tail_size;
  unsigned char small[512];
  unsigned char *buffer = total <= sizeof small ? small : malloc(total);
  if (!buffer)
    return -1;
  oi_record_header header = {.type = type, .size = head_size + tail_size};
  memcpy(buffer, &header, sizeof header);
  if (head_size)
    memcpy(buffer + sizeof header, head, head_size);
  if (tail_size)
    memcpy(buffer + sizeof header + head_size, tail, tail_size);
  int result = oi_trace_append(buffer, total);
  if (buffer != small)
    free(buffer);
  return result;
}

int oi_trace_record(uint32_t type, const void *payload, uint32_t size) {
  return oi_trace_record2(type, payload, size, NULL, 0);
}
