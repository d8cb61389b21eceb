/* `ompt-inst cc|c++|fc ARGS...` (and `ompt-inst-cc`/`-c++`/`-fc`): clang with
 * -fopenmp and the ompt-inst plugin (flang with -fopenmp: flang loads no
 * Clang plugin), plus an rpath to the OpenMP runtime folder when linking, so
 * programs with offloading find libomptarget without LD_LIBRARY_PATH. A
 * runtime unpacked privately into a build (LLVM 14, 22) also needs its omp.h
 * and a -L. The compiler: --clang=CLANG / --flang=FLANG, else
 * OMPT_INST_CLANG (C), OMPT_INST_CLANGXX (C++), OMPT_INST_FLANG (Fortran),
 * else this build's own; its major version picks the flavour (plugin and
 * runtime, flavours.h): a plugin loads only into the clang it was built for.
 * --cc=GCC / --fc=GFORTRAN: GCC instead, with -fopenmp alone (GCC loads no
 * Clang plugin; its programs are recorded from their calls into libgomp,
 * docs/gcc.md). */
#include <errno.h>
#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "cuda_toolkit.h"
#include "flavours.h"
#include "paths.h"
#include "rocm_device_libs.h"

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
  static const char *const options[] = {"-o",  "-I",  "-L",  "-D",       "-U",      "-include",
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
    if (strcmp(argv[i], "-c") == 0 || strcmp(argv[i], "-S") == 0 || strcmp(argv[i], "-E") == 0 ||
        strcmp(argv[i], "-fsyntax-only") == 0)
      return false;
  return true;
}

/* The language a subcommand compiles. */
enum language { LANG_C, LANG_CXX, LANG_FORTRAN };

/* The environment variable that may name the compiler. */
static const char *compiler_variable(enum language language) {
  return language == LANG_FORTRAN ? "OMPT_INST_FLANG"
         : language == LANG_CXX   ? "OMPT_INST_CLANGXX"
                                  : "OMPT_INST_CLANG";
}

/* The value of the last `prefix` option given ("--clang="), or NULL. */
static const char *last_option(int argc, char **argv, const char *prefix) {
  const char *chosen = NULL;
  for (int i = 1; i < argc; i++)
    if (strncmp(argv[i], prefix, strlen(prefix)) == 0)
      chosen = argv[i] + strlen(prefix);
  return chosen;
}

/* --clang=CLANG (--flang=FLANG for Fortran). */
static const char *compiler_option(int argc, char **argv, enum language language) {
  return last_option(argc, argv, language == LANG_FORTRAN ? "--flang=" : "--clang=");
}

static bool is_compiler_option(const char *arg) {
  return strncmp(arg, "--clang=", 8) == 0 || strncmp(arg, "--flang=", 8) == 0 ||
         strncmp(arg, "--cc=", 5) == 0 || strncmp(arg, "--fc=", 5) == 0;
}

/* --cc=GCC (--fc=GFORTRAN for Fortran). */
static const char *gcc_option(int argc, char **argv, enum language language) {
  return last_option(argc, argv, language == LANG_FORTRAN ? "--fc=" : "--cc=");
}

/* Whether the compiler at `program` is GCC's (gcc, g++, gfortran): its
 * --version says so. */
static bool is_gcc(const char *program) {
  char command[4200], line[256] = "";
  snprintf(command, sizeof command, "'%s' --version 2>/dev/null", program);
  FILE *out = strchr(program, '\'') ? NULL : popen(command, "r");
  if (!out)
    return false;
  if (!fgets(line, sizeof line, out))
    line[0] = '\0';
  pclose(out);
  return strstr(line, "GCC") || strstr(line, "GNU Fortran") || strstr(line, "gcc") ||
         strstr(line, "g++");
}

/* GCC with -fopenmp and the user's arguments; returns only when it cannot
 * run. */
