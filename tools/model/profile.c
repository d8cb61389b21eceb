/* The streaming pass that builds the report model: pairs begin/end events
 * per thread with a stack, attributes every event to a place and a
 * construct row, sums data movement per variable, keeps timeline slices on
 * request and hands device events to the analysis. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile_internal.h"
#include "common/site_descriptor.h"

#define PROGRESS_EVERY (1u << 18)
/* Tool thread numbers are dense from 0; a larger one means a corrupt event
 * (and per-thread tables must not grow without bound). */
#define MAX_THREADS (1u << 20)

static uint64_t relative(const oi_profile *p, uint64_t time_ns) {
  uint64_t start = p->trace->header.start_time_ns;
  return time_ns > start ? time_ns - start : 0;
}

const char *oi_trace_info(const oi_trace_reader *trace, const char *key) {
  for (uint32_t i = 0; i < trace->info_count; i++)
    if (strcmp(trace->infos[i].key, key) == 0)
      return trace->infos[i].value;
  return NULL;
}

static oi_thread_state *thread_state(oi_profile *p, uint32_t thread) {
  oi_profile_state *s = p->state;
  if (oi_grow_zeroed((void **)&s->threads, &s->thread_capacity, (uint64_t)thread + 1,
                     sizeof *s->threads) != 0)
    return NULL;
  oi_thread_state *t = &s->threads[thread];
  if (!t->seen) {
    t->seen = true;
    p->thread_count++;
  }
  return t;
}

static void note_device(oi_profile *p, int64_t device) {
  if (device < 0 || device > INT32_MAX)
    return;
  uint32_t i = 0;
  while (i < p->device_count && p->devices[i] < device)
    i++;
  if (i < p->device_count && p->devices[i] == device)
    return;
  if (p->device_count == sizeof p->devices / sizeof p->devices[0])
    return; /* more devices than any machine has: the rest go unlisted */
  memmove(&p->devices[i + 1], &p->devices[i], (p->device_count - i) * sizeof p->devices[0]);
  p->devices[i] = (int32_t)device;
  p->device_count++;
}

/* The id of the parallel region the event runs in, 0 if its kind names none. */
static uint64_t region_of(const oi_event *e) {
  uint64_t id;
  return oi_event_link(e, OI_LINK_REGION, &id) ? id : 0;
}

static int64_t kernel_device(const oi_event *e) {
  return e->device >= 0 ? e->device : OI_GET(e, KERNEL, device);
}

/* The innermost open region of the thread whose place is known. */
static uint32_t enclosing_place(const oi_thread_state *t) {
  for (uint32_t i = t->depth; i > 0; i--)
    if (t->stack[i - 1].place != OI_NO_INDEX)
      return t->stack[i - 1].place;
  return OI_NO_INDEX;
}

/* Site, else return address (its line; without one, the enclosing region's
 * line if that is known), else the team's parallel region or the target
 * region, else the enclosing region on the thread; OI_NO_INDEX if none yet. */
static uint32_t place_of_event(oi_profile *p, const oi_event *e, const oi_site *site,
                               const oi_thread_state *t) {
  oi_profile_state *s = p->state;
  uint32_t place = OI_NO_INDEX;
  if (site)
    place = oi_place_of_site(p, site);
  /* a count's time is its flush's: the thread's regions then are not its */
  bool counted = e->kind == OI_KIND_CONSTRUCT_COUNT;
  if (place == OI_NO_INDEX && e->codeptr) {
    place = e->origin == OI_ORIGIN_INTERPOSED ? oi_place_of_call(p, e->codeptr, e->construct)
                                              : oi_place_of_code(p, e->codeptr);
    /* an address without a line (in the OpenMP runtime, say, for regions
     * it runs on a host device) says less than the enclosing region's line */
    uint32_t enclosing = counted ? OI_NO_INDEX : enclosing_place(t);
    if (place != OI_NO_INDEX && !p->places[place].file && enclosing != OI_NO_INDEX &&
        p->places[enclosing].file)
      place = enclosing;
  }
  if (place == OI_NO_INDEX && region_of(e))
    place = oi_map_get_address(&s->parallel_places, region_of(e));
  if (place == OI_NO_INDEX && e->kind == OI_KIND_KERNEL && OI_GET(e, KERNEL, target_id))
    place = oi_map_get_address(&s->target_places, OI_GET(e, KERNEL, target_id));
  if (place == OI_NO_INDEX && !counted)
    place = enclosing_place(t);
  return place;
}

