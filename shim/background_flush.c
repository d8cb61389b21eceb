/* The flushing thread (see the header). It writes what each thread has
 * buffered the way a signal handler does (oi_record_write_buffers_async_safe):
 * committed events only, under each buffer's lock, without emptying a
 * buffer its owner is filling. */
#include "background_flush.h"

#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "trace_end.h"

#define FLUSH_INTERVAL_SECONDS 1

static pthread_mutex_t flusher_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t flusher_wake = PTHREAD_COND_INITIALIZER;
static int stopping;
/* the process the flusher runs in: a forked child has no flusher, and its
 * copy of flusher_lock may be locked for good */
static pid_t flusher_pid;

static void *flush_every_interval(void *unused) {
  (void)unused;
  pthread_mutex_lock(&flusher_lock);
  while (!stopping) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += FLUSH_INTERVAL_SECONDS;
    pthread_cond_timedwait(&flusher_wake, &flusher_lock, &until);
    /* under flusher_lock: oi_background_flush_stop waits for this write */
    if (!stopping)
      oi_record_write_buffers_async_safe();
  }
  pthread_mutex_unlock(&flusher_lock);
  return NULL;
}

void oi_background_flush_start(void) {
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0)
    return;
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attributes, 64 * 1024);
  /* signals sent to the process go to the program's threads, as without
   * the tool: this one blocks them all (it inherits the mask) */
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pthread_t flusher;
  if (pthread_create(&flusher, &attributes, flush_every_interval, NULL) == 0) {
    pthread_setname_np(flusher, "ompt-inst-flush");
    flusher_pid = getpid();
  }
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  pthread_attr_destroy(&attributes);
}

void oi_background_flush_stop(void) {
  if (flusher_pid != getpid())
    return;
  pthread_mutex_lock(&flusher_lock);
  stopping = 1;
  pthread_cond_signal(&flusher_wake);
  pthread_mutex_unlock(&flusher_lock);
}
