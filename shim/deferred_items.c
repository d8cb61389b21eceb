/* Map items of deferred target regions by target task id (deferred_items.h).
 * A fixed ring of slots, by a hash of the task's id: a slot is reused by the task DEFERRED_SLOTS
 * ids later (ids are shared with every region and task, so rather sooner); a reader checks the
 * slot's id before and after copying, so a slot being rewritten gives no `var` instead of a wrong
 * one. */
#include "deferred_items.h"
#include "shared_writes.h"

#include <stdatomic.h>

#define DEFERRED_SLOTS 256u

static struct deferred_slot {
  _Atomic uint64_t id;
  _Atomic uint32_t count;
  struct {
    _Atomic uint64_t host_addr, bytes;
  } item[OI_DEFERRED_ITEMS];
} slots[DEFERRED_SLOTS];

/* Ids of different threads share their low bits (ids.h): hashed. */
static uint32_t slot_index(uint64_t task_id) {
  return (uint32_t)((task_id * 0x9e3779b97f4a7c15ull) >> 32) % DEFERRED_SLOTS;
}

void oi_deferred_items_keep(uint64_t task_id, const oi_thread *t, const oi_construct_frame *frame) {
  if (!task_id || !frame || frame->items > OI_DEFERRED_ITEMS)
    return;
  OI_SHARED_WRITE(); /* a ring of all threads: at target nowait only */
  struct deferred_slot *slot = &slots[slot_index(task_id)];
  atomic_store_explicit(&slot->id, 0, memory_order_relaxed);
  atomic_thread_fence(memory_order_release); /* 0 is seen before any item */
  for (uint32_t i = 0; i < frame->items; i++) {
    const oi_item_extent *item = &oi_construct_items(&t->constructs, frame)[i];
    atomic_store_explicit(&slot->item[i].host_addr, item->host_addr, memory_order_relaxed);
    atomic_store_explicit(&slot->item[i].bytes, item->bytes, memory_order_relaxed);
  }
  atomic_store_explicit(&slot->count, frame->items, memory_order_relaxed);
  atomic_store_explicit(&slot->id, task_id, memory_order_release);
}

uint16_t oi_deferred_items_var(uint64_t task_id, uint64_t host_addr) {
  if (!task_id || !host_addr)
    return 0;
  struct deferred_slot *slot = &slots[slot_index(task_id)];
  if (atomic_load_explicit(&slot->id, memory_order_acquire) != task_id)
    return 0;
  uint32_t count = atomic_load_explicit(&slot->count, memory_order_relaxed);
  uint16_t var = 0;
  for (uint32_t i = 0; i < count && i < OI_DEFERRED_ITEMS && !var; i++) {
    uint64_t base = atomic_load_explicit(&slot->item[i].host_addr, memory_order_relaxed);
    uint64_t bytes = atomic_load_explicit(&slot->item[i].bytes, memory_order_relaxed);
    if (host_addr >= base && host_addr - base < bytes)
      var = (uint16_t)(i + 1);
  }
  /* rewritten meanwhile: the items read may be another task's */
  atomic_thread_fence(memory_order_acquire);
  return atomic_load_explicit(&slot->id, memory_order_relaxed) == task_id ? var : 0;
}
