/* Merging the ranks of a job folder into one report model (job.h). */
#include "job.h"

#include <dirent.h>
#include <pthread.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "names.h"
#include "profile_internal.h"

#define MAX_WORKERS 8

static bool has_trace(const char *dir) {
  char path[4096];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", dir, OI_TRACE_FILE_NAME);
  return stat(path, &st) == 0;
}

/* The rank number of a "rank-<N>" entry, -1 for anything else. */
static long rank_of_entry(const char *name) {
  if (strncmp(name, "rank-", 5) != 0 || name[5] < '0' || name[5] > '9')
    return -1;
  char *end;
  errno = 0;
  long rank = strtol(name + 5, &end, 10);
  return *end || errno ? -1 : rank;
}

bool oi_job_is_job_folder(const char *dir) {
  if (has_trace(dir))
    return false;
  DIR *d = opendir(dir);
  if (!d)
    return false;
  bool found = false;
  struct dirent *entry;
  while (!found && (entry = readdir(d)))
    found = rank_of_entry(entry->d_name) >= 0;
  closedir(d);
  return found;
}

static int compare_ranks(const void *a, const void *b) {
  long x = ((const oi_rank_info *)a)->rank, y = ((const oi_rank_info *)b)->rank;
  return (x > y) - (x < y);
}

/* Every rank-<N> folder of the job, sorted by rank. */
static int list_ranks(oi_profile *job, const char *dir) {
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "ompt-inst: cannot read the job folder %s: %s\n", dir, strerror(errno));
    return -1;
  }
  uint64_t capacity = 0;
  struct dirent *entry;
  char path[4096];
  while ((entry = readdir(d))) {
    long rank = rank_of_entry(entry->d_name);
    if (rank < 0)
      continue;
    if (oi_grow((void **)&job->ranks, &capacity, job->rank_count + 1, sizeof *job->ranks) != 0) {
      closedir(d);
      return -1;
    }
    snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
    job->ranks[job->rank_count++] = (oi_rank_info){.rank = rank, .dir = oi_profile_text(job, path)};
  }
  closedir(d);
  qsort(job->ranks, job->rank_count, sizeof *job->ranks, compare_ranks);
  return 0;
}

static uint64_t info_number(const oi_trace_reader *trace, const char *key) {
  const char *text = oi_trace_info(trace, key);
  return text ? strtoull(text, NULL, 10) : 0;
}

/* The wall-clock time of the rank's trace start, 0 without an anchor. */
static uint64_t start_wall_ns(const oi_trace_reader *trace) {
  uint64_t wall = info_number(trace, "anchor_wall_ns");
  uint64_t anchor = info_number(trace, "anchor_trace_ns");
  if (!wall || !anchor)
    return 0;
  return wall - (anchor - trace->header.start_time_ns);
}

/* Findings are the same when kind, op, place and variable agree: then the
 * counts add up and the rank joins the list. */
typedef struct job_state {
  oi_string_index finding_keys;
  uint64_t finding_capacity, finding_ranks_capacity, finding_places_capacity, device_capacity;
} job_state;

/* The keyed tables of the model, in merge order: a table's keys may name
 * entries of the tables before it (a row its place). */
enum merged_table { TABLE_PLACES, TABLE_ROWS, TABLE_VARIABLES, TABLE_FINDINGS, TABLE_COUNT };

/* One rank being merged: per table, the job's index of each of the rank's
 * entries, so that later tables and the slices refer to the job's. */
typedef struct rank_merge {
  oi_profile *job;
  job_state *state;
  const oi_profile *rank;
  uint32_t slot;
  uint32_t *map[TABLE_COUNT];
} rank_merge;

/* How one keyed table merges. find_or_add: the job's entry with the key of
 * the rank's entry i, added (*created) if none; OI_NO_INDEX when out of
 * memory. add: rank entry i's figures into job entry j (a new one holds
 * what find_or_add copied). A new table is one row of `tables`. */
typedef struct table_merger {
  uint32_t (*count)(const oi_profile *rank);
  uint32_t (*find_or_add)(rank_merge *m, uint32_t i, bool *created);
  int (*add)(rank_merge *m, uint32_t i, uint32_t j, bool created);
} table_merger;

static uint32_t place_count(const oi_profile *rank) { return rank->place_keys.count; }

