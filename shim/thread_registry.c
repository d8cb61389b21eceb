/* Where threads' memory lives: one mapping per thread alive at once,
 * numbered by block (ids.h), in a registry any thread (and a signal
 * handler) can walk, reused by the next new thread once its thread ends. */
#include "thread.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static oi_thread *registry;
static oi_thread *free_threads; /* retired, linked by next_free */
static oi_thread *_Atomic initial_thread;
__thread oi_thread *oi_tls_thread __attribute__((tls_model("initial-exec")));

oi_thread *oi_initial_thread(void) {
  return atomic_load_explicit(&initial_thread, memory_order_acquire);
}

void oi_initial_thread_set(oi_thread *t) {
  atomic_store_explicit(&initial_thread, t, memory_order_release);
}

oi_thread *oi_threads_first(void) { return __atomic_load_n(&registry, __ATOMIC_ACQUIRE); }

void oi_threads_lock(void) { pthread_mutex_lock(&registry_lock); }

void oi_threads_unlock(void) { pthread_mutex_unlock(&registry_lock); }

/* Thread memory by block number, in chunks allocated as blocks are made
 * (under registry_lock), read without a lock by any thread. */
#define BLOCKS_PER_CHUNK 1024u
#define BLOCK_CHUNKS 1024u
static oi_thread *_Atomic *_Atomic block_chunks[BLOCK_CHUNKS];
static uint32_t blocks_made;

oi_thread *oi_thread_of_block(uint32_t block) {
  if (block == 0 || block >= BLOCKS_PER_CHUNK * BLOCK_CHUNKS)
    return NULL;
  oi_thread *_Atomic *chunk =
      atomic_load_explicit(&block_chunks[block / BLOCKS_PER_CHUNK], memory_order_acquire);
  return chunk ? atomic_load_explicit(&chunk[block % BLOCKS_PER_CHUNK], memory_order_acquire)
               : NULL;
}

/* Numbers the new memory `t` (under registry_lock): 0 when out of numbers
 * or memory, and its ids then come from block 0 (ids.h). */
static uint32_t number_block(oi_thread *t) {
  uint32_t block = blocks_made + 1;
  if (block >= BLOCKS_PER_CHUNK * BLOCK_CHUNKS)
    return 0;
  oi_thread *_Atomic *chunk = atomic_load(&block_chunks[block / BLOCKS_PER_CHUNK]);
  if (!chunk) {
    chunk = calloc(BLOCKS_PER_CHUNK, sizeof *chunk);
    if (!chunk)
      return 0;
    atomic_store_explicit(&block_chunks[block / BLOCKS_PER_CHUNK], chunk, memory_order_release);
  }
  atomic_store_explicit(&chunk[block % BLOCKS_PER_CHUNK], t, memory_order_release);
  blocks_made = block;
  return block;
}

/* A thread's buffer and state in a mapping of their own between two
 * inaccessible pages, never in the program's heap: a program that writes
 * past its own heap blocks must not reach what the crash handler reads
 * (glibc serves even large blocks from the heap once the program has freed
 * large ones); a run over the edge faults, as into unmapped memory without
 * the tool. Never unmapped: a retired thread's memory is reused. */
static oi_thread *thread_mapping(void) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t usable = (sizeof(oi_thread) + page - 1) / page * page;
  char *memory = mmap(NULL, usable + 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED)
    return NULL;
  if (mprotect(memory + page, usable, PROT_READ | PROT_WRITE) != 0) {
    munmap(memory, usable + 2 * page);
    return NULL;
  }
  return (oi_thread *)(memory + page); /* zeroed, as calloc's */
}

oi_thread *oi_thread_memory(void) {
  pthread_mutex_lock(&registry_lock);
  oi_thread *t = free_threads;
  if (t)
    free_threads = t->next_free;
  pthread_mutex_unlock(&registry_lock);
  if (t)
    return t;
  t = thread_mapping();
  if (!t)
    return NULL;
  pthread_mutex_init(&t->flush_lock, NULL);
  t->counts.native = t->native_first;
  t->counts.native_mask = OI_NATIVE_COUNTS - 1;
  pthread_mutex_lock(&registry_lock);
  t->block = number_block(t);
  t->next = registry;
  /* a signal handler walks the registry without the lock */
  __atomic_store_n(&registry, t, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&registry_lock);
  return t;
}

void oi_thread_release(oi_thread *t) {
  pthread_mutex_lock(&registry_lock);
  __atomic_store_n(&t->retired, 1, __ATOMIC_RELEASE);
  t->next_free = free_threads;
  free_threads = t;
  pthread_mutex_unlock(&registry_lock);
}
