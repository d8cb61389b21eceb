/* Dirty-page tracking against hashing (issue 22, item 3): what it costs to
 * learn that a mapped host buffer did not change by asking the kernel which
 * of its pages were written (userfaultfd asynchronous write protection and
 * the PAGEMAP_SCAN ioctl, Linux >= 6.7) instead of reading it whole (the
 * shim's content hash, the very function), and what the write protection
 * costs the program (the first write to each protected page faults).
 *
 * For each buffer size and two kinds of memory (`mmap`: page-aligned
 * anonymous memory of its own; `malloc`: a malloc'd buffer, whose first and
 * last pages hold other data too, so the tracked range is rounded out to
 * whole pages) prints one Markdown row of nanoseconds per operation on the
 * whole buffer in the process's CPU time (the shim's hash helper thread
 * included), the median of TIMINGS timings (each the mean of
 * up to 64 operations):
 *   register + protect     UFFDIO_REGISTER (mode WP) + UFFDIO_WRITEPROTECT
 *   unprotect + protect    UFFDIO_WRITEPROTECT off and on again (around a
 *                          copy the tracker already knows about)
 *   scan, none/one/all written   PAGEMAP_SCAN for written pages, protecting
 *                          them again as it goes, after no page, one page or
 *                          every page was written
 *   write 1 byte/page      one byte written to each protected page: a write
 *                          fault per page, resolved in the kernel
 *   memcpy into protected  the runtime's copy back from the device, onto a
 *                          protected buffer; `memcpy, unprotected` the same
 *                          onto an untracked twin
 *   hash, warm / out of cache   the shim's whole hash of the buffer just read
 *                          again, or of a copy not touched for SPAN bytes
 *   memcpy, out of cache   copying such a copy
 * Where the kernel or the permissions lack the feature it prints
 * "dirty-page tracking not available: REASON" and "-" in those columns.
 *
 *   dirty_pages [--timings N] [--span BYTES] [BYTES...]
 * (defaults: 9 timings, a span of 256 MiB, buffers of 16 KiB, 256 KiB,
 * 16 MiB and 64 MiB) */
#ifndef _GNU_SOURCE /* the shim core defines it for its users */
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/userfaultfd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "shim/content_hash.h"
#include "timing.h"

/* The kernel decides at run time; the build's headers may be older than
 * the interface (values from the kernel's uapi headers, Linux 6.7). */
#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif
#ifndef UFFD_FEATURE_WP_UNPOPULATED
#define UFFD_FEATURE_WP_UNPOPULATED (1 << 13)
#endif
#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC (1 << 15)
#endif
#ifndef PAGEMAP_SCAN
struct page_region {
  uint64_t start, end, categories;
};
struct pm_scan_arg {
  uint64_t size, flags, start, end, walk_end, vec, vec_len, max_pages,
      category_inverted, category_mask, category_anyof_mask, return_mask;
};
#define PAGEMAP_SCAN _IOWR('f', 16, struct pm_scan_arg)
#define PAGE_IS_WRITTEN (1 << 1)
#define PM_SCAN_WP_MATCHING (1 << 0)
#define PM_SCAN_CHECK_WPASYNC (1 << 1)
#endif

#define MAX_INNER 64
#define MAX_TIMINGS 101
#define DEFAULT_SPAN (256L << 20)

static size_t page;

/* ---- the tracker: one userfaultfd, /proc/self/pagemap ---- */

typedef struct {
  int uffd, pagemap;
} tracker;

static char reason[256];

/* Sets (`protect`) or clears the write protection of a registered range. */
static int tracker_protect(tracker *t, void *start, size_t len, int protect) {
  struct uffdio_writeprotect wp = {
      .range = {.start = (uintptr_t)start, .len = len},
      .mode = protect ? UFFDIO_WRITEPROTECT_MODE_WP : 0};
  return ioctl(t->uffd, UFFDIO_WRITEPROTECT, &wp);
}

static int tracker_register(tracker *t, void *start, size_t len) {
  struct uffdio_register reg = {
      .range = {.start = (uintptr_t)start, .len = len},
      .mode = UFFDIO_REGISTER_MODE_WP};
  return ioctl(t->uffd, UFFDIO_REGISTER, &reg) == 0 &&
                 tracker_protect(t, start, len, 1) == 0
             ? 0
             : -1;
}

static void tracker_unregister(tracker *t, void *start, size_t len) {
  struct uffdio_range range = {.start = (uintptr_t)start, .len = len};
  if (ioctl(t->uffd, UFFDIO_UNREGISTER, &range) != 0) {
    perror("dirty_pages: UFFDIO_UNREGISTER");
    exit(1);
  }
}

