/* Non-overlapping address segments [start, end), each owned by the transfer
 * that last wrote it, kept in a treap ordered by start. Overwriting a range
 * trims, splits or removes older segments and reports per owner how many
 * bytes were lost, so a small update only charges the bytes it overwrites. */
#ifndef OIA_ANALYSIS_SEGMENTS_H
#define OIA_ANALYSIS_SEGMENTS_H

#include <stdint.h>

#define OIA_SEGMENT_NONE UINT32_MAX

typedef struct oia_segment_node {
  uint64_t start, end;
  uint32_t owner;
  uint32_t priority;
  uint32_t left, right; /* OIA_SEGMENT_NONE = no child; right = next free */
} oia_segment_node;

/* Nodes of all trees; a tree is the index of its root. */
typedef struct oia_segment_pool {
  oia_segment_node *nodes;
  uint32_t len, cap;
  uint32_t free_head;
  uint32_t rng;
} oia_segment_pool;

/* Called once per affected segment: `lost_bytes` of `owner` were
 * overwritten (0 when cleared), and its segment count changed by
 * `segments_delta` (-1 gone, 0 trimmed, +1 split in two). */
typedef void (*oia_segment_visit)(void *user, uint32_t owner,
                                  uint64_t lost_bytes, int segments_delta);

void oia_segment_pool_init(oia_segment_pool *pool);
void oia_segment_pool_free(oia_segment_pool *pool);
/* Takes [start, end) away from the segments of *root, then, unless owner is
 * OIA_SEGMENT_NONE, inserts it for owner. -1 on out of memory. */
int oia_segments_overwrite(oia_segment_pool *pool, uint32_t *root,
                           uint64_t start, uint64_t end, uint32_t owner,
                           oia_segment_visit visit, void *user);
/* Visits every segment overlapping [start, end) with the overlapping bytes
 * and segments_delta 0; the segments stay as they are. */
void oia_segments_query(oia_segment_pool *pool, uint32_t *root, uint64_t start,
                        uint64_t end, oia_segment_visit visit, void *user);
/* Removes every segment, visiting each with lost_bytes 0. */
void oia_segments_clear(oia_segment_pool *pool, uint32_t *root,
                        oia_segment_visit visit, void *user);

#endif
