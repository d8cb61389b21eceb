/* The html page's bar and line plots as inline SVG: data movement per
 * variable, device memory in use over time, and the time of each construct
 * on each thread. Each mark carries its value in data- attributes and a
 * <title> (the tooltip and what a screen reader reads). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "html_page.h"

#define PLOT_WIDTH 1000
#define MAX_VARIABLES 30       /* bars in the data movement plot */
#define MAX_MEMORY_POINTS 1000 /* time buckets per device in the memory plot */
#define MAX_CONSTRUCTS 20      /* rows of the thread time plot */
#define MAX_THREAD_COLUMNS 64  /* columns of the thread time plot */

static double share(uint64_t part, uint64_t whole) {
  return whole ? (double)part / (double)whole : 0.0;
}

static void figure_start(FILE *out, const char *id, const char *title) {
  fprintf(out, "<figure id=\"%s\" aria-labelledby=\"%s-h\"><h3 id=\"%s-h\">%s</h3>\n", id, id, id,
          title);
}

/* ---- data movement per variable: bytes and time, to and from devices ---- */

static void bar(FILE *out, double x, double y, double width, const char *class_name,
                const char *title) {
  if (width <= 0)
    return;
  fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"9\" class=\"%s\"><title>", x, y,
          width, class_name);
  oi_html_text(out, title);
  fputs("</title></rect>", out);
}

void oi_html_data_movement(const oi_html_page *page) {
  const oi_profile *p = page->p;
  FILE *out = page->out;
  uint32_t count;
  uint32_t *order = oi_profile_variables_by_cost(p, &count);
  figure_start(out, "plot-data", "Data movement per variable");
  if (!order || count == 0) {
    fputs("<p>No data was moved to or from a device.</p></figure>\n", out);
    free(order);
    return;
  }
  uint32_t shown = count < MAX_VARIABLES ? count : MAX_VARIABLES;
  uint64_t max_bytes = 1, max_ns = 1;
  for (uint32_t k = 0; k < shown; k++) {
    const oi_variable_row *v = &p->variables[order[k]];
    if (oi_variable_transfer_bytes(v) > max_bytes)
      max_bytes = oi_variable_transfer_bytes(v);
    if (oi_variable_transfer_ns(v) > max_ns)
      max_ns = oi_variable_transfer_ns(v);
  }
  const double label = 220, column = (PLOT_WIDTH - label - 2 * 70 - 20) / 2.0, row = 30;
  unsigned height = (unsigned)(row * shown + 24);
  fprintf(out,
          "<ul class=\"legend\"><li><i class=\"d-to\"></i>to device</li><li><i "
          "class=\"d-from\"></i>from device</li></ul>\n<svg viewBox=\"0 0 %d %u\" "
          "width=\"100%%\" role=\"img\" aria-labelledby=\"plot-data-h\">\n"
          "<text x=\"%.0f\" y=\"12\">bytes</text>"
          "<text x=\"%.0f\" y=\"12\">time</text>\n",
          PLOT_WIDTH, height, label, label + column + 90);
  char a[64], b[64], title[1024];
  for (uint32_t k = 0; k < shown; k++) {
    const oi_variable_row *v = &p->variables[order[k]];
    uint64_t to = v->bytes[OI_DATA_OP_TO_DEVICE], from = v->bytes[OI_DATA_OP_FROM_DEVICE];
    uint64_t to_ns = v->time_ns[OI_DATA_OP_TO_DEVICE], from_ns = v->time_ns[OI_DATA_OP_FROM_DEVICE];
    double y = 22 + row * k;
    fputs("<g class=\"var\" data-var=\"", out);
    oi_html_text(out, v->name);
    fprintf(out,
            "\" data-to-bytes=\"%" PRIu64 "\" data-from-bytes=\"%" PRIu64 "\" data-to-ns=\"%" PRIu64
            "\" data-from-ns=\"%" PRIu64 "\">",
            to, from, to_ns, from_ns);
    fprintf(out, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">", label - 8, y + 9);
    char fitted[256];
    oi_html_text(out, oi_format_fit(v->name, 34, fitted, sizeof fitted));
    fputs("</text>", out);
    double to_w = column * share(to, max_bytes), from_w = column * share(from, max_bytes);
    snprintf(title, sizeof title, "%s: %s to device in %" PRIu64 " operations", v->name,
             oi_format_bytes(to, a, sizeof a), v->ops[OI_DATA_OP_TO_DEVICE]);
    bar(out, label, y, to_w, "d-to", title);
    snprintf(title, sizeof title, "%s: %s from device in %" PRIu64 " operations", v->name,
             oi_format_bytes(from, a, sizeof a), v->ops[OI_DATA_OP_FROM_DEVICE]);
    bar(out, label + to_w, y, from_w, "d-from", title);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text>", label + to_w + from_w + 4, y + 9,
            oi_format_bytes(to + from, a, sizeof a));
    double x = label + column + 90;
    double to_t = column * share(to_ns, max_ns), from_t = column * share(from_ns, max_ns);
    snprintf(title, sizeof title, "%s: %s to device", v->name, oi_format_ns(to_ns, a, sizeof a));
    bar(out, x, y, to_t, "d-to", title);
    snprintf(title, sizeof title, "%s: %s from device", v->name,
             oi_format_ns(from_ns, a, sizeof a));
    bar(out, x + to_t, y, from_t, "d-from", title);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text></g>\n", x + to_t + from_t + 4, y + 9,
            oi_format_ns(to_ns + from_ns, b, sizeof b));
  }
  fputs("</svg>\n<figcaption>Bytes and time of the transfers of each mapped variable, to "
        "and from devices, costliest first",
        out);
  if (shown < count)
    fprintf(out, "; the %" PRIu32 " costliest of %" PRIu32 " variables", shown, count);
  fputs(".</figcaption></figure>\n", out);
  free(order);
}

