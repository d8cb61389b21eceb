/* Write versions: has anything written a holder's copy of a host range
 * since a given moment? Every transfer into a holder gets a running version
 * number. A range that no other range of the holder overlaps (the usual
 * case: whole arrays) is only ever written as a whole, so its last_write
 * answers in O(1). Ranges that do overlap (an element update inside a
 * mapped array) keep per-byte versions in the holder's version tree.
 *
 * Overlaps are found once per range, when it is first transferred: the
 * holder's coverage tree maps each byte to the range that claimed it last.
 * A range that takes bytes from another was found overlapping it, so every
 * pair of overlapping ranges ends up flagged. A range becoming overlapped
 * had its bytes written only by itself, so its version tree part is seeded
 * with its last_write.
 *
 * Most writes of an overlapped range find its part of the tree as its own
 * last write left it, one segment (an element update came between only
 * now and then): the range keeps that node, and such a write or query
 * reads and relabels it in O(1) instead of splitting and merging. */
#include "movement.h"

static uint32_t *holder_root(oi_movement *m, int32_t holder, bool coverage) {
  if (holder == OI_HOST_HOLDER)
    return coverage ? &m->host_coverage_root : &m->host_version_root;
  oi_device_state *dev = oi_movement_device(m, holder);
  if (!dev)
    return NULL;
  return coverage ? &dev->coverage_root : &dev->version_root;
}

static void collect_range(void *user, uint32_t range, uint64_t bytes, int segments_delta) {
  (void)bytes;
  (void)segments_delta;
  oi_movement *m = user;
  uint32_t *slot = oi_array_push(&m->overlapping);
  if (slot)
    *slot = range;
  else
    m->failed = true;
}

static void ignore(void *user, uint32_t owner, uint64_t bytes, int delta) {
  (void)user;
  (void)owner;
  (void)bytes;
  (void)delta;
}

static void track_newest(void *user, uint32_t version, uint64_t bytes, int segments_delta) {
  (void)bytes;
  (void)segments_delta;
  uint32_t *newest = user;
  if (version > *newest)
    *newest = version;
}

static void become_overlapped(oi_movement *m, uint32_t range) {
  oi_held_range *r = oi_movement_range_at(m, range);
  if (r->overlapped)
    return;
  r->overlapped = true;
  uint64_t start = r->host_addr, end = r->host_addr + r->bytes;
  uint32_t seed = r->last_write;
  r->version_node = OI_INTERVAL_NONE;
  uint32_t *root = holder_root(m, r->holder, false);
  if (!seed || !root)
    return;
  if (oi_intervals_overwrite(&m->version_segments, root, start, end, seed, ignore, NULL) != 0)
    m->failed = true;
  else
    r->version_node = m->version_segments.last_inserted;
}

/* The range's part of its holder's version tree is still the one segment
 * of its last write: relabelled to `write` unless that is
 * OI_INTERVAL_NONE. */
static bool whole_since_last_write(oi_movement *m, const oi_held_range *r, uint32_t write) {
  return r->last_write && oi_intervals_retake(&m->version_segments, r->version_node, r->host_addr,
                                              r->host_addr + r->bytes, r->last_write, write);
}

void oi_movement_versions_enter(oi_movement *m, uint32_t range) {
  oi_held_range *r = oi_movement_range_at(m, range);
  if (r->covered)
    return;
  r->covered = true;
  uint64_t start = r->host_addr, end = r->host_addr + r->bytes;
  uint32_t *root = holder_root(m, r->holder, true);
  if (!root)
    return;
  /* collect first: seeding allocates nodes of the same pool */
  m->overlapping.len = 0;
  oi_intervals_query(&m->segments, root, start, end, collect_range, m);
  if (oi_intervals_overwrite(&m->segments, root, start, end, range, ignore, NULL) != 0)
    m->failed = true;
  size_t found = m->overlapping.len;
  for (size_t i = 0; i < found; i++)
    become_overlapped(m, *OI_ARRAY_AT(m->overlapping, uint32_t, i));
  if (found)
    become_overlapped(m, range);
}

uint32_t oi_movement_versions_write(oi_movement *m, uint32_t range, uint32_t write) {
  oi_held_range *r = oi_movement_range_at(m, range);
  uint32_t newest = r->last_write;
  if (!r->overlapped || whole_since_last_write(m, r, write)) {
    r->last_write = write;
    return newest;
  }
  r->last_write = write;
  newest = 0;
  uint64_t start = r->host_addr, end = r->host_addr + r->bytes;
  uint32_t *root = holder_root(m, r->holder, false);
  if (root && oi_intervals_overwrite(&m->version_segments, root, start, end, write, track_newest,
                                     &newest) != 0)
    m->failed = true;
  else if (root)
    r->version_node = m->version_segments.last_inserted;
  return newest;
}

/* Every byte in the holder's version tree is a byte of an overlapped, and
 * so covered, range: relabelling the whole tree writes exactly the bytes
 * that a write into each covered range would, all with one version. */
void oi_movement_versions_write_all(oi_movement *m, int32_t holder, uint32_t write) {
  for (size_t i = 0; i < m->ranges.len; i++) {
    oi_held_range *r = oi_movement_range_at(m, (uint32_t)i);
    if (r->holder == holder && r->covered)
      r->last_write = write;
  }
  uint32_t *root = holder_root(m, holder, false);
  if (root)
    oi_intervals_relabel(&m->version_segments, *root, write);
}

uint32_t oi_movement_versions_newest(oi_movement *m, uint32_t range) {
  const oi_held_range *r = oi_movement_range_at(m, range);
  if (!r->overlapped || whole_since_last_write(m, r, OI_INTERVAL_NONE))
    return r->last_write;
  uint32_t newest = 0;
  uint64_t start = r->host_addr, end = r->host_addr + r->bytes;
  uint32_t *root = holder_root(m, r->holder, false);
  if (root)
    oi_intervals_query(&m->version_segments, root, start, end, track_newest, &newest);
  return newest;
}

uint32_t oi_movement_versions_transfer(oi_movement *m, uint32_t receiver, uint32_t sender,
                                       uint32_t *before, uint32_t *sender_version) {
  uint32_t write = oi_movement_next_version(m);
  oi_movement_versions_enter(m, receiver);
  oi_movement_versions_enter(m, sender);
  *before = oi_movement_versions_write(m, receiver, write);
  *sender_version = oi_movement_versions_newest(m, sender);
  return write;
}

uint32_t oi_movement_next_version(oi_movement *m) {
  if (m->transfers < OI_INTERVAL_NONE - 1)
    m->transfers++;
  return m->transfers;
}

void oi_movement_overlapping(oi_movement *m, int32_t holder, uint64_t start, uint64_t end) {
  m->overlapping.len = 0;
  uint32_t *root = holder_root(m, holder, true);
  if (root)
    oi_intervals_query(&m->segments, root, start, end, collect_range, m);
}
