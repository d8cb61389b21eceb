/* `--format otf2`: an OTF2 archive written with libotf2, read by Vampir,
 * Score-P tooling and otf2-print. Each construct row is a region with its
 * source file and lines, each data operation kind a region too; every
 * thread and every device (and each extra lane of overlapping slices) is a
 * location with properly nested enter/leave events. A job has one process
 * location group per rank (its devices are groups inside it), on one time
 * axis aligned by the ranks' wall-clock anchors. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <otf2/otf2.h>

#include "model/job.h"
#include "model/string_index.h"
#include "writers.h"

#define ANCHOR_NAME "traces"

static OTF2_FlushType pre_flush(void *user, OTF2_FileType type, OTF2_LocationRef location,
                                void *caller, bool final) {
  (void)user, (void)type, (void)location, (void)caller, (void) final;
  return OTF2_FLUSH;
}

static OTF2_TimeStamp post_flush(void *user, OTF2_FileType type, OTF2_LocationRef location) {
  (void)user, (void)type, (void)location;
  return 0;
}

static const OTF2_FlushCallbacks flush_callbacks = {pre_flush, post_flush};

/* libotf2 prints every error of a failing call chain on stderr (dozens of
 * lines for one folder it cannot create); the first names the cause, and
 * the report says it in one line. */
static char first_error[512];

static OTF2_ErrorCode keep_first_error(void *user, const char *file, uint64_t line,
                                       const char *function, OTF2_ErrorCode code,
                                       const char *format, va_list arguments) {
  (void)user, (void)file, (void)line, (void)function;
  if (!first_error[0]) {
    int n = snprintf(first_error, sizeof first_error, "%s", OTF2_Error_GetDescription(code));
    if (format && n >= 0 && (size_t)n + 2 < sizeof first_error) {
      snprintf(first_error + n, sizeof first_error - (size_t)n, ": ");
      vsnprintf(first_error + n + 2, sizeof first_error - (size_t)n - 2, format, arguments);
    }
  }
  return code;
}

typedef struct otf2_writer {
  const oi_profile *p;
  OTF2_Archive *archive;
  oi_string_index strings;   /* string id = index */
  uint64_t *location_events; /* events per location */
  uint64_t location_count;
  bool failed;
} otf2_writer;

static OTF2_StringRef string_id(otf2_writer *w, const char *text) {
  uint32_t id = oi_string_index_add(&w->strings, text ? text : "");
  if (id == UINT32_MAX)
    w->failed = true;
  return id == UINT32_MAX ? 0 : id;
}

static OTF2_RegionRole role_of(const oi_construct_row *r) {
  switch (r->kind) {
  case OI_KIND_PARALLEL:
    return OTF2_REGION_ROLE_PARALLEL;
  case OI_KIND_IMPLICIT_TASK:
  case OI_KIND_TASK:
    return OTF2_REGION_ROLE_TASK;
  case OI_KIND_WORK:
    return OTF2_REGION_ROLE_LOOP;
  case OI_KIND_SYNC:
    return OTF2_REGION_ROLE_BARRIER;
  case OI_KIND_MUTEX:
    return OTF2_REGION_ROLE_CRITICAL;
  case OI_KIND_MASKED:
    return OTF2_REGION_ROLE_MASTER;
  default:
    return OTF2_REGION_ROLE_CODE;
  }
}

static bool same_location(const oi_slice *a, const oi_slice *b) {
  return a->rank == b->rank && a->track_kind == b->track_kind && a->track == b->track &&
         a->lane == b->lane;
}

static OTF2_RegionRef region_of(const oi_profile *p, const oi_slice *s) {
  return s->row != UINT32_MAX ? s->row : p->row_keys.count + s->op;
}

/* Timestamps: the trace clock of one process; a job's wall clock (its ranks
 * were shifted onto it), so that ranks of several hosts line up. */
static uint64_t time_base(const oi_profile *p) {
  return p->trace ? p->trace->header.start_time_ns : p->job_start_wall_ns;
}

/* Location groups: per rank slot (one slot without a job), the process,
 * then one per device. */
static OTF2_LocationGroupRef process_group(const oi_profile *p, uint32_t slot) {
  return slot * (1 + p->device_count);
}

static void check(otf2_writer *w, OTF2_ErrorCode code) {
  if (code != OTF2_SUCCESS)
    w->failed = true;
}

