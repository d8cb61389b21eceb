/* DT_NEEDED and RUNPATH entries of a program, read with libelf. */
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

/* Calls `visit` with each dynamic entry of tag `tag` (its string) until it
 * returns true; true then. False when unreadable. */
static bool find_dynamic(const char *path, GElf_Sxword tag,
                         bool (*visit)(const char *value, void *context), void *context) {
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
      if (!gelf_getdyn(data, (int)i, &entry) || entry.d_tag != tag)
        continue;
      const char *value = elf_strptr(elf, header.sh_link, entry.d_un.d_val);
      if (value && visit(value, context)) {
        found = true;
        break;
      }
    }
  }
  if (elf)
    elf_end(elf);
  close(fd);
  return found;
}

typedef struct prefix_match {
  const char *const *prefixes;
  char *name; /* where the matching name goes, NULL: nowhere */
  size_t size;
} prefix_match;

static bool names_prefix(const char *name, void *context) {
  prefix_match *match = context;
  if (!starts_with_any(name, match->prefixes))
    return false;
  if (match->name)
    snprintf(match->name, match->size, "%s", name);
  return true;
}

bool oi_links_library(const char *path, const char *const *prefixes) {
  return oi_linked_library(path, prefixes, NULL, 0);
}

bool oi_linked_library(const char *path, const char *const *prefixes, char *name, size_t size) {
  prefix_match match = {prefixes, name, size};
  return find_dynamic(path, DT_NEEDED, names_prefix, &match);
}

/* The first folder of a RUNPATH/RPATH list that holds libomp.so.5, into
 * `*folder` ($ORIGIN is not expanded: ompt-inst cc writes absolute folders). */
static bool find_openmp_runtime(const char *list, void *folder) {
  for (const char *entry = list; *entry;) {
    size_t length = strcspn(entry, ":");
    char candidate[4096];
    if (length &&
        snprintf(candidate, sizeof candidate, "%.*s/libomp.so.5", (int)length, entry) <
            (int)sizeof candidate &&
        access(candidate, R_OK) == 0) {
      *(char **)folder = strndup(entry, length);
      return *(char **)folder != NULL;
    }
    entry += length + (entry[length] == ':');
  }
  return false;
}

char *oi_runpath_openmp_runtime(const char *path) {
  char *folder = NULL;
  if (!find_dynamic(path, DT_RUNPATH, find_openmp_runtime, &folder))
    find_dynamic(path, DT_RPATH, find_openmp_runtime, &folder);
  return folder;
}
