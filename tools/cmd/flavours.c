/* LLVM flavours (flavours.h). */
#include "flavours.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ompt-inst/config.h"
#include "paths.h"

int oi_flavour_own_major(void) { return atoi(OMPT_INST_LLVM_VERSION); }

static char *copy(const char *text) { return strdup(text ? text : ""); }

/* lib/ompt-inst-flavours/ beside this build's plugin; NULL on no memory. */
static char *registry_dir(void) { return oi_companion_path("ompt-inst-flavours"); }

static bool read_registered(int major, struct oi_flavour *f) {
  char *dir = registry_dir();
  if (!dir)
    return false;
  char path[4096];
  snprintf(path, sizeof path, "%s/%d", dir, major);
  free(dir);
  FILE *in = fopen(path, "r");
  if (!in)
    return false;
  static const char *const keys[] = {"plugin", "clang", "clangxx", "flang", "runtime", "include"};
  char **slots[] = {&f->plugin, &f->clang, &f->clangxx, &f->flang, &f->runtime, &f->include};
  char line[4096];
  while (fgets(line, sizeof line, in)) {
    line[strcspn(line, "\n")] = '\0';
    char *equals = strchr(line, '=');
    if (!equals)
      continue;
    *equals = '\0';
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
      if (strcmp(line, keys[i]) == 0 && !*slots[i])
        *slots[i] = copy(equals + 1);
  }
  fclose(in);
  for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++)
    if (!*slots[i])
      *slots[i] = copy("");
  return f->plugin[0] && f->clang[0] && f->runtime[0];
}

bool oi_flavour_find(int major, struct oi_flavour *f) {
  memset(f, 0, sizeof *f);
  f->major = major;
  if (major == oi_flavour_own_major()) {
    f->plugin = oi_companion_path(OI_PLUGIN_FILE_NAME);
    f->clang = copy(OMPT_INST_CLANG);
    f->clangxx = copy(OMPT_INST_CLANGXX);
    f->flang = copy(OMPT_INST_FLANG);
    f->runtime = copy(OMPT_INST_RUNTIME_DIR);
    f->include = copy(OMPT_INST_RUNTIME_INCLUDE_DIR);
    return f->plugin != NULL;
  }
  if (major > 0 && read_registered(major, f))
    return true;
  oi_flavour_free(f);
  return false;
}

void oi_flavour_free(struct oi_flavour *f) {
  char **slots[] = {&f->plugin, &f->clang, &f->clangxx, &f->flang, &f->runtime, &f->include};
  for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++) {
    free(*slots[i]);
    *slots[i] = NULL;
  }
}

/* The registered flavours' majors besides this build's, ascending, at most
 * `max`; their count. */
static int registered_majors(int *majors, int max) {
  char *dir = registry_dir();
  DIR *d = dir ? opendir(dir) : NULL;
  free(dir);
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d)) && n < max;) {
    int major = atoi(e->d_name);
    if (major > 0 && major != oi_flavour_own_major())
      majors[n++] = major;
  }
  if (d)
    closedir(d);
  for (int i = 1; i < n; i++) /* a few entries: insertion sort */
    for (int j = i; j > 0 && majors[j - 1] > majors[j]; j--) {
      int t = majors[j];
      majors[j] = majors[j - 1];
      majors[j - 1] = t;
    }
  return n;
}

const char *oi_flavour_others(void) {
  static char list[256];
  list[0] = '\0';
  int majors[32], n = registered_majors(majors, 32);
  for (int i = 0; i < n; i++) {
    size_t used = strlen(list);
    snprintf(list + used, sizeof list - used, "%s%d", i ? ", " : "", majors[i]);
  }
  return n ? list : "none";
}

void oi_flavour_print_all(FILE *out) {
  int majors[33], n = registered_majors(majors + 1, 32) + 1;
  majors[0] = oi_flavour_own_major();
  for (int i = 0; i < n; i++) {
    struct oi_flavour f;
    if (!oi_flavour_find(majors[i], &f))
      continue;
    fprintf(out, "  LLVM %-3d %s\n           clang   %s\n           runtime %s\n", f.major,
            i == 0 ? "this build's own" : "registered", f.clang, f.runtime);
    fprintf(out, "           plugin  %s%s\n", f.plugin,
            access(f.plugin, R_OK) == 0 ? "" : " (missing)");
    oi_flavour_free(&f);
  }
}

int oi_compiler_major_version(const char *compiler) {
  int channel[2];
  if (pipe(channel) != 0)
    return 0;
  pid_t child = fork();
  if (child < 0) {
    close(channel[0]);
    close(channel[1]);
    return 0;
  }
  if (child == 0) {
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2(null, STDERR_FILENO);
    dup2(channel[1], STDOUT_FILENO);
    close(channel[0]);
    close(channel[1]);
    execl(compiler, compiler, "--version", (char *)NULL);
    _exit(127);
  }
  close(channel[1]);
  FILE *output = fdopen(channel[0], "r");
  int major = 0;
  if (output) {
    char line[256];
    while (fgets(line, sizeof line, output)) {
      static const char *const marks[] = {"clang version ", "flang version ", "flang-new version "};
      for (size_t i = 0; i < sizeof marks / sizeof marks[0] && !major; i++) {
        const char *version = strstr(line, marks[i]);
        if (version)
          major = atoi(version + strlen(marks[i]));
      }
    }
    fclose(output);
  } else {
    close(channel[0]);
  }
  while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
    ;
  return major;
}
