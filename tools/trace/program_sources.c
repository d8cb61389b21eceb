/* A program's source files from its DWARF line tables (program_sources.h). */
#include "program_sources.h"

#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The system's headers hold no directive of the program's. */
static int is_system_file(const char *path) {
  static const char *const folders[] = {"/usr/include/", "/usr/lib/", "/usr/local/include/"};
  for (size_t i = 0; i < sizeof folders / sizeof *folders; i++)
    if (strncmp(path, folders[i], strlen(folders[i])) == 0)
      return 1;
  return 0;
}

static int by_path(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds `path` unless it is already there or unreadable; -1 when out of
 * memory. The list is sorted and made unique once all are added. */
static int add_path(oi_program_sources *sources, size_t *capacity, const char *path) {
  if (!path || is_system_file(path) || access(path, R_OK) != 0)
    return 0;
  if (sources->count == *capacity) {
    size_t grown = *capacity ? *capacity * 2 : 16;
    char **paths = realloc(sources->paths, grown * sizeof *paths);
    if (!paths)
      return -1;
    sources->paths = paths;
    *capacity = grown;
  }
  sources->paths[sources->count] = strdup(path);
  return sources->paths[sources->count] ? (sources->count++, 0) : -1;
}

static void sort_unique(oi_program_sources *sources) {
  if (!sources->count)
    return;
  qsort(sources->paths, sources->count, sizeof *sources->paths, by_path);
  size_t kept = 1;
  for (size_t i = 1; i < sources->count; i++) {
    if (strcmp(sources->paths[i], sources->paths[kept - 1]) == 0)
      free(sources->paths[i]);
    else
      sources->paths[kept++] = sources->paths[i];
  }
  sources->count = kept;
}

int oi_program_sources_read(const char *program, oi_program_sources *sources) {
  memset(sources, 0, sizeof *sources);
  int fd = program ? open(program, O_RDONLY | O_CLOEXEC) : -1;
  if (fd < 0) {
    sources->missing = "the program's file cannot be read";
    return 0;
  }
  Dwarf *dwarf = dwarf_begin(fd, DWARF_C_READ);
  if (!dwarf) {
    close(fd);
    sources->missing = "the program has no debug information (build it with -g)";
    return 0;
  }
  size_t capacity = 0;
  int result = 0;
  Dwarf_Off offset = 0, next;
  size_t header_size;
  while (result == 0 && dwarf_nextcu(dwarf, offset, &next, &header_size, NULL, NULL, NULL) == 0) {
    Dwarf_Die unit;
    Dwarf_Files *files;
    size_t file_count;
    if (dwarf_offdie(dwarf, offset + header_size, &unit) &&
        dwarf_getsrcfiles(&unit, &files, &file_count) == 0)
      for (size_t i = 0; result == 0 && i < file_count; i++)
        result = add_path(sources, &capacity, dwarf_filesrc(files, i, NULL, NULL));
    offset = next;
  }
  dwarf_end(dwarf);
  close(fd);
  sort_unique(sources);
  if (result == 0 && !sources->count)
    sources->missing = "the program's debug information names no source file found here";
  return result;
}

void oi_program_sources_free(oi_program_sources *sources) {
  for (size_t i = 0; i < sources->count; i++)
    free(sources->paths[i]);
  free(sources->paths);
  memset(sources, 0, sizeof *sources);
}
