/* The analysis context: the public entry points, and the dispatch of each
 * event to the data movement model and to the detectors that decide on it.
 * Which events it reads is model/modelled_events.h's to say; the
 * detectors never call each other; what one learns that another needs
 * (a delete ended an allocation, a kernel started) passes through here. */
#include "internal.h"
#include "model/modelled_events.h"

#include <stdlib.h>
#include <string.h>

oi_analysis *oi_analysis_create(const oi_names *names) {
  oi_analysis *ctx = calloc(1, sizeof *ctx);
  if (!ctx)
    return NULL;
  oi_movement_init(&ctx->model, names);
  ctx->lifetimes.elem = sizeof(oia_lifetime);
  ctx->memory.elem = sizeof(oi_memory_sample);
  ctx->memory_devices.elem = sizeof(oia_bucket_device);
  ctx->pending.elem = sizeof(oia_pending_transfer);
  ctx->pending_roots.elem = sizeof(oia_pending_root);
  ctx->pending_free = OIA_NONE;
  oi_interval_pool_init(&ctx->pending_segments);
  ctx->groups.elem = sizeof(oia_group);
  ctx->group_memo.elem = sizeof(uint32_t) * OIA_GROUP_MEMO;
  oia_bugs_init(ctx);
  return ctx;
}

void oi_analysis_destroy(oi_analysis *ctx) {
  if (!ctx)
    return;
  oi_movement_free(&ctx->model);
  oi_map *tables[] = {&ctx->live_allocs, &ctx->groups_by_key};
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    oi_map_free(tables[i]);
  oi_array *arrays[] = {&ctx->lifetimes,     &ctx->memory, &ctx->memory_devices, &ctx->pending,
                        &ctx->pending_roots, &ctx->groups, &ctx->group_memo};
  for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
    oi_array_free(arrays[i]);
  oi_interval_pool_free(&ctx->pending_segments);
  oia_bugs_free(ctx);
  oia_content_memory_free(&ctx->contents);
  free(ctx->findings);
  free((void *)ctx->totals.devices);
  free(ctx);
}

static bool failed(const oi_analysis *ctx) { return ctx->failed || ctx->model.failed; }

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

static void data_op(oi_analysis *ctx, const oi_event *ev, const oi_event_facts *facts) {
  uint64_t start = ev->time_ns, duration = ev->u.data.duration_ns;
  if (ev->flags & (OI_FLAG_ASYNC | OI_FLAG_NOWAIT) || start < ctx->busy_until ||
      ctx->kernels_running)
    ctx->totals.upper_bound = 1;
  if (start + duration > ctx->busy_until)
    ctx->busy_until = start + duration;
  ctx->totals.data_ops++;
  bool transfer = ev->op == OI_DATA_OP_TO_DEVICE || ev->op == OI_DATA_OP_FROM_DEVICE;
  if (transfer && ev->flags & OI_FLAG_HASH_VALID) /* as early as can be: it waits on memory */
    oia_content_prefetch(&ctx->contents,
                         ev->op == OI_DATA_OP_TO_DEVICE ? ev->device : OI_HOST_HOLDER,
                         ev->u.data.hash, ev->u.data.bytes);
  /* the model of data movement first, in one step; then the detectors
   * decide on what it saw */
  oi_op_seen seen;
  if (!oi_movement_data_op(&ctx->model, ev, facts, &seen) || ev->device < 0)
    return; /* a data op without a device has no place in the detectors */
  oia_bugs_data_op(ctx, ev, seen.profile);
  if (transfer) {
    ctx->totals.transfer_bytes += ev->u.data.bytes;
    ctx->totals.transfer_ns += duration;
    if (!seen.transfer)
      return; /* device-only memory: no variable to follow */
    bool avoidable = oia_content_transfer(ctx, ev, &seen);
    if (ev->op == OI_DATA_OP_TO_DEVICE)
      oia_unused_sent(ctx, ev, seen.profile, seen.device_range, avoidable);
  } else if (ev->op == OI_DATA_OP_ALLOC) {
    oia_alloc_begin(ctx, ev, seen.profile, seen.device_range);
  } else if (ev->op == OI_DATA_OP_DELETE) {
    uint32_t ended = oia_alloc_end(ctx, ev, seen.profile);
    const oi_held_range *r = ended != OIA_NONE ? oi_movement_range_at(&ctx->model, ended) : NULL;
    oi_device_state *dev = r ? oi_movement_device(&ctx->model, ev->device) : NULL;
    /* inside a target region the region's kernel may still be unreported */
    if (r && !r->anonymous && dev && dev->regions_active == 0)
      oia_unused_deleted(ctx, ev->device, r->host_addr, r->bytes);
  }
}

