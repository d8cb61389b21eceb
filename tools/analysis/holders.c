/* The analysis's model of who holds data: a state per device, and one
 * record per host range per holder (a device or the host), which the
 * detectors update. Depends on nothing of the detectors. */
#include "internal.h"

oia_device_state *oia_device(oi_analysis *ctx, int32_t device) {
  if (ctx->last_device != OIA_NONE) {
    oia_device_state *d =
        OI_ARRAY_AT(ctx->devices, oia_device_state, ctx->last_device);
    if (d->summary.device == device)
      return d;
  }
  for (size_t i = 0; i < ctx->devices.len; i++) {
    oia_device_state *d = OI_ARRAY_AT(ctx->devices, oia_device_state, i);
    if (d->summary.device == device) {
      ctx->last_device = (uint32_t)i;
      return d;
    }
  }
  oia_device_state *d = oi_array_push(&ctx->devices);
  if (!d) {
    ctx->failed = true;
    return NULL;
  }
  d->summary.device = device;
  d->pending_root = OI_INTERVAL_NONE;
  d->version_root = OI_INTERVAL_NONE;
  d->coverage_root = OI_INTERVAL_NONE;
  ctx->last_device = (uint32_t)(ctx->devices.len - 1);
  return d;
}

uint32_t oia_range_of(oi_analysis *ctx, int32_t holder, uint64_t host_addr,
                      uint64_t bytes, bool anonymous) {
  oi_map_key key = {{(uint64_t)(int64_t)holder, host_addr, bytes, anonymous}};
  uint32_t *slot = oi_map_slot(&ctx->ranges_by_key, &key);
  if (!slot) {
    ctx->failed = true;
    return OIA_NONE;
  }
  if (*slot == OI_MAP_NONE) {
    oia_range *r = oi_array_push(&ctx->ranges);
    if (!r) {
      ctx->failed = true;
      return OIA_NONE;
    }
    r->holder = holder;
    r->host_addr = host_addr;
    r->bytes = bytes;
    r->anonymous = anonymous;
    r->place_profile = OIA_NONE;
    r->alloc_profile = OIA_NONE;
    *slot = (uint32_t)(ctx->ranges.len - 1);
  }
  return *slot;
}
