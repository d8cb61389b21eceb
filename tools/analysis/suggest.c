/* One fix per finding, in source terms: which directive to write where. */
#include "internal.h"

#include <inttypes.h>
#include <stdio.h>

static const char *file_or(const oi_finding_place *p) {
  return p->file ? p->file : "?";
}

/* "lines 12–30" or "line 12" */
static void line_span(char *buf, size_t size, unsigned first, unsigned last) {
  if (first && last && first != last)
    snprintf(buf, size, "lines %u\xe2\x80\x93%u", first, last);
  else
    snprintf(buf, size, "line %u", first ? first : last);
}

/* ", and keep its copies as ..." for a variable whose mapping also moved
 * its content (OI_MOVED_* bits); "" if it moved none. */
static void update_clauses(char *buf, size_t size, unsigned moved,
                           const char *item, unsigned line) {
  bool to = moved & OI_MOVED_TO_DEVICE, from = moved & OI_MOVED_FROM_DEVICE;
  if (to && from)
    snprintf(buf, size,
             ", and keep its copies: `target update to(%s)` before and "
             "`target update from(%s)` after the kernel at line %u",
             item, item, line);
  else if (to)
    snprintf(buf, size,
             ", and keep its copy: `target update to(%s)` before the kernel "
             "at line %u",
             item, line);
  else if (from)
    snprintf(buf, size,
             ", and keep its copy: `target update from(%s)` after the kernel "
             "at line %u",
             item, line);
}

char *oia_suggestion(oi_analysis *ctx, const oi_finding *f) {
  char text[1024], span[64], unnamed[64];
  const char *v = f->at.var_text;
  /* the list item to write in a clause; a placeholder without a name */
  const char *item = v;
  if (!f->at.var_named) {
    snprintf(unnamed, sizeof unnamed, "<array at 0x%" PRIx64 ">", f->host_addr);
    item = unnamed;
  }
  line_span(span, sizeof span, f->first_line, f->last_line);
  if (f->may_change) { /* following the usual advice could break the program */
    snprintf(text, sizeof text,
             "%s came back with the same content this run, but the kernel at "
             "line %u may change it: keep this transfer (no fix advised)",
             v, f->changed_line);
    return oi_movement_strdup(&ctx->model, text);
  }
  switch (f->kind) {
  case OI_FINDING_DUPLICATE_TRANSFER:
    if (f->at.construct == OI_CONSTRUCT_TARGET_UPDATE) {
      char since[32] = ""; /* where it was sent first, when that is known */
      if (f->first_line && f->first_line != f->at.line)
        snprintf(since, sizeof since, " since line %u", f->first_line);
      snprintf(text, sizeof text,
               "the `target update` at line %u sends %s where it already "
               "is%s, unchanged by any transfer: drop it, unless a kernel "
               "changed that copy",
               f->at.line, v, since);
    }
    else if (f->op == OI_DATA_OP_TO_DEVICE && f->first_line != f->last_line)
      snprintf(text, sizeof text,
               "keep %s on the device across %s with `target data map(to: %s)`"
               " instead of sending the same content again",
               v, span, item);
    else if (f->op == OI_DATA_OP_TO_DEVICE)
      snprintf(text, sizeof text,
               "%s is sent again and again with the same content at line %u: "
               "map it once with `target data map(to: %s)` around the loop "
               "that repeats line %u",
               v, f->at.line, item, f->at.line);
    else
      snprintf(text, sizeof text,
               "%s comes back from the device unchanged at line %u: copy it "
               "back once, after the last kernel that writes it "
               "(`target update from(%s)`), and map it `to` or `alloc` here",
               v, f->at.line, item);
    break;
  case OI_FINDING_ROUND_TRIP:
    if (f->at.construct == OI_CONSTRUCT_TARGET_UPDATE)
      snprintf(text, sizeof text,
               "the `target update` at line %u sends %s back unchanged after "
               "it left at line %u: drop it, and send %s only once, before "
               "the loop",
               f->at.line, v, f->other.line, item);
    else if (f->op == OI_DATA_OP_FROM_DEVICE)
      snprintf(text, sizeof text,
               "%s is sent to the device at line %u and comes back unchanged "
               "at line %u: use `map(to: %s)` instead of `tofrom`",
               v, f->other.line, f->at.line, item);
    else
      snprintf(text, sizeof text,
               "%s leaves the device at line %u and returns unchanged at line "
               "%u: keep it on the device across %s with "
               "`target data map(tofrom: %s)`",
               v, f->other.line, f->at.line, span, item);
    break;
  case OI_FINDING_REPEATED_ALLOC: {
    /* its mapping also copied it: `alloc` alone would drop those copies */
    char copies[320] = "";
    update_clauses(copies, sizeof copies, f->moved, item, f->at.line);
    if (f->first_line == f->last_line)
      snprintf(text, sizeof text,
               "%s is allocated and freed on device %d again and again at "
               "line %u: allocate it once with `target data map(alloc: %s)` "
               "(or `target enter data`) around the loop that repeats line %u%s",
               v, f->device, f->at.line, item, f->at.line, copies);
    else
      snprintf(text, sizeof text,
               "%s is allocated on device %d again and again at line %u: "
               "allocate it once around %s with `target data map(alloc: %s)` "
               "(or `target enter data`/`exit data`)%s",
               v, f->device, f->at.line, span, item, copies);
    break;
  }
  case OI_FINDING_UNUSED_ALLOC:
    snprintf(text, sizeof text,
             "no kernel runs on device %d while %s is allocated at line %u: "
             "remove its mapping there",
             f->device, v, f->at.line);
    break;
  case OI_FINDING_UNUSED_TRANSFER:
    if (f->count)
      snprintf(text, sizeof text,
               "no kernel on device %d reads %s as sent at line %u before it "
               "is overwritten or freed, or no kernel runs after it: map it "
               "`alloc` instead of `to`, or drop the copy",
               f->device, v, f->at.line);
    else
      snprintf(text, sizeof text,
               "%" PRIu64 " bytes of %s sent at line %u are overwritten before "
               "a kernel on device %d reads them: send the overlapping part "
               "only once",
               f->bytes, v, f->at.line, f->device);
    break;
  case OI_FINDING_IDENTICAL_CONTENT:
    snprintf(text, sizeof text,
             "%s (%s:%u) carries the same content as %s (%s:%u): if it is a "
             "constant such as zeroes, fill it where it is needed instead of "
             "copying it",
             v, file_or(&f->at), f->at.line, f->other.var_text,
             file_or(&f->other), f->other.line);
    break;
  default:
    text[0] = '\0';
  }
  return oi_movement_strdup(&ctx->model, text);
}