/* A kernel, or a target region for streams that report no kernels: a
 * device activity that may read whatever was mapped before it. */
static void device_activity(oi_analysis *ctx, const oi_event *ev, int32_t device, bool is_kernel) {
  if (device < 0)
    return;
  oi_device_state *dev = oi_movement_device(&ctx->model, device);
  if (!dev)
    return;
  bool kernel_ends = is_kernel && ev->endpoint == OI_EP_END && dev->kernels_active;
  oi_movement_activity(dev, ev->endpoint, is_kernel);
  if (ev->endpoint == OI_EP_BEGIN && is_kernel) {
    if (ctx->kernels_running++ || ev->time_ns < ctx->busy_until)
      ctx->totals.upper_bound = 1; /* kernels or transfers overlap */
    oia_unused_kernel(ctx, device);
  } else if (ev->endpoint == OI_EP_END) {
    if (kernel_ends)
      ctx->kernels_running--;
    if (ev->time_ns > ctx->busy_until)
      ctx->busy_until = ev->time_ns;
    if (!is_kernel) /* its kernel, if not reported, has run by now */
      oia_unused_kernel(ctx, device);
  }
}

int oi_analysis_add(oi_analysis *ctx, const oi_event *ev, const oi_event_facts *facts) {
  if (failed(ctx))
    return -1;
  if (ctx->finished)
    return 0;
  bool is_data = ev->kind == OI_KIND_DATA_OP;
  if (is_data && ev->endpoint == OI_EP_BEGIN)
    return 0; /* complete operations carry their duration */
  note_time(ctx, ev->time_ns, ev->time_ns + (is_data ? ev->u.data.duration_ns : 0));
  if (!oi_event_analysed(ev))
    return 0; /* it only widens the measured span */
  oi_movement_writes_apply(&ctx->model, ev);
  oi_movement_writes_note(&ctx->model, ev, facts);
  if (is_data) {
    data_op(ctx, ev, facts);
  } else if (ev->kind == OI_KIND_MAP) {
    oia_bugs_map_item(ctx, ev, facts);
  } else if (ev->kind == OI_KIND_KERNEL) {
    oia_bugs_kernel(ctx, ev, event_device(ev));
    device_activity(ctx, ev, event_device(ev), true);
  } else if (ev->kind == OI_KIND_TARGET) {
    oi_movement_native_region(&ctx->model, ev);
    oia_bugs_region(ctx, ev, facts, event_device(ev));
    if (ev->construct == OI_CONSTRUCT_TARGET)
      device_activity(ctx, ev, event_device(ev), false);
  } else if (ev->kind == OI_KIND_CONSTRUCT && ev->origin == OI_ORIGIN_COMPILER) {
    int32_t device = oi_movement_compiler_region(&ctx->model, ev);
    oia_bugs_region(ctx, ev, facts, device);
    device_activity(ctx, ev, device, false);
  }
  return failed(ctx) ? -1 : 0;
}

int oi_analysis_finish(oi_analysis *ctx) {
  if (failed(ctx))
    return -1;
  if (ctx->finished)
    return 0;
  ctx->finished = true;
  oia_unused_finish(ctx);
  oia_allocs_finish(ctx);
  oia_bugs_finish(ctx);
  if (failed(ctx) || oia_build_totals(ctx) || oia_groups_build_findings(ctx)) {
    ctx->failed = true;
    return -1;
  }
  return 0;
}

oi_finding *oi_analysis_findings(oi_analysis *ctx, size_t *count) {
  *count = ctx->finished && !failed(ctx) ? ctx->nfindings : 0;
  return ctx->findings;
}

const oi_analysis_totals *oi_analysis_totals_get(const oi_analysis *ctx) { return &ctx->totals; }

const oi_memory_sample *oi_analysis_memory(const oi_analysis *ctx, size_t *count) {
  *count = ctx->memory.len;
  return ctx->memory.data;
}

size_t oi_analysis_profile_count(const oi_analysis *ctx) {
  return ctx->finished && !failed(ctx) ? ctx->model.profiles.len : 0;
}

oi_transfer_profile oi_analysis_profile_at(oi_analysis *ctx, size_t i) {
  oi_transfer_profile out = *oi_movement_profile_at(&ctx->model, (uint32_t)i);
  out.at = *oi_movement_place_of(&ctx->model, (uint32_t)i);
  return out;
}
