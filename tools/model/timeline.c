/* Slices of the trace timeline and their lay-out: per track (thread or
 * device), slices that overlap without nesting (asynchronous operations,
 * several host threads using one device) move to extra lanes, so that every
 * lane nests properly as trace viewers require. */
#include <stdlib.h>

#include "profile_internal.h"

int oi_timeline_add(oi_profile *p, const oi_slice *slice, uint64_t *index) {
  if (oi_grow((void **)&p->slices, &p->slice_capacity, p->slice_count + 1, sizeof *p->slices) != 0)
    return -1;
  if (index)
    *index = p->slice_count;
  p->slices[p->slice_count++] = *slice;
  return 0;
}

static int compare_u64(uint64_t a, uint64_t b) { return (a > b) - (a < b); }

/* Rank (job reports), track, lane, then start; a longer slice first, so a parent precedes its
 * children that start at the same time. */
static int compare_slices(const void *left, const void *right) {
  const oi_slice *a = left, *b = right;
  int c;
  if ((c = compare_u64(a->rank, b->rank)) || (c = compare_u64(a->track_kind, b->track_kind)) ||
      (c = compare_u64(a->track, b->track)) || (c = compare_u64(a->lane, b->lane)) ||
      (c = compare_u64(a->start_ns, b->start_ns)) || (c = compare_u64(b->end_ns, a->end_ns)))
    return c;
  return compare_u64(a->row, b->row);
}

typedef struct lane_stack {
  uint64_t *ends;
  uint64_t depth, capacity;
} lane_stack;

/* Lanes of one track: the first lane where `s` nests in the open slices. */
static int place_in_lane(lane_stack **lanes, uint64_t *lane_count, uint64_t *lane_capacity,
                         oi_slice *s) {
  for (uint64_t l = 0;; l++) {
    if (l == *lane_count) {
      if (oi_grow((void **)lanes, lane_capacity, l + 1, sizeof **lanes) != 0)
        return -1;
      (*lanes)[l] = (lane_stack){0};
      (*lane_count)++;
    }
    lane_stack *lane = &(*lanes)[l];
    while (lane->depth > 0 && lane->ends[lane->depth - 1] <= s->start_ns)
      lane->depth--;
    if (lane->depth == 0 || lane->ends[lane->depth - 1] >= s->end_ns) {
      if (oi_grow((void **)&lane->ends, &lane->capacity, lane->depth + 1, sizeof *lane->ends) != 0)
        return -1;
      lane->ends[lane->depth++] = s->end_ns;
      s->lane = (uint32_t)l;
      return 0;
    }
  }
}

void oi_timeline_lay_out(oi_profile *p) {
  if (p->slice_count == 0)
    return;
  for (uint64_t i = 0; i < p->slice_count; i++)
    p->slices[i].lane = 0;
  qsort(p->slices, p->slice_count, sizeof *p->slices, compare_slices);
  lane_stack *lanes = NULL;
  uint64_t lane_count = 0, lane_capacity = 0;
  for (uint64_t i = 0; i < p->slice_count; i++) {
    oi_slice *s = &p->slices[i];
    if (i == 0 || s->rank != s[-1].rank || s->track_kind != s[-1].track_kind ||
        s->track != s[-1].track)
      for (uint64_t l = 0; l < lane_count; l++)
        lanes[l].depth = 0;
    if (place_in_lane(&lanes, &lane_count, &lane_capacity, s) != 0)
      s->lane = 0; /* out of memory: keep the slice on its first lane */
  }
  for (uint64_t l = 0; l < lane_count; l++)
    free(lanes[l].ends);
  free(lanes);
  qsort(p->slices, p->slice_count, sizeof *p->slices, compare_slices);
}
