/* Allocation lifetimes per (device, host range, size):
 *  - repeated allocation: the range is allocated again after a delete; every
 *    lifetime but the first is avoidable (its alloc and its delete);
 *  - unused allocation: no kernel (or target region) on the device was
 *    running at the allocation or started before its delete;
 *  - peak memory: the largest sum of live allocation sizes per device, and
 *    that sum after every allocation and delete (memory in use over time,
 *    memory_samples.c).
 * Deletes often report 0 bytes, so they are matched through the host
 * address, else the device address, of the live allocation. */
#include "internal.h"

/* The lifetime record of a range, grown with the model's ranges. */
static oia_lifetime *lifetime_of(oi_analysis *ctx, uint32_t range) {
  while (ctx->lifetimes.len <= range)
    if (!oi_array_push(&ctx->lifetimes)) {
      ctx->failed = true;
      return NULL;
    }
  return OI_ARRAY_AT(ctx->lifetimes, oia_lifetime, range);
}

enum { LIVE_BY_HOST = 1, LIVE_BY_DEVICE = 2 };

/* The range now allocated at addr; a range the map already names there is
 * left alone (allocations of the same variable repeat), and one the map
 * named before is told it no longer is. */
static void set_live(oi_analysis *ctx, int32_t device, uint64_t addr, int tag, uint32_t range) {
  if (!addr)
    return;
  oia_lifetime *l = OI_ARRAY_AT(ctx->lifetimes, oia_lifetime, range);
  uint64_t *named = tag == LIVE_BY_HOST ? &l->named_host_addr : &l->named_device_addr;
  if (*named == addr)
    return;
  oi_map_key key = {{(uint64_t)(int64_t)device, addr, 0, (uint64_t)tag}};
  uint32_t *slot = oi_map_slot(&ctx->live_allocs, &key);
  if (!slot) {
    ctx->failed = true;
    return;
  }
  if (*slot != OI_MAP_NONE) {
    oia_lifetime *before = OI_ARRAY_AT(ctx->lifetimes, oia_lifetime, *slot);
    uint64_t *was = tag == LIVE_BY_HOST ? &before->named_host_addr : &before->named_device_addr;
    if (*was == addr)
      *was = 0;
  }
  *slot = range;
  *named = addr;
}

static uint32_t live_range(oi_analysis *ctx, int32_t device, uint64_t addr, int tag) {
  if (!addr)
    return OIA_NONE;
  oi_map_key key = {{(uint64_t)(int64_t)device, addr, 0, (uint64_t)tag}};
  uint32_t range = oi_map_get(&ctx->live_allocs, &key);
  if (range == OI_MAP_NONE || !oi_movement_range_at(&ctx->model, range)->live)
    return OIA_NONE;
  return range;
}

static void report(oi_analysis *ctx, enum oi_finding_kind kind, uint32_t range,
                   const oia_lifetime *l, uint64_t cost_ns) {
  const oi_held_range *r = oi_movement_range_at(&ctx->model, range);
  oia_group *group =
      oia_group_for(ctx, kind, OI_DATA_OP_ALLOC, l->alloc_profile, OIA_NONE, range, r->host_addr);
  if (group) {
    group->count++;
    group->time_ns += cost_ns;
    group->moved |= r->moved;
  }
}

static void end_lifetime(oi_analysis *ctx, uint32_t range, uint64_t delete_ns) {
  oi_held_range *r = oi_movement_range_at(&ctx->model, range);
  oi_device_state *dev = oi_movement_device(&ctx->model, r->holder);
  oia_lifetime *l = lifetime_of(ctx, range);
  if (!dev || !l)
    return;
  r = oi_movement_range_at(&ctx->model, range);
  r->live = false;
  dev->live_bytes -= r->bytes < dev->live_bytes ? r->bytes : dev->live_bytes;
  bool unused = !l->kernel_at_alloc && dev->activity == l->activity_at_alloc;
  bool repeated = l->repeated;
  uint64_t cost = l->alloc_ns + delete_ns;
  if (repeated)
    report(ctx, OI_FINDING_REPEATED_ALLOC, range, l, cost);
  if (unused)
    report(ctx, OI_FINDING_UNUSED_ALLOC, range, l, cost);
  if (repeated || unused)
    ctx->totals.saved_ns += cost;
}

