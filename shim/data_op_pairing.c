/* Pairing a data operation's begin and end (data_op_pairing.h). */
#include "data_op_pairing.h"

#include "data_op_events.h"

/* An end names its op as the begin did, but for the destination: an
 * alloc's device address is known only at its end. */
static int same_data_op(const oi_open_data_op *a, const oi_open_data_op *b) {
  return a->optype == b->optype && a->src_addr == b->src_addr && a->bytes == b->bytes &&
         a->src_device == b->src_device && a->dest_device == b->dest_device;
}

void oi_data_op_pair(oi_thread *t, int begin, oi_open_data_op op) {
  oi_open_data_op *open = &t->data.open;
  if (begin) {
    /* The op's state: its begin, and what it is should its end never come
     * (the end names it again). */
    oi_data_op_end_missing(t);
    *open = op;
    return;
  }
  uint64_t now = op.begin_ns;
  int recording = atomic_load_explicit(&oi_recording, memory_order_relaxed);
  if (open->begin_ns && same_data_op(open, &op)) { /* as it should be */
    op.begin_ns = open->begin_ns;
    open->begin_ns = 0;
    t->data.last = op;
    if (recording)
      oi_data_op_event(t, &op, now, 0);
    return;
  }
  if (!recording)
    return;
  if (same_data_op(&t->data.last, &op)) {
    /* the op just recorded again: a duplicate, or the end of an op made
     * up when the next one began (the two came swapped) */
    oi_repair_note(&t->repairs, OI_REPAIR_duplicate_callbacks);
    return;
  }
  /* an end without a begin: no duration */
  oi_repair_note(&t->repairs, OI_REPAIR_data_op_begin_missing);
  op.begin_ns = now;
  t->data.last = op;
  oi_data_op_event(t, &op, now, OI_FLAG_REPAIRED);
}

void oi_data_op_end_missing(oi_thread *t) {
  oi_open_data_op *open = &t->data.open;
  if (!open->begin_ns)
    return;
  if (atomic_load_explicit(&oi_recording, memory_order_relaxed)) {
    oi_repair_note(&t->repairs, OI_REPAIR_data_op_end_missing);
    oi_data_op_event(t, open, open->begin_ns, OI_FLAG_REPAIRED);
  }
  t->data.last = *open;
  open->begin_ns = 0;
}
