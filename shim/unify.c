/* Merge rules: construct → native kind that reports it, native events →
 * sites, the per-thread construct stack. */
#include "unify.h"

#include <omp-tools.h>

#include "deferred_items.h"
#include "ids.h"

/* The variable of a data op: by host address, else by the device address
 * of an item seen before. The second catches pointer attachment: for a
 * member section `s.p[0:n]` the runtime writes the device pointer into the
 * device copy of `s.p` from a buffer of its own, whose host address names
 * nothing. */
static uint16_t data_op_var(oi_thread *t, const oi_construct_frame *frame, const oi_event *e) {
  uint64_t device_addr = e->u.data.device_addr, host = e->u.data.host_addr;
  uint16_t var = oi_construct_item_of(&t->constructs, frame, host);
  if (var) {
    /* the op may cover several items (the span of a struct's mapped
     * members is allocated once): each item inside it learns its place */
    for (uint32_t i = 0; device_addr && i < frame->items; i++) {
      oi_item_extent *item = &t->constructs.item[frame->first_item + i];
      if (!item->device_addr && item->host_addr >= host &&
          item->host_addr - host < (e->u.data.bytes ? e->u.data.bytes : 1))
        item->device_addr = device_addr + (item->host_addr - host);
    }
    return var;
  }
  for (uint32_t i = 0; device_addr && i < frame->items && i < UINT16_MAX; i++) {
    const oi_item_extent *item = &oi_construct_items(&t->constructs, frame)[i];
    if (item->device_addr && device_addr >= item->device_addr &&
        device_addr - item->device_addr < item->bytes)
      return (uint16_t)(i + 1);
  }
  return 0;
}

/* Sites and code addresses of parallel regions and explicit tasks by the
 * tool's id, so that the implicit tasks on every thread of a team, and a
 * task wherever it runs, find them: in the ring of the thread that made the
 * id (ids.h), written by that thread only. A slot is rewritten
 * OI_REGION_SLOTS ids of its thread later; the id check rejects a stale
 * slot (the event then goes without a site). */
static oi_region_slot *own_slot(uint64_t id) {
  oi_thread *t = oi_tls_thread;
  if (!id || !t || t->block != oi_id_block(id))
    return NULL; /* an id of a thread without memory of its own */
  return &t->region[oi_id_seq(id) % OI_REGION_SLOTS];
}

static const oi_region_slot *slot_of(uint64_t id) {
  oi_thread *self = oi_tls_thread;
  oi_thread *owner = !id                                      ? NULL
                     : self && self->block == oi_id_block(id) ? self
                                                              : oi_thread_of_block(oi_id_block(id));
  return owner ? &owner->region[oi_id_seq(id) % OI_REGION_SLOTS] : NULL;
}

void oi_unify_remember_codeptr(uint64_t id, const void *codeptr) {
  oi_region_slot *slot = own_slot(id);
  if (!slot)
    return;
  atomic_store_explicit(&slot->id, 0, memory_order_relaxed);
  atomic_store_explicit(&slot->codeptr, (uintptr_t)codeptr, memory_order_release);
  atomic_store_explicit(&slot->site, 0, memory_order_release);
  atomic_store_explicit(&slot->id, id, memory_order_release);
}

void oi_unify_region_site(uint64_t id, uint32_t site) {
  oi_region_slot *slot = own_slot(id);
  if (!slot)
    return;
  /* its codeptr stays when it is the same region's */
  uint64_t codeptr = atomic_load_explicit(&slot->id, memory_order_relaxed) == id
                         ? atomic_load_explicit(&slot->codeptr, memory_order_relaxed)
                         : 0;
  atomic_store_explicit(&slot->id, 0, memory_order_relaxed);
  atomic_store_explicit(&slot->codeptr, codeptr, memory_order_release);
  atomic_store_explicit(&slot->site, site, memory_order_release);
  atomic_store_explicit(&slot->id, id, memory_order_release);
}

uint64_t oi_unify_region_codeptr(uint64_t id) {
  const oi_region_slot *slot = slot_of(id);
  if (!slot || atomic_load_explicit(&slot->id, memory_order_acquire) != id)
    return 0;
  uint64_t codeptr = atomic_load_explicit(&slot->codeptr, memory_order_acquire);
  /* a writer reusing the slot clears the id before the rest */
  return atomic_load_explicit(&slot->id, memory_order_acquire) == id ? codeptr : 0;
}

static uint32_t region_site(uint64_t id) {
  const oi_region_slot *slot = slot_of(id);
  if (!slot || atomic_load_explicit(&slot->id, memory_order_acquire) != id)
    return 0;
  uint32_t site = atomic_load_explicit(&slot->site, memory_order_acquire);
  return atomic_load_explicit(&slot->id, memory_order_acquire) == id ? site : 0;
}

uint32_t oi_unify_runtime_team_site(void) {
  const oi_thread *initial = oi_initial_thread();
  if (!initial || initial == oi_tls_thread)
    return 0;
  /* another thread's stack: read atomically, as it may move (it does not
   * while the initial thread waits for the team it caused) */
  uint32_t depth = __atomic_load_n(&initial->constructs.depth, __ATOMIC_ACQUIRE);
  if (depth == 0 || depth > OI_SITE_DEPTH)
    return 0;
  return __atomic_load_n(&initial->constructs.frame[depth - 1].site, __ATOMIC_RELAXED);
}

