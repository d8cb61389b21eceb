/* Locating files: relative to the running executable, and programs in PATH. */
#include "paths.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *oi_base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

char *oi_companion_path(const char *name) {
  char *exe = realpath("/proc/self/exe", NULL);
  if (!exe) {
    fprintf(stderr, "ompt-inst: cannot resolve /proc/self/exe: %s\n", strerror(errno));
    return NULL;
  }
  /* <prefix>/bin/ompt-inst → <prefix> */
  for (int i = 0; i < 2; i++) {
    char *slash = strrchr(exe, '/');
    if (slash == exe)
      slash[1] = '\0';
    else if (slash)
      *slash = '\0';
  }
  size_t length = strlen(exe) + strlen("/lib/") + strlen(name) + 1;
  char *path = malloc(length);
  if (path)
    snprintf(path, length, "%s/lib/%s", strcmp(exe, "/") == 0 ? "" : exe, name);
  free(exe);
  return path;
}

char *oi_installed_companion(const char *name, const char *what) {
  char *path = oi_companion_path(name);
  if (path && access(path, R_OK) != 0) {
    fprintf(stderr, "ompt-inst: the %s %s is missing: %s\n", what, path, strerror(errno));
    free(path);
    return NULL;
  }
  return path;
}

char *oi_program_path(const char *program) {
  if (strchr(program, '/'))
    return access(program, X_OK) == 0 ? strdup(program) : NULL;
  const char *path = getenv("PATH");
  if (!path || !path[0])
    path = "/usr/bin:/bin";
  for (const char *dir = path; *dir;) {
    size_t length = strcspn(dir, ":");
    size_t size = length + 1 + strlen(program) + 1;
    char *candidate = malloc(size);
    if (!candidate)
      return NULL;
    snprintf(candidate, size, "%.*s/%s", (int)length, length ? dir : ".", program);
    if (access(candidate, X_OK) == 0)
      return candidate;
    free(candidate);
    dir += length + (dir[length] == ':');
  }
  errno = ENOENT;
  return NULL;
}
