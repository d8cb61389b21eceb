/* `ompt-inst cc|c++ ARGS...`: clang with -fopenmp and the ompt-inst plugin,
 * plus an rpath to the OpenMP runtime folder when linking, so programs with
 * offloading find libomptarget without LD_LIBRARY_PATH. A runtime unpacked
 * privately into the build (LLVM 14) also needs its omp.h and a -L. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "ompt-inst/config.h"
#include "paths.h"

static bool ends_with(const char *text, const char *suffix) {
  size_t n = strlen(text), m = strlen(suffix);
  return n >= m && strcmp(text + n - m, suffix) == 0;
}

static bool is_cxx_source(const char *arg) {
  static const char *const suffixes[] = {".cpp", ".cc", ".cxx", ".C", ".c++"};
  for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
    if (ends_with(arg, suffixes[i]))
      return true;
  return false;
}

/* Options whose next argument is a value, not an input file. */
static bool takes_value(const char *arg) {
  static const char *const options[] = {"-o", "-I", "-L", "-D", "-U", "-include",
                                        "-MF", "-MT", "-MQ", "-Xlinker", "-isystem"};
  for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
    if (strcmp(arg, options[i]) == 0)
      return true;
  return false;
}

static bool wants_cxx(int argc, char **argv) {
  if (strcmp(argv[0], "c++") == 0)
    return true;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-x") == 0 && i + 1 < argc)
      return strcmp(argv[i + 1], "c++") == 0;
    if (takes_value(argv[i]))
      i++;
    else if (argv[i][0] != '-' && is_cxx_source(argv[i]))
      return true;
  }
  return false;
}

/* Without -c, -S, -E or -fsyntax-only the driver links. */
static bool links(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "-c") == 0 || strcmp(argv[i], "-S") == 0 ||
        strcmp(argv[i], "-E") == 0 || strcmp(argv[i], "-fsyntax-only") == 0)
      return false;
  return true;
}

int oi_cmd_cc(int argc, char **argv) {
  const char *compiler = wants_cxx(argc, argv) ? OMPT_INST_CLANGXX : OMPT_INST_CLANG;
  char *plugin = oi_companion_path(OI_PLUGIN_FILE_NAME);
  if (!plugin)
    return OI_EXIT_FAILURE;
  if (access(plugin, R_OK) != 0) {
    fprintf(stderr, "ompt-inst: the plugin %s is missing: %s\n", plugin, strerror(errno));
    free(plugin);
    return OI_EXIT_FAILURE;
  }
  size_t plugin_option_length = strlen("-fplugin=") + strlen(plugin) + 1;
  char *plugin_option = malloc(plugin_option_length);
  char **args = calloc((size_t)argc + 7, sizeof *args);
  if (!plugin_option || !args) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return OI_EXIT_FAILURE;
  }
  snprintf(plugin_option, plugin_option_length, "-fplugin=%s", plugin);
  int n = 0;
  args[n++] = (char *)compiler;
  args[n++] = "-fopenmp";
  args[n++] = plugin_option;
  bool private_runtime = OMPT_INST_RUNTIME_INCLUDE_DIR[0] != '\0';
  if (private_runtime) {
    args[n++] = "-isystem";
    args[n++] = OMPT_INST_RUNTIME_INCLUDE_DIR;
  }
  for (int i = 1; i < argc; i++)
    args[n++] = argv[i];
  if (links(argc, argv)) {
    if (private_runtime)
      args[n++] = "-L" OMPT_INST_RUNTIME_DIR;
    args[n++] = "-Wl,-rpath," OMPT_INST_RUNTIME_DIR;
  }
  args[n] = NULL;
  execv(compiler, args);
  fprintf(stderr, "ompt-inst: cannot run %s: %s\n", compiler, strerror(errno));
  return OI_EXIT_NOT_RUNNABLE;
}
