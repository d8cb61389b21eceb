/* Ids of threads without memory of their own (ids.h). */
#include "ids.h"
#include "shared_writes.h"

#include <stdatomic.h>

static _Atomic uint64_t next_seq = 1;

uint64_t oi_new_id_without_thread(void) {
  OI_SHARED_WRITE();
  return atomic_fetch_add_explicit(&next_seq, 1, memory_order_relaxed);
}
