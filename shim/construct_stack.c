/* The per-thread stack of instrumented constructs (construct_stack.h). */
#include "construct_stack.h"

#include <stddef.h>

#include "ompt-inst/hooks.h"

oi_construct_frame *oi_construct_push(oi_construct_stack *s, uint32_t site,
                                      const struct oi_site_entry *entry, uint32_t nitems,
                                      const void *const *host_addrs, const uint64_t *bytes) {
  uint32_t depth = s->depth++;
  if (depth >= OI_SITE_DEPTH)
    return NULL;
  oi_construct_frame *f = &s->frame[depth];
  *f = (oi_construct_frame){.site = site,
                            .entry = entry,
                            .first_item = s->item_count,
                            .device = -1,
                            .if_value = OMPT_INST_IF_ABSENT,
                            .offloads = 1};
  if (nitems && host_addrs && bytes && f->first_item + nitems <= OI_SITE_ITEMS) {
    for (uint32_t i = 0; i < nitems; i++)
      s->item[f->first_item + i] = (oi_item_extent){(uintptr_t)host_addrs[i], bytes[i], 0};
    f->items = nitems;
    s->item_count = f->first_item + nitems;
  }
  return f;
}

const oi_construct_frame *oi_construct_pop(oi_construct_stack *s, uint32_t site) {
  if (s->depth > OI_SITE_DEPTH) { /* an uncounted frame */
    s->depth--;
    return NULL;
  }
  for (uint32_t depth = s->depth; depth > 0; depth--) {
    if (s->frame[depth - 1].site == site) {
      s->depth = depth - 1;
      s->item_count = s->frame[depth - 1].first_item;
      return &s->frame[depth - 1];
    }
  }
  return NULL;
}
