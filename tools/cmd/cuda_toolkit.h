/* `ompt-inst cc` for NVIDIA GPUs: a compile that asks for NVPTX offload
 * (--offload-arch=sm_NN, -fopenmp-targets=nvptx64...) gets the CUDA
 * toolkit clang needs and the device library of the runtime the program
 * will run with, or, before anything is compiled, one line saying why the
 * program could not run (docs/gpu.md). */
#ifndef OMPT_INST_CUDA_TOOLKIT_H
#define OMPT_INST_CUDA_TOOLKIT_H

#include <stdbool.h>

enum { OI_CUDA_MAX_ARGS = 4 };

typedef struct oi_cuda_compile {
  char *args[OI_CUDA_MAX_ARGS]; /* malloc'd clang arguments to add */
  int count;
} oi_cuda_compile;

/* For the compile `argv` (argv[0] the subcommand) with clang and runtime
 * of LLVM `llvm_major`, whose libraries are in `llvm_lib_dir`: fills
 * `compile` (nothing for a compile without NVPTX offload) and returns
 * true, or prints the refusal on stderr and returns false. */
bool oi_cuda_prepare(int argc, char **argv, int llvm_major, const char *llvm_lib_dir,
                     oi_cuda_compile *compile);
void oi_cuda_compile_free(oi_cuda_compile *compile);

#endif
