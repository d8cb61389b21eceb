/* The present table and OpenMP 5.2 map semantics, mirroring LLVM 19:
 * - entry (target, target data, enter data), items in clause order: an item
 *   not present is allocated (a struct member's allocation padded down to
 *   16 bytes, as libomptarget does) and, for to/tofrom, copied to the
 *   device; a present item gets its reference count raised and is copied
 *   only with `always`;
 * - exit (target, target data, exit data), items in reverse order: the
 *   count drops (to zero for `delete`); at zero, or with `always`, from/
 *   tofrom items are copied back; the deletes of the items that reached
 *   zero follow all copies, in the same reverse order;
 * - target update copies items that are present;
 * - zero-length items and if(false) constructs move nothing.
 * Inferred operations carry the hook's time and duration 0: the runtime's
 * own timing is unknown. */
#include "mapsim.h"

#include <pthread.h>
#include <stdlib.h>

#include "common/array.h"
#include "content_hash.h"
#include "ompt-inst/events.h"
#include "sites.h"
#include "shared_writes.h"

typedef struct present_entry {
  int device;
  uint64_t begin, end; /* mapped host range */
  uint64_t alloc_host; /* what the allocation reported */
  uint64_t alloc_bytes;
  uint64_t references;
} present_entry;

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static oi_array table = OI_ARRAY_INIT(present_entry);

static present_entry *find(int device, uint64_t begin, uint64_t bytes) {
  for (size_t i = 0; i < table.len; i++) {
    present_entry *entry = OI_ARRAY_AT(table, present_entry, i);
    if (entry->device == device && entry->begin <= begin && begin + bytes <= entry->end)
      return entry;
  }
  return NULL;
}

static present_entry *add(present_entry entry) {
  present_entry *added = oi_array_push(&table);
  if (added)
    *added = entry;
  return added;
}

static void drop(present_entry *entry) {
  oi_array_remove_swap(&table, (size_t)(entry - OI_ARRAY_AT(table, present_entry, 0)));
}

static void emit(oi_thread *t, const oi_construct_frame *f, unsigned op, uint64_t host_addr,
                 uint64_t bytes, uint32_t item) {
  oi_event *e = oi_event_next(&t, OI_KIND_DATA_OP, OI_EP_NONE, f->entry->construct, NULL);
  if (!e)
    return;
  e->origin = OI_ORIGIN_INFERRED;
  e->site = f->site;
  e->var = item < UINT16_MAX ? (uint16_t)(item + 1) : 0;
  e->op = (uint8_t)op;
  e->device = f->device;
  e->u.data.bytes = bytes;
  e->u.data.host_addr = host_addr;
  if (op == OI_DATA_OP_TO_DEVICE || op == OI_DATA_OP_FROM_DEVICE)
    e->flags = (uint8_t)oi_content_hash((const void *)(uintptr_t)host_addr, bytes, &e->u.data.hash);
  oi_event_commit(t);
}

static int copies_to(const oi_map_rule *rule) {
  return rule->type == OI_MAP_TO || rule->type == OI_MAP_TOFROM;
}

static int copies_from(const oi_map_rule *rule) {
  return rule->type == OI_MAP_FROM || rule->type == OI_MAP_TOFROM;
}

static void map_item(oi_thread *t, const oi_construct_frame *f, uint32_t i) {
  const oi_item_extent *item = &oi_construct_items(&t->constructs, f)[i];
  const oi_map_rule *rule = &f->entry->rules[i];
  if (item->bytes == 0 || rule->type == OI_MAP_RELEASE || rule->type == OI_MAP_DELETE)
    return;
  present_entry *entry = find(f->device, item->host_addr, item->bytes);
  if (entry) {
    entry->references++;
    if (rule->always && copies_to(rule))
      emit(t, f, OI_DATA_OP_TO_DEVICE, item->host_addr, item->bytes, i);
    return;
  }
  uint64_t padding = rule->member ? item->host_addr % 16 : 0;
  present_entry added = {f->device,       item->host_addr,       item->host_addr + item->bytes,
                         item->host_addr, item->bytes + padding, 1};
  if (!add(added))
    return;
  emit(t, f, OI_DATA_OP_ALLOC, added.alloc_host, added.alloc_bytes, i);
  if (copies_to(rule))
    emit(t, f, OI_DATA_OP_TO_DEVICE, item->host_addr, item->bytes, i);
}

