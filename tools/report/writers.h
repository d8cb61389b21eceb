/* The report formats: each writes one profile to `out` and returns 0, or -1
 * after printing one line on stderr. */
#ifndef OMPT_INST_REPORT_WRITERS_H
#define OMPT_INST_REPORT_WRITERS_H

#include <stdio.h>

#include "profile.h"

typedef struct oi_report_options {
  const char *run_dir;    /* as given on the command line */
  unsigned top;           /* rows per table (text), 0 = all */
  const char *source_dir; /* annotate, html: where to look for moved sources */
} oi_report_options;

int oi_write_text(const oi_profile *p, const oi_report_options *o, FILE *out);
int oi_write_annotate(const oi_profile *p, const oi_report_options *o, FILE *out);
int oi_write_json(const oi_profile *p, const oi_report_options *o, FILE *out);
/* The few lines shown at program exit (docs/reports.md). */
int oi_write_summary(const oi_profile *p, const oi_report_options *o, FILE *out);
/* One self-contained page (inline CSS, JS and SVG) to open in a browser. */
int oi_write_html(const oi_profile *p, const oi_report_options *o, FILE *out);
int oi_write_chrome(const oi_profile *p, const oi_report_options *o, FILE *out);
/* Creates the OTF2 archive folder `path` (anchor file `traces.otf2`).
 * 0, or -1 with the cause in oi_otf2_error() (nothing printed). */
int oi_write_otf2(const oi_profile *p, const oi_report_options *o, const char *path);
const char *oi_otf2_error(void);

#endif
