/* The checksum of a version 2 trace frame (include/ompt-inst/trace.h),
 * shared by the shim that writes frames and the reader that checks them.
 * Pure computation on the caller's stack: safe in a signal handler. */
#ifndef OMPT_INST_FRAME_H
#define OMPT_INST_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "ompt-inst/trace.h"

/* A checksum in the making: feed the payload in any number of parts. */
typedef struct oi_frame_sum {
  _Alignas(64) unsigned char state[640]; /* an XXH3_state_t */
} oi_frame_sum;

void oi_frame_sum_begin(oi_frame_sum *sum, uint32_t type, uint32_t encoding, uint32_t size);
void oi_frame_sum_add(oi_frame_sum *sum, const void *bytes, size_t size);
uint32_t oi_frame_sum_end(oi_frame_sum *sum);

/* The checksum of a payload in at most two parts (tail may be NULL). */
uint32_t oi_frame_checksum(uint32_t type, uint32_t encoding, const void *head, size_t head_size,
                           const void *tail, size_t tail_size);

#endif
