/* Device memory in use over time, in bounded memory: one sample per
 * allocation and delete until OI_ANALYSIS_MEMORY_SAMPLES are kept; then
 * time buckets, at least a quarter that many over the span so far (wider
 * each time the samples fill up again): per bucket and device, only the
 * sample with the device's highest value in the bucket and the device's
 * last one in it stay. What stays is a subsequence of the samples, so it
 * keeps their order, and every device's peak and final value survive. */
#include "internal.h"

static oia_bucket_device *device_in_bucket(oi_analysis *ctx, int32_t device) {
  oia_bucket_device *d = ctx->memory_devices.data;
  for (size_t i = 0; i < ctx->memory_devices.len; i++)
    if (d[i].device == device)
      return &d[i];
  return NULL;
}

static uint64_t bucket_of(const oi_analysis *ctx, uint64_t time_ns, uint64_t width) {
  return time_ns > ctx->memory_origin_ns ? (time_ns - ctx->memory_origin_ns) / width : 0;
}

/* Keeps the highest and the last sample of each device per bucket of
 * `width` ns; the number of samples kept. */
static size_t compact_with(oi_analysis *ctx, uint64_t width) {
  oi_memory_sample *s = ctx->memory.data;
  size_t n = ctx->memory.len, out = 0;
  for (size_t begin = 0, end; begin < n; begin = end) {
    /* times may step back a little (an operation's end, in feed order):
     * a bucket is a run of samples, never reopened */
    uint64_t bucket = bucket_of(ctx, s[begin].time_ns, width);
    for (end = begin + 1; end < n && bucket_of(ctx, s[end].time_ns, width) <= bucket; end++)
      ;
    ctx->memory_devices.len = 0;
    for (size_t i = begin; i < end; i++) {
      oia_bucket_device *d = device_in_bucket(ctx, s[i].device);
      if (!d) {
        if (!(d = oi_array_push(&ctx->memory_devices))) {
          ctx->failed = true;
          return n;
        }
        *d = (oia_bucket_device){s[i].device, s[i].live_bytes, i, i};
      } else if (s[i].live_bytes > d->high) {
        d->high = s[i].live_bytes;
        d->high_at = i;
      }
      d->last_at = i;
    }
    for (size_t i = begin; i < end; i++) {
      const oia_bucket_device *d = device_in_bucket(ctx, s[i].device);
      if (i == d->high_at || i == d->last_at)
        s[out++] = s[i];
    }
  }
  return out;
}

static void compact(oi_analysis *ctx) {
  oi_memory_sample *s = ctx->memory.data;
  size_t n = ctx->memory.len;
  if (ctx->memory_bucket_ns == 0)
    ctx->memory_origin_ns = s[0].time_ns;
  uint64_t last =
      s[n - 1].time_ns > ctx->memory_origin_ns ? s[n - 1].time_ns : ctx->memory_origin_ns;
  uint64_t span = last - ctx->memory_origin_ns;
  uint64_t width = span / (OI_ANALYSIS_MEMORY_SAMPLES / 4) + 1;
  if (width < 2 * ctx->memory_bucket_ns)
    width = 2 * ctx->memory_bucket_ns;
  for (;;) {
    ctx->memory.len = compact_with(ctx, width);
    /* one bucket over the whole span keeps two samples per device */
    if (ctx->failed || ctx->memory.len <= OI_ANALYSIS_MEMORY_SAMPLES / 2 || width > span)
      break;
    width *= 2;
  }
  ctx->memory_bucket_ns = width;
}

void oia_memory_sample(oi_analysis *ctx, int32_t device, uint64_t time_ns, uint64_t live_bytes) {
  if (ctx->memory.len >= OI_ANALYSIS_MEMORY_SAMPLES)
    compact(ctx);
  oi_memory_sample *sample = ctx->failed ? NULL : oi_array_push(&ctx->memory);
  if (!sample) {
    ctx->failed = true;
    return;
  }
  *sample = (oi_memory_sample){time_ns, device, live_bytes};
}