/* The construct a row is named by. The compiler's own events and the
 * outermost leaf of a combined construct ("parallel" of "parallel for") take
 * the site's spelling; inner leaves (its "for", its barrier) keep their own
 * name, so that the rows of one combined construct stay apart. */
static uint32_t label_of_event(oi_profile *p, const oi_event *e, const oi_site *site);

/* Events of one site (or of none), kind and construct always have the
 * same label. */
static uint32_t label_of(oi_profile *p, const oi_event *e, const oi_site *site) {
  oi_profile_state *s = p->state;
  if (e->kind == OI_KIND_MPI)
    return label_of_event(p, e, site);
  uint64_t key = (uint64_t)e->site << 16 | (uint64_t)e->kind << 8 | e->construct;
  uint32_t label = oi_map_get_address(&s->site_labels, key);
  if (label != OI_NO_INDEX)
    return label;
  label = label_of_event(p, e, site);
  if (label != OI_NO_INDEX)
    oi_map_set_address(&s->site_labels, key, label); /* out of memory: only slower */
  return label;
}

/* The runtime's name for what the programmer wrote otherwise (`master`
 * reported as masked, a `target data` region as its enter and exit:
 * OI_CONSTRUCTS' REPORTED_AS), for a directive of that construct alone. */
static bool written_for_runtime(const char *written, const oi_event *e) {
  unsigned construct = oi_leading_construct(written, strlen(written));
  return construct != e->construct && strcmp(written, oi_construct_name(construct)) == 0 &&
         oi_construct_reported_as(construct, e->construct);
}

/* The event, reported as `construct`, is the exit half of the construct
 * the program wrote (`label`), which the runtime reports as an enter and an
 * exit. */
static bool exit_half_of_written(const char *label, unsigned construct) {
  unsigned written = oi_leading_construct(label, strlen(label));
  return written != construct && oi_construct_data_motion(construct) == OI_DATA_EXIT &&
         oi_construct_reported_as(written, construct);
}

static uint32_t label_of_event(oi_profile *p, const oi_event *e, const oi_site *site) {
  const char *leaf = oi_construct_name(e->construct);
  const char *written = site && site->construct && site->construct[0] ? site->construct : NULL;
  size_t leaf_length = strlen(leaf);
  const char *label;
  /* a count of the runtime's at a compiler site (a construct in a kernel, at
   * its target's site) is not the site's construct */
  bool construct = e->kind == OI_KIND_CONSTRUCT ||
                   (e->kind == OI_KIND_CONSTRUCT_COUNT && e->origin == OI_ORIGIN_COMPILER);
  if (e->kind == OI_KIND_KERNEL)
    label = "kernel";
  else if (e->kind == OI_KIND_MPI)
    label = oi_mpi_call_name(OI_GET(e, MPI, call));
  else if (e->kind == OI_KIND_IMPLICIT_TASK)
    label = "implicit task";
  else if (written && (construct || !leaf[0] || written_for_runtime(written, e) ||
                       (strncmp(written, leaf, leaf_length) == 0 &&
                        (written[leaf_length] == ' ' || written[leaf_length] == '\0'))))
    label = written;
  else if (leaf[0])
    label = leaf;
  else
    label = oi_kind_name(e->kind);
  return oi_string_index_add(&p->labels, label);
}

static uint32_t row_of(oi_profile *p, uint32_t place, uint32_t label, unsigned kind, bool compiler);

uint32_t oi_row_intern(oi_profile *p, uint32_t place, const char *label, unsigned kind,
                       bool compiler) {
  uint32_t l = oi_string_index_add(&p->labels, label);
  return l == OI_NO_INDEX ? OI_NO_INDEX : row_of(p, place, l, kind, compiler);
}