static uint32_t find_or_add_place(rank_merge *m, uint32_t i, bool *created) {
  oi_place model = m->rank->places[i];
  model.data_ops = model.data_bytes = model.data_ns = 0;
  uint32_t before = m->job->place_keys.count;
  uint32_t j = oi_place_intern(m->job, m->rank->place_keys.strings[i], &model);
  *created = j == before;
  return j;
}

static int add_place(rank_merge *m, uint32_t i, uint32_t j, bool created) {
  (void)created;
  const oi_place *from = &m->rank->places[i];
  oi_place *to = &m->job->places[j];
  to->data_ops += from->data_ops;
  to->data_bytes += from->data_bytes;
  to->data_ns += from->data_ns;
  return 0;
}

static uint32_t row_count(const oi_profile *rank) { return rank->row_keys.count; }

static uint32_t find_or_add_row(rank_merge *m, uint32_t i, bool *created) {
  const oi_construct_row *from = &m->rank->rows[i];
  uint32_t before = m->job->row_keys.count;
  uint32_t j = oi_row_intern(m->job, m->map[TABLE_PLACES][from->place], from->label, from->kind,
                             from->compiler);
  *created = j == before;
  return j;
}

static int grow_per_rank(oi_construct_row *row, uint32_t ranks) {
  if (row->rank_ns)
    return 0;
  row->rank_ns = calloc(ranks, sizeof *row->rank_ns);
  row->rank_instances = calloc(ranks, sizeof *row->rank_instances);
  return row->rank_ns && row->rank_instances ? 0 : -1;
}

static int add_thread_figures(oi_construct_row *to, const oi_construct_row *from) {
  if (oi_row_reserve_threads(to, from->thread_capacity) != 0)
    return -1;
  for (uint32_t t = 0; t < from->thread_capacity; t++) {
    to->thread_ns[t] += from->thread_ns[t];
    to->thread_instances[t] += from->thread_instances[t];
  }
  return 0;
}

static int add_row(rank_merge *m, uint32_t i, uint32_t j, bool created) {
  (void)created;
  const oi_construct_row *from = &m->rank->rows[i];
  oi_construct_row *to = &m->job->rows[j];
  if (grow_per_rank(to, m->job->rank_count) != 0 || add_thread_figures(to, from) != 0)
    return -1;
  to->instances += from->instances;
  to->timed |= from->timed;
  to->unpaired += from->unpaired;
  to->total_ns += from->total_ns;
  if (from->max_ns > to->max_ns)
    to->max_ns = from->max_ns;
  to->rank_ns[m->slot] += from->total_ns;
  to->rank_instances[m->slot] += from->instances;
  return 0;
}

static uint32_t variable_count(const oi_profile *rank) { return rank->variable_names.count; }

static uint32_t find_or_add_variable(rank_merge *m, uint32_t i, bool *created) {
  uint32_t before = m->job->variable_names.count;
  uint32_t j = oi_variable_intern(m->job, m->rank->variables[i].name);
  *created = j == before;
  return j;
}

static int add_variable(rank_merge *m, uint32_t i, uint32_t j, bool created) {
  (void)created;
  const oi_variable_row *from = &m->rank->variables[i];
  oi_variable_row *to = &m->job->variables[j];
  for (unsigned op = 0; op < OI_DATA_OP_COUNT; op++) {
    to->ops[op] += from->ops[op];
    to->bytes[op] += from->bytes[op];
    to->time_ns[op] += from->time_ns[op];
  }
  return 0;
}

static uint32_t finding_count(const oi_profile *rank) { return (uint32_t)rank->finding_count; }

/* The place in the job's tables: its file, and its variable's name by id
 * in the job's names (`name`: the rank's name for it). */
static int copy_place(oi_profile *job, oi_finding_place *place, const oi_variable_name *name) {
  place->file = oi_profile_text(job, place->file);
  place->name = name ? oi_names_add(&job->names, name) : OI_NAME_NONE;
  return name && place->name == OI_NAME_NONE ? -1 : 0;
}

