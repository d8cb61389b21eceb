/* Matching for `ompt-inst diff`: rows of two runs are paired by key (what
 * an edit keeps: file, function, construct kind, variable as written) and,
 * among rows of one key, by their order in the function, so inserting
 * lines moves nothing out of its pair. The same pairing gathers a row's
 * time over the several runs of one side. */
#include <stdlib.h>
#include <string.h>

#include "diff.h"

typedef struct sort_entry {
  const oi_diff_item *item;
  uint32_t index;
} sort_entry;

static int compare_entries(const void *x, const void *y) {
  const sort_entry *a = x, *b = y;
  int c = strcmp(a->item->key, b->item->key);
  if (c)
    return c;
  if (a->item->order != b->item->order)
    return a->item->order < b->item->order ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

static sort_entry *sorted(const void *rows, uint32_t count, size_t stride) {
  sort_entry *e = malloc((count ? count : 1) * sizeof *e);
  if (!e)
    return NULL;
  for (uint32_t i = 0; i < count; i++)
    e[i] = (sort_entry){(const oi_diff_item *)((const char *)rows + i * stride), i};
  qsort(e, count, sizeof *e, compare_entries);
  return e;
}

uint32_t *oi_diff_pair(const void *a, uint32_t a_count, const void *b, uint32_t b_count,
                       size_t stride) {
  uint32_t *match = malloc((a_count ? a_count : 1) * sizeof *match);
  sort_entry *x = sorted(a, a_count, stride), *y = sorted(b, b_count, stride);
  if (!match || !x || !y) {
    free(match), free(x), free(y);
    return NULL;
  }
  for (uint32_t i = 0; i < a_count; i++)
    match[i] = OI_DIFF_NONE;
  /* walk both sorted lists; the n-th of a key in a meets the n-th in b */
  uint32_t i = 0, j = 0;
  while (i < a_count && j < b_count) {
    int c = strcmp(x[i].item->key, y[j].item->key);
    if (c < 0) {
      i++;
    } else if (c > 0) {
      j++;
    } else {
      match[x[i].index] = y[j].index;
      i++, j++;
      /* the rest of the shorter group stays unmatched */
      bool a_more = i < a_count && strcmp(x[i].item->key, x[i - 1].item->key) == 0;
      bool b_more = j < b_count && strcmp(y[j].item->key, y[j - 1].item->key) == 0;
      if (a_more && !b_more)
        while (i < a_count && strcmp(x[i].item->key, x[i - 1].item->key) == 0)
          i++;
      else if (b_more && !a_more)
        while (j < b_count && strcmp(y[j].item->key, y[j - 1].item->key) == 0)
          j++;
    }
  }
  free(x), free(y);
  return match;
}

static void time_add(oi_diff_time *t, uint64_t ns) {
  if (t->runs == 0 || ns < t->min)
    t->min = ns;
  if (t->runs == 0 || ns > t->max)
    t->max = ns;
  t->mean = (t->mean * t->runs + (double)ns) / (t->runs + 1);
  t->runs++;
}

/* The time of `row` of a side's first run in each of its runs. */
static void side_time(const oi_diff *d, int side, uint32_t row, uint32_t *const *matches,
                      oi_diff_time *t) {
  *t = (oi_diff_time){0};
  if (row == OI_DIFF_NONE)
    return;
  for (uint32_t r = 0; r < d->run_count[side]; r++) {
    uint32_t k = r == 0 ? row : matches[r][row];
    if (k != OI_DIFF_NONE)
      time_add(t, d->runs[side][r].rows[k].total_ns);
  }
}

/* For each run after the first of a side, its rows matched to the first's. */
static uint32_t **side_matches(const oi_diff *d, int side) {
  uint32_t **m = calloc(d->run_count[side], sizeof *m);
  if (!m)
    return NULL;
  const oi_diff_run *first = &d->runs[side][0];
  for (uint32_t r = 1; r < d->run_count[side]; r++) {
    const oi_diff_run *run = &d->runs[side][r];
    m[r] =
        oi_diff_pair(first->rows, first->row_count, run->rows, run->row_count, sizeof *run->rows);
    if (!m[r]) {
      while (r--)
        free(m[r]);
      free(m);
      return NULL;
    }
  }
  return m;
}

static void free_matches(uint32_t **m, uint32_t count) {
  for (uint32_t r = 0; m && r < count; r++)
    free(m[r]);
  free(m);
}

/* Pairs of BEFORE's rows with their match (or none), then AFTER's rows
 * that nothing matched, as elements of `size` bytes that start with the
 * two indices (the oi_diff_*_pair types); *count of them. `stride` and the
 * item arrays as oi_diff_pair. NULL when out of memory. */
static void *pair_sides(const void *a, uint32_t a_count, const void *b, uint32_t b_count,
                        size_t stride, size_t size, uint32_t *count) {
  uint32_t *match = oi_diff_pair(a, a_count, b, b_count, stride);
  bool *taken = calloc(b_count ? b_count : 1, sizeof *taken);
  char *pairs = calloc((size_t)a_count + b_count + 1, size);
  if (!match || !taken || !pairs) {
    free(match), free(taken), free(pairs);
    return NULL;
  }
  uint32_t n = 0;
  for (uint32_t i = 0; i < a_count; i++) {
    uint32_t two[2] = {i, match[i]};
    memcpy(pairs + n++ * size, two, sizeof two);
    if (match[i] != OI_DIFF_NONE)
      taken[match[i]] = true;
  }
  for (uint32_t j = 0; j < b_count; j++)
    if (!taken[j]) {
      uint32_t two[2] = {OI_DIFF_NONE, j};
      memcpy(pairs + n++ * size, two, sizeof two);
    }
  free(match), free(taken);
  *count = n;
  return pairs;
}

int oi_diff_match_rows(oi_diff *d) {
  const oi_diff_run *b = &d->runs[0][0], *a = &d->runs[1][0];
  uint32_t **m[2] = {side_matches(d, 0), side_matches(d, 1)};
  if (m[0] && m[1])
    d->row_pairs = pair_sides(b->rows, b->row_count, a->rows, a->row_count, sizeof *a->rows,
                              sizeof *d->row_pairs, &d->row_pair_count);
  for (uint32_t i = 0; d->row_pairs && i < d->row_pair_count; i++)
    for (int side = 0; side < 2; side++)
      side_time(d, side, d->row_pairs[i].row[side], m[side], &d->row_pairs[i].time[side]);
  free_matches(m[0], d->run_count[0]);
  free_matches(m[1], d->run_count[1]);
  return d->row_pairs ? 0 : -1;
}

int oi_diff_match_vars(oi_diff *d) {
  const oi_diff_run *b = &d->runs[0][0], *a = &d->runs[1][0];
  d->var_pairs = pair_sides(b->vars, b->var_count, a->vars, a->var_count, sizeof *a->vars,
                            sizeof *d->var_pairs, &d->var_pair_count);
  return d->var_pairs ? 0 : -1;
}

int oi_diff_match_findings(oi_diff *d) {
  const oi_diff_run *b = &d->runs[0][0], *a = &d->runs[1][0];
  d->finding_pairs =
      pair_sides(b->findings, b->finding_count, a->findings, a->finding_count, sizeof *a->findings,
                 sizeof *d->finding_pairs, &d->finding_pair_count);
  return d->finding_pairs ? 0 : -1;
}

void oi_diff_time_of_runs(const oi_diff *d, int side, oi_diff_time *t) {
  *t = (oi_diff_time){0};
  for (uint32_t r = 0; r < d->run_count[side]; r++)
    time_add(t, d->runs[side][r].measured_ns);
}