static void unmap_items(oi_thread *t, const oi_construct_frame *f) {
  /* the deletes wait until every copy back is done */
  uint32_t deletes[OI_SITE_ITEMS];
  uint32_t ndeletes = 0;
  for (uint32_t n = f->items; n > 0; n--) {
    uint32_t i = n - 1;
    const oi_item_extent *item = &oi_construct_items(&t->constructs, f)[i];
    const oi_map_rule *rule = &f->entry->rules[i];
    present_entry *entry = item->bytes ? find(f->device, item->host_addr, item->bytes) : NULL;
    if (!entry)
      continue;
    if (rule->type == OI_MAP_DELETE)
      entry->references = 0;
    else if (entry->references > 0)
      entry->references--;
    int last = entry->references == 0;
    if (copies_from(rule) && (last || rule->always))
      emit(t, f, OI_DATA_OP_FROM_DEVICE, item->host_addr, item->bytes, i);
    if (last)
      deletes[ndeletes++] = i;
  }
  for (uint32_t k = 0; k < ndeletes; k++) {
    const oi_item_extent *item = &oi_construct_items(&t->constructs, f)[deletes[k]];
    present_entry *entry = find(f->device, item->host_addr, item->bytes);
    if (!entry)
      continue; /* the same range listed twice */
    emit(t, f, OI_DATA_OP_DELETE, entry->alloc_host, entry->alloc_bytes, deletes[k]);
    drop(entry);
  }
}

static void update_items(oi_thread *t, const oi_construct_frame *f, unsigned map_type,
                         unsigned op) {
  for (uint32_t i = 0; i < f->items; i++) {
    const oi_item_extent *item = &oi_construct_items(&t->constructs, f)[i];
    if (f->entry->rules[i].type == map_type && item->bytes &&
        find(f->device, item->host_addr, item->bytes))
      emit(t, f, op, item->host_addr, item->bytes, i);
  }
}

static int moves_data(const oi_construct_frame *f) {
  return f->entry->device && f->items > 0 && f->if_value != 0 &&
         f->items <= f->entry->parsed.map_count && f->offloads;
}

void oi_mapsim_enter(oi_thread *t, const oi_construct_frame *f) {
  if (!moves_data(f))
    return;
  OI_SHARED_WRITE(); /* the present table: device constructs only */
  pthread_mutex_lock(&table_lock);
  switch (oi_construct_data_motion(f->entry->construct)) {
  case OI_DATA_MAPS:
  case OI_DATA_ENTER:
    for (uint32_t i = 0; i < f->items; i++)
      map_item(t, f, i);
    break;
  case OI_DATA_UPDATE:
    update_items(t, f, OI_MAP_TO, OI_DATA_OP_TO_DEVICE);
    break;
  }
  pthread_mutex_unlock(&table_lock);
}

void oi_mapsim_exit(oi_thread *t, const oi_construct_frame *f) {
  if (!moves_data(f))
    return;
  OI_SHARED_WRITE(); /* the present table: device constructs only */
  pthread_mutex_lock(&table_lock);
  switch (oi_construct_data_motion(f->entry->construct)) {
  case OI_DATA_MAPS:
  case OI_DATA_EXIT:
    unmap_items(t, f);
    break;
  case OI_DATA_UPDATE:
    update_items(t, f, OI_MAP_FROM, OI_DATA_OP_FROM_DEVICE);
    break;
  }
  pthread_mutex_unlock(&table_lock);
}