static void sample_memory(oi_analysis *ctx, int32_t device, uint64_t time_ns) {
  oi_device_state *dev = oi_movement_device(&ctx->model, device);
  if (dev)
    oia_memory_sample(ctx, device, time_ns, dev->live_bytes);
}

void oia_alloc_begin(oi_analysis *ctx, const oi_event *ev, uint32_t profile, uint32_t range) {
  uint64_t host = ev->u.data.host_addr, bytes = ev->u.data.bytes;
  uint64_t device_addr = ev->u.data.device_addr;
  bool anonymous = host == 0; /* omp_target_alloc: no variable behind it */
  oi_device_state *dev = oi_movement_device(&ctx->model, ev->device);
  if (range == OIA_NONE || !dev || !lifetime_of(ctx, range))
    return;
  dev->summary.allocs++;
  dev->live_bytes += bytes;
  if (dev->live_bytes > dev->summary.peak_bytes)
    dev->summary.peak_bytes = dev->live_bytes;
  bool kernel_running = dev->regions_active > 0;
  uint64_t activity = dev->activity;
  if (oi_movement_range_at(&ctx->model, range)->live) /* never deleted */
    end_lifetime(ctx, range, 0);
  oi_movement_range_at(&ctx->model, range)->live = true;
  oia_lifetime *l = OI_ARRAY_AT(ctx->lifetimes, oia_lifetime, range);
  l->allocs++;
  l->repeated = l->allocs > 1 && !anonymous;
  l->kernel_at_alloc = kernel_running;
  l->activity_at_alloc = activity;
  l->alloc_ns = ev->u.data.duration_ns;
  l->alloc_profile = profile;
  set_live(ctx, ev->device, host, LIVE_BY_HOST, range);
  set_live(ctx, ev->device, device_addr, LIVE_BY_DEVICE, range);
  sample_memory(ctx, ev->device, ev->time_ns + ev->u.data.duration_ns);
}

/* live_range by host address, without the map when the place's last range
 * is the one the map names at that address */
static uint32_t live_range_of_place(oi_analysis *ctx, const oi_event *ev, uint32_t profile) {
  uint64_t host = ev->u.data.host_addr;
  uint32_t last = oi_movement_op_range_known(&ctx->model, profile, host);
  if (last == OIA_NONE || last >= ctx->lifetimes.len ||
      OI_ARRAY_AT(ctx->lifetimes, oia_lifetime, last)->named_host_addr != host)
    return live_range(ctx, ev->device, host, LIVE_BY_HOST);
  return oi_movement_range_at(&ctx->model, last)->live ? last : OIA_NONE;
}

uint32_t oia_alloc_end(oi_analysis *ctx, const oi_event *ev, uint32_t profile) {
  uint32_t range = live_range_of_place(ctx, ev, profile);
  if (range == OIA_NONE)
    range = live_range(ctx, ev->device, ev->u.data.device_addr, LIVE_BY_DEVICE);
  if (range == OIA_NONE)
    return OIA_NONE; /* allocated before the trace began */
  end_lifetime(ctx, range, ev->u.data.duration_ns);
  sample_memory(ctx, ev->device, ev->time_ns + ev->u.data.duration_ns);
  return range;
}

void oia_allocs_finish(oi_analysis *ctx) {
  for (size_t i = 0; i < ctx->model.ranges.len; i++)
    if (oi_movement_range_at(&ctx->model, (uint32_t)i)->live)
      end_lifetime(ctx, (uint32_t)i, 0);
}