/* ---- device memory in use over time ---- */

static const char *const device_colours[] = {"#0b5cad", "#c2417a", "#0f8a8a", "#e0822c",
                                             "#6d7f2a", "#9b6bd1", "#7f8c99", "#c9472f"};

/* One device's step line; samples are in time order. Above
 * MAX_MEMORY_POINTS samples, each time bucket keeps its highest value (the
 * peak survives) and its last one. */
static void memory_line(FILE *out, const oi_memory_sample *samples, size_t count, int32_t device,
                        uint64_t start, uint64_t span, uint64_t top, double width, double height,
                        unsigned colour) {
  uint64_t peak = 0;
  size_t points = 0;
  for (size_t i = 0; i < count; i++)
    if (samples[i].device == device) {
      points++;
      peak = samples[i].live_bytes > peak ? samples[i].live_bytes : peak;
    }
  fprintf(out,
          "<g class=\"mem\" data-device=\"%" PRId32 "\" data-peak-bytes=\"%" PRIu64
          "\" data-samples=\"%zu\"><path stroke=\"%s\" d=\"M0 %.1f",
          device, peak, points, device_colours[colour % 8], height);
  double bucket = points > MAX_MEMORY_POINTS ? (double)span / MAX_MEMORY_POINTS : 0;
  long current = -1;
  uint64_t high = 0, last = 0;
  double x_of_bucket = 0;
  for (size_t i = 0; i < count; i++) {
    if (samples[i].device != device)
      continue;
    uint64_t t = samples[i].time_ns > start ? samples[i].time_ns - start : 0;
    double x = width * share(t, span);
    if (bucket == 0) {
      fprintf(out, " H%.2f V%.1f", x, height - height * share(samples[i].live_bytes, top));
      continue;
    }
    long b = (long)((double)t / bucket);
    if (b != current) {
      if (current >= 0)
        fprintf(out, " H%.2f V%.1f V%.1f", x_of_bucket, height - height * share(high, top),
                height - height * share(last, top));
      current = b, high = 0, x_of_bucket = x;
    }
    high = samples[i].live_bytes > high ? samples[i].live_bytes : high;
    last = samples[i].live_bytes;
  }
  if (current >= 0)
    fprintf(out, " H%.2f V%.1f V%.1f", x_of_bucket, height - height * share(high, top),
            height - height * share(last, top));
  char a[64];
  fprintf(out, " H%.0f\"><title>device %" PRId32 ": peak %s</title></path></g>\n", width, device,
          oi_format_bytes(peak, a, sizeof a));
}

void oi_html_device_memory(const oi_html_page *page) {
  const oi_profile *p = page->p;
  FILE *out = page->out;
  const oi_memory_sample *samples = p->memory_samples;
  size_t count = p->memory_sample_count;
  figure_start(out, "plot-memory", "Device memory in use over time");
  if (count == 0) {
    fputs("<p>No device memory was allocated.</p></figure>\n", out);
    return;
  }
  uint64_t top = 1, start = p->trace->header.start_time_ns;
  uint64_t span = p->duration_ns > p->last_event_ns ? p->duration_ns : p->last_event_ns;
  span = span ? span : 1;
  int32_t devices[64];
  unsigned device_count = 0;
  for (size_t i = 0; i < count; i++) {
    top = samples[i].live_bytes > top ? samples[i].live_bytes : top;
    bool seen = false;
    for (unsigned d = 0; d < device_count && !seen; d++)
      seen = devices[d] == samples[i].device;
    if (!seen && device_count < 64)
      devices[device_count++] = samples[i].device;
  }
  const double left = 70, width = PLOT_WIDTH - left - 10, height = 160;
  char a[64], b[64];
  fprintf(out,
          "<svg viewBox=\"0 0 %d %.0f\" width=\"100%%\" role=\"img\" "
          "aria-labelledby=\"plot-memory-h\">\n<g class=\"axis\"><line x1=\"%.0f\" "
          "x2=\"%.0f\" y1=\"%.0f\" y2=\"%.0f\"/><line x1=\"%.0f\" x2=\"%.0f\" y1=\"10\" "
          "y2=\"%.0f\"/><text x=\"%.0f\" y=\"14\" text-anchor=\"end\">%s</text><text "
          "x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">0</text><text x=\"%.0f\" y=\"%.0f\">0"
          "</text><text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%s</text></g>\n"
          "<g transform=\"translate(%.0f 10)\">\n",
          PLOT_WIDTH, height + 36, left, left + width, height + 10, height + 10, left, left,
          height + 10, left - 4, oi_format_bytes(top, a, sizeof a), left - 4, height + 10, left,
          height + 26, PLOT_WIDTH - 10, height + 26, oi_format_ns(span, b, sizeof b), left);
  for (unsigned d = 0; d < device_count; d++)
    memory_line(out, samples, count, devices[d], start, span, top, width, height, d);
  fputs("</g></svg>\n<ul class=\"legend\">", out);
  for (unsigned d = 0; d < device_count; d++) {
    fprintf(out, "<li><i style=\"background:%s\"></i>device %" PRId32 "</li>",
            device_colours[d % 8], devices[d]);
  }
  fprintf(out,
          "</ul>\n<figcaption>Sum of the live allocations per device after each "
          "allocation and delete (%zu of them)%s.</figcaption></figure>\n",
          count,
          count > MAX_MEMORY_POINTS ? "; a device with more than 1000 is drawn per "
                                      "time bucket, keeping each bucket's highest "
                                      "value"
                                    : "");
}

