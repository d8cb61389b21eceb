/* The ROCm device libraries of an AMDGCN compile: rocm_device_libs.h. */
#include "rocm_device_libs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where Debian's rocm-device-libs puts them (this product runs on x86_64). */
#define OI_DEBIAN_ROCM_BITCODE "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"

static bool asks_for_amdgcn(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if ((strncmp(a, "--offload-arch=", 15) == 0 && strstr(a, "gfx")) ||
        (strncmp(a, "-fopenmp-targets=", 17) == 0 && strstr(a, "amdgcn")))
      return true;
  }
  return false;
}

/* The user chose the libraries, or asked for none. */
static bool user_chose(int argc, char **argv) {
  static const char *const options[] = {"--rocm-path", "--rocm-device-lib-path", "-nogpulib",
                                        "--no-offloadlib"};
  for (int i = 1; i < argc; i++)
    for (size_t j = 0; j < sizeof options / sizeof *options; j++)
      if (strncmp(argv[i], options[j], strlen(options[j])) == 0)
        return true;
  return false;
}

/* A ROCm installation clang looks for by itself has the libraries. */
static bool rocm_installed(void) {
  const char *roots[] = {getenv("ROCM_PATH"), "/opt/rocm"};
  char bitcode[4096];
  for (size_t i = 0; i < sizeof roots / sizeof *roots; i++) {
    if (!roots[i] || !roots[i][0])
      continue;
    snprintf(bitcode, sizeof bitcode, "%s/amdgcn/bitcode/ocml.bc", roots[i]);
    if (access(bitcode, R_OK) == 0)
      return true;
  }
  return false;
}

bool oi_rocm_prepare(int argc, char **argv, const char **arg) {
  *arg = NULL;
  if (!asks_for_amdgcn(argc, argv) || user_chose(argc, argv) || rocm_installed())
    return true;
  if (access(OI_DEBIAN_ROCM_BITCODE "/ocml.bc", R_OK) == 0) {
    *arg = "--rocm-device-lib-path=" OI_DEBIAN_ROCM_BITCODE;
    return true;
  }
  fprintf(stderr, "ompt-inst: an AMD GPU build needs the ROCm device libraries, and there are "
                  "none here (no /opt/rocm, ROCM_PATH, or Debian's rocm-device-libs): install "
                  "one, or give --rocm-path=\n");
  return false;
}