static int run_gcc(const char *option, const char *chosen, int argc, char **argv) {
  char *program = oi_program_path(chosen);
  if (!program) {
    fprintf(stderr, "ompt-inst: cannot run the compiler %s=%s: %s\n", option, chosen,
            strerror(errno));
    return OI_EXIT_NOT_RUNNABLE;
  }
  if (!is_gcc(program)) {
    fprintf(stderr,
            "ompt-inst: %s=%s is not GCC (its --version says otherwise): name clang with "
            "--clang=, flang with --flang=\n",
            option, chosen);
    free(program);
    return OI_EXIT_NOT_RUNNABLE;
  }
  char **args = calloc((size_t)argc + 2, sizeof *args);
  if (!args) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return OI_EXIT_FAILURE;
  }
  int n = 0;
  args[n++] = (char *)chosen;
  args[n++] = "-fopenmp";
  for (int i = 1; i < argc; i++)
    if (!is_compiler_option(argv[i]))
      args[n++] = argv[i];
  args[n] = NULL;
  execv(program, args);
  fprintf(stderr, "ompt-inst: cannot run %s: %s\n", program, strerror(errno));
  return OI_EXIT_NOT_RUNNABLE;
}

/* <llvm>/lib of the clang at `program` (<llvm>/bin/clang), malloc'd; NULL
 * when its path cannot be resolved. */
static char *clang_lib_dir(const char *program) {
  char *real = realpath(program, NULL);
  char *slash = real ? strrchr(real, '/') : NULL;
  if (slash) {
    *slash = '\0';
    slash = strrchr(real, '/');
  }
  char *lib = slash ? malloc((size_t)(slash - real) + sizeof "/lib") : NULL;
  if (lib)
    snprintf(lib, (size_t)(slash - real) + sizeof "/lib", "%.*s/lib", (int)(slash - real), real);
  free(real);
  return lib;
}

/* GPU code needs the clang's device library (libomptarget-nvptx*.bc or
 * -amdgpu*.bc in its lib folder): Debian packages none for LLVM 22, and
 * clang would stop deep in the link. One line instead. */
static bool device_library_missing(int argc, char **argv, const char *program, int major) {
  const char *device = NULL;
  for (int i = 1; i < argc && !device; i++) {
    const char *arg = argv[i];
    if (strncmp(arg, "--offload-arch=", 15) == 0 || strncmp(arg, "-fopenmp-targets=", 17) == 0) {
      if (strstr(arg, "sm_") || strstr(arg, "nvptx"))
        device = "nvptx";
      else if (strstr(arg, "gfx") || strstr(arg, "amdgcn"))
        device = "amdgpu";
    }
  }
  if (!device)
    return false;
  char *real = clang_lib_dir(program);
  if (!real)
    return false;
  char pattern[4096];
  snprintf(pattern, sizeof pattern, "%s/libomptarget-%s*.bc", real, device);
  glob_t found;
  bool missing = glob(pattern, 0, NULL, &found) != 0;
  if (!missing)
    globfree(&found);
  else
    fprintf(stderr,
            "ompt-inst: clang %d has no %s device library (%s): build GPU code with "
            "another clang (--clang=)\n",
            major, device, pattern);
  free(real);
  return missing;
}

/* The flavour of the compiler the user chose (or of this build), with one
 * line naming what is wrong when there is none. */
static bool choose(enum language language, const char *chosen, const char *variable,
                   struct oi_flavour *flavour, char **program) {
  if (!chosen) {
    if (!oi_flavour_find(oi_flavour_own_major(), flavour))
      return false;
    const char *own = language == LANG_FORTRAN ? flavour->flang
                      : language == LANG_CXX   ? flavour->clangxx
                                               : flavour->clang;
    *program = own[0] ? oi_program_path(own) : NULL;
    if (!*program)
      fprintf(stderr, "ompt-inst: cannot run the compiler %s: %s (install %s-%d)\n",
              own[0]                     ? own
              : language == LANG_FORTRAN ? "flang"
                                         : "clang",
              own[0] ? strerror(errno) : "not installed",
              language == LANG_FORTRAN ? "flang" : "clang", flavour->major);
    return *program != NULL;
  }
  *program = oi_program_path(chosen);
  if (!*program) {
    fprintf(stderr, "ompt-inst: cannot run the compiler %s=%s: %s\n", variable, chosen,
            strerror(errno));
    return false;
  }
  const char *kind = language == LANG_FORTRAN ? "flang" : "clang";
  int major = oi_compiler_major_version(*program);
  if (!major) {
    fprintf(stderr, "ompt-inst: %s=%s is not %s (it prints no %s version)\n", variable, chosen,
            kind, kind);
    return false;
  }
  if (oi_flavour_find(major, flavour))
    return true;
  fprintf(stderr,
          "ompt-inst: %s=%s is %s %d, and this ompt-inst (LLVM %d; other flavours "
          "registered: %s) has no plugin for it: build one with cmake "
          "-DOMPT_INST_LLVM=%d -DOMPT_INST_PRIMARY_BUILD=<this build>\n",
          variable, chosen, kind, major, oi_flavour_own_major(), oi_flavour_others(), major);
  return false;
}