/* ---- time per construct per thread ---- */

void oi_html_thread_time(const oi_html_page *page) {
  const oi_profile *p = page->p;
  FILE *out = page->out;
  uint32_t *order = oi_profile_rows_by_cost(p);
  uint32_t rows[MAX_CONSTRUCTS], shown = 0, columns = 0;
  for (uint32_t k = 0; order && k < p->row_keys.count && shown < MAX_CONSTRUCTS; k++) {
    const oi_construct_row *r = &p->rows[order[k]];
    if (!r->timed)
      continue;
    rows[shown++] = order[k];
    for (uint32_t t = 0; t < r->thread_capacity; t++)
      if (r->thread_instances[t] && t + 1 > columns)
        columns = t + 1;
  }
  free(order);
  figure_start(out, "plot-threads", "Time per construct per thread");
  if (shown == 0) {
    fputs("<p>No construct was timed.</p></figure>\n", out);
    return;
  }
  bool cut = columns > MAX_THREAD_COLUMNS;
  columns = cut ? MAX_THREAD_COLUMNS : columns;
  const double label = 300, right = 70, row = 20;
  double cell = (PLOT_WIDTH - label - right) / columns;
  cell = cell > 60 ? 60 : cell;
  fprintf(out,
          "<svg viewBox=\"0 0 %d %.0f\" width=\"100%%\" role=\"img\" "
          "aria-labelledby=\"plot-threads-h\">\n",
          PLOT_WIDTH, row * shown + 30);
  for (uint32_t t = 0; t < columns; t++)
    if (cell >= 14 || t % 8 == 0)
      fprintf(out, "<text x=\"%.1f\" y=\"12\" text-anchor=\"middle\">%" PRIu32 "</text>",
              label + cell * t + cell / 2, t);
  fprintf(out, "<text x=\"%.0f\" y=\"12\">imbalance</text>\n", label + cell * columns + 6);
  char a[64], name[1024], fitted[256];
  for (uint32_t k = 0; k < shown; k++) {
    const oi_construct_row *r = &p->rows[rows[k]];
    uint64_t max = 1;
    for (uint32_t t = 0; t < r->thread_capacity; t++)
      max = r->thread_ns[t] > max ? r->thread_ns[t] : max;
    double y = 18 + row * k;
    oi_profile_row_name(p, rows[k], name, sizeof name);
    fputs("<g class=\"row\" data-construct=\"", out);
    oi_html_text(out, name);
    fprintf(out, "\" data-imbalance=\"%.4f\"><text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">",
            r->imbalance, label - 6, y + 13);
    oi_html_text(out, oi_format_fit(name, 46, fitted, sizeof fitted));
    fputs("</text>", out);
    for (uint32_t t = 0; t < columns && t < r->thread_capacity; t++) {
      if (r->thread_instances[t] == 0)
        continue;
      fprintf(out,
              "<rect class=\"cell %s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
              "height=\"%.0f\" fill-opacity=\"%.2f\" data-thread=\"%" PRIu32 "\" data-ns=\"%" PRIu64
              "\"><title>thread %" PRIu32 ": %s in %" PRIu64 " instances</title></rect>",
              oi_html_row_class(r), label + cell * t, y, cell, row - 2,
              0.15 + 0.85 * share(r->thread_ns[t], max), t, r->thread_ns[t], t,
              oi_format_ns(r->thread_ns[t], a, sizeof a), r->thread_instances[t]);
    }
    fprintf(out, "<text x=\"%.0f\" y=\"%.1f\">%.2f</text></g>\n", label + cell * columns + 6,
            y + 13, r->imbalance);
  }
  fprintf(out,
          "</svg>\n<figcaption>The %" PRIu32 " costliest timed constructs; a cell per "
          "thread, darker for more of the row's time (hover for the time); imbalance is "
          "max / mean of the per-thread times (1.00 = even)%s.</figcaption></figure>\n",
          shown, cut ? "; the first 64 threads" : "");
}
