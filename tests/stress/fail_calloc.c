/* Preloaded by stress_out_of_memory: every calloc of one object over 256 kB
 * fails (the tool's per-thread memory is such an object), the others are
 * glibc's own. */
#include <errno.h>
#include <stddef.h>

void *__libc_calloc(size_t count, size_t size);

void *calloc(size_t count, size_t size) {
  if (count == 1 && size > 256 * 1024) {
    errno = ENOMEM;
    return NULL;
  }
  return __libc_calloc(count, size);
}
