/* Locating files relative to the running executable. */
#include "paths.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
