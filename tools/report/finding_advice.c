/* One fix per finding, in source terms: which directive to write where
 * (finding_words.h). */
#include "finding_words.h"

#include <inttypes.h>
#include <stdio.h>

/* Where a build without -g and without the plugin gives no line: the
 * finding's own construct, whose code address the report prints. */
#define THIS_CONSTRUCT "this construct"
#define OTHER_CONSTRUCT "another construct"

typedef struct line_text {
  char s[48];
} line_text;

/* "line 12", or `unknown` for line 0 */
static line_text line_or(unsigned line, const char *unknown) {
  line_text t;
  if (line)
    snprintf(t.s, sizeof t.s, "line %u", line);
  else
    snprintf(t.s, sizeof t.s, "%s", unknown);
  return t;
}

typedef struct location_text {
  char s[400];
} location_text;

/* " (c.c:12)", or "" without a line */
static location_text location(const oi_finding_place *p) {
  location_text t = {""};
  if (p->line)
    snprintf(t.s, sizeof t.s, " (%s:%u)", p->file ? p->file : "?", p->line);
  return t;
}

/* "lines 12–30", "line 12", or "this construct" */
static void line_span(char *buf, size_t size, unsigned first, unsigned last) {
  if (first && last && first != last)
    snprintf(buf, size, "lines %u\xe2\x80\x93%u", first, last);
  else
    snprintf(buf, size, "%s", line_or(first ? first : last, THIS_CONSTRUCT).s);
}

/* ", and keep its copies as ..." for a variable whose mapping also moved
 * its content (OI_MOVED_* bits); "" if it moved none. */
static void update_clauses(char *buf, size_t size, unsigned moved, const char *item,
                           unsigned at_line) {
  bool to = moved & OI_MOVED_TO_DEVICE, from = moved & OI_MOVED_FROM_DEVICE;
  line_text line = line_or(at_line, THIS_CONSTRUCT);
  if (to && from)
    snprintf(buf, size,
             ", and keep its copies: `target update to(%s)` before and "
             "`target update from(%s)` after the kernel at %s",
             item, item, line.s);
  else if (to)
    snprintf(buf, size,
             ", and keep its copy: `target update to(%s)` before the kernel "
             "at %s",
             item, line.s);
  else if (from)
    snprintf(buf, size,
             ", and keep its copy: `target update from(%s)` after the kernel "
             "at %s",
             item, line.s);
}

