/* DT_NEEDED entries of a program, read with libelf. */
#include "linked_libraries.h"

#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool starts_with_any(const char *name, const char *const *prefixes) {
  for (; *prefixes; prefixes++)
    if (strncmp(name, *prefixes, strlen(*prefixes)) == 0)
      return true;
  return false;
}

bool oi_links_library(const char *path, const char *const *prefixes) {
  return oi_linked_library(path, prefixes, NULL, 0);
}

bool oi_linked_library(const char *path, const char *const *prefixes, char *found_name,
                       size_t size) {
  if (elf_version(EV_CURRENT) == EV_NONE)
    return false;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  bool found = false;
  Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
  Elf_Scn *section = NULL;
  while (elf && !found && (section = elf_nextscn(elf, section))) {
    GElf_Shdr header;
    if (!gelf_getshdr(section, &header) || header.sh_type != SHT_DYNAMIC)
      continue;
    Elf_Data *data = elf_getdata(section, NULL);
    for (size_t i = 0; data && header.sh_entsize && i < header.sh_size / header.sh_entsize; i++) {
      GElf_Dyn entry;
      if (!gelf_getdyn(data, (int)i, &entry) || entry.d_tag != DT_NEEDED)
        continue;
      const char *name = elf_strptr(elf, header.sh_link, entry.d_un.d_val);
      if (name && starts_with_any(name, prefixes)) {
        found = true;
        if (found_name)
          snprintf(found_name, size, "%s", name);
        break;
      }
    }
  }
  if (elf)
    elf_end(elf);
  close(fd);
  return found;
}
