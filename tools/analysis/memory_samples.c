/* Device memory in use over time, in bounded memory: one sample per
 * allocation and delete until OI_ANALYSIS_MEMORY_SAMPLES are kept; then
 * time buckets, at least a quarter that many over the span so far (wider
 * each time the samples fill up again): per bucket and device, only the
 * sample with the device's highest value in the bucket and the device's
 * last one in it stay. What stays is a subsequence of the samples, so it
 * keeps their order, and every device's peak and final value survive. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static oia_bucket_device *device_in_bucket(oi_analysis *ctx, int32_t device) {
  oia_bucket_device *d = ctx->memory_devices.data;
  for (size_t i = 0; i < ctx->memory_devices.len; i++)
    if (d[i].device == device)
      return &d[i];
  return NULL;
}

/* The first time past the bucket of `time_ns` (buckets of `width` ns from
 * the origin; a time before it is in the first), saturating. */
static uint64_t bucket_end(const oi_analysis *ctx, uint64_t time_ns, uint64_t width) {
  uint64_t offset = time_ns > ctx->memory_origin_ns ? time_ns - ctx->memory_origin_ns : 0;
  uint64_t end = (offset / width + 1) * width;
  return end / width == offset / width + 1 && ctx->memory_origin_ns <= UINT64_MAX - end
             ? ctx->memory_origin_ns + end
             : UINT64_MAX;
}

static int by_index(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

/* Keeps the highest and the last sample of each device per bucket of
 * `width` ns; the number of samples kept. One division per bucket, one
 * device lookup per sample. */
static size_t compact_with(oi_analysis *ctx, uint64_t width) {
  oi_memory_sample *s = ctx->memory.data;
  size_t n = ctx->memory.len, out = 0;
  for (size_t begin = 0, end; begin < n; begin = end) {
    /* times may step back a little (an operation's end, in feed order):
     * a bucket is a run of samples, never reopened */
    uint64_t limit = bucket_end(ctx, s[begin].time_ns, width);
    ctx->memory_devices.len = 0;
    for (end = begin; end < n && (end == begin || s[end].time_ns < limit); end++) {
      oia_bucket_device *d = device_in_bucket(ctx, s[end].device);
      if (!d) {
        if (!(d = oi_array_push(&ctx->memory_devices))) {
          ctx->failed = true;
          return n;
        }
        *d = (oia_bucket_device){s[end].device, s[end].live_bytes, end, end};
      } else if (s[end].live_bytes > d->high) {
        d->high = s[end].live_bytes;
        d->high_at = end;
      }
      d->last_at = end;
    }
    /* the kept samples of the bucket, in their order */
    size_t kept[2 * 64], count = 0;
    const oia_bucket_device *d = ctx->memory_devices.data;
    size_t devices = ctx->memory_devices.len;
    if (devices > 64) { /* more devices than a bucket's list holds: keep it whole */
      memmove(&s[out], &s[begin], (end - begin) * sizeof *s);
      out += end - begin;
      continue;
    }
    for (size_t i = 0; i < devices; i++) {
      kept[count++] = d[i].high_at;
      if (d[i].last_at != d[i].high_at)
        kept[count++] = d[i].last_at;
    }
    qsort(kept, count, sizeof kept[0], by_index);
    for (size_t i = 0; i < count; i++)
      s[out++] = s[kept[i]];
  }
  return out;
}

static void compact(oi_analysis *ctx) {
  oi_memory_sample *s = ctx->memory.data;
  size_t n = ctx->memory.len;
  if (ctx->memory_bucket_ns == 0)
    ctx->memory_origin_ns = s[0].time_ns;
  uint64_t last = s[n - 1].time_ns > ctx->memory_origin_ns ? s[n - 1].time_ns : ctx->memory_origin_ns;
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

void oia_memory_sample(oi_analysis *ctx, int32_t device, uint64_t time_ns,
                       uint64_t live_bytes) {
  if (ctx->memory.len >= OI_ANALYSIS_MEMORY_SAMPLES)
    compact(ctx);
  oi_memory_sample *sample = ctx->failed ? NULL : oi_array_push(&ctx->memory);
  if (!sample) {
    ctx->failed = true;
    return;
  }
  *sample = (oi_memory_sample){time_ns, device, live_bytes};
}
