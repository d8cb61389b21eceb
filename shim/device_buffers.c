/* A small table under a lock: data operations are not the hot path, and
 * few buffers are alive at once. */
#include "device_buffers.h"

#include <pthread.h>
#include <stdlib.h>

#include "common/array.h"
#include "shared_writes.h"

typedef struct buffer {
  int device;
  uint64_t device_addr, host_addr, bytes;
} buffer;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static oi_array buffers = OI_ARRAY_INIT(buffer);

void oi_device_buffer_add(int device, uint64_t device_addr, uint64_t host_addr, uint64_t bytes) {
  OI_SHARED_WRITE(); /* device allocations only */
  pthread_mutex_lock(&lock);
  buffer *added = oi_array_push(&buffers);
  if (added) /* out of memory: the delete goes without its host range */
    *added = (buffer){device, device_addr, host_addr, bytes};
  pthread_mutex_unlock(&lock);
}

int oi_device_buffer_host(int device, uint64_t device_addr, uint64_t bytes, uint64_t *host_addr) {
  int found = 0;
  OI_SHARED_WRITE();
  pthread_mutex_lock(&lock);
  for (size_t i = buffers.len; i > 0; i--) {
    const buffer *b = OI_ARRAY_AT(buffers, buffer, i - 1);
    if (b->device == device && b->host_addr && device_addr >= b->device_addr &&
        device_addr - b->device_addr + bytes <= b->bytes) {
      *host_addr = b->host_addr + (device_addr - b->device_addr);
      found = 1;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  return found;
}

int oi_device_buffer_take(int device, uint64_t device_addr, uint64_t *host_addr, uint64_t *bytes) {
  int found = 0;
  OI_SHARED_WRITE();
  pthread_mutex_lock(&lock);
  for (size_t i = buffers.len; i > 0; i--) {
    buffer *b = OI_ARRAY_AT(buffers, buffer, i - 1);
    if (b->device == device && b->device_addr == device_addr) {
      *host_addr = b->host_addr;
      *bytes = b->bytes;
      oi_array_remove_swap(&buffers, i - 1);
      found = 1;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  return found;
}