static uint32_t find_or_add_finding(rank_merge *m, uint32_t k, bool *created) {
  oi_profile *job = m->job;
  job_state *s = m->state;
  const oi_finding *f = &m->rank->findings[k];
  uint32_t place = m->map[TABLE_PLACES][m->rank->finding_places[k]];
  /* the rank's names (names.h), matched by key: addresses differ by process */
  oi_finding_vars vars = oi_profile_finding_vars(m->rank, f);
  char *key = oi_finding_key(f, vars.var, job->place_keys.strings[place]);
  if (!key)
    return OI_NO_INDEX;
  uint32_t before = s->finding_keys.count;
  uint32_t i = oi_string_index_add(&s->finding_keys, key);
  free(key);
  *created = i == before;
  if (i == OI_NO_INDEX || !*created)
    return i;
  if (oi_grow((void **)&job->job_findings, &s->finding_capacity, i + 1,
              sizeof *job->job_findings) != 0 ||
      oi_grow((void **)&job->finding_ranks, &s->finding_ranks_capacity, i + 1,
              sizeof *job->finding_ranks) != 0 ||
      oi_grow((void **)&job->finding_places, &s->finding_places_capacity, i + 1,
              sizeof *job->finding_places) != 0)
    return OI_NO_INDEX;
  oi_finding *to = &job->job_findings[i];
  *to = *f;
  oi_variable_name at = {.text = vars.var, .source = vars.var_source, .whole = vars.var_whole};
  const oi_name_entry *other = oi_names_at(&m->rank->names, f->other.name);
  oi_variable_name other_name = {.text = other ? other->text : NULL,
                                 .source = other ? other->source : OI_NAME_ADDRESS,
                                 .whole = other && other->whole};
  if (copy_place(job, &to->at, &at) != 0 ||
      copy_place(job, &to->other, other ? &other_name : NULL) != 0)
    return OI_NO_INDEX;
  job->finding_places[i] = place;
  job->finding_ranks[i] = (struct oi_finding_ranks){0};
  job->finding_count = i + 1;
  return i;
}

static int add_finding(rank_merge *m, uint32_t k, uint32_t i, bool created) {
  const oi_finding *f = &m->rank->findings[k];
  oi_finding *to = &m->job->job_findings[i];
  if (!created) {
    to->count += f->count;
    to->partial += f->partial;
    to->total += f->total;
    to->bytes += f->bytes;
    to->time_ns += f->time_ns;
    to->sampled += f->sampled;
    to->may_change += f->may_change;
    if (f->changed_line && !to->changed_line) {
      to->changed_line = f->changed_line;
      to->changed_unseen = f->changed_unseen;
    }
    if (f->first_line && (!to->first_line || f->first_line < to->first_line))
      to->first_line = f->first_line;
    if (f->last_line > to->last_line)
      to->last_line = f->last_line;
  }
  struct oi_finding_ranks *r = &m->job->finding_ranks[i];
  if (r->count > 0 && r->slots[r->count - 1] == m->slot)
    return 0; /* two findings of one rank under one key: the rank once */
  if (oi_grow((void **)&r->slots, &r->capacity, (uint64_t)r->count + 1, sizeof *r->slots) != 0)
    return -1;
  r->slots[r->count++] = m->slot;
  return 0;
}

static const table_merger tables[TABLE_COUNT] = {
    [TABLE_PLACES] = {place_count, find_or_add_place, add_place},
    [TABLE_ROWS] = {row_count, find_or_add_row, add_row},
    [TABLE_VARIABLES] = {variable_count, find_or_add_variable, add_variable},
    [TABLE_FINDINGS] = {finding_count, find_or_add_finding, add_finding},
};

/* Every keyed table, the same way: each rank entry found or added by key,
 * its figures added, its job index noted. */
static int merge_tables(rank_merge *m) {
  for (unsigned t = 0; t < TABLE_COUNT; t++) {
    uint32_t n = tables[t].count(m->rank);
    m->map[t] = malloc(((size_t)n + 1) * sizeof *m->map[t]);
    if (!m->map[t])
      return -1;
    for (uint32_t i = 0; i < n; i++) {
      bool created;
      uint32_t j = tables[t].find_or_add(m, i, &created);
      if (j == OI_NO_INDEX || tables[t].add(m, i, j, created) != 0)
        return -1;
      m->map[t][i] = j;
    }
  }
  return 0;
}

/* Potential: what adds up is summed; the measured span is the longest
 * rank's, the predicted one the longest after each rank's savings. */
