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
 * with its last_write. */
#include "internal.h"

static uint32_t *holder_root(oi_analysis *ctx, int32_t holder, bool coverage) {
  if (holder == OIA_HOST_DEVICE)
    return coverage ? &ctx->host_coverage_root : &ctx->host_version_root;
  oia_device_state *dev = oia_device(ctx, holder);
  if (!dev)
    return NULL;
  return coverage ? &dev->coverage_root : &dev->version_root;
}

void oia_collect_range(void *user, uint32_t range, uint64_t bytes,
                       int segments_delta) {
  (void)bytes;
  (void)segments_delta;
  oi_analysis *ctx = user;
  uint32_t *slot = oi_array_push(&ctx->overlapping);
  if (slot)
    *slot = range;
  else
    ctx->failed = true;
}

static void ignore(void *user, uint32_t owner, uint64_t bytes, int delta) {
  (void)user;
  (void)owner;
  (void)bytes;
  (void)delta;
}

static void track_newest(void *user, uint32_t version, uint64_t bytes,
                         int segments_delta) {
  (void)bytes;
  (void)segments_delta;
  uint32_t *newest = user;
  if (version > *newest)
    *newest = version;
}

static void become_overlapped(oi_analysis *ctx, uint32_t range) {
  oia_range *r = oia_range_at(ctx, range);
  if (r->overlapped)
    return;
  r->overlapped = true;
  uint64_t start = r->host_addr, end = r->host_addr + r->bytes;
  uint32_t seed = r->last_write;
  uint32_t *root = holder_root(ctx, r->holder, false);
  if (seed && root &&
      oi_intervals_overwrite(&ctx->segments, root, start, end, seed, ignore,
                             NULL) != 0)
    ctx->failed = true;
}

void oia_versions_enter(oi_analysis *ctx, uint32_t range) {
  oia_range *r = oia_range_at(ctx, range);
  if (r->covered)
    return;
  r->covered = true;
  uint64_t start = r->host_addr, end = r->host_addr + r->bytes;
  uint32_t *root = holder_root(ctx, r->holder, true);
  if (!root)
    return;
  /* collect first: seeding allocates nodes of the same pool */
  ctx->overlapping.len = 0;
  oi_intervals_query(&ctx->segments, root, start, end, oia_collect_range, ctx);
  if (oi_intervals_overwrite(&ctx->segments, root, start, end, range, ignore,
                             NULL) != 0)
    ctx->failed = true;
  size_t found = ctx->overlapping.len;
  for (size_t i = 0; i < found; i++)
    become_overlapped(ctx, *OI_ARRAY_AT(ctx->overlapping, uint32_t, i));
  if (found)
    become_overlapped(ctx, range);
}

uint32_t oia_versions_write(oi_analysis *ctx, uint32_t range, uint32_t write) {
  oia_range *r = oia_range_at(ctx, range);
  uint32_t newest = r->last_write;
  r->last_write = write;
  if (!r->overlapped)
    return newest;
  newest = 0;
  uint64_t start = r->host_addr, end = r->host_addr + r->bytes;
  uint32_t *root = holder_root(ctx, r->holder, false);
  if (root && oi_intervals_overwrite(&ctx->segments, root, start, end, write,
                                     track_newest, &newest) != 0)
    ctx->failed = true;
  return newest;
}

uint32_t oia_versions_newest(oi_analysis *ctx, uint32_t range) {
  const oia_range *r = oia_range_at(ctx, range);
  if (!r->overlapped)
    return r->last_write;
  uint32_t newest = 0;
  uint64_t start = r->host_addr, end = r->host_addr + r->bytes;
  uint32_t *root = holder_root(ctx, r->holder, false);
  if (root)
    oi_intervals_query(&ctx->segments, root, start, end, track_newest, &newest);
  return newest;
}