static uint32_t new_row(oi_profile *p, uint32_t place, uint32_t label, unsigned kind,
                        bool compiler);

/* The row of (place, label, kind, origin): remembered by a number that holds
 * all four when they fit, else found by its text key. */
static uint32_t row_of(oi_profile *p, uint32_t place, uint32_t label, unsigned kind,
                       bool compiler) {
  oi_profile_state *s = p->state;
  bool fits = s && place < (1u << 24) && label < (1u << 23) && kind < 256;
  uint64_t key = (uint64_t)(place + 1) << 40 | (uint64_t)label << 9 | kind << 1 | compiler;
  uint32_t row = fits ? oi_map_get_address(&s->row_ids, key) : OI_NO_INDEX;
  if (row != OI_NO_INDEX)
    return row;
  row = new_row(p, place, label, kind, compiler);
  if (fits && row != OI_NO_INDEX)
    oi_map_set_address(&s->row_ids, key, row); /* out of memory: only slower */
  return row;
}

static uint32_t new_row(oi_profile *p, uint32_t place, uint32_t label, unsigned kind,
                        bool compiler) {
  char key[4200];
  snprintf(key, sizeof key, "%s\x1e%s\x1e%u\x1e%d", p->place_keys.strings[place],
           p->labels.strings[label], kind, compiler);
  int created;
  uint32_t i = oi_string_index_intern(&p->row_keys, key, (void **)&p->rows, &p->row_capacity,
                                      sizeof *p->rows, &created);
  if (created && i != OI_NO_INDEX)
    p->rows[i] = (oi_construct_row){.place = place,
                                    .label = p->labels.strings[label],
                                    .kind = (uint8_t)kind,
                                    .compiler = compiler,
                                    .imbalance = 1.0};
  return i;
}

int oi_row_reserve_threads(oi_construct_row *row, uint64_t threads) {
  /* both arrays grow alike from the same capacity, so they stay equal */
  uint64_t ns_capacity = row->thread_capacity, instances_capacity = row->thread_capacity;
  if (oi_grow_zeroed((void **)&row->thread_ns, &ns_capacity, threads, sizeof *row->thread_ns) ||
      oi_grow_zeroed((void **)&row->thread_instances, &instances_capacity, threads,
                     sizeof *row->thread_instances))
    return -1;
  row->thread_capacity = ns_capacity;
  return 0;
}

static int count_on_thread(oi_construct_row *row, uint32_t thread, uint64_t ns,
                           uint64_t instances) {
  if (oi_row_reserve_threads(row, (uint64_t)thread + 1) != 0)
    return -1;
  row->thread_ns[thread] += ns;
  row->thread_instances[thread] += instances;
  return 0;
}

/* An instance of `row` on `thread` that ran from start to end. */
static int add_instance(oi_profile *p, uint32_t row_index, uint32_t thread, uint64_t start_ns,
                        uint64_t end_ns, bool counted_at_begin, bool unpaired,
                        uint64_t *slice_index) {
  oi_construct_row *row = &p->rows[row_index];
  uint64_t ns = end_ns > start_ns ? end_ns - start_ns : 0;
  row->instances += !counted_at_begin;
  row->timed = true;
  row->unpaired += unpaired;
  row->total_ns += ns;
  if (ns > row->max_ns)
    row->max_ns = ns;
  if (count_on_thread(row, thread, ns, !counted_at_begin) != 0)
    return -1;
  oi_profile_state *s = p->state;
  if (!s->options.timeline)
    return 0;
  oi_slice slice = {.start_ns = start_ns,
                    .end_ns = end_ns,
                    .row = row_index,
                    .variable = OI_NO_INDEX,
                    .track = thread,
                    .track_kind = OI_TRACK_THREAD};
  return oi_timeline_add(p, &slice, slice_index);
}