/* Enter/leave events of one location's slices (sorted, properly nested). */
static void write_location(otf2_writer *w, OTF2_LocationRef location, uint64_t first,
                           uint64_t end) {
  const oi_profile *p = w->p;
  uint64_t base = time_base(p);
  OTF2_EvtWriter *events = OTF2_Archive_GetEvtWriter(w->archive, location);
  if (!events) {
    w->failed = true;
    return;
  }
  uint64_t *open = malloc((end - first + 1) * sizeof *open); /* slice indices */
  uint64_t depth = 0, count = 0;
  if (!open) {
    w->failed = true;
    return;
  }
  for (uint64_t i = first; i <= end; i++) {
    const oi_slice *s = i < end ? &p->slices[i] : NULL;
    while (depth > 0 && (!s || p->slices[open[depth - 1]].end_ns <= s->start_ns)) {
      const oi_slice *done = &p->slices[open[--depth]];
      check(w, OTF2_EvtWriter_Leave(events, NULL, base + done->end_ns, region_of(p, done)));
      count++;
    }
    if (!s)
      break;
    check(w, OTF2_EvtWriter_Enter(events, NULL, base + s->start_ns, region_of(p, s)));
    count++;
    open[depth++] = i;
  }
  free(open);
  w->location_events[location] = count;
  check(w, OTF2_Archive_CloseEvtWriter(w->archive, events));
}

static void write_events(otf2_writer *w) {
  const oi_profile *p = w->p;
  check(w, OTF2_Archive_OpenEvtFiles(w->archive));
  for (uint64_t i = 0; i < p->slice_count;) {
    uint64_t j = i;
    while (j < p->slice_count && same_location(&p->slices[i], &p->slices[j]))
      j++;
    write_location(w, w->location_count++, i, j);
    i = j;
  }
  check(w, OTF2_Archive_CloseEvtFiles(w->archive));
}

static void location_name(const oi_slice *s, char *buf, size_t size) {
  const char *what = s->track_kind == OI_TRACK_DEVICE ? "device" : "thread";
  if (s->lane == 0)
    snprintf(buf, size, "%s %" PRIu32, what, s->track);
  else
    snprintf(buf, size, "%s %" PRIu32 " lane %" PRIu32, what, s->track, s->lane);
}

/* Strings first (every later definition refers to them), then the system
 * tree, location groups, locations and regions. */
static void write_definitions(otf2_writer *w) {
  const oi_profile *p = w->p;
  char name[4400];
  OTF2_GlobalDefWriter *defs = OTF2_Archive_GetGlobalDefWriter(w->archive);
  if (!defs) {
    w->failed = true;
    return;
  }
  string_id(w, "");
  OTF2_StringRef machine = string_id(w, "machine"), node = string_id(w, "node");
  if (p->trace)
    snprintf(name, sizeof name, "%s (pid %" PRIu32 ")", p->program ? p->program : "program",
             p->trace->header.pid);
  else
    snprintf(name, sizeof name, "%s", p->program ? p->program : "program");
  OTF2_StringRef process = string_id(w, name);
  for (uint32_t i = 0; i < p->rank_count; i++)
    string_id(w, oi_job_rank_name(&p->ranks[i], name, sizeof name));
  for (uint32_t d = 0; d < p->device_count; d++) {
    snprintf(name, sizeof name, "device %" PRId32, p->devices[d]);
    string_id(w, name);
  }
  for (uint64_t i = 0; i < p->slice_count; i++) {
    if (i > 0 && same_location(&p->slices[i], &p->slices[i - 1]))
      continue;
    location_name(&p->slices[i], name, sizeof name);
    string_id(w, name);
  }
  for (uint32_t r = 0; r < p->row_keys.count; r++) {
    string_id(w, oi_profile_row_name(p, r, name, sizeof name));
    string_id(w, p->rows[r].label);
    string_id(w, p->places[p->rows[r].place].file);
  }
  for (unsigned op = 0; op < OI_DATA_OP_COUNT; op++)
    string_id(w, oi_data_op_name(op));
  for (uint32_t i = 0; i < w->strings.count; i++)
    check(w, OTF2_GlobalDefWriter_WriteString(defs, i, w->strings.strings[i]));

  uint64_t duration = p->duration_ns;
  check(w, OTF2_GlobalDefWriter_WriteClockProperties(defs, 1000000000, time_base(p), duration,
                                                     OTF2_UNDEFINED_TIMESTAMP));
  check(w, OTF2_GlobalDefWriter_WriteSystemTreeNode(defs, 0, machine, node,
                                                    OTF2_UNDEFINED_SYSTEM_TREE_NODE));
  for (uint32_t slot = 0; slot < (p->rank_count ? p->rank_count : 1); slot++) {
    if (p->rank_count > 0 && p->ranks[slot].problem)
      continue;
    OTF2_LocationGroupRef group = process_group(p, slot);
    check(w, OTF2_GlobalDefWriter_WriteLocationGroup(
                 defs, group,
                 p->rank_count ? string_id(w, oi_job_rank_name(&p->ranks[slot], name, sizeof name))
                               : process,
                 OTF2_LOCATION_GROUP_TYPE_PROCESS, 0, OTF2_UNDEFINED_LOCATION_GROUP));
    for (uint32_t d = 0; d < p->device_count; d++) {
      snprintf(name, sizeof name, "device %" PRId32, p->devices[d]);
      check(w, OTF2_GlobalDefWriter_WriteLocationGroup(defs, group + 1 + d, string_id(w, name),
                                                       OTF2_LOCATION_GROUP_TYPE_ACCELERATOR, 0,
                                                       group));
    }
  }
  uint64_t location = 0;
  for (uint64_t i = 0; i < p->slice_count; i++) {
    const oi_slice *s = &p->slices[i];
    if (i > 0 && same_location(s, &p->slices[i - 1]))
      continue;
    OTF2_LocationGroupRef group = process_group(p, s->rank);
    for (uint32_t d = 0; s->track_kind == OI_TRACK_DEVICE && d < p->device_count; d++)
      if ((uint32_t)p->devices[d] == s->track)
        group = process_group(p, s->rank) + 1 + d;
    location_name(s, name, sizeof name);
    check(w, OTF2_GlobalDefWriter_WriteLocation(defs, location, string_id(w, name),
                                                s->track_kind == OI_TRACK_DEVICE
                                                    ? OTF2_LOCATION_TYPE_ACCELERATOR_STREAM
                                                    : OTF2_LOCATION_TYPE_CPU_THREAD,
                                                w->location_events[location], group));
    location++;
  }
  for (uint32_t r = 0; r < p->row_keys.count; r++) {
    const oi_construct_row *row = &p->rows[r];
    const oi_place *where = &p->places[row->place];
    check(w, OTF2_GlobalDefWriter_WriteRegion(
                 defs, r, string_id(w, oi_profile_row_name(p, r, name, sizeof name)),
                 string_id(w, row->label), string_id(w, ""), role_of(row), OTF2_PARADIGM_OPENMP,
                 OTF2_REGION_FLAG_NONE, string_id(w, where->file), where->line,
                 where->end_line ? where->end_line : where->line));
  }
  for (unsigned op = 0; op < OI_DATA_OP_COUNT; op++)
    check(w, OTF2_GlobalDefWriter_WriteRegion(
                 defs, p->row_keys.count + op, string_id(w, oi_data_op_name(op)),
                 string_id(w, oi_data_op_name(op)), string_id(w, ""),
                 op == OI_DATA_OP_ALLOC    ? OTF2_REGION_ROLE_ALLOCATE
                 : op == OI_DATA_OP_DELETE ? OTF2_REGION_ROLE_DEALLOCATE
                                           : OTF2_REGION_ROLE_DATA_TRANSFER,
                 OTF2_PARADIGM_OPENMP, OTF2_REGION_FLAG_NONE, string_id(w, ""), 0, 0));
  check(w, OTF2_Archive_CloseGlobalDefWriter(w->archive, defs));
}

