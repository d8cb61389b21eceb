/* Device images in a program, read with libelf: LLVM 16 and later keep
 * them as offload binaries (bytes 10 ff 10 ad, llvm/Object/OffloadBinary.h)
 * in the section .llvm.offloading; LLVM 14 embeds the bare ELF image in
 * read-only data. */
#include "offload_images.h"

#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { EHDR_SIZE = 64 };
static const unsigned char offload_magic[4] = {0x10, 0xff, 0x10, 0xad};

static uint16_t u16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t u32(const unsigned char *p) { return u16(p) | (uint32_t)u16(p + 2) << 16; }
static uint64_t u64(const unsigned char *p) { return u32(p) | (uint64_t)u32(p + 4) << 32; }

/* An ELF header of 64-bit class at `p` (`n` bytes there). */
static bool elf_header(const unsigned char *p, size_t n, oi_offload_image *image) {
  if (n < EHDR_SIZE || memcmp(p, "\177ELF", 4) != 0 || p[4] != 2 || u16(p + 52) != EHDR_SIZE)
    return false;
  image->machine = u16(p + 18);
  image->abi_version = p[8];
  image->flags = u32(p + 48);
  return true;
}

/* A NUL-terminated string at `offset` of a binary of `size` bytes. */
static void copy_string(char *out, size_t out_size, const unsigned char *binary, uint64_t size,
                        uint64_t offset) {
  out[0] = '\0';
  if (offset >= size)
    return;
  size_t n = strnlen((const char *)binary + offset, (size_t)(size - offset));
  if (n < size - offset)
    snprintf(out, out_size, "%.*s", (int)n, (const char *)binary + offset);
}

/* One offload binary at `p` (`n` bytes left): its image; the bytes it
 * takes, 0 when there is none. */
static uint64_t offload_binary(const unsigned char *p, size_t n, oi_offload_image *image) {
  if (n < 32 || memcmp(p, offload_magic, sizeof offload_magic) != 0)
    return 0;
  uint64_t size = u64(p + 8), entry = u64(p + 16);
  if (size > n || size < 32 || entry > size || size - entry < 40)
    return 0;
  const unsigned char *e = p + entry;
  uint64_t strings = u64(e + 8), count = u64(e + 16), at = u64(e + 24), bytes = u64(e + 32);
  *image = (oi_offload_image){0};
  for (uint64_t i = 0; strings <= size && i < count && i < (size - strings) / 16; i++) {
    char key[16];
    copy_string(key, sizeof key, p, size, u64(p + strings + 16 * i));
    uint64_t value = u64(p + strings + 16 * i + 8);
    if (strcmp(key, "triple") == 0)
      copy_string(image->triple, sizeof image->triple, p, size, value);
    else if (strcmp(key, "arch") == 0)
      copy_string(image->arch, sizeof image->arch, p, size, value);
  }
  if (at <= size && bytes <= size - at)
    elf_header(p + at, (size_t)bytes, image);
  return size;
}

int oi_offload_images(const char *path, oi_offload_image *images, int max) {
  if (elf_version(EV_CURRENT) == EV_NONE)
    return -1;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
  size_t names;
  if (!elf || elf_kind(elf) != ELF_K_ELF || elf_getshdrstrndx(elf, &names) != 0) {
    if (elf)
      elf_end(elf);
    close(fd);
    return -1;
  }
  int count = 0;
  bool offloading = false;
  Elf_Scn *section = NULL;
  while ((section = elf_nextscn(elf, section))) {
    GElf_Shdr header;
    const char *name =
        gelf_getshdr(section, &header) ? elf_strptr(elf, names, header.sh_name) : NULL;
    if (!name || strcmp(name, ".llvm.offloading") != 0)
      continue;
    offloading = true;
    Elf_Data *data = elf_rawdata(section, NULL);
    const unsigned char *p = data ? data->d_buf : NULL;
    size_t n = data ? data->d_size : 0;
    for (size_t at = 0; p && at + 32 <= n;) {
      oi_offload_image image;
      uint64_t used = offload_binary(p + at, n - at, &image);
      if (!used) {
        at += 8; /* binaries are 8-byte aligned: padding between them */
        continue;
      }
      if (count < max)
        images[count] = image;
      count++;
      at += (size_t)used;
    }
  }
  if (!offloading) { /* LLVM 14: bare images, found by their ELF header */
    size_t n;
    const unsigned char *p = (const unsigned char *)elf_rawfile(elf, &n);
    for (size_t at = EHDR_SIZE; p && at + EHDR_SIZE <= n; at += 8) {
      oi_offload_image image = {0};
      if (p[at] != 0x7f || !elf_header(p + at, n - at, &image))
        continue;
      if (count < max)
        images[count] = image;
      count++;
    }
  }
  elf_end(elf);
  close(fd);
  return count;
}

bool oi_offload_image_of_file(const char *path, oi_offload_image *image) {
  unsigned char header[EHDR_SIZE];
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  bool ok = read(fd, header, sizeof header) == (ssize_t)sizeof header;
  close(fd);
  *image = (oi_offload_image){0};
  return ok && elf_header(header, sizeof header, image);
}

unsigned oi_cubin_sm(const oi_offload_image *image) {
  return image->abi_version >= 8 ? (image->flags >> 8) & 0xff : image->flags & 0xff;
}

const char *oi_image_refusal(const oi_offload_image *image, int runtime_major, char *buf,
                             size_t size) {
  /* LLVM 19's CUDA plugin reads the SM from the low byte of e_flags, the
   * layout of ELF ABI 7: an ABI 8 cubin for sm_90 reads as sm_4, fits no
   * device, and the program stops at "No images found compatible". Seen
   * on an H100; other releases were not tried. */
  if (image->machine == OI_EM_CUDA && image->abi_version >= 8 && runtime_major > 0 &&
      runtime_major <= 19) {
    snprintf(buf, size, "cubin for sm_%u in ELF ABI %u, which LLVM %d cannot read",
             oi_cubin_sm(image), image->abi_version, runtime_major);
    return buf;
  }
  return NULL;
}

const char *oi_image_describe(const oi_offload_image *image, char *buf, size_t size) {
  const char *triple = image->triple[0] ? image->triple : "";
  switch (image->machine) {
  case OI_EM_CUDA:
    snprintf(buf, size, "cubin for sm_%u, ELF ABI %u, flags 0x%x%s%s", oi_cubin_sm(image),
             image->abi_version, image->flags, triple[0] ? ", " : "", triple);
    break;
  case OI_EM_X86_64:
    snprintf(buf, size, "x86_64 code for the host device%s%s", triple[0] ? ", " : "", triple);
    break;
  case OI_EM_AMDGPU:
    snprintf(buf, size, "AMD GPU code object%s%s%s%s", image->arch[0] ? " for " : "", image->arch,
             triple[0] ? ", " : "", triple);
    break;
  case 0:
    snprintf(buf, size, "not an ELF image (bitcode or PTX)%s%s", triple[0] ? ", " : "", triple);
    break;
  default:
    snprintf(buf, size, "ELF image for machine %u%s%s", image->machine, triple[0] ? ", " : "",
             triple);
  }
  return buf;
}
