/* The analysis context: the public entry points, event dispatch, and the
 * device and host-range records the detectors share. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const finding_kind_names[] = {
#define OI_FINDING_NAME(id, name) name,
    OI_FINDING_KINDS(OI_FINDING_NAME)
#undef OI_FINDING_NAME
};

const char *oi_finding_kind_name(unsigned kind) {
  return kind < OI_FINDING_COUNT ? finding_kind_names[kind] : "unknown";
}

oi_analysis *oi_analysis_create(const oi_analysis_callbacks *callbacks) {
  oi_analysis *ctx = calloc(1, sizeof *ctx);
  if (!ctx)
    return NULL;
  if (callbacks)
    ctx->cb = *callbacks;
  ctx->places.elem = sizeof(oia_place_rec);
  ctx->profiles.elem = sizeof(oia_profile_rec);
  ctx->ranges.elem = sizeof(oia_range);
  ctx->groups.elem = sizeof(oia_group);
  ctx->pending.elem = sizeof(oia_pending_transfer);
  ctx->devices.elem = sizeof(oia_device_state);
  ctx->strings.elem = sizeof(char *);
  ctx->content_holders.elem = sizeof(oia_content_holder);
  ctx->region_vars.elem = sizeof(oia_region_vars);
  ctx->pending_free = OIA_NONE;
  ctx->host_version_root = OI_INTERVAL_NONE;
  ctx->host_coverage_root = OI_INTERVAL_NONE;
  ctx->overlapping.elem = sizeof(uint32_t);
  ctx->memory.elem = sizeof(oi_memory_sample);
  ctx->pending_writes.elem = sizeof(oia_pending_write);
  ctx->last_device = OIA_NONE;
  oi_interval_pool_init(&ctx->segments);
  return ctx;
}

void oi_analysis_destroy(oi_analysis *ctx) {
  if (!ctx)
    return;
  oi_map *tables[] = {&ctx->places_by_key, &ctx->profiles_by_key,
                         &ctx->ranges_by_key, &ctx->live_allocs,
                         &ctx->contents,      &ctx->groups_by_key,
                         &ctx->compiler_regions, &ctx->native_regions};
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    oi_map_free(tables[i]);
  for (size_t i = 0; i < ctx->strings.len; i++)
    free(*OI_ARRAY_AT(ctx->strings, char *, i));
  oi_array *vecs[] = {&ctx->places,  &ctx->profiles,        &ctx->ranges,
                     &ctx->groups,  &ctx->pending,         &ctx->devices,
                     &ctx->strings, &ctx->content_holders, &ctx->overlapping,
                     &ctx->memory,  &ctx->region_vars, &ctx->pending_writes};
  for (size_t i = 0; i < sizeof vecs / sizeof *vecs; i++)
    oi_array_free(vecs[i]);
  oi_interval_pool_free(&ctx->segments);
  free(ctx->findings);
  free(ctx->profile_out);
  free((void *)ctx->totals.devices);
  free(ctx);
}

static int32_t event_device(const oi_event *ev) {
  if (ev->device >= 0)
    return ev->device;
  uint64_t word;
  if (!oi_event_link(ev, OI_LINK_DEVICE, &word))
    return -1;
  int64_t device = (int64_t)word;
  return device >= 0 && device <= INT32_MAX ? (int32_t)device : -1;
}

static void note_time(oi_analysis *ctx, uint64_t start, uint64_t end) {
  if (!ctx->any_event || start < ctx->totals.first_ns)
    ctx->totals.first_ns = start;
  if (!ctx->any_event || end > ctx->totals.last_ns)
    ctx->totals.last_ns = end;
  ctx->any_event = true;
}

static void data_op(oi_analysis *ctx, const oi_event *ev) {
  uint64_t start = ev->time_ns, duration = ev->u.data.duration_ns;
  if (ev->flags & (OI_FLAG_ASYNC | OI_FLAG_NOWAIT) || start < ctx->busy_until ||
      ctx->kernels_running)
    ctx->totals.upper_bound = 1;
  if (start + duration > ctx->busy_until)
    ctx->busy_until = start + duration;
  ctx->totals.data_ops++;
  uint32_t profile = oia_profile_of(ctx, ev);
  if (profile == OIA_NONE)
    return;
  unsigned op = ev->op < OI_DATA_OP_COUNT ? ev->op : OI_DATA_OP_OTHER;
  oi_transfer_profile *out = &oia_profile_at(ctx, profile)->out;
  out->ops[op]++;
  out->bytes[op] += ev->u.data.bytes;
  out->time_ns[op] += duration;
  if (ev->device < 0)
    return; /* a data op without a device has no place in the detectors */
  uint64_t host = ev->u.data.host_addr, bytes = ev->u.data.bytes;
  switch (op) {
  case OI_DATA_OP_TO_DEVICE:
  case OI_DATA_OP_FROM_DEVICE: {
    ctx->totals.transfer_bytes += bytes;
    ctx->totals.transfer_ns += duration;
    if (!host || !bytes)
      return; /* device-only memory: no variable to follow */
    uint32_t range = oia_range_of(ctx, ev->device, host, bytes, false);
    if (range == OIA_NONE)
      return;
    oia_widen_lines(ctx, range, profile);
    oia_range_at(ctx, range)->moved |=
        op == OI_DATA_OP_TO_DEVICE ? OI_MOVED_TO_DEVICE : OI_MOVED_FROM_DEVICE;
    bool avoidable = oia_content_transfer(ctx, ev, profile, range);
    if (op == OI_DATA_OP_TO_DEVICE)
      oia_unused_sent(ctx, ev, profile, range, avoidable);
    return;
  }
  case OI_DATA_OP_ALLOC:
    oia_alloc_begin(ctx, ev, profile);
    return;
  case OI_DATA_OP_DELETE: {
    uint32_t ended = oia_alloc_end(ctx, ev);
    const oia_range *r = ended != OIA_NONE ? oia_range_at(ctx, ended) : NULL;
    oia_device_state *dev = r ? oia_device(ctx, ev->device) : NULL;
    /* inside a target region the region's kernel may still be unreported */
    if (r && !r->anonymous && dev && dev->regions_active == 0)
      oia_unused_deleted(ctx, ev->device, r->host_addr, r->bytes);
    return;
  }
  default:
    return;
  }
}

