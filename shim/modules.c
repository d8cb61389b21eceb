/* Writing the module map with dl_iterate_phdr: at the start (so a trace
 * ended by a signal, where dl_iterate_phdr is not safe, has it) and at the
 * end for what was loaded since. */
#include "modules.h"

#include <link.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bounds.h"
#include "ompt-inst/trace.h"
#include "trace_file.h"

/* Objects already written, by start address (one thread at a time: the
 * start and the end of the run, never a signal handler). The table starts
 * at OI_MODULES entries and doubles when full: a module not remembered
 * would be written again at the end. */
static uint64_t *written_start;
static unsigned written_count, written_capacity;

static int already_written(uint64_t start) {
  for (unsigned i = 0; i < written_count; i++)
    if (written_start[i] == start)
      return 1;
  if (written_count == written_capacity) {
    unsigned capacity = written_capacity ? 2 * written_capacity : OI_MODULES;
    uint64_t *grown = realloc(written_start, capacity * sizeof *grown);
    if (!grown) /* out of memory: written, perhaps again at the end */
      return 0;
    written_start = grown;
    written_capacity = capacity;
  }
  written_start[written_count++] = start;
  return 0;
}

static int write_module(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  int *first = data;
  uint64_t start = UINT64_MAX, end = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD)
      continue;
    uint64_t lo = info->dlpi_addr + ph->p_vaddr;
    if (lo < start)
      start = lo;
    if (lo + ph->p_memsz > end)
      end = lo + ph->p_memsz;
  }
  const char *path = info->dlpi_name;
  char exe[PATH_MAX];
  /* The main program comes first and has an empty name. */
  if (*first && (!path || !*path)) {
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    path = exe;
  }
  *first = 0;
  if (end == 0 || !path || !*path || already_written(start))
    return 0;
  oi_module_record module = {
      .base = info->dlpi_addr, .start = start, .end = end, .path_length = (uint32_t)strlen(path)};
  oi_trace_frame(OI_REC_MODULE, &module, sizeof module, path, module.path_length);
  return 0;
}

void oi_write_module_map(void) {
  int first = 1;
  dl_iterate_phdr(write_module, &first);
}
