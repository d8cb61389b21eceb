/* Kernels as writers. A target region whose body may write a mapped
 * variable (the plugin's writes= line, through the var_written callback)
 * gives the device's copy of that variable a new write version when its
 * kernel runs, as a transfer into it would. Content found unchanged after
 * such a kernel is then the same values this run only: a to_device is no
 * duplicate any more (the device copy may differ), and a from_device that
 * brings back what the host holds is marked may_change (content.c).
 *
 * The map items come at the construct's ENTER, before its data operations;
 * the kernel runs after the region's to_device operations and before its
 * from_device ones. So the items wait per thread until the first event of
 * that thread that comes after the kernel: a kernel event, a from_device or
 * delete, or the region's end. */
#include "internal.h"

static void add_pending(oi_analysis *ctx, const oi_event *ev, bool any,
                        uint64_t host_addr, uint64_t bytes) {
  oia_pending_write *w = oi_array_push(&ctx->pending_writes);
  if (!w) {
    ctx->failed = true;
    return;
  }
  const char *file = NULL;
  unsigned line = 0;
  if (ctx->cb.site_location)
    ctx->cb.site_location(ctx->cb.user, ev->site, &file, &line);
  *w = (oia_pending_write){.thread = ev->thread,
                           .device = ev->device,
                           .any = any,
                           .host_addr = host_addr,
                           .bytes = bytes,
                           .line = line};
}

static bool is_region_begin(const oi_event *ev) {
  return ev->endpoint == OI_EP_BEGIN && ev->construct == OI_CONSTRUCT_TARGET &&
         (ev->kind == OI_KIND_TARGET ||
          (ev->kind == OI_KIND_CONSTRUCT && ev->origin == OI_ORIGIN_COMPILER));
}

void oia_writes_note(oi_analysis *ctx, const oi_event *ev) {
  if (!ctx->cb.var_written || !ev->site || ev->device < 0)
    return;
  if (ev->kind == OI_KIND_MAP && ev->construct == OI_CONSTRUCT_TARGET &&
      ev->var && ctx->cb.var_written(ctx->cb.user, ev->site, ev->var) == 1)
    add_pending(ctx, ev, false, OI_GET(ev, MAP, host_addr),
                OI_GET(ev, MAP, bytes));
  else if (is_region_begin(ev) &&
           ctx->cb.var_written(ctx->cb.user, ev->site, 0) == 1)
    add_pending(ctx, ev, true, 0, 0);
}

static void kernel_wrote(oi_analysis *ctx, uint32_t range, unsigned line) {
  if (ctx->transfers < OI_INTERVAL_NONE - 1)
    ctx->transfers++;
  oia_versions_write(ctx, range, ctx->transfers);
  oia_range *r = oia_range_at(ctx, range);
  r->kernel_write = ctx->transfers;
  r->kernel_line = line;
}

static void apply_one(oi_analysis *ctx, const oia_pending_write *w) {
  if (w->any) { /* every copy the device holds */
    for (size_t i = 0; i < ctx->ranges.len; i++)
      if (oia_range_at(ctx, (uint32_t)i)->holder == w->device &&
          oia_range_at(ctx, (uint32_t)i)->covered)
        kernel_wrote(ctx, (uint32_t)i, w->line);
    return;
  }
  oia_device_state *dev = oia_device(ctx, w->device);
  if (!dev)
    return;
  /* every copy that overlaps the item: a section inside a mapped array
   * writes that array */
  ctx->overlapping.len = 0;
  oi_intervals_query(&ctx->segments, &dev->coverage_root, w->host_addr,
                     w->host_addr + (w->bytes ? w->bytes : 1), oia_collect_range,
                     ctx);
  size_t found = ctx->overlapping.len;
  for (size_t i = 0; i < found; i++)
    kernel_wrote(ctx, *OI_ARRAY_AT(ctx->overlapping, uint32_t, i), w->line);
}

static bool after_kernel(const oi_event *ev) {
  if (ev->kind == OI_KIND_KERNEL)
    return true;
  if (ev->kind == OI_KIND_DATA_OP)
    return ev->op == OI_DATA_OP_FROM_DEVICE || ev->op == OI_DATA_OP_DELETE;
  return ev->endpoint == OI_EP_END && ev->construct == OI_CONSTRUCT_TARGET &&
         (ev->kind == OI_KIND_TARGET || ev->kind == OI_KIND_CONSTRUCT);
}

void oia_writes_apply(oi_analysis *ctx, const oi_event *ev) {
  if (ctx->pending_writes.len == 0 || !after_kernel(ev))
    return;
  size_t kept = 0;
  for (size_t i = 0; i < ctx->pending_writes.len; i++) {
    oia_pending_write *w = OI_ARRAY_AT(ctx->pending_writes, oia_pending_write, i);
    if (w->thread == ev->thread)
      apply_one(ctx, w);
    else
      *OI_ARRAY_AT(ctx->pending_writes, oia_pending_write, kept++) = *w;
  }
  ctx->pending_writes.len = kept;
}
