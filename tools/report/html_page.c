/* What every section of the html page uses (html_page.h): escaping, the
 * colour classes of rows and data operations, file indices. */
#include <string.h>

#include "html_page.h"
#include "common/site_descriptor.h"

void oi_html_text(FILE *out, const char *text) {
  for (const char *c = text; c && *c; c++) {
    switch (*c) {
    case '&':
      fputs("&amp;", out);
      break;
    case '<':
      fputs("&lt;", out);
      break;
    case '>':
      fputs("&gt;", out);
      break;
    case '"':
      fputs("&quot;", out);
      break;
    case '\'':
      fputs("&#39;", out);
      break;
    default:
      fputc(*c, out);
    }
  }
}

const char *oi_html_row_class(const oi_construct_row *row) {
  switch (row->kind) {
  case OI_KIND_KERNEL:
    return "c-krn";
  case OI_KIND_IMPLICIT_TASK:
    return "c-itask";
  case OI_KIND_SYNC:
    return "c-sync";
  case OI_KIND_MUTEX:
  case OI_KIND_NEST_LOCK:
    return "c-mut";
  case OI_KIND_TASK:
  case OI_KIND_TASK_CREATE:
    return "c-task";
  default:
    break;
  }
  switch (oi_construct_category(oi_leading_construct(row->label, strlen(row->label)))) {
  case OI_CATEGORY_DEVICE:
    return "c-tgt";
  case OI_CATEGORY_TEAM:
    return "c-par";
  case OI_CATEGORY_WORK:
    return "c-work";
  case OI_CATEGORY_SYNC:
    return "c-sync";
  case OI_CATEGORY_TASK:
    return "c-task";
  case OI_CATEGORY_MUTEX:
    return "c-mut";
  default:
    return row->kind == OI_KIND_PARALLEL ? "c-par" : row->kind == OI_KIND_WORK ? "c-work" : "c-oth";
  }
}

const char *oi_html_op_class(unsigned op) {
  switch (op) {
  case OI_DATA_OP_TO_DEVICE:
    return "d-to";
  case OI_DATA_OP_FROM_DEVICE:
    return "d-from";
  case OI_DATA_OP_ALLOC:
    return "d-alloc";
  case OI_DATA_OP_DELETE:
    return "d-del";
  default:
    return "d-oth";
  }
}

int oi_html_file_index(const oi_html_page *page, const char *file) {
  for (uint32_t i = 0; file && i < page->file_count; i++)
    if (strcmp(page->files[i], file) == 0)
      return (int)i;
  return -1;
}