static int push_region(oi_profile *p, oi_thread_state *t, const oi_event *e, const oi_site *site,
                       uint32_t thread) {
  if (oi_grow((void **)&t->stack, &t->capacity, (uint64_t)t->depth + 1, sizeof *t->stack) != 0)
    return -1;
  oi_profile_state *s = p->state;
  uint32_t place = place_of_event(p, e, site, t);
  uint32_t label = label_of(p, e, site);
  if (label == OI_NO_INDEX)
    return -1;
  bool compiler = e->origin == OI_ORIGIN_COMPILER;
  uint32_t row = OI_NO_INDEX;
  if (place != OI_NO_INDEX) {
    row = row_of(p, place, label, e->kind, compiler);
    if (row == OI_NO_INDEX)
      return -1;
    /* a construct the runtime reports as an enter and an exit (`target
     * data`): one instance, timed twice */
    bool second_half = exit_half_of_written(p->labels.strings[label], e->construct);
    p->rows[row].instances += !second_half;
    if (count_on_thread(&p->rows[row], thread, 0, !second_half) != 0)
      return -1;
    /* workers and kernels find their place through these ids */
    if (e->kind == OI_KIND_PARALLEL &&
        oi_map_set_address(&s->parallel_places, OI_GET(e, PARALLEL, parallel_id), place) != 0)
      return -1;
    if (e->kind == OI_KIND_TARGET &&
        oi_map_set_address(&s->target_places, OI_GET(e, TARGET, target_id), place) != 0)
      return -1;
  }
  t->stack[t->depth++] = (oi_open_region){.start_ns = relative(p, e->time_ns),
                                          .row = row,
                                          .place = place,
                                          .parallel_id = region_of(e),
                                          .kind = e->kind,
                                          .compiler = compiler,
                                          .label = label};
  return 0;
}

static int close_region(oi_profile *p, uint32_t thread, const oi_open_region *r, uint64_t end_ns,
                        int64_t device, bool unpaired) {
  oi_profile_state *s = p->state;
  if (r->row == OI_NO_INDEX) {
    /* place still unknown: settle when the whole trace is read */
    if (oi_grow((void **)&s->pending, &s->pending_capacity, s->pending_count + 1,
                sizeof *s->pending) != 0)
      return -1;
    oi_pending_instance pending = {.parallel_id = r->parallel_id,
                                   .start_ns = r->start_ns,
                                   .end_ns = end_ns,
                                   .thread = thread,
                                   .label = r->label,
                                   .kind = r->kind,
                                   .compiler = r->compiler,
                                   .unpaired = unpaired};
    s->pending[s->pending_count++] = pending;
    return 0;
  }
  uint64_t slice_index = UINT64_MAX;
  if (add_instance(p, r->row, thread, r->start_ns, end_ns, true, unpaired, &slice_index) != 0)
    return -1;
  if (slice_index != UINT64_MAX && r->kind == OI_KIND_KERNEL && device >= 0) {
    p->slices[slice_index].track_kind = OI_TRACK_DEVICE;
    p->slices[slice_index].track = (uint32_t)device;
  }
  return 0;
}

/* The initial thread's time inside OpenMP constructs: outermost regions
 * only, so nesting is not counted twice. */
static void note_initial_thread_region(oi_profile *p, uint32_t thread, uint32_t depth_below,
                                       const oi_open_region *r, uint64_t end_ns) {
  if (thread == 0 && depth_below == 0 && end_ns > r->start_ns)
    p->initial_thread_construct_ns += end_ns - r->start_ns;
}

/* An end event closes the innermost open region of the same kind. */
static int end_region(oi_profile *p, oi_thread_state *t, const oi_event *e, uint32_t thread) {
  for (uint32_t i = t->depth; i > 0; i--) {
    if (t->stack[i - 1].kind != e->kind)
      continue;
    oi_open_region r = t->stack[i - 1];
    memmove(&t->stack[i - 1], &t->stack[i], (t->depth - i) * sizeof *t->stack);
    t->depth--;
    t->last_closed = r;
    t->has_closed = true;
    int64_t device = e->kind == OI_KIND_KERNEL ? kernel_device(e) : -1;
    /* its kernels ran inside it: a run of many target regions keeps its
     * map as small as the regions open at once */
    if (e->kind == OI_KIND_TARGET) {
      oi_profile_state *s = p->state;
      oi_map_set_address(&s->target_places, OI_GET(e, TARGET, target_id), OI_MAP_NONE);
    }
    note_initial_thread_region(p, thread, i - 1, &r, relative(p, e->time_ns));
    return close_region(p, thread, &r, relative(p, e->time_ns), device, false);
  }
  return 0; /* an end without its begin (the trace began mid-region) */
}

