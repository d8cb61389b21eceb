/* The offload stack a program will run on, as `ompt-inst doctor` shows it
 * and `ompt-inst run` checks it: the runtime it links, the images it
 * carries and whether that runtime loads them, the NVIDIA driver library
 * the runtime's CUDA plugin opens and the HSA runtime its amdgpu plugin
 * opens. */
#ifndef OMPT_INST_OFFLOAD_STACK_H
#define OMPT_INST_OFFLOAD_STACK_H

#include <stdbool.h>
#include <stdio.h>

#include "offload_images.h"

enum { OI_STACK_MAX_IMAGES = 16 };

typedef struct oi_offload_stack {
  char runtime[256];       /* the libomptarget the program names, "" if none */
  char runtime_path[4096]; /* where it was found, "" if not */
  bool cuda_plugin;        /* the runtime has a CUDA plugin (it names libcuda.so) */
  bool amdgpu_plugin;      /* ... an AMD GPU plugin (libhsa-runtime64.so) */
  int runtime_major;       /* its LLVM version (libomptarget.so.19.1: 19), 0 unknown */
  int image_count;         /* may exceed OI_STACK_MAX_IMAGES */
  oi_offload_image images[OI_STACK_MAX_IMAGES];
  int refused;       /* images the runtime will not load */
  int device_images; /* images for a GPU (not the host device) */
  bool libcuda;      /* libcuda.so (the unversioned name the plugin opens) loads */
  bool libcuda_1;    /* libcuda.so.1 loads */
  int cuda_devices;  /* what the driver counts; -1 without a driver */
  bool libhsa;       /* libhsa-runtime64.so (the name the amdgpu plugin opens) loads */
  bool libhsa_1;     /* libhsa-runtime64.so.1 loads */
  int amd_devices;   /* GPU agents the HSA runtime counts; -1 when it does not start */
} oi_offload_stack;

/* What `program` (a path) will meet, as far as the verdict needs it: the
 * driver libraries of its GPU images' kinds are opened, no device is
 * started and none counted; false when it is no readable ELF file. */
bool oi_offload_stack_read(const char *program, oi_offload_stack *stack);

/* The machine's part (for `ompt-inst doctor`): the runtime's device
 * plugins of every kind (oi_offload_stack_read asks only about the kinds of
 * GPU image the program has), every driver library, and the devices the
 * NVIDIA driver and the HSA runtime count (it starts them). */
void oi_offload_stack_machine(oi_offload_stack *stack);

/* The one-line verdict ("" when the program does no offload), in buf:
 * why no image fits, why no GPU will be found, or that all is well. Its
 * return value says whether the program's target regions can run where
 * they were built for. */
bool oi_offload_verdict(const oi_offload_stack *stack, const char *program, char *buf, size_t size);

/* The whole picture, for `ompt-inst doctor`. */
void oi_offload_stack_print(FILE *out, const oi_offload_stack *stack);

#endif
