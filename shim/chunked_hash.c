/* Large buffers hashed by chunks, with a helper thread; see chunked_hash.h. */
#include "chunked_hash.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>

/* A 64-bit bijection whose every output bit depends on every input bit
 * (the finaliser of SplitMix64). */
static uint64_t mix64(uint64_t x) {
  x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
  return x ^ (x >> 31);
}

uint64_t oi_chunked_hash_share(uint64_t chunk_hash, uint64_t index) {
  return mix64(chunk_hash ^ mix64(index + UINT64_C(0x9e3779b97f4a7c15)));
}

uint64_t oi_chunked_hash_combine(uint64_t sum, uint64_t bytes) { return mix64(sum ^ mix64(bytes)); }

/* One buffer being hashed: chunks are claimed by `next`, their shares
 * added to `sum` (addition commutes: the order of claims does not matter). */
typedef struct chunked_job {
  oi_chunk_hash_fn *chunk_hash;
  const unsigned char *data;
  size_t bytes;
  uint64_t chunks;
  _Atomic uint64_t next;
  _Atomic uint64_t sum;
} chunked_job;

static void take_chunks(chunked_job *job, _Atomic uint64_t *taken) {
  for (;;) {
    uint64_t i = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
    if (i >= job->chunks)
      return;
    size_t offset = (size_t)i * OI_HASH_CHUNK_BYTES;
    size_t length =
        job->bytes - offset < OI_HASH_CHUNK_BYTES ? job->bytes - offset : OI_HASH_CHUNK_BYTES;
    atomic_fetch_add_explicit(&job->sum,
                              oi_chunked_hash_share(job->chunk_hash(job->data + offset, length), i),
                              memory_order_relaxed);
    if (taken)
      atomic_fetch_add_explicit(taken, 1, memory_order_relaxed);
  }
}

/* The helper: one job at a time, offered under `lock`. A caller withdraws
 * its job (current = NULL) once every chunk is claimed and waits until the
 * helper has left it, so the job (on the caller's stack) outlives its use. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t offered = PTHREAD_COND_INITIALIZER;
static pthread_cond_t left = PTHREAD_COND_INITIALIZER;
static chunked_job *current;
static uint64_t current_number; /* jobs offered so far: the helper joins each once */
static bool helper_in_job;
/* one caller uses the helper at a time; the others hash alone */
static pthread_mutex_t helper_user = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t helper_once = PTHREAD_ONCE_INIT;
static bool helper_running;
static _Atomic uint64_t helper_chunks;

static void *helper_main(void *unused) {
  (void)unused;
  uint64_t served = 0;
  pthread_mutex_lock(&lock);
  for (;;) {
    while (!current || current_number == served)
      pthread_cond_wait(&offered, &lock);
    chunked_job *job = current;
    served = current_number;
    helper_in_job = true;
    pthread_mutex_unlock(&lock);
    take_chunks(job, &helper_chunks);
    pthread_mutex_lock(&lock);
    helper_in_job = false;
    pthread_cond_signal(&left);
  }
  return NULL;
}

/* Signals stay with the program's threads. */
static void start_helper(void) {
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pthread_attr_t attributes;
  pthread_t helper;
  if (pthread_attr_init(&attributes) == 0) {
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    helper_running = pthread_create(&helper, &attributes, helper_main, NULL) == 0;
    if (helper_running)
      pthread_setname_np(helper, "ompt-inst-hash");
    pthread_attr_destroy(&attributes);
  }
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

uint64_t oi_chunked_hash(oi_chunk_hash_fn *chunk_hash, const void *data, size_t bytes) {
  chunked_job job = {.chunk_hash = chunk_hash,
                     .data = data,
                     .bytes = bytes,
                     .chunks = (bytes + OI_HASH_CHUNK_BYTES - 1) / OI_HASH_CHUNK_BYTES};
  atomic_init(&job.next, 0);
  atomic_init(&job.sum, 0);
  pthread_once(&helper_once, start_helper);
  bool shared = helper_running && pthread_mutex_trylock(&helper_user) == 0;
  if (shared) {
    pthread_mutex_lock(&lock);
    current = &job;
    current_number++;
    pthread_cond_signal(&offered);
    pthread_mutex_unlock(&lock);
  }
  take_chunks(&job, NULL);
  if (shared) {
    pthread_mutex_lock(&lock);
    current = NULL;
    while (helper_in_job)
      pthread_cond_wait(&left, &lock);
    pthread_mutex_unlock(&lock);
    pthread_mutex_unlock(&helper_user);
  }
  return oi_chunked_hash_combine(atomic_load_explicit(&job.sum, memory_order_relaxed), bytes);
}

uint64_t oi_chunked_hash_helper_chunks(void) {
  return atomic_load_explicit(&helper_chunks, memory_order_relaxed);
}
