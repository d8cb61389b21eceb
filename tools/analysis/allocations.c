/* Allocation lifetimes per (device, host range, size):
 *  - repeated allocation: the range is allocated again after a delete; every
 *    lifetime but the first is avoidable (its alloc and its delete);
 *  - unused allocation: no kernel (or target region) on the device was
 *    running at the allocation or started before its delete;
 *  - peak memory: the largest sum of live allocation sizes per device, and
 *    that sum after every allocation and delete (memory in use over time).
 * Deletes often report 0 bytes, so they are matched through the host
 * address, else the device address, of the live allocation. */
#include "internal.h"

enum { LIVE_BY_HOST = 1, LIVE_BY_DEVICE = 2 };

static void set_live(oi_analysis *ctx, int32_t device, uint64_t addr, int tag,
                     uint32_t range) {
  if (!addr)
    return;
  oi_map_key key = {{(uint64_t)(int64_t)device, addr, 0, (uint64_t)tag}};
  uint32_t *slot = oi_map_slot(&ctx->live_allocs, &key);
  if (!slot)
    ctx->failed = true;
  else
    *slot = range;
}

static uint32_t live_range(oi_analysis *ctx, int32_t device, uint64_t addr,
                           int tag) {
  if (!addr)
    return OIA_NONE;
  oi_map_key key = {{(uint64_t)(int64_t)device, addr, 0, (uint64_t)tag}};
  uint32_t range = oi_map_get(&ctx->live_allocs, &key);
  if (range == OI_MAP_NONE || !oia_range_at(ctx, range)->live)
    return OIA_NONE;
  return range;
}

static void report(oi_analysis *ctx, enum oi_finding_kind kind, uint32_t range,
                   uint64_t cost_ns) {
  oia_range *r = oia_range_at(ctx, range);
  oia_group *group =
      oia_group_for(ctx, kind, OI_DATA_OP_ALLOC, r->alloc_profile, OIA_NONE,
                    range, r->host_addr);
  if (group) {
    group->count++;
    group->time_ns += cost_ns;
    group->moved |= r->moved;
  }
}

static void end_lifetime(oi_analysis *ctx, uint32_t range, uint64_t delete_ns) {
  oia_range *r = oia_range_at(ctx, range);
  oia_device_state *dev = oia_device(ctx, r->holder);
  if (!dev)
    return;
  r = oia_range_at(ctx, range);
  r->live = false;
  dev->live_bytes -= r->bytes < dev->live_bytes ? r->bytes : dev->live_bytes;
  bool unused = !r->kernel_at_alloc && dev->activity == r->activity_at_alloc;
  bool repeated = r->repeated;
  uint64_t cost = r->alloc_ns + delete_ns;
  if (repeated)
    report(ctx, OI_FINDING_REPEATED_ALLOC, range, cost);
  if (unused)
    report(ctx, OI_FINDING_UNUSED_ALLOC, range, cost);
  if (repeated || unused)
    ctx->totals.saved_ns += cost;
}

static void sample_memory(oi_analysis *ctx, int32_t device, uint64_t time_ns) {
  oia_device_state *dev = oia_device(ctx, device);
  oi_memory_sample *sample = dev ? oi_array_push(&ctx->memory) : NULL;
  if (!sample) {
    ctx->failed = true;
    return;
  }
  *sample = (oi_memory_sample){time_ns, device, dev->live_bytes};
}

void oia_alloc_begin(oi_analysis *ctx, const oi_event *ev, uint32_t profile) {
  uint64_t host = ev->u.data.host_addr, bytes = ev->u.data.bytes;
  uint64_t device_addr = ev->u.data.device_addr;
  bool anonymous = host == 0; /* omp_target_alloc: no variable behind it */
  uint32_t range = oia_range_of(ctx, ev->device, anonymous ? device_addr : host,
                                bytes, anonymous);
  oia_device_state *dev = oia_device(ctx, ev->device);
  if (range == OIA_NONE || !dev)
    return;
  dev->summary.allocs++;
  dev->live_bytes += bytes;
  if (dev->live_bytes > dev->summary.peak_bytes)
    dev->summary.peak_bytes = dev->live_bytes;
  bool kernel_running = dev->regions_active > 0;
  uint64_t activity = dev->activity;
  if (oia_range_at(ctx, range)->live) /* never deleted: close it here */
    end_lifetime(ctx, range, 0);
  oia_range *r = oia_range_at(ctx, range);
  r->allocs++;
  r->repeated = r->allocs > 1 && !anonymous;
  r->live = true;
  r->kernel_at_alloc = kernel_running;
  r->activity_at_alloc = activity;
  r->alloc_ns = ev->u.data.duration_ns;
  r->alloc_profile = profile;
  oia_widen_lines(ctx, range, profile);
  set_live(ctx, ev->device, host, LIVE_BY_HOST, range);
  set_live(ctx, ev->device, device_addr, LIVE_BY_DEVICE, range);
  sample_memory(ctx, ev->device, ev->time_ns + ev->u.data.duration_ns);
}

uint32_t oia_alloc_end(oi_analysis *ctx, const oi_event *ev) {
  uint32_t range =
      live_range(ctx, ev->device, ev->u.data.host_addr, LIVE_BY_HOST);
  if (range == OIA_NONE)
    range = live_range(ctx, ev->device, ev->u.data.device_addr, LIVE_BY_DEVICE);
  if (range == OIA_NONE)
    return OIA_NONE; /* allocated before the trace began */
  end_lifetime(ctx, range, ev->u.data.duration_ns);
  sample_memory(ctx, ev->device, ev->time_ns + ev->u.data.duration_ns);
  return range;
}

void oia_allocs_finish(oi_analysis *ctx) {
  for (size_t i = 0; i < ctx->ranges.len; i++)
    if (oia_range_at(ctx, (uint32_t)i)->live)
      end_lifetime(ctx, (uint32_t)i, 0);
}