/* The native event reports the very construct instance of the site (by
 * the name the runtime gives it: OI_CONSTRUCTS' REPORTED_AS). */
static int same_instance(const oi_site_entry *entry, const oi_event *e) {
  return oi_construct_reported_by(entry->construct, e->kind, e->construct);
}

uint32_t oi_unify_site_of(uint64_t id) { return region_site(id); }

/* Device events of a deferred (nowait) target region run in its target
 * task, away from the frame of the construct that created it: they take
 * the site the task's creation recorded (target_event sets it). */
static int in_deferred_target(const oi_thread *t, const oi_event *e) {
  return t->target.site && (e->kind == OI_KIND_TARGET || e->kind == OI_KIND_KERNEL ||
                            e->kind == OI_KIND_DATA_OP || e->kind == OI_KIND_MAP);
}

/* An event of device code run on the host inside a target region with
 * nested directives: the nested directive it belongs to. Events of a
 * parallel region take the region's site (its begin chose it); others the
 * nested directive that names their construct; else the region's own. */
static uint32_t inner_site(const oi_construct_frame *f, const oi_event *e) {
  switch (e->kind) {
  case OI_KIND_TARGET:
  case OI_KIND_KERNEL:
  case OI_KIND_MAP:
    return f->site;
  case OI_KIND_WORK:
  case OI_KIND_DISPATCH:
  case OI_KIND_SYNC:
  case OI_KIND_MASKED:
  case OI_KIND_REDUCTION: {
    uint64_t parallel_id = 0;
    oi_event_link(e, OI_LINK_REGION, &parallel_id);
    uint32_t region = region_site(parallel_id);
    uint32_t by_construct = oi_site_inner_for(f->entry, 0, e->construct);
    if (by_construct)
      return by_construct;
    return oi_site_is_inner(f->entry, region) ? region : f->site;
  }
  default:
    return oi_site_inner_for(f->entry, f->site, e->construct);
  }
}

void oi_unify_merge(oi_thread *t, oi_event *e) {
  if (e->kind == OI_KIND_IMPLICIT_TASK) { /* reported by the hooks too */
    uint32_t site = region_site(OI_GET(e, IMPLICIT_TASK, parallel_id));
    if (site) {
      e->site = site;
      e->origin = OI_ORIGIN_MERGED;
    }
    return;
  }
  if (e->kind == OI_KIND_TASK) { /* runs where its creator's site is not */
    e->site = region_site(OI_GET(e, TASK, task_id));
    return;
  }
  if (in_deferred_target(t, e)) {
    e->site = t->target.site;
    if (e->kind == OI_KIND_TARGET)
      e->origin = OI_ORIGIN_MERGED;
    else if (e->kind == OI_KIND_DATA_OP)
      e->var = oi_deferred_items_var(t->target.task, e->u.data.host_addr);
    return;
  }
  oi_construct_frame *f = oi_construct_top(&t->constructs);
  if (!f) {
    /* no construct of this thread is open: a worker of a combined
     * construct (`parallel for`), or its implicit barrier after the END of
     * its region's body; the region's site, by the region's id */
    uint64_t parallel_id = 0; /* kinds whose REGION field names the region */
    oi_event_link(e, OI_LINK_REGION, &parallel_id);
    if (parallel_id)
      e->site = region_site(parallel_id);
    else if (e->kind == OI_KIND_PARALLEL) /* its own region's: a team the runtime
                                            forks took its cause's (team_callbacks.c);
                                            else a team of a league's */
      e->site = region_site(OI_GET(e, PARALLEL, parallel_id)) ?: region_site(t->team.league_id);
    /* another team of a target region's league: its nested directives */
    const oi_site_entry *entry = e->site ? oi_site_by_id(e->site) : NULL;
    if (entry && entry->inner_sites)
      e->site = oi_site_inner_for(entry, e->site, e->construct);
    return;
  }
  if (e->kind == OI_KIND_DATA_OP && e->construct == OI_CONSTRUCT_OTHER && f->runtime_ended) {
    /* outside every target region of the runtime, after the construct's
     * own: a call in its body (omp_target_memcpy in `target data`), not its
     * mapping; by its code address, as a build without the plugin places it */
    e->site = 0;
    return;
  }
  e->site = f->site;
  if (same_instance(f->entry, e)) {
    e->origin = OI_ORIGIN_MERGED;
    if (e->kind == OI_KIND_TARGET && e->endpoint == OI_EP_END)
      f->runtime_ended = 1;
  } else if (e->kind == OI_KIND_DATA_OP && f->entry->device)
    e->var = data_op_var(t, f, e);
  else if (f->entry->inner_sites)
    e->site = inner_site(f, e);
  else if (f->entry->parsed.call && e->kind != OI_KIND_KERNEL)
    e->site = 0; /* a call's site knows no nested directive: by address */
}

oi_placement oi_unify_counted(unsigned construct, uint32_t site) {
  const oi_site_entry *entry = site ? oi_site_by_id(site) : NULL;
  uint32_t inner = entry ? oi_site_inner_for(entry, site, construct) : 0;
  return (oi_placement){.site = inner, .origin = inner ? OI_ORIGIN_MERGED : OI_ORIGIN_NATIVE};
}