static int merge_totals(rank_merge *m) {
  oi_profile *job = m->job;
  const oi_analysis_totals *from = m->rank->totals;
  oi_analysis_totals *to = job->job_totals;
  if (!from)
    return 0;
  to->data_ops += from->data_ops;
  to->transfer_bytes += from->transfer_bytes;
  to->transfer_ns += from->transfer_ns;
  to->saved_ns += from->saved_ns;
  to->saved_bytes += from->saved_bytes;
  to->upper_bound |= from->upper_bound;
  if (from->measured_ns > to->measured_ns)
    to->measured_ns = from->measured_ns;
  if (from->predicted_ns > to->predicted_ns)
    to->predicted_ns = from->predicted_ns;
  for (size_t i = 0; i < from->ndevices; i++) {
    const oi_device_summary *d = &from->devices[i];
    size_t j = 0;
    while (j < to->ndevices && job->job_devices[j].device != d->device)
      j++;
    if (j == to->ndevices) {
      if (oi_grow((void **)&job->job_devices, &m->state->device_capacity, j + 1,
                  sizeof *job->job_devices) != 0)
        return -1;
      job->job_devices[j] = (oi_device_summary){.device = d->device};
      to->ndevices++;
      to->devices = job->job_devices;
    }
    if (d->peak_bytes > job->job_devices[j].peak_bytes)
      job->job_devices[j].peak_bytes = d->peak_bytes;
    job->job_devices[j].allocs += d->allocs;
    job->job_devices[j].kernels += d->kernels;
  }
  return 0;
}

static int merge_slices(rank_merge *m) {
  oi_profile *job = m->job;
  const oi_profile *rank = m->rank;
  if (oi_grow((void **)&job->slices, &job->slice_capacity, job->slice_count + rank->slice_count,
              sizeof *job->slices) != 0)
    return -1;
  for (uint64_t i = 0; i < rank->slice_count; i++) {
    oi_slice s = rank->slices[i];
    s.rank = m->slot;
    if (s.row != UINT32_MAX)
      s.row = m->map[TABLE_ROWS][s.row];
    else
      s.variable = m->map[TABLE_VARIABLES][s.variable];
    job->slices[job->slice_count++] = s;
  }
  return 0;
}

static int merge_header(rank_merge *m) {
  oi_profile *job = m->job;
  const oi_profile *rank = m->rank;
  if (!job->program) {
    job->program = oi_profile_text(job, rank->program);
    job->argv = oi_profile_text(job, rank->argv);
    job->runtime = oi_profile_text(job, rank->runtime);
    job->hash_mode = oi_profile_text(job, rank->hash_mode);
  }
  job->events += rank->events;
  job->initial_thread_construct_ns += rank->initial_thread_construct_ns;
  if (rank->thread_count > job->thread_count)
    job->thread_count = rank->thread_count;
  for (uint32_t d = 0; d < rank->device_count; d++) {
    uint32_t i = 0;
    while (i < job->device_count && job->devices[i] < rank->devices[d])
      i++;
    if ((i < job->device_count && job->devices[i] == rank->devices[d]) ||
        job->device_count == sizeof job->devices / sizeof *job->devices)
      continue;
    memmove(&job->devices[i + 1], &job->devices[i], (job->device_count - i) * sizeof *job->devices);
    job->devices[i] = rank->devices[d];
    job->device_count++;
  }
  for (unsigned o = 0; o < OI_ORIGIN_COUNT; o++)
    job->data_ops_by_origin[o] += rank->data_ops_by_origin[o];
  return 0;
}

/* A rank's model into the job's: the figures of the model as a whole, its
 * keyed tables, then what refers to their entries. */
static int merge_rank(oi_profile *job, job_state *s, const oi_profile *rank, uint32_t slot) {
  static int (*const steps[])(rank_merge *) = {merge_header, merge_tables, merge_totals,
                                               merge_slices};
  rank_merge m = {.job = job, .state = s, .rank = rank, .slot = slot};
  int failed = 0;
  for (size_t i = 0; !failed && i < sizeof steps / sizeof *steps; i++)
    failed = steps[i](&m) != 0;
  for (unsigned t = 0; t < TABLE_COUNT; t++)
    free(m.map[t]);
  return failed ? -1 : 0;
}

/* One rank read into its own model, on a worker thread: nothing of the
 * job is touched until the merge, which happens in rank order. */
typedef struct rank_read {
  const char *dir;
  oi_profile_options options;
  oi_trace_reader *trace;
  oi_profile profile;
  bool opened, built;
  const char *problem; /* static text, or NULL (then the reader's error) */
} rank_read;

static void *read_rank(void *argument) {
  rank_read *r = argument;
  r->options.progress = false;
  r->trace = malloc(sizeof *r->trace);
  if (!r->trace)
    return NULL;
  enum oi_reader_status status = oi_reader_open(r->trace, r->dir);
  r->opened = status == OI_READER_OK;
  if (!r->opened)
    r->problem = status == OI_READER_UNREADABLE ? "no trace" : NULL;
  else if (oi_profile_build(&r->profile, r->trace, &r->options) == 0)
    r->built = true;
  else
    r->problem = "unreadable events";
  return NULL;
}