/* `instances` untimed instances: a point event (1), or a count event of a
 * counted site (atomic), whose instances join the row of the same site's
 * construct events (traces of either kind give the same rows). */
static int point_event(oi_profile *p, oi_thread_state *t, const oi_event *e, const oi_site *site,
                       uint32_t thread, uint64_t instances) {
  uint32_t place = place_of_event(p, e, site, t);
  if (place == OI_NO_INDEX)
    place = oi_place_unknown(p);
  uint32_t label = label_of(p, e, site);
  if (place == OI_NO_INDEX || label == OI_NO_INDEX)
    return -1;
  unsigned kind = e->kind == OI_KIND_CONSTRUCT_COUNT ? OI_KIND_CONSTRUCT : e->kind;
  uint32_t row = row_of(p, place, label, kind, e->origin == OI_ORIGIN_COMPILER);
  if (row == OI_NO_INDEX)
    return -1;
  p->rows[row].instances += instances;
  return count_on_thread(&p->rows[row], thread, 0, instances);
}

/* A data operation's end (a begin/end pair is one operation: its end
 * carries it all), named and placed by the streaming pass. */
static int data_op(oi_profile *p, const oi_event *e, const oi_event_source *source,
                   uint32_t thread) {
  oi_profile_state *s = p->state;
  uint32_t v = oi_variable_moved(p, e, source->name);
  if (v == OI_NO_INDEX)
    return -1;
  unsigned op = e->op < OI_DATA_OP_COUNT ? e->op : OI_DATA_OP_OTHER;
  note_device(p, e->device);
  uint32_t place = source->place;
  if (place != OI_NO_INDEX) {
    p->places[place].data_ops++;
    if (op == OI_DATA_OP_TO_DEVICE || op == OI_DATA_OP_FROM_DEVICE)
      p->places[place].data_bytes += e->u.data.bytes;
    p->places[place].data_ns += e->u.data.duration_ns;
  }
  if (!s->options.timeline)
    return 0;
  uint64_t start = relative(p, e->time_ns);
  oi_slice slice = {.start_ns = start,
                    .end_ns = start + e->u.data.duration_ns,
                    .row = OI_NO_INDEX,
                    .variable = v,
                    .bytes = e->u.data.bytes,
                    .op = (uint8_t)op};
  if (e->device >= 0) {
    slice.track_kind = OI_TRACK_DEVICE;
    slice.track = (uint32_t)e->device;
  } else {
    slice.track_kind = OI_TRACK_THREAD;
    slice.track = thread;
  }
  return oi_timeline_add(p, &slice, NULL);
}

static bool is_profiled_point(unsigned kind) {
  switch (kind) {
  case OI_KIND_DISPATCH: /* chunks of a loop already profiled as `work` */
  case OI_KIND_MAP:      /* clause metadata, not movement */
  case OI_KIND_DEVICE_INIT:
  case OI_KIND_DEVICE_FINALIZE:
  case OI_KIND_DEVICE_LOAD:
  case OI_KIND_DEVICE_UNLOAD:
  case OI_KIND_THREAD:
  case OI_KIND_ERROR:
    return false;
  default:
    return kind < OI_KIND_COUNT;
  }
}

