/* The exit summary comes from the command, so there is one implementation
 * of it (tools/report/report_summary.c) and the program's address space is
 * spared the report code: the shim only spawns `ompt-inst` and waits. Under
 * `ompt-inst run` the command prints it itself once the program has ended
 * (run_folder.h), a process fewer. */
#include "summary.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/env_flag.h"

extern char **environ;

/* bin/ompt-inst beside lib/libompt-inst.so, in a build or an install. The
 * name is taken as loaded (no realpath: a symlinked library belongs to the
 * prefix it is linked into). */
static int command_path(char *path, size_t size) {
  Dl_info self;
  if (!dladdr((void *)oi_summary_print, &self) || !self.dli_fname)
    return -1;
  const char *lib = self.dli_fname;
  const char *slash = strrchr(lib, '/');
  int n = slash ? snprintf(path, size, "%.*s/../bin/ompt-inst", (int)(slash - lib), lib)
                : snprintf(path, size, "../bin/ompt-inst");
  return n > 0 && (size_t)n < size && access(path, X_OK) == 0 ? 0 : -1;
}

/* The environment without OMP_TOOL_LIBRARIES: the summary is not a run. */
static char **environment_without_tool(void) {
  size_t n = 0;
  while (environ && environ[n])
    n++;
  char **copy = calloc(n + 1, sizeof *copy);
  if (!copy)
    return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (strncmp(environ[i], "OMP_TOOL_LIBRARIES=", 19) != 0)
      copy[k++] = environ[i];
  return copy;
}

void oi_summary_print(const char *run_dir) {
  if (oi_env_flag("OMPT_INST_QUIET"))
    return;
  char command[PATH_MAX];
  char **env = environment_without_tool();
  if (command_path(command, sizeof command) != 0 || !env) {
    fprintf(stderr, "ompt-inst: trace written to %s\n", run_dir);
    free(env);
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  char *argv[] = {command, "report", (char *)run_dir, "--format", "summary", NULL};
  pid_t child;
  int err = posix_spawn(&child, command, &actions, NULL, argv, env);
  posix_spawn_file_actions_destroy(&actions);
  free(env);
  if (err) {
    fprintf(stderr, "ompt-inst: trace written to %s (no summary: %s)\n", run_dir, strerror(err));
    return;
  }
  int status;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR)
    ;
}
