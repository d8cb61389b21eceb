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

#include "record.h"

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
static int recording_process(void) {
  return atomic_load(&ending) && getpid() == recording_pid;
}

static void end_trace_here(void) {
  if (recording_process())
    atomic_load(&ending)();
}

/* libc's definition of `name`, the one this library's hides. */
static void *next_definition(const char *name) { return dlsym(RTLD_NEXT, name); }

/* _exit is what a signal handler calls to leave: the trace ends the way the
 * fatal-signal handler ends it (async-signal-safe, no summary). */
EXPORT _Noreturn void _exit(int status) {
  if (recording_process())
    oi_record_end_at_signal(0);
  void (*libc_exit)(int) = (void (*)(int))next_definition("_exit");
  if (libc_exit)
    libc_exit(status);
  syscall(SYS_exit_group, status);
  __builtin_unreachable();
}

EXPORT _Noreturn void _Exit(int status) { _exit(status); }

typedef int execve_fn(const char *, char *const[], char *const[]);
typedef int execvpe_fn(const char *, char *const[], char *const[]);
typedef int fexecve_fn(int, char *const[], char *const[]);

EXPORT int execve(const char *path, char *const argv[], char *const envp[]) {
  execve_fn *libc_execve = (execve_fn *)next_definition("execve");
  if (!libc_execve) {
    errno = ENOSYS;
    return -1;
  }
  end_trace_here();
  return libc_execve(path, argv, envp);
}

EXPORT int execvpe(const char *file, char *const argv[], char *const envp[]) {
  execvpe_fn *libc_execvpe = (execvpe_fn *)next_definition("execvpe");
  if (!libc_execvpe) {
    errno = ENOSYS;
    return -1;
  }
  end_trace_here();
  return libc_execvpe(file, argv, envp);
}

EXPORT int fexecve(int fd, char *const argv[], char *const envp[]) {
  fexecve_fn *libc_fexecve = (fexecve_fn *)next_definition("fexecve");
  if (!libc_fexecve) {
    errno = ENOSYS;
    return -1;
  }
  end_trace_here();
  return libc_fexecve(fd, argv, envp);
}

EXPORT int execv(const char *path, char *const argv[]) { return execve(path, argv, environ); }

EXPORT int execvp(const char *file, char *const argv[]) { return execvpe(file, argv, environ); }

/* execl, execlp and execle take their arguments as a list ending with a
 * null pointer: its length, then the list copied into an array. */
static size_t list_length(const char *first, va_list *list) {
  va_list copy;
  va_copy(copy, *list);
  size_t length = 0;
  for (const char *argument = first; argument; argument = va_arg(copy, const char *))
    length++;
  va_end(copy);
  return length;
}

/* Leaves `list` just past the null pointer (execle's environment is next). */
static void list_to_array(const char *first, va_list *list, char **array, size_t length) {
  array[0] = (char *)first;
  for (size_t i = 1; i <= length; i++)
    array[i] = va_arg(*list, char *);
}

EXPORT int execl(const char *path, const char *arg, ...) {
  va_list list;
  va_start(list, arg);
  size_t length = list_length(arg, &list);
  char *argv[length + 1];
  list_to_array(arg, &list, argv, length);
  va_end(list);
  return execve(path, argv, environ);
}

EXPORT int execlp(const char *file, const char *arg, ...) {
  va_list list;
  va_start(list, arg);
  size_t length = list_length(arg, &list);
  char *argv[length + 1];
  list_to_array(arg, &list, argv, length);
  va_end(list);
  return execvpe(file, argv, environ);
}

EXPORT int execle(const char *path, const char *arg, ...) {
  va_list list;
  va_start(list, arg);
  size_t length = list_length(arg, &list);
  char *argv[length + 1];
  list_to_array(arg, &list, argv, length);
  char **envp = va_arg(list, char **);
  va_end(list);
  return execve(path, argv, envp);
}
