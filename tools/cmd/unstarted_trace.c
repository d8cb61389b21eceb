/* Writing the trace of a run whose runtime never started (unstarted_trace.h). */
#include "unstarted_trace.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/frame.h"
#include "ompt-inst/trace.h"

static int write_bytes(int fd, const void *bytes, size_t size) {
  const char *at = bytes;
  while (size) {
    ssize_t n = write(fd, at, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return n < 0 ? errno : EIO;
    at += n;
    size -= (size_t)n;
  }
  return 0;
}

static int write_record(int fd, uint32_t type, const void *payload, uint32_t size) {
  oi_frame_header frame = {.magic = OI_FRAME_MAGIC,
                           .type = (uint16_t)type,
                           .encoding = OI_ENCODING_PLAIN,
                           .size = size,
                           .checksum =
                               oi_frame_checksum(type, OI_ENCODING_PLAIN, payload, size, NULL, 0)};
  int error = write_bytes(fd, &frame, sizeof frame);
  return error ? error : write_bytes(fd, payload, size);
}

static int write_info(int fd, const char *key, const char *value) {
  char text[4096];
  int n = snprintf(text, sizeof text, "%s=%s", key, value);
  if (n < 0)
    return EINVAL;
  return write_record(fd, OI_REC_INFO, text,
                      (uint32_t)(n < (int)sizeof text ? n : (int)sizeof text - 1));
}

/* argv joined with spaces, as the shim records it */
static void join_argv(char *const *argv, char *text, size_t size) {
  size_t used = 0;
  text[0] = '\0';
  for (size_t i = 0; argv[i] && used + 1 < size; i++) {
    int n = snprintf(text + used, size - used, "%s%s", i ? " " : "", argv[i]);
    if (n < 0)
      break;
    used += (size_t)n < size - used ? (size_t)n : size - used - 1;
  }
}

int oi_unstarted_trace_write(const char *dir, const oi_unstarted_run *run) {
  char path[PATH_MAX];
  if (snprintf(path, sizeof path, "%s/%s", dir, OI_TRACE_FILE_NAME) >= (int)sizeof path)
    return ENAMETOOLONG;
  /* O_EXCL: a trace that appeared meanwhile is a program's own */
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0)
    return errno;
  oi_trace_header header = {.version = OI_TRACE_VERSION,
                            .header_size = sizeof header,
                            .event_size = sizeof(oi_event),
                            .pid = (uint32_t)run->pid,
                            .start_time_ns = run->start_ns};
  memcpy(header.magic, OI_TRACE_MAGIC, sizeof header.magic);
  char argv[4096];
  join_argv(run->argv, argv, sizeof argv);
  oi_end_record end = {.end_time_ns = run->end_ns, .signal = (uint32_t)run->signal};
  uint32_t no_capabilities = 0;
  int error = write_bytes(fd, &header, sizeof header);
  if (!error)
    error = write_info(fd, "program", run->program);
  if (!error)
    error = write_info(fd, "argv", argv);
  if (!error)
    error = write_info(fd, "unstarted_runtime", run->runtime_library);
  if (!error)
    error = write_record(fd, OI_REC_CAPABILITIES, &no_capabilities, sizeof no_capabilities);
  if (!error)
    error = write_record(fd, OI_REC_END, &end, sizeof end);
  if (close(fd) != 0 && !error)
    error = errno;
  if (error)
    unlink(path);
  return error;
}
