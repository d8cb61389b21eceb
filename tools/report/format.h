/* Human-readable numbers and fixed-width cells for the text reports. */
#ifndef OMPT_INST_REPORT_FORMAT_H
#define OMPT_INST_REPORT_FORMAT_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* "812 ns", "12.3 us", "4.56 ms", "1.234 s" */
const char *oi_format_ns(uint64_t ns, char *buf, size_t size);
/* The same when `measured`, else "-" (a time nobody measured is not 0). */
const char *oi_format_measured_ns(bool measured, uint64_t ns, char *buf, size_t size);
/* "24 B", "800.0 kB", "1.6 MB", "2.10 GB" (powers of 1000) */
const char *oi_format_bytes(uint64_t bytes, char *buf, size_t size);
/* `text` cut to `width` columns, the last one an ellipsis when cut; counts
 * UTF-8 code points as one column each. Control characters become '?' (so
 * does fit_tail's). */
const char *oi_format_fit(const char *text, unsigned width, char *buf, size_t size);
/* Like fit, but keeps the end ("…/src/heat.c:42"): for paths. */
const char *oi_format_fit_tail(const char *text, unsigned width, char *buf, size_t size);
/* Like fit, for a place ("file.c:42", "module+0x1a2b"): keeps its line or
 * offset whole and cuts the name before it ("stencil_heat_d…:42"), so that
 * the places of one long file stay apart; like fit_tail where even the
 * line or offset does not fit. */
const char *oi_format_fit_place(const char *text, unsigned width, char *buf, size_t size);
/* Columns `text` takes. */
unsigned oi_format_width(const char *text);
/* Writes `text` fitted and padded to `width` columns, right-aligned when
 * `right`, followed by one space unless `last`. */
void oi_format_cell(FILE *out, const char *text, unsigned width, bool right, bool last);
/* Writes the words of `text` wrapped at `width` columns, the first line
 * indented by `indent`, the next ones by `hanging`, and a newline. A
 * number stays on the line of its unit ("16.0 MB", "1.44 ms"). */
void oi_format_wrapped(FILE *out, const char *text, unsigned indent, unsigned hanging,
                       unsigned width);
/* What a trace's record mode (its `record` info key, set by `ompt-inst run
 * --record`) left out, NULL for the full record (no key, or "full"). */
const char *oi_format_record_absent(const char *mode);

/* One repair the shim made in the runtime's stream (the trace's INFO
 * `repairs=name:count ...`), with its words (include/ompt-inst/repairs.def;
 * NULL words for a name this release does not know). */
typedef struct oi_repair_row {
  char name[48];
  const char *words;
  unsigned long long count;
} oi_repair_row;
/* The repairs of `info` (NULL: none) into rows[max]; returns how many. */
size_t oi_format_repairs(const char *info, oi_repair_row *rows, size_t max);

#endif
