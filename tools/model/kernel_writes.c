/* Kernels as writers. A target region whose body may write a mapped
 * variable (the plugin's writes= line, in the facts of its events)
 * gives the device's copy of that variable a new write version when its
 * kernel runs, as a transfer into it would. Content found unchanged after
 * such a kernel is then the same values this run only: a to_device is no
 * duplicate any more (the device copy may differ), and a from_device that
 * brings back what the host holds is marked may_change (the content detectors).
 *
 * The map items come at the construct's ENTER, before its data operations;
 * the kernel runs after the region's to_device operations and before its
 * from_device ones. So the items wait per thread until the first event of
 * that thread that comes after the kernel: a kernel event, a from_device or
 * delete, or the region's end.
 *
 * A body that writes memory no map item names (the plugin's `*`: a write
 * through a pointer the construct does not map) may write any copy the
 * device holds, except the construct's own map items: the plugin judged
 * those by name and found them unwritten, so they keep their versions
 * (spared). Without that, every copy a region maps and frees would count
 * as changed, and its next send of the same content would be no duplicate
 * in the plugin build while the plain build finds it.
 *
 * A body nobody analysed (a build without the plugin: the offload calls'
 * sites carry no writes= line; a region without any site) may write every
 * copy its device holds, as `*` without spared items: advice that rests on
 * a kernel not writing a copy is then never certain. The content a run
 * brings back proves nothing for other inputs: a kernel written for a
 * GPU's thread count may do little on the host's threads and leave the
 * copy as it was this time only. */
#include "movement_internal.h"

static void add_pending(oi_movement *m, const oi_event *ev, const oi_event_facts *facts,
                        enum oi_pending_kind kind, uint64_t host_addr, uint64_t bytes,
                        bool unseen) {
  oi_pending_write *w = oi_array_push(&m->pending_writes);
  if (!w) {
    m->failed = true;
    return;
  }
  *w = (oi_pending_write){.thread = ev->thread,
                          .device = ev->device,
                          .kind = kind,
                          .host_addr = host_addr,
                          .bytes = bytes,
                          .line = facts->line,
                          .unseen = unseen};
}

static bool is_region_begin(const oi_event *ev) {
  return ev->endpoint == OI_EP_BEGIN && ev->construct == OI_CONSTRUCT_TARGET &&
         (ev->kind == OI_KIND_TARGET ||
          (ev->kind == OI_KIND_CONSTRUCT && ev->origin == OI_ORIGIN_COMPILER));
}

/* What the body of the region may write is the site's `writes=` line, as
 * the streaming pass read it into the event's facts (-1: not known). */
void oi_movement_writes_note_site(oi_movement *m, const oi_event *ev, const oi_event_facts *facts) {
  if (ev->kind == OI_KIND_MAP) {
    if (!ev->var)
      return;
    int written = facts->writes_item;
    /* an unwritten item matters only to a body that writes `*`; an item
     * of an unknown body is written with everything at its begin */
    if (written == 1 || (written == 0 && facts->writes_other == 1))
      add_pending(m, ev, facts, written ? OI_PENDING_ITEM : OI_PENDING_SPARED,
                  OI_GET(ev, MAP, host_addr), OI_GET(ev, MAP, bytes), false);
  } else if (is_region_begin(ev)) {
    int anything = facts->writes_other;
    if (anything != 0)
      add_pending(m, ev, facts, OI_PENDING_ANY, 0, 0, anything < 0);
  }
}

static void note_kernel_write(oi_held_range *r, uint32_t write, unsigned line, bool unseen) {
  r->kernel_write = write;
  r->kernel_line = line;
  r->kernel_unseen = unseen;
}

/* The device's copies inside a spared item, with their state before the
 * kernel, into m->spared. */
static void save_spared(oi_movement *m, const oi_pending_write *w) {
  uint64_t start = w->host_addr, end = w->host_addr + w->bytes;
  oi_movement_overlapping(m, w->device, start, end ? end : start + 1);
  for (size_t i = 0; i < m->overlapping.len; i++) {
    uint32_t range = *OI_ARRAY_AT(m->overlapping, uint32_t, i);
    oi_held_range *r = oi_movement_range_at(m, range);
    if (r->host_addr < start || r->host_addr + r->bytes > end)
      continue; /* only partly the item: the pointer may write the rest */
    oi_spared_copy *c = oi_array_push(&m->spared);
    if (!c) {
      m->failed = true;
      return;
    }
    *c = (oi_spared_copy){.range = range,
                          .newest = oi_movement_versions_newest(m, range),
                          .kernel_write = r->kernel_write,
                          .kernel_line = r->kernel_line,
                          .kernel_unseen = r->kernel_unseen};
  }
}

