/* The device images a program carries, and whether an offload runtime will
 * load them: `ompt-inst doctor` lists them, `ompt-inst run` checks them
 * before it starts the program, `ompt-inst cc` checks what a toolkit's
 * ptxas writes before it compiles. */
#ifndef OMPT_INST_OFFLOAD_IMAGES_H
#define OMPT_INST_OFFLOAD_IMAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { OI_EM_X86_64 = 62, OI_EM_CUDA = 190, OI_EM_AMDGPU = 224 };

/* One image: what LLVM's offload binary says of it (triple, arch; empty
 * for LLVM 14, which embeds bare ELF images) and its ELF header. */
typedef struct oi_offload_image {
  char triple[64], arch[32];
  uint16_t machine;    /* e_machine; 0: not an ELF image (bitcode, PTX) */
  uint8_t abi_version; /* e_ident[EI_ABIVERSION] */
  uint32_t flags;      /* e_flags */
} oi_offload_image;

/* The images embedded in the ELF file at `path`, up to `max`; their count
 * (which may exceed max), or -1 when the file is no readable ELF file. */
int oi_offload_images(const char *path, oi_offload_image *images, int max);

/* An image's header read from an ELF file of its own (a cubin ptxas
 * wrote); false when it is none. */
bool oi_offload_image_of_file(const char *path, oi_offload_image *image);

/* The SM a CUDA cubin is for (90 for sm_90): its e_flags hold it in bits
 * 0-7 up to ELF ABI version 7, in bits 8-15 from version 8 (CUDA 13). */
unsigned oi_cubin_sm(const oi_offload_image *image);

/* Why the offload runtime of LLVM `runtime_major` cannot load the image,
 * as a phrase ("cubin for sm_90 in ELF ABI 8, which LLVM 19 cannot read"),
 * in `buf`; NULL when nothing known stands against it. */
const char *oi_image_refusal(const oi_offload_image *image, int runtime_major, char *buf,
                             size_t size);

/* "x86_64 (host)", "cubin sm_90, ELF ABI 8, flags 0x6005a04", ... */
const char *oi_image_describe(const oi_offload_image *image, char *buf, size_t size);

#endif
