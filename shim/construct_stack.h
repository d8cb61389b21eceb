/* The instrumented constructs in progress on one thread, between their
 * ENTER and EXIT (or BEGIN and END) hooks, with the map items of device
 * constructs: native events inside a construct take its site, data
 * operations their variable from its items (unify.c). Each thread owns one
 * stack (record.h) and only the owner touches it. */
#ifndef OMPT_INST_SHIM_CONSTRUCT_STACK_H
#define OMPT_INST_SHIM_CONSTRUCT_STACK_H

#include <stdint.h>

#define OI_SITE_DEPTH 32
#define OI_SITE_ITEMS 256

struct oi_site_entry;

typedef struct oi_construct_frame {
  uint32_t site;                     /* id */
  const struct oi_site_entry *entry; /* the parsed site */
  uint32_t first_item, items;        /* its map items in the stack's `item` */
  int32_t device;                    /* resolved device of a target site */
  int32_t if_value;                  /* OMPT_INST_IF_ABSENT, 0 or 1 */
  uint8_t offloads;                  /* 0: a target site that runs on the host (mapsim.h) */
  /* the runtime ended its region of this construct (the enter half of a
   * `target data`): what comes now is the construct's body */
  uint8_t runtime_ended;
} oi_construct_frame;

typedef struct oi_item_extent {
  uint64_t host_addr;
  uint64_t bytes;
  /* where the runtime put it on the device (its first data op with a
   * device address), 0 = not seen yet */
  uint64_t device_addr;
} oi_item_extent;

typedef struct oi_construct_stack {
  uint32_t depth;      /* may exceed OI_SITE_DEPTH: frames not kept */
  uint32_t item_count; /* used entries of `item` */
  oi_construct_frame frame[OI_SITE_DEPTH];
  oi_item_extent item[OI_SITE_ITEMS];
} oi_construct_stack;

/* Push at ENTER/BEGIN, with a device construct's map items (nitems 0 for
 * others; none kept beyond OI_SITE_ITEMS: the frame's operations then go
 * without a variable). NULL past OI_SITE_DEPTH (the frame is only counted,
 * so pops stay balanced). */
oi_construct_frame *oi_construct_push(oi_construct_stack *s, uint32_t site,
                                      const struct oi_site_entry *entry, uint32_t nitems,
                                      const void *const *host_addrs, const uint64_t *bytes);
/* The innermost kept frame, NULL if none (inline: the merge asks it for
 * every native event). */
static inline oi_construct_frame *oi_construct_top(oi_construct_stack *s) {
  uint32_t depth = s->depth;
  return depth == 0 || depth > OI_SITE_DEPTH ? (oi_construct_frame *)0 : &s->frame[depth - 1];
}
/* Pops the frames down to and including the innermost frame of `site`
 * (constructs left by a jump close with it) and returns that frame, which
 * stays readable until the next push; NULL (nothing popped) when it is not
 * on the stack. */
const oi_construct_frame *oi_construct_pop(oi_construct_stack *s, uint32_t site);
/* The frame's map items, frame->items of them. */
static inline const oi_item_extent *oi_construct_items(const oi_construct_stack *s,
                                                       const oi_construct_frame *frame) {
  return &s->item[frame->first_item];
}
/* The 1-based map item of `frame` whose host range holds `host_addr`, 0 if
 * none. */
static inline uint16_t oi_construct_item_of(const oi_construct_stack *s,
                                            const oi_construct_frame *frame, uint64_t host_addr) {
  for (uint32_t i = 0; host_addr && i < frame->items && i < UINT16_MAX; i++) {
    const oi_item_extent *item = &s->item[frame->first_item + i];
    if (host_addr >= item->host_addr && host_addr - item->host_addr < item->bytes)
      return (uint16_t)(i + 1);
  }
  return 0;
}

#endif