/* A spared copy of an overlapped range gets its newest version before the
 * kernel over all its bytes: a later query of part of it may then see a
 * write that only touched another part, a change where there was none
 * (no duplicate missed that the advice could break). */
static void restore_spared(oi_movement *m) {
  for (size_t i = 0; i < m->spared.len; i++) {
    const oi_spared_copy *c = OI_ARRAY_AT(m->spared, oi_spared_copy, i);
    oi_movement_versions_write(m, c->range, c->newest);
    note_kernel_write(oi_movement_range_at(m, c->range), c->kernel_write, c->kernel_line,
                      c->kernel_unseen);
  }
  m->spared.len = 0;
}

static void apply_one(oi_movement *m, const oi_pending_write *w) {
  if (w->kind == OI_PENDING_SPARED)
    return; /* saved before the writes, restored after them */
  if (w->kind == OI_PENDING_ANY) {
    /* a plain build's kernels one after another, no transfer or write in
     * between: every copy already carries an unseen kernel's write that
     * nothing followed (one pass per transfer, not per kernel) */
    if (w->unseen && !m->spared.len && m->unseen_write && m->unseen_write == m->transfers &&
        m->unseen_device == w->device)
      return;
    /* every copy the device holds, at once: one version for all, as they
     * are written at one moment (a kernel of a body that may write through
     * any pointer, on every step of a long run) */
    uint32_t write = oi_movement_next_version(m);
    if (w->unseen && !m->spared.len) {
      m->unseen_write = write;
      m->unseen_device = w->device;
    }
    for (size_t i = 0; i < m->ranges.len; i++) {
      oi_held_range *r = oi_movement_range_at(m, (uint32_t)i);
      if (r->holder == w->device && r->covered)
        note_kernel_write(r, write, w->line, w->unseen);
    }
    oi_movement_versions_write_all(m, w->device, write);
    return;
  }
  /* every copy that overlaps the item: a section inside a mapped array
   * writes that array. A pointer's zero-length item (`p[:0]`) stands for
   * the whole mapping it points into: the body may write any byte of it,
   * so every copy that overlaps those bytes. */
  uint64_t start = w->host_addr, end = w->host_addr + (w->bytes ? w->bytes : 1);
  oi_movement_overlapping(m, w->device, start, end);
  for (size_t i = 0; !w->bytes && i < m->overlapping.len; i++) {
    const oi_held_range *r = oi_movement_range_at(m, *OI_ARRAY_AT(m->overlapping, uint32_t, i));
    start = r->host_addr < start ? r->host_addr : start;
    end = r->host_addr + r->bytes > end ? r->host_addr + r->bytes : end;
  }
  if (!w->bytes)
    oi_movement_overlapping(m, w->device, start, end);
  /* one version for all of them, as the kernel writes them at one moment:
   * else an overlapped copy would see a later one of the same kernel as a
   * change after it */
  uint32_t write = oi_movement_next_version(m);
  for (size_t i = 0; i < m->overlapping.len; i++) {
    uint32_t range = *OI_ARRAY_AT(m->overlapping, uint32_t, i);
    oi_movement_versions_write(m, range, write);
    note_kernel_write(oi_movement_range_at(m, range), write, w->line, false);
  }
}

static bool after_kernel(const oi_event *ev) {
  if (ev->kind == OI_KIND_KERNEL)
    return true;
  if (ev->kind == OI_KIND_DATA_OP)
    return ev->op == OI_DATA_OP_FROM_DEVICE || ev->op == OI_DATA_OP_DELETE;
  return ev->endpoint == OI_EP_END && ev->construct == OI_CONSTRUCT_TARGET &&
         (ev->kind == OI_KIND_TARGET || ev->kind == OI_KIND_CONSTRUCT);
}

void oi_movement_writes_apply_pending(oi_movement *m, const oi_event *ev) {
  if (!after_kernel(ev))
    return;
  /* the spared copies' state before the kernel's writes, restored after */
  m->spared.len = 0;
  for (size_t i = 0; i < m->pending_writes.len; i++) {
    const oi_pending_write *w = OI_ARRAY_AT(m->pending_writes, oi_pending_write, i);
    if (w->thread == ev->thread && w->kind == OI_PENDING_SPARED)
      save_spared(m, w);
  }
  size_t kept = 0;
  for (size_t i = 0; i < m->pending_writes.len; i++) {
    oi_pending_write *w = OI_ARRAY_AT(m->pending_writes, oi_pending_write, i);
    if (w->thread == ev->thread)
      apply_one(m, w);
    else
      *OI_ARRAY_AT(m->pending_writes, oi_pending_write, kept++) = *w;
  }
  m->pending_writes.len = kept;
  restore_spared(m);
}
