/* `--format chrome`: Chrome trace-event JSON, which Perfetto UI and
 * chrome://tracing open. The program is one process with a track per
 * thread; each device is a process of its own. Construct instances are
 * complete ("X") slices named "parallel @heat.c:42"; kernels and data
 * operations are slices on their device's track. Lanes beyond the first
 * (slices that overlap without nesting) become extra tracks. A job is one
 * process per rank ("rank 3 (host)"), its devices tracks of that process. */
#include <inttypes.h>

#include "model/job.h"
#include "json_writer.h"
#include "writers.h"

/* Far above any Linux pid (at most 2^22), so never a real process. */
#define DEVICE_PID_BASE 1000000000
#define LANE_TID_STRIDE (1u << 20)
/* a job's device tracks, inside the rank's process */
#define DEVICE_TID_BASE (1u << 30)

static void micros(FILE *out, uint64_t ns) {
  fprintf(out, "%" PRIu64 ".%03u", ns / 1000, (unsigned)(ns % 1000));
}

/* A job's ranks are their processes: by pid, unless two ranks on different
 * hosts share one; then by a number of their own per rank slot. */
static bool pids_unique(const oi_profile *p) {
  for (uint32_t i = 0; i < p->rank_count; i++)
    for (uint32_t j = i + 1; j < p->rank_count; j++)
      if (!p->ranks[i].problem && !p->ranks[j].problem && p->ranks[i].pid == p->ranks[j].pid)
        return false;
  return true;
}

static bool unique_pids;

static int64_t rank_pid(const oi_profile *p, uint32_t slot) {
  return unique_pids ? (int64_t)p->ranks[slot].pid : DEVICE_PID_BASE / 2 + (int64_t)slot;
}

static int64_t pid_of(const oi_profile *p, const oi_slice *s) {
  if (p->rank_count > 0)
    return rank_pid(p, s->rank);
  return s->track_kind == OI_TRACK_DEVICE ? DEVICE_PID_BASE + (int64_t)s->track
                                          : (int64_t)p->trace->header.pid;
}

static uint64_t tid_of(const oi_profile *p, const oi_slice *s) {
  if (s->track_kind == OI_TRACK_DEVICE)
    return p->rank_count > 0 ? DEVICE_TID_BASE + (uint64_t)s->track * 64 + s->lane : s->lane;
  return (uint64_t)s->lane * LANE_TID_STRIDE + s->track;
}

static void metadata(FILE *out, const char *what, int64_t pid, uint64_t tid, const char *name) {
  fprintf(out,
          ",\n{\"ph\":\"M\",\"name\":\"%s\",\"pid\":%" PRId64 ",\"tid\":%" PRIu64
          ",\"args\":{\"name\":",
          what, pid, tid);
  oi_json_string(out, name);
  fputs("}}", out);
}

/* Names of the processes: the program and its devices, or a job's ranks. */
static void process_names(const oi_profile *p, FILE *out) {
  char name[4200];
  if (p->rank_count > 0) {
    const char *separator = "";
    for (uint32_t i = 0; i < p->rank_count; i++) {
      if (p->ranks[i].problem)
        continue;
      fprintf(out,
              "%s{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%" PRId64
              ",\"tid\":0,\"args\":{\"name\":",
              separator, rank_pid(p, i));
      oi_json_string(out, oi_job_rank_name(&p->ranks[i], name, sizeof name));
      fprintf(out,
              "}},\n{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%" PRId64
              ",\"tid\":0,\"args\":{\"sort_index\":%ld}}",
              rank_pid(p, i), p->ranks[i].rank);
      separator = ",\n";
    }
    return;
  }
  const char *program = p->program ? p->program : "program";
  snprintf(name, sizeof name, "%s (pid %" PRIu32 ")", program, p->trace->header.pid);
  fprintf(out,
          "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%" PRIu32
          ",\"tid\":0,\"args\":{\"name\":",
          p->trace->header.pid);
  oi_json_string(out, name);
  fputs("}}", out);
  for (uint32_t d = 0; d < p->device_count; d++) {
    snprintf(name, sizeof name, "device %" PRId32, p->devices[d]);
    metadata(out, "process_name", DEVICE_PID_BASE + (int64_t)p->devices[d], 0, name);
  }
}

/* Names of the processes and of every track (first slice of each lane). */
static void names(const oi_profile *p, FILE *out) {
  char name[4200];
  process_names(p, out);
  for (uint64_t i = 0; i < p->slice_count; i++) {
    const oi_slice *s = &p->slices[i];
    if (i > 0 && s->rank == s[-1].rank && s->track_kind == s[-1].track_kind &&
        s->track == s[-1].track && s->lane == s[-1].lane)
      continue;
    const char *what = s->track_kind == OI_TRACK_DEVICE ? "device" : "thread";
    if (s->lane == 0)
      snprintf(name, sizeof name, "%s %" PRIu32, what, s->track);
    else
      snprintf(name, sizeof name, "%s %" PRIu32 " (overlapping, lane %" PRIu32 ")", what, s->track,
               s->lane);
    metadata(out, "thread_name", pid_of(p, s), tid_of(p, s), name);
  }
}

static void slice(const oi_profile *p, const oi_slice *s, FILE *out) {
  char name[4400];
  const char *category;
  fputs(",\n{\"ph\":\"X\",\"name\":", out);
  if (s->row != UINT32_MAX) {
    category = p->rows[s->row].kind == OI_KIND_KERNEL ? "kernel" : "construct";
    oi_json_string(out, oi_profile_row_name(p, s->row, name, sizeof name));
  } else {
    category = "data";
    snprintf(name, sizeof name, "%s %s", oi_data_op_name(s->op), p->variables[s->variable].name);
    oi_json_string(out, name);
  }
  fprintf(out, ",\"cat\":\"%s\",\"pid\":%" PRId64 ",\"tid\":%" PRIu64 ",\"ts\":", category,
          pid_of(p, s), tid_of(p, s));
  micros(out, s->start_ns);
  fputs(",\"dur\":", out);
  micros(out, s->end_ns - s->start_ns);
  fputs(",\"args\":{", out);
  if (s->row != UINT32_MAX) {
    const oi_construct_row *r = &p->rows[s->row];
    const oi_place *where = &p->places[r->place];
    fputs("\"construct\":", out);
    oi_json_string(out, r->label);
    if (where->file) {
      fputs(",\"file\":", out);
      oi_json_string(out, where->file);
      fprintf(out, ",\"line\":%" PRIu32, where->line);
    }
  } else {
    fputs("\"op\":", out);
    oi_json_string(out, oi_data_op_name(s->op));
    fputs(",\"var\":", out);
    oi_json_string(out, p->variables[s->variable].name);
    fprintf(out, ",\"bytes\":%" PRIu64, s->bytes);
  }
  fputs("}}", out);
}

int oi_write_chrome(const oi_profile *p, const oi_report_options *o, FILE *out) {
  (void)o;
  unique_pids = pids_unique(p);
  fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", out);
  names(p, out);
  for (uint64_t i = 0; i < p->slice_count; i++)
    slice(p, &p->slices[i], out);
  fputs("\n]}\n", out);
  return 0;
}
