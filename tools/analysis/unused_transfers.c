/* Unused transfers: bytes sent to a device that no kernel could have read
 * because a later transfer overwrote them, the allocation was deleted, or no
 * kernel on that device started afterwards. Pending bytes live as segments
 * per device; a kernel start settles them as (possibly) read. Only the
 * overwritten bytes of a transfer count, so a one-element update charges a
 * whole-array transfer with one element's bytes and time. */
#include "internal.h"

/* The root of the device's pending segments (an empty tree the first
 * time). A map slot cannot hold it: an empty tree's root is the map's own
 * "no value", so every lookup would add a slot. Devices are few. NULL when
 * out of memory. */
static uint32_t *pending_root(oi_analysis *ctx, int32_t device) {
  oia_pending_root *roots = ctx->pending_roots.data;
  for (size_t i = 0; i < ctx->pending_roots.len; i++)
    if (roots[i].device == device)
      return &roots[i].root;
  oia_pending_root *added = oi_array_push(&ctx->pending_roots);
  if (!added) {
    ctx->failed = true;
    return NULL;
  }
  *added = (oia_pending_root){device, OI_INTERVAL_NONE};
  return &added->root;
}

static void settle(oi_analysis *ctx, uint32_t index) {
  oia_pending_transfer *t = OI_ARRAY_AT(ctx->pending, oia_pending_transfer, index);
  if (t->unused_bytes) {
    uint64_t unused = t->unused_bytes < t->bytes ? t->unused_bytes : t->bytes;
    uint64_t time = (uint64_t)((unsigned __int128)t->duration_ns * unused / t->bytes);
    bool whole = unused == t->bytes, avoidable = t->avoidable;
    oia_group *group =
        oia_group_for(ctx, OI_FINDING_UNUSED_TRANSFER, OI_DATA_OP_TO_DEVICE, t->profile, OIA_NONE,
                      t->range, oi_movement_range_at(&ctx->model, t->range)->host_addr);
    if (group) {
      group->count += whole;
      group->partial += !whole;
      group->bytes += unused;
      group->time_ns += time;
    }
    if (!avoidable) { /* a duplicate's time is already counted */
      ctx->totals.saved_ns += time;
      ctx->totals.saved_bytes += unused;
    }
    t = OI_ARRAY_AT(ctx->pending, oia_pending_transfer, index);
  }
  t->next_free = ctx->pending_free;
  ctx->pending_free = index;
}

static void visit(void *user, uint32_t owner, uint64_t lost_bytes, int segments_delta) {
  oi_analysis *ctx = user;
  oia_pending_transfer *t = OI_ARRAY_AT(ctx->pending, oia_pending_transfer, owner);
  t->unused_bytes += lost_bytes;
  t->segments = (uint32_t)((int64_t)t->segments + segments_delta);
  if (t->segments == 0)
    settle(ctx, owner);
}

static uint32_t new_pending(oi_analysis *ctx) {
  if (ctx->pending_free != OIA_NONE) {
    uint32_t index = ctx->pending_free;
    ctx->pending_free = OI_ARRAY_AT(ctx->pending, oia_pending_transfer, index)->next_free;
    return index;
  }
  if (!oi_array_push(&ctx->pending)) {
    ctx->failed = true;
    return OIA_NONE;
  }
  return (uint32_t)(ctx->pending.len - 1);
}

void oia_unused_sent(oi_analysis *ctx, const oi_event *ev, uint32_t profile, uint32_t range,
                     bool avoidable) {
  oi_device_state *dev = oi_movement_device(&ctx->model, ev->device);
  if (!dev || dev->kernels_active > 0)
    return; /* a running kernel may read it at once */
  uint32_t *root = pending_root(ctx, ev->device);
  uint32_t index = root ? new_pending(ctx) : OIA_NONE;
  if (index == OIA_NONE)
    return;
  oia_pending_transfer *t = OI_ARRAY_AT(ctx->pending, oia_pending_transfer, index);
  *t = (oia_pending_transfer){.profile = profile,
                              .range = range,
                              .segments = 1,
                              .avoidable = avoidable,
                              .bytes = ev->u.data.bytes,
                              .duration_ns = ev->u.data.duration_ns};
  uint64_t start = ev->u.data.host_addr;
  if (oi_intervals_overwrite(&ctx->pending_segments, root, start, start + ev->u.data.bytes, index,
                             visit, ctx) != 0)
    ctx->failed = true;
}

void oia_unused_deleted(oi_analysis *ctx, int32_t device, uint64_t host_addr, uint64_t bytes) {
  uint32_t *root = pending_root(ctx, device);
  if (root && oi_intervals_overwrite(&ctx->pending_segments, root, host_addr, host_addr + bytes,
                                     OI_INTERVAL_NONE, visit, ctx) != 0)
    ctx->failed = true;
}

void oia_unused_kernel(oi_analysis *ctx, int32_t device) {
  uint32_t *root = pending_root(ctx, device);
  if (root)
    oi_intervals_clear(&ctx->pending_segments, root, visit, ctx);
}

void oia_unused_finish(oi_analysis *ctx) {
  /* whatever is still pending was sent after the device's last kernel */
  for (size_t i = 0; i < ctx->model.devices.len; i++) {
    int32_t device = OI_ARRAY_AT(ctx->model.devices, oi_device_state, i)->summary.device;
    uint32_t *root = pending_root(ctx, device);
    if (root && oi_intervals_overwrite(&ctx->pending_segments, root, 0, UINT64_MAX,
                                       OI_INTERVAL_NONE, visit, ctx) != 0)
      ctx->failed = true;
  }
}