/* A kernel, or a target region for streams that report no kernels: a
 * device activity that may read whatever was mapped before it. */
static void device_activity(oi_analysis *ctx, const oi_event *ev,
                            int32_t device, bool is_kernel) {
  if (device < 0)
    return;
  oia_device_state *dev = oia_device(ctx, device);
  if (!dev)
    return;
  if (is_kernel)
    dev->saw_kernel_events = true;
  if (ev->endpoint == OI_EP_BEGIN) {
    dev->regions_active++;
    dev->activity++;
    if (is_kernel) {
      if (ctx->kernels_running++ || ev->time_ns < ctx->busy_until)
        ctx->totals.upper_bound = 1; /* kernels or transfers overlap */
      dev->kernels_active++;
      dev->summary.kernels++;
      oia_unused_kernel(ctx, dev);
    } else {
      dev->target_regions++;
    }
  } else if (ev->endpoint == OI_EP_END) {
    if (dev->regions_active)
      dev->regions_active--;
    if (is_kernel && dev->kernels_active) {
      dev->kernels_active--;
      ctx->kernels_running--;
    }
    if (ev->time_ns > ctx->busy_until)
      ctx->busy_until = ev->time_ns;
    if (!is_kernel) /* its kernel, if not reported, has run by now */
      oia_unused_kernel(ctx, dev);
  }
}

/* A `target` construct that the hooks report themselves: every one when
 * the runtime's target callbacks are off (inferred data ops), else only an
 * if(false) region, which runs on the host. Its begin carries the device
 * and the if() value (0 = false), its end neither, so the
 * thread remembers the device until the end (target regions do not nest). */
static void compiler_region(oi_analysis *ctx, const oi_event *ev) {
  oi_map_key key = {{ev->thread, 0, 0, 0}};
  uint32_t *slot = oi_map_slot(&ctx->compiler_regions, &key);
  if (!slot) {
    ctx->failed = true;
    return;
  }
  if (ev->endpoint == OI_EP_BEGIN) {
    bool on_host = OI_GET(ev, CONSTRUCT, if_value) == 0 || ev->device < 0;
    *slot = on_host ? 0 : (uint32_t)ev->device + 1; /* 0: no region */
    if (!on_host)
      device_activity(ctx, ev, ev->device, false);
  } else if (ev->endpoint == OI_EP_END) {
    uint32_t device_plus_one = *slot == OI_MAP_NONE ? 0 : *slot;
    *slot = 0;
    if (device_plus_one)
      device_activity(ctx, ev, (int32_t)(device_plus_one - 1), false);
  }
}

int oi_analysis_add(oi_analysis *ctx, const oi_event *ev) {
  if (ctx->failed)
    return -1;
  if (ctx->finished)
    return 0;
  bool is_data = ev->kind == OI_KIND_DATA_OP;
  if (is_data && ev->endpoint == OI_EP_BEGIN)
    return 0; /* complete operations carry their duration */
  note_time(ctx, ev->time_ns,
            ev->time_ns + (is_data ? ev->u.data.duration_ns : 0));
  oia_writes_apply(ctx, ev);
  oia_writes_note(ctx, ev);
  if (is_data)
    data_op(ctx, ev);
  else if (ev->kind == OI_KIND_KERNEL)
    device_activity(ctx, ev, event_device(ev), true);
  else if (ev->kind == OI_KIND_TARGET) {
    oia_native_region(ctx, ev);
    if (ev->construct == OI_CONSTRUCT_TARGET)
      device_activity(ctx, ev, event_device(ev), false);
  } else if (ev->kind == OI_KIND_CONSTRUCT &&
           ev->construct == OI_CONSTRUCT_TARGET &&
           ev->origin == OI_ORIGIN_COMPILER)
    compiler_region(ctx, ev);
  return ctx->failed ? -1 : 0;
}

int oi_analysis_finish(oi_analysis *ctx) {
  if (ctx->failed)
    return -1;
  if (ctx->finished)
    return 0;
  ctx->finished = true;
  oia_unused_finish(ctx);
  oia_allocs_finish(ctx);
  if (ctx->failed || oia_build_totals(ctx) || oia_build_profile(ctx) ||
      oia_groups_build_findings(ctx)) {
    ctx->failed = true;
    return -1;
  }
  return 0;
}

const oi_finding *oi_analysis_findings(const oi_analysis *ctx, size_t *count) {
  *count = ctx->finished && !ctx->failed ? ctx->nfindings : 0;
  return ctx->findings;
}

const oi_analysis_totals *oi_analysis_totals_get(const oi_analysis *ctx) {
  return &ctx->totals;
}

const oi_memory_sample *oi_analysis_memory(const oi_analysis *ctx,
                                           size_t *count) {
  *count = ctx->memory.len;
  return ctx->memory.data;
}

const oi_transfer_profile *oi_analysis_profile(const oi_analysis *ctx,
                                               size_t *count) {
  *count = ctx->finished && !ctx->failed ? ctx->nprofile : 0;
  return ctx->profile_out;
}
