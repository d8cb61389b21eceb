/* Throughput and memory of the data-mapping analysis: generates N synthetic
 * data operations (a loop of target regions over many variables with
 * duplicates, round trips, repeated allocations and one-element updates) in
 * chunks, feeds each chunk to oi_analysis_add, then calls
 * oi_analysis_finish; three times per size. Only the analysis is timed, in
 * CPU seconds of the process (the machine may be busy: wall time would
 * measure the neighbours); the events live in one chunk at a time, so the
 * peak resident memory of the process is the analysis's own. Each size runs
 * in a child process, so its peak memory is its own too.
 *
 *   analysis_throughput [data_ops ...]     (default: 1000000 10000000)
 *
 * Per size, one line: data ops, events, the median CPU seconds of the three
 * runs (min, max), M data ops per CPU second, the peak resident memory (and
 * the process's before the first run), the findings and avoidable time. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "timing.h"

#define VARIABLES 3000 /* distinct mapped arrays */
#define PER_REGION 3   /* arrays mapped by each target region */
#define RUNS 3
#define CHUNK 65536     /* events generated and fed at a time */
#define REGION_EVENTS 32 /* at most this many events per region */

typedef struct stream {
  oi_event events[CHUNK];
  size_t len;             /* events in the chunk */
  size_t events_total, data_ops;
  uint64_t now, region;   /* the next region to generate */
} stream;

static oi_event *push(stream *s) {
  oi_event *ev = &s->events[s->len++];
  memset(ev, 0, sizeof *ev);
  ev->time_ns = s->now;
  s->now += 100;
  return ev;
}

static void data_op(stream *s, enum oi_data_op op, unsigned v, uint64_t offset,
                    uint64_t bytes, uint64_t hash) {
  oi_event *ev = push(s);
  ev->kind = OI_KIND_DATA_OP;
  ev->op = (uint8_t)op;
  ev->site = 1 + v % 97;            /* 97 target constructs ... */
  ev->var = (uint16_t)(1 + v / 97); /* ... mapping up to 31 arrays each */
  ev->device = 0;
  ev->flags = hash ? OI_FLAG_HASH_VALID : 0;
  ev->u.data.host_addr = 0x10000000u + (uint64_t)v * 0x100000u + offset;
  ev->u.data.device_addr = ev->u.data.host_addr + 0x4000000000u;
  ev->u.data.bytes = bytes;
  ev->u.data.hash = hash;
  ev->u.data.duration_ns = 50 + bytes / 64;
  s->now += ev->u.data.duration_ns; /* sequential, as in a synchronous run */
  s->data_ops++;
}

static void kernel(stream *s) {
  for (int end = 0; end < 2; end++) {
    oi_event *ev = push(s);
    ev->kind = OI_KIND_KERNEL;
    ev->endpoint = end ? OI_EP_END : OI_EP_BEGIN;
    ev->device = 0;
  }
}

/* Region r maps PER_REGION arrays: alloc, to, kernel, from, delete. Array v
 * is constant (v%3==0: duplicates), fed back (v%3==1: round trips), or new
 * every time (v%3==2); every 16th region also updates one element. */
static void region(stream *s, uint64_t r) {
  unsigned vars[PER_REGION];
  for (int i = 0; i < PER_REGION; i++)
    vars[i] = (unsigned)((r * PER_REGION + (uint64_t)i) * 7919u % VARIABLES);
  uint64_t round = r * PER_REGION / VARIABLES;
  for (int i = 0; i < PER_REGION; i++) {
    unsigned v = vars[i];
    uint64_t bytes = 8u * (64u + v % 1024u);
    uint64_t in = v % 3 == 0   ? v + 1
                  : v % 3 == 1 ? (v + 1) * 1000003u + round
                               : ((uint64_t)v << 32) + r + 7;
    data_op(s, OI_DATA_OP_ALLOC, v, 0, bytes, 0);
    data_op(s, OI_DATA_OP_TO_DEVICE, v, 0, bytes, in);
    if (r % 16 == 0)
      data_op(s, OI_DATA_OP_TO_DEVICE, v, 8, 8, in ^ 0x5a5a);
  }
  kernel(s);
  for (int i = 0; i < PER_REGION; i++) {
    unsigned v = vars[i];
    uint64_t bytes = 8u * (64u + v % 1024u);
    uint64_t out = v % 3 == 0   ? v + 1
                   : v % 3 == 1 ? (v + 1) * 1000003u + round + 1
                                : ((uint64_t)v << 33) + r;
    data_op(s, OI_DATA_OP_FROM_DEVICE, v, 0, bytes, out);
    data_op(s, OI_DATA_OP_DELETE, v, 0, 0, 0);
  }
}

