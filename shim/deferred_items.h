/* The map items of `target nowait` constructs, kept by their target task's
 * id: the deferred region's data operations run later, on another thread,
 * when the construct's frame (which held the items) is gone, and take
 * their variable from here. */
#ifndef OMPT_INST_SHIM_DEFERRED_ITEMS_H
#define OMPT_INST_SHIM_DEFERRED_ITEMS_H

#include <stdint.h>

#include "record.h"

/* At the creation of target task `task_id` on the encountering thread:
 * keeps the map items of `frame` (the target construct's). A construct
 * with more than OI_DEFERRED_ITEMS items is not kept (no `var`). */
#define OI_DEFERRED_ITEMS 32u
void oi_deferred_items_keep(uint64_t task_id, const oi_thread *t, const oi_construct_frame *frame);

/* The 1-based map item of target task `task_id` whose host range holds
 * `host_addr`; 0 if none or the task's items are not (or no longer) kept. */
uint16_t oi_deferred_items_var(uint64_t task_id, uint64_t host_addr);

#endif
