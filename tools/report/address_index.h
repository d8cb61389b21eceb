/* Maps 64-bit addresses to 32-bit values (open addressing, last write
 * wins): names data operations by host or device address. */
#ifndef OMPT_INST_REPORT_ADDRESS_INDEX_H
#define OMPT_INST_REPORT_ADDRESS_INDEX_H

#include <stdint.h>

typedef struct oi_address_index {
  uint64_t *keys;   /* 0 = empty slot (address 0 is never stored) */
  uint32_t *values;
  uint32_t count, slot_count;
} oi_address_index;

/* 0, or -1 when out of memory. Address 0 is ignored. */
int oi_address_index_set(oi_address_index *index, uint64_t address, uint32_t value);
/* The value stored for `address`, or UINT32_MAX. */
uint32_t oi_address_index_get(const oi_address_index *index, uint64_t address);
void oi_address_index_free(oi_address_index *index);

#endif