_Static_assert(PER_REGION * 5 + 2 <= REGION_EVENTS, "a region fits its room");

/* The next chunk of whole regions; false when `target_ops` were made. */
static bool next_chunk(stream *s, size_t target_ops) {
  s->len = 0;
  while (s->data_ops < target_ops && s->len + REGION_EVENTS <= CHUNK)
    region(s, s->region++);
  s->events_total += s->len;
  return s->len > 0;
}

/* What the report model's streaming pass would have resolved for the
 * event: every data op moves "a[0:n]" (`name`), a site's line is its id. */
static oi_event_facts facts_of(const oi_event *ev, uint32_t name) {
  oi_event_facts facts = oi_event_facts_none();
  facts.file = "bench.c";
  facts.line = ev->site;
  facts.name = ev->kind == OI_KIND_DATA_OP ? name : OI_NAME_NONE;
  return facts;
}

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long peak_rss_kb(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

/* One size, in the calling (child) process; 0 on success. */
static int measure(size_t target_ops) {
  static stream s; /* a chunk is too big for the stack */
  long rss_before = peak_rss_kb();
  static oi_names names;
  oi_variable_name item;
  oi_name_variable("a[0:n]", false, NULL, 0, 0, 0, &item);
  uint32_t name = oi_names_add(&names, &item);
  double times[RUNS];
  size_t findings = 0;
  uint64_t saved = 0;
  for (int run = 0; run < RUNS; run++) {
    memset(&s, 0, sizeof s);
    double spent = 0, start = cpu_seconds();
    oi_analysis *ctx = oi_analysis_create(&names);
    int failed = !ctx;
    spent += cpu_seconds() - start;
    while (!failed && next_chunk(&s, target_ops)) {
      start = cpu_seconds();
      for (size_t i = 0; !failed && i < s.len; i++) {
        oi_event_facts facts = facts_of(&s.events[i], name);
        failed = oi_analysis_add(ctx, &s.events[i], &facts) != 0;
      }
      spent += cpu_seconds() - start;
    }
    start = cpu_seconds();
    failed = failed || oi_analysis_finish(ctx) != 0;
    times[run] = spent + cpu_seconds() - start;
    if (failed) {
      fprintf(stderr, "analysis_throughput: analysis failed (out of memory)\n");
      return 1;
    }
    oi_analysis_findings(ctx, &findings);
    saved = oi_analysis_totals_get(ctx)->saved_ns;
    oi_analysis_destroy(ctx);
  }
  double median = bench_sort_median(times, RUNS);
  printf("%zu data ops (%zu events): median %.3f CPU s of %d runs "
         "(min %.3f, max %.3f), %.1f M data ops/CPU s, max RSS %.1f MB "
         "(%.1f MB before), %zu findings, %llu ns avoidable\n",
         s.data_ops, s.events_total, median, RUNS, times[0], times[RUNS - 1],
         (double)s.data_ops / median / 1e6, (double)peak_rss_kb() / 1024,
         (double)rss_before / 1024, findings, (unsigned long long)saved);
  return fflush(stdout) == 0 ? 0 : 1;
}

/* Each size in its own process: its peak memory is then its own. */
static int measure_apart(size_t target_ops) {
  fflush(stdout);
  pid_t child = fork();
  if (child < 0) {
    perror("analysis_throughput: fork");
    return 1;
  }
  if (child == 0)
    _exit(measure(target_ops));
  int status;
  if (waitpid(child, &status, 0) != child)
    return 1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int main(int argc, char **argv) {
  size_t defaults[] = {1000000, 10000000};
  int n = argc > 1 ? argc - 1 : 2;
  for (int i = 0; i < n; i++) {
    size_t ops = defaults[i];
    if (argc > 1) {
      char *end;
      ops = strtoull(argv[i + 1], &end, 10);
      if (*end || ops == 0) {
        fprintf(stderr, "analysis_throughput: not a positive count: %s\n",
                argv[i + 1]);
        return 2;
      }
    }
    if (measure_apart(ops) != 0)
      return 1;
  }
  return 0;
}
