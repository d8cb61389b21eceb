/* `ompt-inst cc` for AMD GPUs: a compile that asks for AMDGCN offload
 * (--offload-arch=gfxNNN, -fopenmp-targets=amdgcn-amd-amdhsa) needs the
 * ROCm device libraries (ocml, ockl, oclc_*). clang finds a ROCm
 * installation by itself (--rocm-path, ROCM_PATH, /opt/rocm); without one,
 * Debian's rocm-device-libs package is passed to it. */
#ifndef OMPT_INST_ROCM_DEVICE_LIBS_H
#define OMPT_INST_ROCM_DEVICE_LIBS_H

#include <stdbool.h>

/* For the compile `argv` (argv[0] the subcommand): *arg = the clang
 * argument to add (static storage), or NULL when none is needed; false,
 * with one line on stderr, when an AMD compile has no device libraries
 * anywhere. */
bool oi_rocm_prepare(int argc, char **argv, const char **arg);

#endif
