/* Device buffers the runtime allocated for host data, by device address:
 * LLVM reports a delete with no host address and 0 bytes, so the shim
 * gives it those of the allocation it frees. */
#ifndef OMPT_INST_SHIM_DEVICE_BUFFERS_H
#define OMPT_INST_SHIM_DEVICE_BUFFERS_H

#include <stdint.h>

void oi_device_buffer_add(int device, uint64_t device_addr, uint64_t host_addr, uint64_t bytes);
/* The host address whose device copy holds [device_addr, device_addr +
 * bytes) of a live buffer (the offset kept): 1 and *host_addr if one
 * does. */
int oi_device_buffer_host(int device, uint64_t device_addr, uint64_t bytes, uint64_t *host_addr);
/* Forgets the buffer at device_addr; 1 and its host address and size if
 * it was known. */
int oi_device_buffer_take(int device, uint64_t device_addr, uint64_t *host_addr, uint64_t *bytes);

#endif
