/* A small table under a lock: data operations are not the hot path, and
 * few buffers are alive at once. */
#include "device_buffers.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct buffer {
  int device;
  uint64_t device_addr, host_addr, bytes;
} buffer;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static buffer *buffers;
static size_t count, capacity;

void oi_device_buffer_add(int device, uint64_t device_addr, uint64_t host_addr,
                          uint64_t bytes) {
  pthread_mutex_lock(&lock);
  if (count == capacity) {
    size_t grown_capacity = capacity ? 2 * capacity : 64;
    buffer *grown = realloc(buffers, grown_capacity * sizeof *grown);
    if (grown) {
      buffers = grown;
      capacity = grown_capacity;
    }
  }
  if (count < capacity)
    buffers[count++] = (buffer){device, device_addr, host_addr, bytes};
  pthread_mutex_unlock(&lock);
}

int oi_device_buffer_take(int device, uint64_t device_addr,
                          uint64_t *host_addr, uint64_t *bytes) {
  int found = 0;
  pthread_mutex_lock(&lock);
  for (size_t i = count; i > 0; i--) {
    buffer *b = &buffers[i - 1];
    if (b->device == device && b->device_addr == device_addr) {
      *host_addr = b->host_addr;
      *bytes = b->bytes;
      *b = buffers[--count];
      found = 1;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  return found;
}