/* Folds a read rank into the job and frees it: 1 merged, 0 left out (named
 * in ranks[slot].problem), -1 out of memory. */
static int merge_read(oi_profile *job, job_state *s, uint32_t slot, rank_read *r) {
  oi_rank_info *info = &job->ranks[slot];
  int result = 0;
  if (!r->trace)
    return -1;
  if (!r->built) {
    info->problem = oi_profile_text(job, r->problem ? r->problem : r->trace->error);
  } else {
    oi_trace_reader *trace = r->trace;
    info->pid = trace->header.pid;
    info->host = oi_profile_text(job, oi_trace_info(trace, "host"));
    info->complete = trace->complete;
    info->lost_events = trace->complete ? trace->end.lost_events : 0;
    info->start_wall_ns = start_wall_ns(trace);
    info->duration_ns = r->profile.duration_ns;
    info->events = r->profile.events;
    result = merge_rank(job, s, &r->profile, slot) == 0 ? 1 : -1;
  }
  if (r->opened)
    oi_profile_free(&r->profile);
  oi_reader_close(r->trace);
  free(r->trace);
  return result;
}

/* Ranks are read by up to one worker per core, a batch at a time, and
 * merged in rank order: at most one batch of rank models is held. */
static unsigned worker_count(uint32_t ranks) {
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  unsigned workers = cores < 1 ? 1 : cores > MAX_WORKERS ? MAX_WORKERS : (unsigned)cores;
  return ranks < workers ? (ranks ? ranks : 1) : workers;
}

static int read_ranks(oi_profile *job, job_state *s, const oi_profile_options *options) {
  unsigned workers = worker_count(job->rank_count);
  rank_read batch[MAX_WORKERS];
  pthread_t threads[MAX_WORKERS];
  int result = 0;
  for (uint32_t first = 0; result == 0 && first < job->rank_count; first += workers) {
    unsigned count = job->rank_count - first < workers ? job->rank_count - first : workers;
    if (options->progress)
      fprintf(stderr, "\rompt-inst report: rank %" PRIu32 " of %" PRIu32, first + count,
              job->rank_count);
    bool threaded[MAX_WORKERS] = {false};
    for (unsigned k = 0; k < count; k++) {
      batch[k] = (rank_read){.dir = job->ranks[first + k].dir, .options = *options};
      /* the last of a batch, or any a thread cannot be had for, is read here */
      threaded[k] = k + 1 < count && pthread_create(&threads[k], NULL, read_rank, &batch[k]) == 0;
    }
    for (unsigned k = 0; k < count; k++)
      if (!threaded[k])
        read_rank(&batch[k]);
    for (unsigned k = 0; k < count; k++)
      if (threaded[k])
        pthread_join(threads[k], NULL);
    for (unsigned k = 0; k < count; k++) {
      int merged = merge_read(job, s, first + k, &batch[k]);
      if (merged < 0)
        result = -1;
      job->merged_ranks += merged > 0;
    }
  }
  if (options->progress)
    fputs("\r\033[K", stderr);
  return result;
}

/* The job's time zero is the earliest trace start on the wall clock; each
 * rank's slices move by how much later its own trace started. */
static void align_ranks(oi_profile *job) {
  for (uint32_t i = 0; i < job->rank_count; i++) {
    uint64_t wall = job->ranks[i].start_wall_ns;
    if (!job->ranks[i].problem && wall &&
        (!job->job_start_wall_ns || wall < job->job_start_wall_ns))
      job->job_start_wall_ns = wall;
  }
  for (uint32_t i = 0; i < job->rank_count; i++) {
    oi_rank_info *r = &job->ranks[i];
    if (r->problem)
      continue;
    r->shift_ns = r->start_wall_ns ? r->start_wall_ns - job->job_start_wall_ns : 0;
    if (r->shift_ns + r->duration_ns > job->duration_ns)
      job->duration_ns = r->shift_ns + r->duration_ns;
  }
  job->last_event_ns = job->duration_ns;
  for (uint64_t i = 0; i < job->slice_count; i++) {
    job->slices[i].start_ns += job->ranks[job->slices[i].rank].shift_ns;
    job->slices[i].end_ns += job->ranks[job->slices[i].rank].shift_ns;
  }
}

static const oi_profile *sorting; /* qsort has no context argument in C11 */

