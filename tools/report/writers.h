/* The report formats: each writes one profile to `out` and returns 0, or -1
 * after printing one line on stderr. */
#ifndef OMPT_INST_REPORT_WRITERS_H
#define OMPT_INST_REPORT_WRITERS_H

#include <stdio.h>

#include "model/profile.h"

typedef struct oi_report_options {
  const char *run_dir;    /* as given on the command line */
  unsigned top;           /* rows per table (text), 0 = all */
  const char *source_dir; /* annotate, html: where to look for moved sources */
} oi_report_options;

/* One writer per row of formats.def: a STREAM writer writes to `out`; an
 * ARCHIVE writer creates the folder `path` (otf2: anchor file
 * `traces.otf2`) and returns 0, or -1 with the cause in oi_<name>_error()
 * (nothing printed). summary: the few lines shown at program exit
 * (docs/reports.md); html: one self-contained page (inline CSS, JS, SVG). */
#include "formats.def"
#define OI_WRITER_STREAM(name) FILE *out);
#define OI_WRITER_ARCHIVE(name)                                                                    \
  const char *path);                                                                               \
  const char *oi_##name##_error(void);
#define OI_DECLARE_WRITER(id, name, kind, timeline, what)                                          \
  int oi_write_##name(const oi_profile *p, const oi_report_options *o,        \
                      OI_WRITER_##kind(name)
OI_REPORT_FORMATS(OI_DECLARE_WRITER)
#undef OI_DECLARE_WRITER

#endif