/* The number of pages written in [start, start+len) since the last scan,
 * protecting them again; -1 on failure (errno set). Loops because the
 * kernel stops when `regions` is full (many scattered written pages). */
static long tracker_scan(tracker *t, void *start, size_t len) {
  struct page_region regions[32];
  uint64_t at = (uintptr_t)start, end = (uintptr_t)start + len;
  long pages = 0;
  while (at < end) {
    struct pm_scan_arg arg = {
        .size = sizeof arg,
        .flags = PM_SCAN_WP_MATCHING | PM_SCAN_CHECK_WPASYNC,
        .start = at,
        .end = end,
        .vec = (uintptr_t)regions,
        .vec_len = sizeof regions / sizeof regions[0],
        .category_mask = PAGE_IS_WRITTEN,
        .return_mask = PAGE_IS_WRITTEN};
    long found = ioctl(t->pagemap, PAGEMAP_SCAN, &arg);
    if (found < 0)
      return -1;
    for (long r = 0; r < found; r++)
      pages += (long)((regions[r].end - regions[r].start) / page);
    if (arg.walk_end <= at) { /* no progress: not a scan we understand */
      errno = EPROTO;
      return -1;
    }
    at = arg.walk_end;
  }
  return pages;
}

/* Opens the tracker and tries it on one page; on failure returns -1 with
 * `reason` saying what is missing. */