static int compare_findings(const void *left, const void *right) {
  int c = oi_finding_compare(&sorting->job_findings[*(const uint32_t *)left],
                             &sorting->job_findings[*(const uint32_t *)right]);
  if (c)
    return c;
  return (*(const uint32_t *)left > *(const uint32_t *)right) -
         (*(const uint32_t *)left < *(const uint32_t *)right);
}

/* Summed over ranks, the findings are ordered as in one trace
 * (oi_finding_compare), ties in the order the ranks gave them. */
static int sort_findings(oi_profile *job) {
  size_t n = job->finding_count;
  if (n < 2)
    return 0;
  uint32_t *order = malloc(n * sizeof *order);
  oi_finding *findings = malloc(n * sizeof *findings);
  uint32_t *places = malloc(n * sizeof *places);
  struct oi_finding_ranks *ranks = malloc(n * sizeof *ranks);
  int result = order && findings && places && ranks ? 0 : -1;
  if (result == 0) {
    for (size_t i = 0; i < n; i++)
      order[i] = (uint32_t)i;
    sorting = job;
    qsort(order, n, sizeof *order, compare_findings);
    for (size_t i = 0; i < n; i++) {
      findings[i] = job->job_findings[order[i]];
      places[i] = job->finding_places[order[i]];
      ranks[i] = job->finding_ranks[order[i]];
    }
    memcpy(job->job_findings, findings, n * sizeof *findings);
    memcpy(job->finding_places, places, n * sizeof *places);
    memcpy(job->finding_ranks, ranks, n * sizeof *ranks);
  }
  free(order);
  free(findings);
  free(places);
  free(ranks);
  return result;
}

static void finish_rows(oi_profile *job) {
  for (uint32_t i = 0; i < job->row_keys.count; i++) {
    oi_construct_row *row = &job->rows[i];
    oi_row_finish_threads(row);
    uint64_t rank_max = 0, rank_sum = 0;
    for (uint32_t r = 0; r < job->rank_count; r++) {
      if (job->ranks[r].problem)
        continue;
      rank_sum += row->rank_ns[r];
      if (row->rank_ns[r] > rank_max)
        rank_max = row->rank_ns[r];
    }
    row->rank_imbalance =
        rank_sum > 0 ? (double)rank_max * job->merged_ranks / (double)rank_sum : 1.0;
  }
}

int oi_job_build(oi_profile *job, const char *dir, const oi_profile_options *options) {
  memset(job, 0, sizeof *job);
  job_state s = {0};
  job->job_dir = dir;
  job->job_totals = calloc(1, sizeof *job->job_totals);
  int result = job->job_totals && list_ranks(job, dir) == 0 ? 0 : -1;
  if (result == 0)
    result = read_ranks(job, &s, options);
  oi_string_index_free(&s.finding_keys);
  if (result != 0) {
    fprintf(stderr, "ompt-inst: out of memory while merging the ranks of %s\n", dir);
    return -1;
  }
  for (uint32_t i = 0; i < job->rank_count; i++) {
    char name[64];
    if (job->ranks[i].problem)
      fprintf(stderr, "ompt-inst: warning: %s left out: %s\n",
              oi_job_rank_name(&job->ranks[i], name, sizeof name), job->ranks[i].problem);
    else if (!job->ranks[i].complete)
      fprintf(stderr,
              "ompt-inst: warning: %s: no end record, the trace is incomplete; "
              "merging its %" PRIu64 " events\n",
              oi_job_rank_name(&job->ranks[i], name, sizeof name), job->ranks[i].events);
  }
  if (job->merged_ranks == 0) {
    fprintf(stderr, "ompt-inst: no rank of the job in %s could be read\n", dir);
    return -1;
  }
  oi_analysis_totals *t = job->job_totals;
  t->speedup = t->predicted_ns ? (double)t->measured_ns / (double)t->predicted_ns
               : t->saved_ns   ? 0.0
                               : 1.0;
  job->totals = t;
  job->findings = job->job_findings;
  align_ranks(job);
  if (sort_findings(job) != 0) {
    fprintf(stderr, "ompt-inst: out of memory while merging the ranks of %s\n", dir);
    return -1;
  }
  finish_rows(job);
  if (options->timeline)
    oi_timeline_lay_out(job);
  return 0;
}

const char *oi_job_rank_name(const oi_rank_info *rank, char *buf, size_t size) {
  if (rank->host)
    snprintf(buf, size, "rank %ld (%s)", rank->rank, rank->host);
  else
    snprintf(buf, size, "rank %ld", rank->rank);
  return buf;
}
