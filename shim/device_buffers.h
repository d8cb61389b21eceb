/* Device buffers the runtime allocated for host data, by device address:
 * LLVM reports a delete with no host address and 0 bytes, so the shim
 * gives it those of the allocation it frees. */
#ifndef OMPT_INST_SHIM_DEVICE_BUFFERS_H
#define OMPT_INST_SHIM_DEVICE_BUFFERS_H

#include <stdint.h>

void oi_device_buffer_add(int device, uint64_t device_addr, uint64_t host_addr,
                          uint64_t bytes);
/* Forgets the buffer at device_addr; 1 and its host address and size if
 * it was known. */
int oi_device_buffer_take(int device, uint64_t device_addr,
                          uint64_t *host_addr, uint64_t *bytes);

#endif