static int add_event(oi_profile *p, const oi_event *e) {
  if (e->thread >= MAX_THREADS) {
    fprintf(stderr, "ompt-inst: %s: event with thread number %" PRIu32 ": the trace is corrupt\n",
            p->trace->path, e->thread);
    return 1;
  }
  oi_thread_state *t = thread_state(p, e->thread);
  if (!t)
    return -1;
  uint64_t now = relative(p, e->time_ns);
  if (now > t->last_ns)
    t->last_ns = now;
  if (now > p->last_event_ns)
    p->last_event_ns = now;
  /* the event's site, name and place, resolved once for every file after */
  oi_event_source source = {.site = e->site ? oi_reader_site(p->trace, e->site) : NULL,
                            .name = OI_NAME_NONE,
                            .place = OI_NO_INDEX};
  bool op_end = e->kind == OI_KIND_DATA_OP && e->endpoint != OI_EP_BEGIN;
  if (op_end) {
    source.name = oi_profile_name_op(p, e, source.site, &source.adopted);
    if (source.name == OI_NAME_NONE)
      return -1;
    source.place = place_of_event(p, e, source.site, t);
  } else if (e->kind == OI_KIND_MAP) {
    if (oi_profile_name_map(p, e, source.site, &source.name) != 0)
      return -1;
    source.place = source.site ? oi_place_of_site(p, source.site) : OI_NO_INDEX;
  }
  if (oi_device_events_add(p, e, &source) != 0)
    return -1;
  switch (e->kind) {
  case OI_KIND_DATA_OP:
    p->data_ops_by_origin[e->origin < OI_ORIGIN_COUNT ? e->origin : OI_ORIGIN_NATIVE]++;
    return op_end ? data_op(p, e, &source, e->thread) : 0;
  case OI_KIND_MAP: /* a mapped variable has its row, moved or not */
    return source.name != OI_NAME_NONE && oi_variable_of_name(p, source.name) == OI_NO_INDEX ? -1
                                                                                             : 0;
  case OI_KIND_DEVICE_INIT:
  case OI_KIND_DEVICE_LOAD:
    note_device(p, e->kind == OI_KIND_DEVICE_INIT ? OI_GET(e, DEVICE_INIT, device)
                                                  : OI_GET(e, DEVICE_LOAD, device));
    return 0;
  case OI_KIND_KERNEL:
    note_device(p, kernel_device(e));
    break;
  default:
    break;
  }
  if (e->kind == OI_KIND_THREAD)
    return 0;
  if (e->kind == OI_KIND_CONSTRUCT_COUNT)
    return OI_GET(e, CONSTRUCT_COUNT, count)
               ? point_event(p, t, e, source.site, e->thread, OI_GET(e, CONSTRUCT_COUNT, count))
               : 0;
  if (e->endpoint == OI_EP_BEGIN)
    return push_region(p, t, e, source.site, e->thread);
  if (e->endpoint == OI_EP_END)
    return end_region(p, t, e, e->thread);
  return is_profiled_point(e->kind) ? point_event(p, t, e, source.site, e->thread, 1) : 0;
}

/* Regions still open at the end are timed to their thread's last event;
 * instances whose place was unknown get their team's place now. */
/* The innermost open region of a thread at the end of the trace, else the
 * last one it left. */
static int note_last_construct(oi_profile *p, uint32_t thread, const oi_open_region *r, bool open) {
  oi_profile_state *s = p->state;
  if (oi_grow((void **)&p->last_constructs, &s->last_construct_capacity,
              (uint64_t)p->last_construct_count + 1, sizeof *p->last_constructs) != 0)
    return -1;
  uint32_t place = r->place;
  if (place == OI_NO_INDEX && r->parallel_id)
    place = oi_map_get_address(&s->parallel_places, r->parallel_id);
  p->last_constructs[p->last_construct_count++] = (oi_last_construct){
      .thread = thread, .label = p->labels.strings[r->label], .place = place, .open = open};
  return 0;
}

static int settle(oi_profile *p) {
  oi_profile_state *s = p->state;
  for (uint32_t thread = 0; thread < s->thread_capacity; thread++) {
    oi_thread_state *t = &s->threads[thread];
    if ((t->depth > 0 || t->has_closed) &&
        note_last_construct(p, thread, t->depth ? &t->stack[t->depth - 1] : &t->last_closed,
                            t->depth > 0) != 0)
      return -1;
    while (t->depth > 0) {
      t->depth--;
      note_initial_thread_region(p, thread, t->depth, &t->stack[t->depth], t->last_ns);
      if (close_region(p, thread, &t->stack[t->depth], t->last_ns, -1, true) != 0)
        return -1;
    }
  }
  for (uint64_t i = 0; i < s->pending_count; i++) {
    const oi_pending_instance *pending = &s->pending[i];
    uint32_t place = oi_map_get_address(&s->parallel_places, pending->parallel_id);
    if (place == OI_NO_INDEX)
      place = oi_place_unknown(p);
    if (place == OI_NO_INDEX)
      return -1;
    uint32_t row = row_of(p, place, pending->label, pending->kind, pending->compiler);
    if (row == OI_NO_INDEX || add_instance(p, row, pending->thread, pending->start_ns,
                                           pending->end_ns, false, pending->unpaired, NULL) != 0)
      return -1;
  }
  return 0;
}

