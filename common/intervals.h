/* The interval index: non-overlapping address segments [start, end), each
 * owned by a 32-bit owner (the analysis: the transfer that last wrote it),
 * kept in a treap ordered by start. Overwriting a range trims, splits or
 * removes older segments and reports per owner how many bytes were lost, so
 * a small update only charges the bytes it overwrites. */
#ifndef OMPT_INST_COMMON_INTERVALS_H
#define OMPT_INST_COMMON_INTERVALS_H

#include <stdint.h>

#define OI_INTERVAL_NONE UINT32_MAX

typedef struct oi_interval_node {
  uint64_t start, end;
  uint32_t owner;
  uint32_t priority;
  uint32_t left, right; /* OI_INTERVAL_NONE = no child; right = next free */
} oi_interval_node;

/* Nodes of all trees; a tree is the index of its root. */
typedef struct oi_interval_pool {
  oi_interval_node *nodes;
  uint32_t len;
  uint64_t cap;
  uint32_t free_head;
  uint32_t rng;
  uint32_t last_inserted; /* node of the last overwrite's owner, or NONE */
} oi_interval_pool;

/* Called once per affected segment: `lost_bytes` of `owner` were
 * overwritten (0 when cleared), and its segment count changed by
 * `segments_delta` (-1 gone, 0 trimmed, +1 split in two). */
typedef void (*oi_interval_visit)(void *user, uint32_t owner, uint64_t lost_bytes,
                                  int segments_delta);

void oi_interval_pool_init(oi_interval_pool *pool);
void oi_interval_pool_free(oi_interval_pool *pool);
/* Takes [start, end) away from the segments of *root, then, unless owner is
 * OI_INTERVAL_NONE, inserts it for owner. -1 on out of memory. */
int oi_intervals_overwrite(oi_interval_pool *pool, uint32_t *root, uint64_t start, uint64_t end,
                           uint32_t owner, oi_interval_visit visit, void *user);
/* Visits every segment overlapping [start, end) with the overlapping bytes
 * and segments_delta 0; the segments stay as they are. */
void oi_intervals_query(oi_interval_pool *pool, uint32_t *root, uint64_t start, uint64_t end,
                        oi_interval_visit visit, void *user);
/* Whether `node` (e.g. a pool's last_inserted, kept by the caller) is still
 * one whole segment [start, end) of `owner`: then, with owner_now !=
 * OI_INTERVAL_NONE, it becomes owner_now's in place, which is what
 * overwriting [start, end) would do, without reshaping the tree. A freed
 * node has no owner, so a stale index only fails the check. */
int oi_intervals_retake(oi_interval_pool *pool, uint32_t node, uint64_t start, uint64_t end,
                        uint32_t owner, uint32_t owner_now);
/* Gives every segment of the tree `root` to `owner` in place: the
 * segments stay as they are (adjacent ones of one owner are not merged). */
void oi_intervals_relabel(oi_interval_pool *pool, uint32_t root, uint32_t owner);
/* Removes every segment, visiting each with lost_bytes 0. */
void oi_intervals_clear(oi_interval_pool *pool, uint32_t *root, oi_interval_visit visit,
                        void *user);

#endif
