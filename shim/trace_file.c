/* Writing trace.oit: the header, then whole frames, each in one writev(). */
#include "trace_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "clock.h"
#include "common/frame.h"
#include "ompt-inst/trace.h"

/* Enough for the closing records of a run: a thread record per thread,
 * the module map and the END record. */
#define RESERVE_BYTES (256u << 10)
#define RESERVE_FILE_NAME "trace.reserve"

static _Atomic int trace_fd = -1;
/* what trace_fd must name: a program may close descriptors it did not open
 * (daemons, closefrom) and get the number back for a file of its own */
static dev_t trace_device;
static ino_t trace_inode;
static char trace_path[PATH_MAX];
/* the same, absolute: the program may change its working folder */
static char reopen_path[PATH_MAX];
static char reserve_path[PATH_MAX];
static _Atomic int trace_sealed;
static _Atomic int write_error;
static _Atomic int closing;
/* A file-size limit (`ulimit -f`) would kill the program with SIGXFSZ at the
 * write that crosses it: the trace stops short of it instead, keeping the
 * reserve's worth for the closing records. */
static uint64_t size_limit = UINT64_MAX;
static uint64_t events_limit = UINT64_MAX;
static _Atomic uint64_t trace_bytes;
static uint64_t start_ns;

/* A regular file created (or emptied) at `path`, never through a symbolic
 * link or into a FIFO or device: the descriptor, or -errno. With `lock`,
 * emptied only once locked for this process (the lock ends with it): a
 * trace another live process writes (two programs given one folder, ranks
 * without launcher variables) is left alone, -EBUSY. */
static int open_regular(const char *path, int flags, int lock) {
  int fd = open(path, flags | O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
  if (fd < 0)
    return -errno;
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    close(fd);
    return -EINVAL;
  }
  /* non-blocking was for the open of a FIFO only */
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  /* a filesystem without locks (some FUSE and network ones: ENOLCK,
   * EOPNOTSUPP) is written unlocked; only a lock held elsewhere refuses */
  if ((lock && flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) ||
      ftruncate(fd, 0) != 0) {
    int err = errno == EWOULDBLOCK ? EBUSY : errno;
    close(fd);
    return -err;
  }
  return fd;
}

/* The descriptor moved far above those a program opens: one that closes
 * "all" its descriptors and opens new ones gets the lowest numbers back,
 * never this one, so a stale number fails instead of writing elsewhere. */
static int move_high(int fd) {
  struct rlimit limit;
  int floor = 512;
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      limit.rlim_cur > 64)
    floor = (int)(limit.rlim_cur > 65536 ? 65536 : limit.rlim_cur) - 32;
  int high = fcntl(fd, F_DUPFD_CLOEXEC, floor);
  if (high < 0)
    return fd;
  close(fd); /* the lock belongs to the open file, which `high` keeps */
  return high;
}

static int names_trace(int fd) {
  struct stat info;
  return fstat(fd, &info) == 0 && info.st_dev == trace_device && info.st_ino == trace_inode;
}

/* The trace's descriptor, opened again if the program closed it: -errno
 * when the trace can no longer be reached (removed, replaced, locked by
 * another process). Async-signal-safe. */