void oi_row_finish_threads(oi_construct_row *row) {
  uint64_t max = 0, sum = 0;
  row->threads = 0;
  for (uint32_t t = 0; t < row->thread_capacity; t++) {
    if (row->thread_instances[t] == 0)
      continue;
    row->threads++;
    sum += row->thread_ns[t];
    if (row->thread_ns[t] > max)
      max = row->thread_ns[t];
  }
  row->imbalance = sum > 0 ? (double)max * row->threads / (double)sum : 1.0;
}

static void finish_rows(oi_profile *p) {
  for (uint32_t i = 0; i < p->row_keys.count; i++)
    oi_row_finish_threads(&p->rows[i]);
}

static void show_progress(const oi_profile *p, uint64_t done, bool last) {
  uint64_t total = p->trace->events_in_file ? p->trace->events_in_file : 1;
  fprintf(stderr, "\rompt-inst report: %3" PRIu64 "%% of %" PRIu64 " events", done * 100 / total,
          p->trace->events_in_file);
  if (last)
    fputs("\r\033[K", stderr);
}

int oi_profile_build(oi_profile *p, oi_trace_reader *trace, const oi_profile_options *options) {
  memset(p, 0, sizeof *p);
  p->trace = trace;
  oi_profile_state *s = calloc(1, sizeof *s);
  if (!s) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return -1;
  }
  p->state = s;
  s->options = *options;
  p->symbolizer = oi_symbolizer_new(trace->modules, trace->module_count);
  p->program = oi_trace_info(trace, "program");
  p->argv = oi_trace_info(trace, "argv");
  p->runtime = oi_trace_info(trace, "runtime");
  p->offload_check = oi_trace_info(trace, "offload_check");
  const char *ompt = oi_trace_info(trace, "ompt");
  if (ompt && strcmp(ompt, "none") == 0)
    p->runtime = oi_trace_info(trace, "interposed") ? OI_PROFILE_INTERPOSED : OI_PROFILE_NO_OMPT;
  p->hash_mode = oi_trace_info(trace, "hash");
  p->check = oi_trace_info(trace, "check");
  p->unstarted_runtime = oi_trace_info(trace, "unstarted_runtime");
  if (p->unstarted_runtime && oi_unseen_directives_find(p->program, &p->unseen) != 0) {
    fprintf(stderr, "ompt-inst: out of memory while reading %s's sources\n", p->program);
    return -1;
  }

  const oi_event *event;
  int result;
  while ((result = oi_reader_next(trace, &event)) > 0) {
    int added = add_event(p, event);
    if (added != 0) {
      if (added < 0)
        fprintf(stderr, "ompt-inst: out of memory while reading %s\n", trace->path);
      return -1;
    }
    if (++p->events % PROGRESS_EVERY == 0 && options->progress)
      show_progress(p, p->events, false);
  }
  if (options->progress)
    show_progress(p, p->events, true);
  if (result < 0) {
    fprintf(stderr, "ompt-inst: %s%s\n", options->up_to_damage ? "warning: " : "", trace->error);
    if (!options->up_to_damage || trace->status != OI_READER_DAMAGED)
      return -1;
    p->damaged = true;
  }
  p->duration_ns = trace->complete ? relative(p, trace->end.end_time_ns) : p->last_event_ns;
  if (oi_device_events_finish(p) != 0 || settle(p) != 0 ||
      (options->analyse && options->analyse(p) != 0)) {
    fprintf(stderr, "ompt-inst: out of memory while analysing %s\n", trace->path);
    return -1;
  }
  finish_rows(p);
  if (options->timeline)
    oi_timeline_lay_out(p);
  return 0;
}
