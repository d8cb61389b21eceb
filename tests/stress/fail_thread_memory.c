/* Preloaded by stress_out_of_memory: the tool's per-thread memory cannot be
 * had. It is a mapping of its own (shim/record.c: over 256 kB, reserved
 * inaccessible, then opened between two guard pages); every such anonymous
 * mapping under 16 MB fails. glibc's other mappings pass: thread stacks
 * (MAP_STACK), malloc's arenas (64 MB), accessible ones. */
#include <errno.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

void *mmap(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
  if (protection == PROT_NONE && (flags & MAP_ANONYMOUS) && !(flags & MAP_STACK) &&
      length > 256 * 1024 && length < 16 * 1024 * 1024) {
    errno = ENOMEM;
    return MAP_FAILED;
  }
  return (void *)syscall(SYS_mmap, address, length, protection, flags, fd, offset);
}
