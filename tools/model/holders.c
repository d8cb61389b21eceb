/* Who holds data: a state per device (what runs there, what is allocated),
 * and one record per host range per holder (a device, or the host). */
#include "movement_internal.h"

oi_device_state *oi_movement_device_find(oi_movement *m, int32_t device) {
  for (size_t i = 0; i < m->devices.len; i++) {
    oi_device_state *d = OI_ARRAY_AT(m->devices, oi_device_state, i);
    if (d->summary.device == device) {
      m->last_device = (uint32_t)i;
      return d;
    }
  }
  oi_device_state *d = oi_array_push(&m->devices);
  if (!d) {
    m->failed = true;
    return NULL;
  }
  d->summary.device = device;
  d->version_root = OI_INTERVAL_NONE;
  d->coverage_root = OI_INTERVAL_NONE;
  m->last_device = (uint32_t)(m->devices.len - 1);
  return d;
}

uint32_t oi_movement_range(oi_movement *m, int32_t holder, uint64_t host_addr, uint64_t bytes,
                           bool anonymous) {
  oi_map_key key = {{(uint64_t)(int64_t)holder, host_addr, bytes, anonymous}};
  int created;
  uint32_t range = oi_map_intern(&m->ranges_by_key, &key, &m->ranges, &created);
  if (range == OI_MAP_NONE) {
    m->failed = true;
    return OI_MOVEMENT_NONE;
  }
  if (created)
    *oi_movement_range_at(m, range) = (oi_held_range){.holder = holder,
                                                      .host_addr = host_addr,
                                                      .bytes = bytes,
                                                      .anonymous = anonymous,
                                                      .place_profile = OI_MOVEMENT_NONE};
  return range;
}

uint32_t oi_movement_op_range(oi_movement *m, uint32_t profile, bool on_host, uint64_t host_addr,
                              uint64_t bytes) {
  oi_profile_record *rec = OI_ARRAY_AT(m->profiles, oi_profile_record, profile);
  oi_range_memo *memo = rec->memo;
  if (memo[0].host_addr != host_addr || memo[0].bytes != bytes) {
    /* the other one becomes the last, or a new one replaces the older */
    oi_range_memo older = memo[0];
    if (memo[1].host_addr != host_addr || memo[1].bytes != bytes)
      memo[1] = (oi_range_memo){host_addr, bytes, {OI_MOVEMENT_NONE, OI_MOVEMENT_NONE}};
    memo[0] = memo[1];
    memo[1] = older;
  }
  uint32_t *range = &memo[0].ranges[on_host];
  if (*range == OI_MOVEMENT_NONE) {
    int32_t holder = on_host ? OI_HOST_HOLDER : rec->out.device;
    *range = oi_movement_range(m, holder, host_addr, bytes, false);
  }
  return *range;
}

bool oi_movement_op_ranges(oi_movement *m, uint32_t profile, uint64_t host_addr, uint64_t bytes,
                           bool with_host, uint32_t ranges[2]) {
  ranges[0] = oi_movement_op_range(m, profile, false, host_addr, bytes);
  ranges[1] =
      with_host ? oi_movement_op_range(m, profile, true, host_addr, bytes) : OI_MOVEMENT_NONE;
  return ranges[0] != OI_MOVEMENT_NONE && (!with_host || ranges[1] != OI_MOVEMENT_NONE);
}

uint32_t oi_movement_op_range_known(oi_movement *m, uint32_t profile, uint64_t host_addr) {
  const oi_profile_record *rec = OI_ARRAY_AT(m->profiles, oi_profile_record, profile);
  return host_addr && rec->memo[0].host_addr == host_addr ? rec->memo[0].ranges[0]
                                                          : OI_MOVEMENT_NONE;
}

void oi_movement_activity(oi_device_state *dev, unsigned endpoint, bool is_kernel) {
  if (is_kernel)
    dev->saw_kernel_events = true;
  if (endpoint == OI_EP_BEGIN) {
    dev->regions_active++;
    dev->activity++;
    if (is_kernel) {
      dev->kernels_active++;
      dev->summary.kernels++;
    } else {
      dev->target_regions++;
    }
  } else if (endpoint == OI_EP_END) {
    if (dev->regions_active)
      dev->regions_active--;
    if (is_kernel && dev->kernels_active)
      dev->kernels_active--;
  }
}

/* A `target` construct that the hooks report themselves: every one when
 * the runtime's target callbacks are off (inferred data ops), else only an
 * if(false) region, which runs on the host. Its begin carries the device
 * and the if() value (0 = false), its end neither, so the thread remembers
 * the device until the end (target regions do not nest). */
int32_t oi_movement_compiler_region(oi_movement *m, const oi_event *ev) {
  oi_map_key key = {{ev->thread, 0, 0, 0}};
  uint32_t *slot = oi_map_slot(&m->compiler_regions, &key);
  if (!slot) {
    m->failed = true;
    return -1;
  }
  if (ev->endpoint == OI_EP_BEGIN) {
    bool on_host = OI_GET(ev, CONSTRUCT, if_value) == 0 || ev->device < 0;
    *slot = on_host ? 0 : (uint32_t)ev->device + 1; /* 0: no region */
    return on_host ? -1 : ev->device;
  }
  if (ev->endpoint != OI_EP_END)
    return -1;
  uint32_t device_plus_one = *slot == OI_MAP_NONE ? 0 : *slot;
  *slot = 0;
  return (int32_t)device_plus_one - 1;
}
