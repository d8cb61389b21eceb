/* `ompt-inst cc|c++ ARGS...` (and `ompt-inst-cc`/`ompt-inst-c++`): clang with
 * -fopenmp and the ompt-inst plugin, plus an rpath to the OpenMP runtime
 * folder when linking, so programs with offloading find libomptarget without
 * LD_LIBRARY_PATH. A runtime unpacked privately into the build (LLVM 14) also
 * needs its omp.h and a -L. OMPT_INST_CLANG (C) and OMPT_INST_CLANGXX (C++)
 * name another clang binary of the same major version (a plugin loads only
 * into the clang it was built for). */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.h"
#include "cuda_toolkit.h"
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

/* A source, object or library to compile or link ("-" is standard input). */
static bool has_input(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (takes_value(argv[i]) || strcmp(argv[i], "-x") == 0)
      i++;
    else if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0)
      return true;
  }
  return false;
}

/* With inputs and without -c, -S, -E or -fsyntax-only the driver links;
 * without inputs (`--version`, no arguments) it must see only the user's
 * arguments, so that it answers exactly as clang does. */
static bool links(int argc, char **argv) {
  if (!has_input(argc, argv))
    return false;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "-c") == 0 || strcmp(argv[i], "-S") == 0 ||
        strcmp(argv[i], "-E") == 0 || strcmp(argv[i], "-fsyntax-only") == 0)
      return false;
  return true;
}

/* The environment variable that may name another compiler. */
static const char *compiler_variable(bool cxx) {
  return cxx ? "OMPT_INST_CLANGXX" : "OMPT_INST_CLANG";
}

/* The user's compiler from the environment, or NULL. */
static const char *user_compiler(bool cxx) {
  const char *chosen = getenv(compiler_variable(cxx));
  return chosen && chosen[0] ? chosen : NULL;
}

/* The major version `compiler --version` prints ("clang version 19.1.7"),
 * 0 if it prints none. Run without a shell, so no name is ever re-parsed. */
static int clang_major_version(const char *compiler) {
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
      const char *version = strstr(line, "clang version ");
      if (version && !major)
        major = atoi(version + strlen("clang version "));
    }
    fclose(output);
  } else {
    close(channel[0]);
  }
  while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
    ;
  return major;
}

/* One line naming what is wrong when the compiler cannot serve: missing, or
 * a clang whose major version the plugin was not built for. */
static bool compiler_usable(const char *compiler, const char *program,
                            const char *variable) {
  if (!program) {
    fprintf(stderr, "ompt-inst: cannot run the compiler %s%s%s: %s%s\n",
            variable ? variable : "", variable ? "=" : "", compiler, strerror(errno),
            variable ? "" : " (install clang-" OMPT_INST_LLVM_VERSION ")");
    return false;
  }
  if (!variable)
    return true;
  int major = clang_major_version(program);
  if (major == atoi(OMPT_INST_LLVM_VERSION))
    return true;
  if (major)
    fprintf(stderr,
            "ompt-inst: %s=%s is clang %d; this ompt-inst is built for clang %s "
            "(a plugin loads only into its own major version)\n",
            variable, compiler, major, OMPT_INST_LLVM_VERSION);
  else
    fprintf(stderr, "ompt-inst: %s=%s is not clang %s (it prints no clang version)\n", variable,
            compiler, OMPT_INST_LLVM_VERSION);
  return false;
}

int oi_cmd_cc(int argc, char **argv) {
  bool cxx = wants_cxx(argc, argv);
  const char *chosen = user_compiler(cxx);
  const char *compiler = chosen ? chosen : cxx ? OMPT_INST_CLANGXX : OMPT_INST_CLANG;
  char *program = oi_program_path(compiler);
  if (!compiler_usable(compiler, program, chosen ? compiler_variable(cxx) : NULL)) {
    free(program);
    return OI_EXIT_NOT_RUNNABLE;
  }
  char *plugin = oi_installed_companion(OI_PLUGIN_FILE_NAME, "plugin");
  if (!plugin) {
    free(program);
    return OI_EXIT_FAILURE;
  }
  oi_cuda_compile cuda; /* refused before anything is compiled */
  if (!oi_cuda_prepare(argc, argv, atoi(OMPT_INST_LLVM_VERSION), OMPT_INST_RUNTIME_DIR, &cuda)) {
    free(program);
    free(plugin);
    return OI_EXIT_FAILURE;
  }
  size_t plugin_option_length = strlen("-fplugin=") + strlen(plugin) + 1;
  char *plugin_option = malloc(plugin_option_length);
  char **args = calloc((size_t)argc + 7 + OI_CUDA_MAX_ARGS, sizeof *args);
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
  for (int i = 0; i < cuda.count; i++)
    args[n++] = cuda.args[i];
  if (links(argc, argv)) {
    if (private_runtime)
      args[n++] = "-L" OMPT_INST_RUNTIME_DIR;
    args[n++] = "-Wl,-rpath," OMPT_INST_RUNTIME_DIR;
  }
  args[n] = NULL;
  execv(program, args);
  fprintf(stderr, "ompt-inst: cannot run %s: %s\n", compiler, strerror(errno));
  return OI_EXIT_NOT_RUNNABLE;
}
