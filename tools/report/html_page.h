/* What the files of `--format html` share: the page being written, HTML
 * escaping (html_page.c), and the sections each file writes (report_html.c: the page,
 * summary and findings; html_source.c: the annotated source;
 * html_plots.c and html_timeline.c: the SVG plots). */
#ifndef OMPT_INST_REPORT_HTML_PAGE_H
#define OMPT_INST_REPORT_HTML_PAGE_H

#include <stdio.h>

#include "source_listing.h"
#include "writers.h"

typedef struct oi_html_page {
  const oi_profile *p;
  const oi_report_options *o;
  FILE *out;
  oi_source_listing listing;
  /* source files in listing order; a file's index names its elements:
   * section "file-I", line rows "L<I>-<line>" */
  const char **files;
  uint32_t file_count;
} oi_html_page;

/* `text` with & < > " ' escaped, for element content and attribute values;
 * NULL writes nothing. */
void oi_html_text(FILE *out, const char *text);
/* The colour class of a construct row: c-par, c-work, c-sync, c-task,
 * c-tgt, c-krn, c-mut, c-itask or c-oth. */
const char *oi_html_row_class(const oi_construct_row *row);
/* The colour class of a data operation: d-to, d-from, d-alloc, d-del, d-oth. */
const char *oi_html_op_class(unsigned op);
/* The index of a listing file name in page->files, -1 if it has none. */
int oi_html_file_index(const oi_html_page *page, const char *file);

void oi_html_source(const oi_html_page *page);
void oi_html_data_movement(const oi_html_page *page);
void oi_html_device_memory(const oi_html_page *page);
void oi_html_thread_time(const oi_html_page *page);
void oi_html_timeline(const oi_html_page *page);

/* report.css and report.js (tools/report/html/), embedded by the build */
extern const char oi_html_style[], oi_html_script[];

#endif
