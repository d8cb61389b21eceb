/* The ids the tool gives parallel regions, tasks and target regions.
 *
 * Each thread makes its own, with no shared write: an id is the number of
 * the thread memory block that made it (record.c, one per thread alive at
 * once, kept for the next thread) above a sequence of that block. A
 * region's or task's site and code address are published in that block's
 * ring (unify.c), where any thread finds them by the id. Never 0, and below
 * bit 62 (task words shift ids left by 2; bit 63 marks kernel regions). */
#ifndef OMPT_INST_SHIM_IDS_H
#define OMPT_INST_SHIM_IDS_H

#include <stdint.h>

#include "record.h"

#define OI_ID_SEQ_BITS 40

static inline uint32_t oi_id_block(uint64_t id) { return (uint32_t)(id >> OI_ID_SEQ_BITS); }
static inline uint64_t oi_id_seq(uint64_t id) { return id & ((UINT64_C(1) << OI_ID_SEQ_BITS) - 1); }

/* An id for a thread without memory of its own (out of memory): block 0. */
uint64_t oi_new_id_without_thread(void);

static inline uint64_t oi_new_id(void) {
  oi_thread *t = oi_thread_self(); /* an id may be a thread's first need */
  if (__builtin_expect(t == NULL || t->block == 0, 0))
    return oi_new_id_without_thread();
  return (uint64_t)t->block << OI_ID_SEQ_BITS | ++t->id_seq;
}

#endif
