/* Source lines and data symbols of the running program (source_lines.h),
 * from its modules' debug information and symbol tables through libdwfl.
 * libdwfl is not thread-safe: one lock; callers ask once per call site. */
#define _GNU_SOURCE
#include "source_lines.h"

#include <elfutils/libdwfl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Dwfl *dwfl;
static int reported; /* the modules loaded when it was last asked */

static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
};

/* The process's modules, reported again when an address is in none (a
 * library loaded since). Called under the lock. */
static Dwfl_Module *module_of(Dwarf_Addr address) {
  if (!dwfl && !(dwfl = dwfl_begin(&callbacks)))
    return NULL;
  Dwfl_Module *module = reported ? dwfl_addrmodule(dwfl, address) : NULL;
  if (module)
    return module;
  dwfl_report_begin(dwfl);
  if (dwfl_linux_proc_report(dwfl, getpid()) != 0 || dwfl_report_end(dwfl, NULL, NULL) != 0)
    return NULL;
  reported = 1;
  return dwfl_addrmodule(dwfl, address);
}

bool oi_source_line(const void *code, char *file, size_t size, int *line, char *function,
                    size_t function_size) {
  Dwarf_Addr address = (Dwarf_Addr)(uintptr_t)code - 1;
  bool found = false;
  pthread_mutex_lock(&lock);
  Dwfl_Module *module = module_of(address);
  Dwfl_Line *row = module ? dwfl_module_getsrc(module, address) : NULL;
  const char *name = row ? dwfl_lineinfo(row, NULL, line, NULL, NULL, NULL) : NULL;
  if (name && *line > 0) {
    const char *dir = name[0] == '/' ? NULL : dwfl_line_comp_dir(row);
    found = snprintf(file, size, "%s%s%s", dir ? dir : "", dir ? "/" : "", name) < (int)size;
    /* a body GCC outlined (main._omp_fn.3) is its function's */
    const char *symbol = dwfl_module_addrname(module, address);
    const char *outlined = symbol ? strstr(symbol, "._omp_fn.") : NULL;
    snprintf(function, function_size, "%.*s",
             symbol ? (int)(outlined ? (size_t)(outlined - symbol) : strlen(symbol)) : 0,
             symbol ? symbol : "");
  }
  pthread_mutex_unlock(&lock);
  return found;
}

bool oi_data_symbol(const void *data, char *name, size_t size) {
  Dwarf_Addr address = (Dwarf_Addr)(uintptr_t)data;
  bool found = false;
  pthread_mutex_lock(&lock);
  Dwfl_Module *module = module_of(address);
  GElf_Off offset = 0;
  GElf_Sym symbol;
  const char *text =
      module ? dwfl_module_addrinfo(module, address, &offset, &symbol, NULL, NULL, NULL) : NULL;
  /* the variable itself, from its start: an address inside one is not its name */
  if (text && offset == 0 && GELF_ST_TYPE(symbol.st_info) == STT_OBJECT)
    found = snprintf(name, size, "%s", text) < (int)size;
  pthread_mutex_unlock(&lock);
  return found;
}