static int current_descriptor(void) {
  int fd = atomic_load_explicit(&trace_fd, memory_order_relaxed);
  if (names_trace(fd))
    return fd;
  int again = open(reopen_path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (again < 0)
    return -errno;
  if (!names_trace(again) || (flock(again, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)) {
    close(again);
    return -ESTALE;
  }
  again = move_high(again);
  /* the old number is the program's now: never closed here */
  if (!atomic_compare_exchange_strong(&trace_fd, &fd, again)) {
    close(again); /* another thread reopened it first */
    return fd;
  }
  return again;
}

/* The reserve: bytes written now that can be given back later. */
static void make_reserve(const char *dir) {
  if (snprintf(reserve_path, sizeof reserve_path, "%s/%s", dir, RESERVE_FILE_NAME) >=
      (int)sizeof reserve_path) {
    reserve_path[0] = '\0';
    return;
  }
  int fd = open_regular(reserve_path, 0, 0);
  if (fd < 0) {
    reserve_path[0] = '\0';
    return;
  }
  uint64_t reserve = size_limit < RESERVE_BYTES ? size_limit : RESERVE_BYTES;
  /* blocks allocated without writing them (a sixth of the writes' time);
   * a file system without fallocate gets the zeros written */
  if (fallocate(fd, 0, 0, (off_t)reserve) != 0) {
    static const char zeros[4096];
    for (uint64_t written = 0; written + sizeof zeros <= reserve; written += sizeof zeros)
      if (write(fd, zeros, sizeof zeros) != (ssize_t)sizeof zeros)
        break;
  }
  close(fd);
}

static void read_size_limit(void) {
  struct rlimit limit;
  if (getrlimit(RLIMIT_FSIZE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
    return;
  size_limit = (uint64_t)limit.rlim_cur;
  events_limit = size_limit > 2 * RESERVE_BYTES ? size_limit - RESERVE_BYTES : size_limit / 2;
}

int oi_trace_open(const char *dir) {
  if (snprintf(trace_path, sizeof trace_path, "%s/%s", dir, OI_TRACE_FILE_NAME) >=
      (int)sizeof trace_path)
    return ENAMETOOLONG;
  read_size_limit();
  if (size_limit < sizeof(oi_trace_header))
    return EFBIG;
  int fd = open_regular(trace_path, O_APPEND, 1);
  if (fd < 0)
    return -fd;
  oi_trace_header header = {.version = OI_TRACE_VERSION,
                            .header_size = sizeof(oi_trace_header),
                            .event_size = sizeof(oi_event),
                            .pid = (uint32_t)getpid(),
                            .start_time_ns = oi_now_ns()};
  start_ns = header.start_time_ns;
  memcpy(header.magic, OI_TRACE_MAGIC, sizeof header.magic);
  if (write(fd, &header, sizeof header) != (ssize_t)sizeof header) {
    int err = errno ? errno : ENOSPC;
    close(fd);
    return err;
  }
  struct stat info;
  if (fstat(fd, &info) != 0) {
    int err = errno;
    close(fd);
    return err;
  }
  trace_device = info.st_dev;
  trace_inode = info.st_ino;
  if (!realpath(trace_path, reopen_path))
    snprintf(reopen_path, sizeof reopen_path, "%s", trace_path);
  atomic_store(&trace_bytes, sizeof header);
  atomic_store(&trace_fd, move_high(fd));
  make_reserve(dir);
  return 0;
}

int oi_trace_is_open(void) { return trace_fd >= 0; }

const char *oi_trace_path(void) { return trace_path; }

uint64_t oi_trace_start_ns(void) { return start_ns; }

void oi_trace_seal(void) { atomic_store(&trace_sealed, 1); }

int oi_trace_write_error(void) { return atomic_load(&write_error); }

void oi_trace_closing(void) {
  if (reserve_path[0])
    unlink(reserve_path);
  atomic_store(&closing, 1);
}

/* Writes all of `iov`; a short write is continued once so the failure
 * names its cause (a full disk writes what fits, then says ENOSPC). */
static int write_all(struct iovec *iov, int count, size_t total) {
  int fd = current_descriptor();
  if (fd < 0)
    return -fd;
  size_t done = 0;
  int short_writes = 0;
  while (done < total) {
    ssize_t n = writev(fd, iov, count);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0 || ++short_writes > 2)
      return n < 0 ? errno : ENOSPC;
    done += (size_t)n;
    while (count > 0 && (size_t)n >= iov->iov_len) {
      n -= (ssize_t)iov->iov_len;
      iov++;
      count--;
    }
    if (count > 0) {
      iov->iov_base = (char *)iov->iov_base + n;
      iov->iov_len -= (size_t)n;
    }
  }
  return 0;
}

/* The file's room for `bytes` more under a size limit: EFBIG past it. */
static int claim_bytes(uint64_t bytes) {
  if (size_limit == UINT64_MAX)
    return 0;
  uint64_t room = atomic_load_explicit(&closing, memory_order_relaxed) ? size_limit : events_limit;
  uint64_t end = atomic_fetch_add(&trace_bytes, bytes) + bytes;
  if (end <= room)
    return 0;
  atomic_fetch_sub(&trace_bytes, bytes);
  return EFBIG;
}

int oi_trace_frame_encoded(uint32_t type, uint32_t encoding, const void *head, size_t head_size,
                           const void *tail, size_t tail_size) {
  if (trace_fd < 0 || atomic_load_explicit(&trace_sealed, memory_order_relaxed) ||
      (atomic_load_explicit(&write_error, memory_order_relaxed) &&
       !atomic_load_explicit(&closing, memory_order_relaxed)))
    return -1;
  size_t size = head_size + tail_size;
  if (size > OI_FRAME_MAX_PAYLOAD)
    return -1;
  oi_frame_header frame = {.magic = OI_FRAME_MAGIC,
                           .type = (uint16_t)type,
                           .encoding = (uint16_t)encoding,
                           .size = (uint32_t)size};
  frame.checksum = oi_frame_checksum(type, encoding, head, head_size, tail, tail_size);
  struct iovec iov[3] = {
      {&frame, sizeof frame}, {(void *)head, head_size}, {(void *)tail, tail_size}};
  int err = claim_bytes(sizeof frame + size);
  if (!err)
    err = write_all(iov, 3, sizeof frame + size);
  if (err) {
    int none = 0;
    atomic_compare_exchange_strong(&write_error, &none, err);
    return -1;
  }
  return 0;
}

int oi_trace_frame(uint32_t type, const void *head, size_t head_size, const void *tail,
                   size_t tail_size) {
  return oi_trace_frame_encoded(type, OI_ENCODING_PLAIN, head, head_size, tail, tail_size);
}

int oi_trace_record(uint32_t type, const void *payload, uint32_t size) {
  return oi_trace_frame(type, payload, size, NULL, 0);
}