const char *oi_finding_advice(const oi_finding *f, const oi_finding_vars *vars, char *text,
                              size_t size) {
  char span[64], unnamed[64];
  const char *v = vars->var;
  /* the list item to write in a clause; a placeholder without a name */
  const char *item = v;
  if (!vars->var_whole) {
    snprintf(unnamed, sizeof unnamed, "<array at 0x%" PRIx64 ">", f->host_addr);
    item = unnamed;
  }
  line_span(span, sizeof span, f->first_line, f->last_line);
  line_text at = line_or(f->at.line, THIS_CONSTRUCT),
            other = line_or(f->other.line, OTHER_CONSTRUCT);
  if (f->may_change) { /* following the usual advice could break the program */
    line_text writer = line_or(f->changed_line, OTHER_CONSTRUCT);
    /* a body nobody analysed: say how to learn more */
    const char *unseen = f->changed_unseen
                             ? "; a build without the plugin cannot see what a kernel writes:"
                               " built with `ompt-inst cc`, the plugin can prove it does not"
                             : "";
    if (f->op == OI_DATA_OP_TO_DEVICE)
      snprintf(text, size,
               "%s is sent with the content its device copy had before, but "
               "the kernel at %s %s that copy in between: keep this "
               "transfer (no fix advised)%s",
               v, writer.s, f->changed_unseen ? "may write" : "writes", unseen);
    else
      snprintf(text, size,
               "%s came back with the same content this run, but the kernel "
               "at %s may change it: keep this transfer (no fix advised)%s",
               v, writer.s, unseen);
    return text;
  }
  switch (f->kind) {
  case OI_FINDING_DUPLICATE_TRANSFER:
    if (f->at.construct == OI_CONSTRUCT_TARGET_UPDATE) {
      char since[32] = ""; /* where it was sent first, when that is known */
      if (f->first_line && f->first_line != f->at.line)
        snprintf(since, sizeof since, " since line %u", f->first_line);
      snprintf(text, size,
               "the `target update` at %s sends %s where it already "
               "is%s, unchanged by any transfer: drop it, unless a kernel "
               "changed that copy",
               at.s, v, since);
    } else if (f->op == OI_DATA_OP_TO_DEVICE && f->first_line != f->last_line)
      snprintf(text, size,
               "keep %s on the device across %s with `target data map(to: %s)`"
               " instead of sending the same content again",
               v, span, item);
    else if (f->op == OI_DATA_OP_TO_DEVICE)
      snprintf(text, size,
               "%s is sent again and again with the same content at %s: "
               "map it once with `target data map(to: %s)` around the loop "
               "that repeats %s",
               v, at.s, item, at.s);
    else
      snprintf(text, size,
               "%s comes back from the device unchanged at %s: copy it "
               "back once, after the last kernel that writes it "
               "(`target update from(%s)`), and map it `to` or `alloc` here",
               v, at.s, item);
    break;
  case OI_FINDING_ROUND_TRIP:
    if (f->at.construct == OI_CONSTRUCT_TARGET_UPDATE)
      snprintf(text, size,
               "the `target update` at %s sends %s back unchanged after "
               "it left at %s: drop it, and send %s only once, before "
               "the loop",
               at.s, v, other.s, item);
    else if (f->op == OI_DATA_OP_FROM_DEVICE && f->at.construct == OI_CONSTRUCT_TARGET_EXIT_DATA)
      /* a build without the plugin sees a `target data`'s end as an exit
       * data too: the words fit both */
      snprintf(text, size,
               "%s is sent to the device at %s and comes back unchanged "
               "at %s: do not copy it back there (`map(release: %s)` on a `target exit "
               "data`, `map(to: %s)` on a `target data`)",
               v, other.s, at.s, item, item);
    else if (f->op == OI_DATA_OP_FROM_DEVICE)
      snprintf(text, size,
               "%s is sent to the device at %s and comes back unchanged "
               "at %s: use `map(to: %s)` instead of `tofrom`",
               v, other.s, at.s, item);
    else /* the run cannot see the host read it in between: say where the
            fix must still copy it back */
      snprintf(text, size,
               "%s leaves the device at %s and returns unchanged at "
               "%s: keep it on the device across %s with "
               "`target data map(tofrom: %s)`, and `target update from(%s)` "
               "wherever the host reads it in between",
               v, other.s, at.s, span, item, item);
    break;
  case OI_FINDING_REPEATED_ALLOC: {
    /* its mapping also copied it: `alloc` alone would drop those copies */
    char copies[320] = "";
    update_clauses(copies, sizeof copies, f->moved, item, f->at.line);
    if (f->first_line == f->last_line)
      snprintf(text, size,
               "%s is allocated and freed on device %d again and again at "
               "%s: allocate it once with `target data map(alloc: %s)` "
               "(or `target enter data`) around the loop that repeats %s%s",
               v, f->device, at.s, item, at.s, copies);
    else
      snprintf(text, size,
               "%s is allocated on device %d again and again at %s: "
               "allocate it once around %s with `target data map(alloc: %s)` "
               "(or `target enter data`/`exit data`)%s",
               v, f->device, at.s, span, item, copies);
    break;
  }
  case OI_FINDING_UNUSED_ALLOC:
    snprintf(text, size,
             "no kernel runs on device %d while %s is allocated at %s: "
             "remove its mapping there",
             f->device, v, at.s);
    break;
  case OI_FINDING_UNUSED_TRANSFER:
    if (f->count)
      snprintf(text, size,
               "no kernel on device %d reads %s as sent at %s before it "
               "is overwritten or freed, or no kernel runs after it: map it "
               "`alloc` instead of `to`, or drop the copy",
               f->device, v, at.s);
    else
      snprintf(text, size,
               "%" PRIu64 " bytes of %s sent at %s are overwritten before "
               "a kernel on device %d reads them: send the overlapping part "
               "only once",
               f->bytes, v, at.s, f->device);
    break;
  case OI_FINDING_IDENTICAL_CONTENT:
    snprintf(text, size,
             "%s%s carries the same content as %s%s: if it is a "
             "constant such as zeroes, fill it where it is needed instead of "
             "copying it",
             v, location(&f->at).s, vars->other, location(&f->other).s);
    break;
  case OI_FINDING_UPDATE_OF_ABSENT_DATA:
    snprintf(text, size,
             "the `target update` at %s asks for %s, which is not (wholly) on device %d then: it "
             "moves nothing, so %s; map it first (`target enter data map(%s: %s)`, or a "
             "`target data` region around the update and the kernels that use it)",
             at.s, v, f->device,
             f->op == OI_DATA_OP_FROM_DEVICE ? "the host keeps its old values"
                                             : "no kernel sees the host's values",
             f->op == OI_DATA_OP_FROM_DEVICE ? "alloc" : "to", item);
    break;
  case OI_FINDING_EXIT_OF_ABSENT_DATA:
    snprintf(text, size,
             "the `target exit data` at %s finds %s absent on device %d: %s; map it "
             "with `target enter data` before the kernels that use it (or in the same "
             "`target data` region), or drop this exit",
             at.s, v, f->device,
             f->op == OI_DATA_OP_FROM_DEVICE
                 ? "nothing comes back, so the host keeps its old values"
                 : "it releases nothing: its enter is missing, or it was released before");
    break;
  case OI_FINDING_UNINITIALIZED_DEVICE_READ:
    if (f->op == OI_DATA_OP_FROM_DEVICE)
      snprintf(text, size,
               "%s is copied back to the host at %s from a device copy nothing wrote (it "
               "was allocated without its content, and no transfer or kernel wrote it "
               "since): the host's values are overwritten with whatever the device memory "
               "held; map it `to`/`tofrom` where it is allocated, or `alloc`/`release` "
               "here if the host's values must stay",
               v, at.s);
    else
      snprintf(text, size,
               "the kernel at %s reads %s from a device copy nothing wrote (it was "
               "allocated without its content, and no transfer or kernel wrote it "
               "since; a map item found present moves nothing): send it with "
               "`target update to(%s)` before %s, or map it `to` where it is allocated",
               at.s, v, item, at.s);
    break;
  case OI_FINDING_STALE_DEVICE_DATA:
    snprintf(text, size,
             "the kernel at %s reads %s from a device copy older than the host's: the host "
             "changed %s after its last transfer, and the map here found it present, so moved "
             "nothing: send it with `target update to(%s)` before %s (or map it "
             "`always, to`)",
             at.s, v, v, item, at.s);
    break;
  default:
    snprintf(text, size, "%s", "");
  }
  return text;
}

const char *oi_profile_finding_advice(const oi_profile *p, const oi_finding *f, char *text,
                                      size_t size) {
  oi_finding_vars vars = oi_profile_finding_vars(p, f);
  return oi_finding_advice(f, &vars, text, size);
}
