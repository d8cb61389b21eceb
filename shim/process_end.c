/* Interposed process ends: _exit, _Exit and the exec family (see the
 * header); quick_exit through at_quick_exit. */
#include "process_end.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "trace_end.h"

#define EXPORT __attribute__((visibility("default")))

static void (*_Atomic ending)(void);
static pid_t recording_pid;

void oi_process_end_install(void (*end_trace)(void)) {
  recording_pid = getpid();
  atomic_store(&ending, end_trace);
  at_quick_exit(end_trace);
}

/* getpid() is a system call (glibc keeps no cache): a vforked child shares
 * this memory but not the pid, and must leave the parent's trace alone. */
static int recording_process(void) { return atomic_load(&ending) && getpid() == recording_pid; }

static void end_trace_here(void) {
  if (recording_process())
    atomic_load (&ending)();
}

/* libc's definition of `name`, the one this library's hides. */
static void *next_definition(const char *name) { return dlsym(RTLD_NEXT, name); }

/* _exit is what a signal handler calls to leave: the trace ends the way the
 * fatal-signal handler ends it (async-signal-safe, no summary). */
EXPORT _Noreturn void _exit(int status) {
  if (recording_process())
    oi_record_end_async_safe(0, NULL);
  void (*libc_exit)(int) = (void (*)(int))next_definition("_exit");
  if (libc_exit)
    libc_exit(status);
  syscall(SYS_exit_group, status);
  __builtin_unreachable();
}

EXPORT _Noreturn void _Exit(int status) { _exit(status); }

typedef int execve_fn(const char *, char *const[], char *const[]);
typedef int fexecve_fn(int, char *const[], char *const[]);

/* libc's `name`, once the trace has ended; NULL (errno ENOSYS) without it,
 * and then the trace goes on. */
static void *end_trace_then(const char *name) {
  void *libc_definition = next_definition(name);
  if (!libc_definition) {
    errno = ENOSYS;
    return NULL;
  }
  end_trace_here();
  return libc_definition;
}

EXPORT int execve(const char *path, char *const argv[], char *const envp[]) {
  execve_fn *libc_execve = (execve_fn *)end_trace_then("execve");
  return libc_execve ? libc_execve(path, argv, envp) : -1;
}

EXPORT int execvpe(const char *file, char *const argv[], char *const envp[]) {
  execve_fn *libc_execvpe = (execve_fn *)end_trace_then("execvpe");
  return libc_execvpe ? libc_execvpe(file, argv, envp) : -1;
}

EXPORT int fexecve(int fd, char *const argv[], char *const envp[]) {
  fexecve_fn *libc_fexecve = (fexecve_fn *)end_trace_then("fexecve");
  return libc_fexecve ? libc_fexecve(fd, argv, envp) : -1;
}

EXPORT int execv(const char *path, char *const argv[]) { return execve(path, argv, environ); }

EXPORT int execvp(const char *file, char *const argv[]) { return execvpe(file, argv, environ); }

/* execl, execlp and execle take their arguments as a list ending with a
 * null pointer (execle's environment after it): copied into an array on
 * the stack, then execve or, to search PATH, execvpe. */
static int exec_list(const char *file, int search_path, int with_environment, const char *arg,
                     va_list *list) {
  va_list counting;
  va_copy(counting, *list);
  size_t length = 0;
  for (const char *argument = arg; argument; argument = va_arg(counting, const char *))
    length++;
  va_end(counting);
  char *argv[length + 1];
  argv[0] = (char *)arg;
  for (size_t i = 1; i <= length; i++)
    argv[i] = va_arg(*list, char *);
  char **envp = with_environment ? va_arg(*list, char **) : environ;
  return search_path ? execvpe(file, argv, envp) : execve(file, argv, envp);
}

EXPORT int execl(const char *path, const char *arg, ...) {
  va_list list;
  va_start(list, arg);
  int result = exec_list(path, 0, 0, arg, &list);
  va_end(list);
  return result;
}

EXPORT int execlp(const char *file, const char *arg, ...) {
  va_list list;
  va_start(list, arg);
  int result = exec_list(file, 1, 0, arg, &list);
  va_end(list);
  return result;
}

EXPORT int execle(const char *path, const char *arg, ...) {
  va_list list;
  va_start(list, arg);
  int result = exec_list(path, 0, 1, arg, &list);
  va_end(list);
  return result;
}
