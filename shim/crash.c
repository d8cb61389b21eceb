/* The fatal-signal handler: async-signal-safe code only (no locks it could
 * wait on, no allocation, no stdio), guarded against re-entrance. */
#include "crash.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include "run_folder.h"

static const int fatal_signals[] = {SIGSEGV, SIGBUS,  SIGFPE, SIGILL,
                                    SIGABRT, SIGTERM, SIGINT, SIGQUIT};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])

/* The program's disposition per signal, in two copies: oi_crash_reclaim
 * fills the one not in use, then switches (the handler may run meanwhile). */
static struct sigaction previous_copies[2][FATAL_COUNT];
static _Atomic int in_use[FATAL_COUNT];
static struct sigaction ours;
/* set once, before the handlers are installed */
static oi_crash_writer writer;
static pthread_mutex_t reclaim_lock = PTHREAD_MUTEX_INITIALIZER;
/* set while this thread runs the handler: a fault inside it must not
 * write again (the trace or the buffers may be what faulted) */
static __thread int in_handler __attribute__((tls_model("initial-exec")));

/* this thread's alternate stack when the tool made it, with its guard page */
static __thread void *own_stack __attribute__((tls_model("initial-exec")));
static __thread size_t own_stack_length __attribute__((tls_model("initial-exec")));

/* The handler writes every buffer (frames, checksums, writev): a few KiB. */
#define HANDLER_STACK_BYTES (64u * 1024u)

static int slot_of(int signal_number) {
  for (unsigned i = 0; i < FATAL_COUNT; i++)
    if (fatal_signals[i] == signal_number)
      return (int)i;
  return -1;
}

static int is_handler(const struct sigaction *action) {
  if (action->sa_flags & SA_SIGINFO)
    return action->sa_sigaction != NULL;
  return action->sa_handler != SIG_DFL && action->sa_handler != SIG_IGN;
}

/* "ompt-inst: SIGSEGV ended the program; its trace is in DIR", in one
 * system call: another thread's handler may end the process right after. */
static void report_end(int signal_number) {
  const char *name = sigabbrev_np(signal_number);
  const char *parts[] = {"ompt-inst: SIG", name ? name : "?",
                         " ended the program; its trace is in ", oi_run_folder(), "\n"};
  struct iovec line[sizeof parts / sizeof parts[0]];
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
    line[i] = (struct iovec){(void *)parts[i], strlen(parts[i])};
  ssize_t ignored = writev(STDERR_FILENO, line, sizeof parts / sizeof parts[0]);
  (void)ignored;
}

/* A fault the kernel raised comes back when the instruction runs again;
 * anything sent (kill, raise, abort) must be sent again. */
static int sent(const siginfo_t *info, int signal_number) {
  int fault = signal_number == SIGSEGV || signal_number == SIGBUS || signal_number == SIGFPE ||
              signal_number == SIGILL;
  return !fault || !info || info->si_code <= 0;
}

static void on_fatal_signal(int signal_number, siginfo_t *info, void *context) {
  int saved_errno = errno;
  int slot = slot_of(signal_number);
  if (slot < 0)
    return;
  const struct sigaction *before = &previous_copies[atomic_load(&in_use[slot])][slot];
  int program_handles = is_handler(before);
  if (!in_handler) {
    in_handler = 1;
    if (program_handles)
      writer.write_buffers();
    else
      writer.end_trace(signal_number, report_end);
    in_handler = 0;
  }
  errno = saved_errno;
  if (program_handles) {
    if (before->sa_flags & SA_SIGINFO)
      before->sa_sigaction(signal_number, info, context);
    else
      before->sa_handler(signal_number);
    return;
  }
  /* die as the program would have: default action, its status, its core */
  sigaction(signal_number, before, NULL);
  if (sent(info, signal_number))
    raise(signal_number); /* delivered when this handler returns */
}

static int is_ours(const struct sigaction *action) {
  return (action->sa_flags & SA_SIGINFO) && action->sa_sigaction == on_fatal_signal;
}

/* Put the tool's handler in front of whatever the program has now. */
static void take_over(unsigned i) {
  struct sigaction now;
  if (sigaction(fatal_signals[i], NULL, &now) != 0 || is_ours(&now) ||
      (!(now.sa_flags & SA_SIGINFO) && now.sa_handler == SIG_IGN))
    return; /* ignored stays ignored */
  int spare = !atomic_load(&in_use[i]);
  previous_copies[spare][i] = now;
  atomic_store(&in_use[i], spare);
  sigaction(fatal_signals[i], &ours, NULL);
}

void oi_crash_install(oi_crash_writer trace_writer) {
  writer = trace_writer;
  ours.sa_sigaction = on_fatal_signal;
  /* SA_ONSTACK: a stack overflow runs the handler on the program's
   * alternate stack, if it has one */
  ours.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
  sigemptyset(&ours.sa_mask);
  for (unsigned i = 0; i < FATAL_COUNT; i++)
    sigaddset(&ours.sa_mask, fatal_signals[i]);
  pthread_mutex_lock(&reclaim_lock);
  for (unsigned i = 0; i < FATAL_COUNT; i++)
    take_over(i);
  pthread_mutex_unlock(&reclaim_lock);
}

void oi_crash_reclaim(void) {
  if (!ours.sa_sigaction || pthread_mutex_trylock(&reclaim_lock) != 0)
    return;
  for (unsigned i = 0; i < FATAL_COUNT; i++)
    take_over(i);
  pthread_mutex_unlock(&reclaim_lock);
}

void oi_crash_thread_attach(void) {
  stack_t current;
  if (own_stack || sigaltstack(NULL, &current) != 0 || !(current.ss_flags & SS_DISABLE))
    return; /* the program's own alternate stack serves as well */
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t length = page + HANDLER_STACK_BYTES;
  char *memory = mmap(NULL, length, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (memory == MAP_FAILED)
    return;
  /* a guard page below: a handler that overflows faults instead of writing
   * over whatever lies beneath */
  mprotect(memory, page, PROT_NONE);
  stack_t alternate = {.ss_sp = memory + page, .ss_size = HANDLER_STACK_BYTES, .ss_flags = 0};
  if (sigaltstack(&alternate, NULL) != 0) {
    munmap(memory, length);
    return;
  }
  own_stack = memory;
  own_stack_length = length;
}

void oi_crash_thread_detach(void) {
  stack_t current;
  if (!own_stack || sigaltstack(NULL, &current) != 0)
    return;
  char *usable = (char *)own_stack + (own_stack_length - HANDLER_STACK_BYTES);
  if (!(current.ss_flags & SS_DISABLE) && (char *)current.ss_sp == usable) {
    stack_t off = {.ss_flags = SS_DISABLE};
    if ((current.ss_flags & SS_ONSTACK) || sigaltstack(&off, NULL) != 0)
      return; /* still in use: leave it */
  } /* else the program set its own since: ours is idle */
  munmap(own_stack, own_stack_length);
  own_stack = NULL;
}