static int tracker_open(tracker *t) {
  int flags = O_CLOEXEC | O_NONBLOCK;
  FILE *setting = fopen("/proc/sys/vm/unprivileged_userfaultfd", "r");
  int unprivileged = -1;
  if (setting) {
    if (fscanf(setting, "%d", &unprivileged) != 1)
      unprivileged = -1;
    fclose(setting);
  }
  t->uffd = (int)syscall(SYS_userfaultfd, flags);
  if (t->uffd < 0 && errno == EPERM) /* user-mode faults need no privilege */
    t->uffd = (int)syscall(SYS_userfaultfd, flags | UFFD_USER_MODE_ONLY);
  if (t->uffd < 0) {
    snprintf(reason, sizeof reason,
             "userfaultfd: %s (vm.unprivileged_userfaultfd = %d)",
             strerror(errno), unprivileged);
    return -1;
  }
  struct uffdio_api api = {
      .api = UFFD_API,
      .features = UFFD_FEATURE_WP_ASYNC | UFFD_FEATURE_WP_UNPOPULATED};
  if (ioctl(t->uffd, UFFDIO_API, &api) != 0) {
    snprintf(reason, sizeof reason,
             "UFFDIO_API: %s (no UFFD_FEATURE_WP_ASYNC: Linux < 6.7)",
             strerror(errno));
    close(t->uffd);
    return -1;
  }
  t->pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  if (t->pagemap < 0) {
    snprintf(reason, sizeof reason, "/proc/self/pagemap: %s", strerror(errno));
    close(t->uffd);
    return -1;
  }
  char *probe = mmap(NULL, page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  int works = probe != MAP_FAILED && tracker_register(t, probe, page) == 0;
  if (!works)
    snprintf(reason, sizeof reason, "UFFDIO_REGISTER (write-protect): %s",
             strerror(errno));
  else {
    probe[0] = 1;
    long written = tracker_scan(t, probe, page);
    if (written < 0)
      snprintf(reason, sizeof reason, "PAGEMAP_SCAN: %s (Linux < 6.7)",
               strerror(errno));
    else if (written != 1)
      snprintf(reason, sizeof reason,
               "PAGEMAP_SCAN saw %ld written pages of 1", written);
    works = written == 1;
  }
  if (probe != MAP_FAILED)
    munmap(probe, page);
  if (!works) {
    close(t->pagemap);
    close(t->uffd);
  }
  return works ? 0 : -1;
}

/* ---- memory ---- */

typedef enum { KIND_MMAP, KIND_MALLOC } memory_kind;
static const char *const kind_names[] = {"mmap", "malloc"};

typedef struct {
  void *allocation;
  unsigned char *data; /* `bytes` bytes */
  unsigned char *range; /* the whole pages holding them */
  size_t bytes, range_bytes;
  memory_kind kind;
} buffer;

static buffer buffer_new(memory_kind kind, size_t bytes) {
  buffer b = {.bytes = bytes, .kind = kind};
  if (kind == KIND_MMAP) {
    b.allocation = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (b.allocation == MAP_FAILED)
      b.allocation = NULL;
  } else {
    b.allocation = malloc(bytes);
  }
  if (!b.allocation) {
    fprintf(stderr, "dirty_pages: out of memory (%zu bytes)\n", bytes);
    exit(1);
  }
  b.data = b.allocation;
  uintptr_t first = (uintptr_t)b.data / page * page;
  uintptr_t end = ((uintptr_t)b.data + bytes + page - 1) / page * page;
  b.range = (unsigned char *)first;
  b.range_bytes = end - first;
  for (size_t i = 0; i < bytes; i++) /* present pages, a content */
    b.data[i] = (unsigned char)(i * 131 + 7);
  return b;
}

static void buffer_free(buffer *b) {
  if (b->kind == KIND_MMAP)
    munmap(b->allocation, b->bytes);
  else
    free(b->allocation);
}

/* ---- timing: median of TIMINGS means, each over `inner` operations ---- */

static int timings = 9;
static uint64_t sink; /* keeps hashes and copies from being optimised away */

typedef enum {
  COL_REGISTER,
  COL_REPROTECT,
  COL_SCAN_NONE,
  COL_SCAN_ONE,
  COL_SCAN_ALL,
  COL_WRITE_PAGES,
  COL_MEMCPY_PROTECTED,
  COL_MEMCPY_PLAIN,
  COL_HASH_WARM,
  COL_HASH_COLD,
  COL_MEMCPY_COLD,
  COLUMNS
} column;

static const char *const column_names[COLUMNS] = {
    "register + protect", "unprotect + protect", "scan, none written", "scan, one written",
    "scan, all written", "write 1 byte/page, protected",
    "memcpy into protected", "memcpy, unprotected", "hash, warm",
    "hash, out of cache", "memcpy, out of cache"};

/* Columns measured only with a tracker. */
static int needs_tracker(column c) { return c <= COL_MEMCPY_PROTECTED; }

typedef struct {
  buffer *tracked, *twin;
  const unsigned char *source; /* the "device" copy, for memcpy */
  unsigned char *span;         /* SPAN bytes to take out-of-cache copies from */
  size_t span_buffers, span_next;
  tracker *tracker;
} setup;

static void fail_scan(const char *what, const buffer *b, long got, long want) {
  if (got < 0)
    fprintf(stderr, "dirty_pages: PAGEMAP_SCAN (%s): %s\n", what,
            strerror(errno));
  else
    fprintf(stderr,
            "dirty_pages: %s, %s buffer of %zu bytes: the scan saw %ld "
            "written pages, expected %ld\n",
            what, kind_names[b->kind], b->bytes, got, want);
  exit(1);
}

/* A scan must see the `want` pages written (mmap), or those plus at most
 * the two edge pages the buffer shares with other data (malloc): a page
 * missed would be a change the tracker hides. */
static void check_written(setup *s, const char *what, long got, long want) {
  long slack = s->tracked->kind == KIND_MALLOC ? 2 : 0;
  if (got < want || got > want + slack)
    fail_scan(what, s->tracked, got, want);
}

static unsigned char *span_buffer(setup *s) {
  /* each next copy, so a copy comes back only after SPAN bytes of others */
  unsigned char *at = s->span + s->span_next * s->tracked->bytes;
  s->span_next = (s->span_next + 1) % s->span_buffers;
  return at;
}

/* The process's CPU time, user and kernel (faults, ioctls): on a loaded
 * machine wall time counts other programs' turns, which a millisecond
 * operation gets many of. The process's, not this thread's: buffers from
 * OI_HASH_CHUNKED_FROM bytes are hashed with the shim's helper thread,
 * whose share is part of the hash's cost. */
static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double clock_cost; /* of one cpu_seconds() pair: a system call */

/* Operations that change nothing the next one sees are timed `reps` at a
 * time; the others one at a time, preparation and restoration untimed. */
static int repeatable(column c) {
  return c == COL_SCAN_NONE || c >= COL_MEMCPY_PLAIN;
}

static void repeatable_op(setup *s, column c) {
  buffer *b = s->tracked;
  uint64_t hash = 0;
  long written;
  switch (c) {
  case COL_SCAN_NONE:
    written = tracker_scan(s->tracker, b->range, b->range_bytes);
    if (written != 0)
      fail_scan("nothing written", b, written, 0);
    break;
  case COL_MEMCPY_PLAIN:
    memcpy(s->twin->data, s->source, b->bytes);
    break;
  case COL_HASH_WARM:
    oi_content_hash_as(OI_HASH_FULL, b->data, b->bytes, &hash);
    break;
  case COL_HASH_COLD:
    oi_content_hash_as(OI_HASH_FULL, span_buffer(s), b->bytes, &hash);
    break;
  case COL_MEMCPY_COLD:
    memcpy(s->twin->data, span_buffer(s), b->bytes);
    break;
  default:
    break;
  }
  sink += hash + s->twin->data[b->bytes / 3];
}

/* One operation of a column that is not repeatable; CPU seconds. */
static double single_op(setup *s, column c) {
  buffer *b = s->tracked;
  size_t pages = b->bytes / page;
  double start = 0, end = 0;
  switch (c) {
  case COL_REGISTER:
    tracker_unregister(s->tracker, b->range, b->range_bytes);
    start = cpu_seconds();
    if (tracker_register(s->tracker, b->range, b->range_bytes) != 0) {
      perror("dirty_pages: register");
      exit(1);
    }
    end = cpu_seconds();
    break;
  case COL_REPROTECT: /* what a copy the shim lets through unfaulted costs */
    start = cpu_seconds();
    if (tracker_protect(s->tracker, b->range, b->range_bytes, 0) != 0 ||
        tracker_protect(s->tracker, b->range, b->range_bytes, 1) != 0) {
      perror("dirty_pages: UFFDIO_WRITEPROTECT");
      exit(1);
    }
    end = cpu_seconds();
    break;
  case COL_SCAN_ONE: {
    b->data[b->bytes / 2] ^= 1;
    start = cpu_seconds();
    long written = tracker_scan(s->tracker, b->range, b->range_bytes);
    end = cpu_seconds();
    if (written != 1)
      fail_scan("one page written", b, written, 1);
    break;
  }
  case COL_SCAN_ALL: {
    for (size_t p = 0; p < pages; p++)
      b->data[p * page] ^= 1;
    start = cpu_seconds();
    long written = tracker_scan(s->tracker, b->range, b->range_bytes);
    end = cpu_seconds();
    check_written(s, "every page written", written, (long)pages);
    break;
  }
  case COL_WRITE_PAGES:
    start = cpu_seconds();
    for (size_t p = 0; p < pages; p++)
      b->data[p * page] ^= 1;
    end = cpu_seconds();
    check_written(s, "one byte per page written",
                  tracker_scan(s->tracker, b->range, b->range_bytes),
                  (long)pages);
    break;
  case COL_MEMCPY_PROTECTED:
    start = cpu_seconds();
    memcpy(b->data, s->source, b->bytes);
    end = cpu_seconds();
    /* every page of the range holds some of the buffer's bytes */
    check_written(s, "memcpy over the buffer",
                  tracker_scan(s->tracker, b->range, b->range_bytes),
                  (long)(b->range_bytes / page));
    break;
  default:
    break;
  }
  return end - start - clock_cost;
}

/* Nanoseconds per operation: the median of `timings` means of `inner`
 * operations. */
static double measure(setup *s, column c) {
  size_t inner = (4u << 20) / s->tracked->bytes;
  inner = inner < 1 ? 1 : inner > MAX_INNER ? MAX_INNER : inner;
  /* not malloc'd: the allocator's writes could land on a tracked page */
  static double means[MAX_TIMINGS];
  for (int t = -1; t < timings; t++) { /* -1: warm-up (caches, dispatch) */
    double total = 0;
    if (repeatable(c)) {
      double start = cpu_seconds();
      for (size_t i = 0; i < inner; i++)
        repeatable_op(s, c);
      total = cpu_seconds() - start - clock_cost;
    } else {
      for (size_t i = 0; i < inner; i++)
        total += single_op(s, c);
    }
    if (t >= 0)
      means[t] = total / (double)inner * 1e9;
  }
  return bench_sort_median(means, (size_t)timings);
}

/* The median cost of reading the clock twice, taken off every timing. */
static double clock_pair_cost(void) {
  double pairs[MAX_TIMINGS];
  for (int i = 0; i < MAX_TIMINGS; i++) {
    double start = cpu_seconds();
    pairs[i] = cpu_seconds() - start;
  }
  return bench_sort_median(pairs, MAX_TIMINGS);
}

/* Measures first, then prints: stdio's writes to its heap buffer could
 * land on a tracked page. */
static void print_row(memory_kind kind, size_t bytes, setup *s) {
  double ns[COLUMNS];
  for (column c = 0; c < COLUMNS; c++)
    ns[c] = needs_tracker(c) && !s->tracker ? -1 : measure(s, c);
  printf("| %zu KiB | %s | %zu |", bytes >> 10, kind_names[kind],
         s->tracked->range_bytes / page);
  for (column c = 0; c < COLUMNS; c++)
    if (ns[c] < 0)
      printf(" - |");
    else
      printf(" %.0f |", ns[c]);
  printf("\n");
  fflush(stdout);
}

static int usage(void) {
  fprintf(stderr,
          "usage: dirty_pages [--timings N] [--span BYTES] [BYTES...]\n");
  return 2;
}

int main(int argc, char **argv) {
  long span_bytes = DEFAULT_SPAN;
  size_t sizes[32] = {16u << 10, 256u << 10, 16u << 20, 64u << 20};
  size_t count = 4, given = 0;
  page = (size_t)sysconf(_SC_PAGESIZE);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--timings") == 0 && i + 1 < argc)
      timings = atoi(argv[++i]);
    else if (strcmp(argv[i], "--span") == 0 && i + 1 < argc)
      span_bytes = atol(argv[++i]);
    else if (given < sizeof sizes / sizeof sizes[0] && atol(argv[i]) > 0 &&
             (size_t)atol(argv[i]) % page == 0)
      sizes[given++] = (size_t)atol(argv[i]);
    else
      return usage();
  }
  if (given)
    count = given;
  if (timings < 1 || timings > MAX_TIMINGS || span_bytes <= 0)
    return usage();
  size_t largest = 0;
  for (size_t i = 0; i < count; i++)
    largest = sizes[i] > largest ? sizes[i] : largest;
  if ((size_t)span_bytes < 2 * largest)
    span_bytes = (long)(2 * largest);

  tracker t;
  int tracking = tracker_open(&t) == 0;
  unsigned char *span = malloc((size_t)span_bytes);
  unsigned char *source_memory = aligned_alloc(page, largest + 2 * page);
  if (!span || !source_memory) {
    fprintf(stderr, "dirty_pages: out of memory\n");
    return 1;
  }
  /* half a page off the targets' page offset: with equal offsets glibc's
   * `rep movsb` copies small buffers at a fraction of its speed here */
  unsigned char *source = source_memory + page / 2;
  for (long i = 0; i < span_bytes; i++)
    span[i] = (unsigned char)(i * 29 + 3);
  memcpy(source, span, largest);

  clock_cost = clock_pair_cost();
  double load[3] = {0};
  FILE *loadavg = fopen("/proc/loadavg", "r");
  if (loadavg) {
    if (fscanf(loadavg, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3)
      load[0] = load[1] = load[2] = 0;
    fclose(loadavg);
  }
  if (!tracking)
    printf("dirty-page tracking not available: %s\n", reason);
  printf("hash: %s; page %zu bytes; ns of CPU time (all threads) per operation on "
         "the whole buffer, median of %d timings (a clock read of %.0f ns taken "
         "off); out of cache: through %ld MiB; load average %.2f %.2f %.2f\n\n",
         oi_hash_code_path(), page, timings, clock_cost * 1e9,
         span_bytes >> 20, load[0], load[1], load[2]);
  printf("| buffer | memory | pages |");
  for (column c = 0; c < COLUMNS; c++)
    printf(" %s |", column_names[c]);
  printf("\n|---|---|---:|");
  for (column c = 0; c < COLUMNS; c++)
    printf("---:|");
  printf("\n");

  for (size_t i = 0; i < count; i++)
    for (memory_kind kind = KIND_MMAP; kind <= KIND_MALLOC; kind++) {
      /* the twin first: a malloc'd buffer's first page then holds the
       * twin's end, its last page the free rest of the heap */
      buffer twin = buffer_new(kind, sizes[i]);
      buffer tracked = buffer_new(kind, sizes[i]);
      setup s = {.tracked = &tracked,
                 .twin = &twin,
                 .source = source,
                 .span = span,
                 .span_buffers = (size_t)span_bytes / sizes[i],
                 .tracker = tracking ? &t : NULL};
      if (tracking &&
          tracker_register(&t, tracked.range, tracked.range_bytes) != 0) {
        perror("dirty_pages: register");
        return 1;
      }
      print_row(kind, sizes[i], &s);
      if (tracking)
        tracker_unregister(&t, tracked.range, tracked.range_bytes);
      buffer_free(&twin);
      buffer_free(&tracked);
    }
  free(source_memory);
  free(span);
  if (tracking) {
    close(t.pagemap);
    close(t.uffd);
  }
  return sink == 42; /* keeps the work from being optimised away */
}