/* Local definition files: empty, but readers expect one per location. */
static void write_local_definitions(otf2_writer *w) {
  check(w, OTF2_Archive_OpenDefFiles(w->archive));
  for (uint64_t location = 0; location < w->location_count; location++) {
    OTF2_DefWriter *local = OTF2_Archive_GetDefWriter(w->archive, location);
    if (!local)
      w->failed = true;
    else
      check(w, OTF2_Archive_CloseDefWriter(w->archive, local));
  }
  check(w, OTF2_Archive_CloseDefFiles(w->archive));
}

int oi_write_otf2(const oi_profile *p, const oi_report_options *o, const char *path) {
  (void)o;
  otf2_writer w = {.p = p};
  first_error[0] = '\0';
  OTF2_Error_RegisterCallback(keep_first_error, NULL);
  w.location_events = calloc(p->slice_count + 1, sizeof *w.location_events);
  w.archive = OTF2_Archive_Open(path, ANCHOR_NAME, OTF2_FILEMODE_WRITE, 1024 * 1024,
                                4 * 1024 * 1024, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (!w.archive || !w.location_events) {
    if (!first_error[0])
      snprintf(first_error, sizeof first_error, "%s",
               w.archive ? "out of memory" : "libotf2 cannot create it");
    free(w.location_events);
    if (w.archive)
      OTF2_Archive_Close(w.archive);
    return -1;
  }
  check(&w, OTF2_Archive_SetFlushCallbacks(w.archive, &flush_callbacks, NULL));
  check(&w, OTF2_Archive_SetSerialCollectiveCallbacks(w.archive));
  write_events(&w);
  write_local_definitions(&w);
  write_definitions(&w);
  check(&w, OTF2_Archive_Close(w.archive));
  oi_string_index_free(&w.strings);
  free(w.location_events);
  if (w.failed && !first_error[0])
    snprintf(first_error, sizeof first_error, "libotf2 failed");
  return w.failed ? -1 : 0;
}

const char *oi_otf2_error(void) { return first_error; }