int oi_cmd_cc(int argc, char **argv) {
  enum language language = strcmp(argv[0], "fc") == 0 ? LANG_FORTRAN
                           : wants_cxx(argc, argv)    ? LANG_CXX
                                                      : LANG_C;
  const char *gcc = gcc_option(argc, argv, language);
  if (gcc)
    return run_gcc(language == LANG_FORTRAN ? "--fc" : "--cc", gcc, argc, argv);
  const char *option = compiler_option(argc, argv, language);
  const char *variable =
      option ? (language == LANG_FORTRAN ? "--flang" : "--clang") : compiler_variable(language);
  const char *chosen = option ? option : getenv(variable);
  if (chosen && !chosen[0])
    chosen = NULL;
  struct oi_flavour flavour;
  char *program = NULL;
  if (!choose(language, chosen, variable, &flavour, &program) ||
      device_library_missing(argc, argv, program, flavour.major)) {
    free(program);
    if (flavour.plugin)
      oi_flavour_free(&flavour);
    return OI_EXIT_NOT_RUNNABLE;
  }
  if (language != LANG_FORTRAN && access(flavour.plugin, R_OK) != 0) {
    fprintf(stderr, "ompt-inst: the plugin %s is missing: %s\n", flavour.plugin, strerror(errno));
    return OI_EXIT_FAILURE;
  }
  oi_cuda_compile cuda; /* refused before anything is compiled */
  char *lib_dir = clang_lib_dir(program);
  bool cuda_ok = language == LANG_FORTRAN ||
                 oi_cuda_prepare(argc, argv, flavour.major, lib_dir ? lib_dir : "", &cuda);
  free(lib_dir);
  const char *rocm = NULL;
  if (cuda_ok && language != LANG_FORTRAN && !oi_rocm_prepare(argc, argv, &rocm)) {
    oi_cuda_compile_free(&cuda);
    cuda_ok = false;
  }
  if (!cuda_ok) {
    free(program);
    oi_flavour_free(&flavour);
    return OI_EXIT_FAILURE;
  }
  size_t plugin_option_length = strlen("-fplugin=") + strlen(flavour.plugin) + 1;
  size_t runtime_length = strlen(flavour.runtime) + strlen("-Wl,-rpath,") + 1;
  char *plugin_option = malloc(plugin_option_length);
  char *library_option = malloc(runtime_length);
  char *rpath_option = malloc(runtime_length);
  char **args = calloc((size_t)argc + 9 + OI_CUDA_MAX_ARGS, sizeof *args);
  if (!plugin_option || !library_option || !rpath_option || !args) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return OI_EXIT_FAILURE;
  }
  snprintf(plugin_option, plugin_option_length, "-fplugin=%s", flavour.plugin);
  snprintf(library_option, runtime_length, "-L%s", flavour.runtime);
  snprintf(rpath_option, runtime_length, "-Wl,-rpath,%s", flavour.runtime);
  int n = 0;
  args[n++] = (char *)(chosen ? chosen : program);
  /* --clang= names one clang for C and C++: its C++ driver mode links C++ */
  if (option && language == LANG_CXX)
    args[n++] = "--driver-mode=g++";
  args[n++] = "-fopenmp";
  bool private_runtime = flavour.include[0] != '\0';
  if (language != LANG_FORTRAN) {
    args[n++] = plugin_option;
    if (private_runtime) {
      args[n++] = "-isystem";
      args[n++] = flavour.include;
    }
  }
  for (int i = 1; i < argc; i++)
    if (!is_compiler_option(argv[i]))
      args[n++] = argv[i];
  for (int i = 0; language != LANG_FORTRAN && i < cuda.count; i++)
    args[n++] = cuda.args[i];
  if (rocm)
    args[n++] = (char *)rocm;
  if (links(argc, argv)) {
    if (private_runtime)
      args[n++] = library_option;
    args[n++] = rpath_option;
  }
  args[n] = NULL;
  execv(program, args);
  fprintf(stderr, "ompt-inst: cannot run %s: %s\n", program, strerror(errno));
  return OI_EXIT_NOT_RUNNABLE;
}
