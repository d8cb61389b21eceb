/* libdwfl session over the recorded modules, plus an address cache. A
 * module is opened the first time an address falls into it: a run maps
 * dozens of libraries (the offload runtime alone brings libLLVM and ICU)
 * and its events name two or three, so opening all of them was most of a
 * short run's exit summary. */
#include "symbolize.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/array.h"
#include "common/map.h"

struct oi_symbolizer {
  Dwfl *dwfl;
  const oi_module *modules;
  uint32_t module_count;
  bool *module_reported; /* per module: opened into dwfl (or tried) */
  oi_map cached;         /* address -> index in locations */
  oi_array locations;    /* oi_location, one per address looked up */
};

static int readable(const char *path) { return access(path, R_OK) == 0; }

/* Whether a separate debug file for `module` is on this machine, where
 * libdw's standard lookup looks: by build id under /usr/lib/debug, or by
 * its .gnu_debuglink name beside the file, in a .debug folder there, or
 * under /usr/lib/debug. */
static int local_debug_file_exists(Dwfl_Module *module, const char *file_name,
                                   const char *debuglink) {
  const unsigned char *id;
  GElf_Addr id_address;
  int id_bytes = dwfl_module_build_id(module, &id, &id_address);
  char path[PATH_MAX];
  if (id_bytes > 1) {
    int n = snprintf(path, sizeof path, "/usr/lib/debug/.build-id/%02x/", id[0]);
    for (int i = 1; i < id_bytes && n > 0 && (size_t)n + 3 < sizeof path; i++)
      n += snprintf(path + n, sizeof path - (size_t)n, "%02x", id[i]);
    if (n > 0 && (size_t)n + 7 < sizeof path && (strcpy(path + n, ".debug"), readable(path)))
      return 1;
  }
  if (!debuglink || !file_name)
    return 0;
  const char *slash = strrchr(file_name, '/');
  int folder = slash ? (int)(slash - file_name) : 1;
  const char *at = slash ? file_name : ".";
  static const char *const layouts[] = {"%.*s/%s", "%.*s/.debug/%s", "/usr/lib/debug%.*s/%s"};
  for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
    int n = snprintf(path, sizeof path, layouts[i], folder, at, debuglink);
    if (n > 0 && (size_t)n < sizeof path && strcmp(path, file_name) != 0 && readable(path))
      return 1;
  }
  return 0;
}

/* libdw's lookup, but only where a local file exists: where none does, it
 * would load its debuginfod client (16 M instructions, about 5 ms of every
 * report on a program built without -g) to ask servers a report never
 * asks. */
static int find_local_debuginfo(Dwfl_Module *module, void **userdata, const char *module_name,
                                Dwarf_Addr base, const char *file_name, const char *debuglink_file,
                                GElf_Word debuglink_crc, char **debuginfo_file_name) {
  if (!local_debug_file_exists(module, file_name, debuglink_file))
    return -1;
  return dwfl_standard_find_debuginfo(module, userdata, module_name, base, file_name,
                                      debuglink_file, debuglink_crc, debuginfo_file_name);
}

static const Dwfl_Callbacks offline_callbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = find_local_debuginfo,
    .section_address = dwfl_offline_section_address,
};

/* A module's file, if it is a regular one: a trace may name a FIFO or a
 * device, which must not block or be read. Symbolic links are followed:
 * libraries are loaded through them. -1 otherwise. */
static int open_module(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  struct stat info;
  if (fd >= 0 && (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode))) {
    close(fd);
    return -1;
  }
  if (fd >= 0)
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

oi_symbolizer *oi_symbolizer_new(const oi_module *modules, uint32_t count) {
  oi_symbolizer *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->modules = modules;
  s->module_count = count;
  s->module_reported = calloc(count ? count : 1, sizeof *s->module_reported);
  s->locations = (oi_array)OI_ARRAY_INIT(oi_location);
  /* local files only: libdw would otherwise ask debuginfod servers, which
   * can stall a dump for minutes on a machine without network */
  unsetenv("DEBUGINFOD_URLS");
  s->dwfl = dwfl_begin(&offline_callbacks);
  if (!s->module_reported) {
    oi_symbolizer_free(s);
    return NULL;
  }
  return s;
}

static const oi_module *module_of(const oi_symbolizer *s, uint64_t address) {
  for (uint32_t i = 0; i < s->module_count; i++)
    if (address >= s->modules[i].start && address < s->modules[i].end)
      return &s->modules[i];
  return NULL;
}

/* Opens the module holding `address` into the session, once. Objects that
 * cannot be opened (vdso, deleted files) stay unsymbolized: their events
 * fall back to module + offset. */
static void report_module_of(oi_symbolizer *s, uint64_t address) {
  const oi_module *m = module_of(s, address);
  if (!m || s->module_reported[m - s->modules])
    return;
  s->module_reported[m - s->modules] = true;
  int fd = m->path[0] != '\0' ? open_module(m->path) : -1;
  if (fd < 0)
    return;
  dwfl_report_begin_add(s->dwfl);
  /* the library owns the descriptor from here */
  dwfl_report_elf(s->dwfl, m->path, m->path, fd, m->base, true);
  dwfl_report_end(s->dwfl, NULL, NULL);
}

/* The compile unit covering `address`. dwfl_module_addrdie finds it
 * through .debug_aranges, which clang does not emit (and libdw before
 * 0.191 does not synthesise): fall back to asking each compile unit. */
static Dwarf_Die *cu_of(Dwfl_Module *module, uint64_t address, Dwarf_Addr *bias) {
  Dwarf_Die *cu = dwfl_module_addrdie(module, address, bias);
  if (cu)
    return cu;
  while ((cu = dwfl_module_nextcu(module, cu, bias)) != NULL)
    if (dwarf_haspc(cu, address - *bias) > 0)
      return cu;
  return NULL;
}

/* The innermost function or inlined frame at `pc` of `cu`. */
static bool frame_of(Dwarf_Die *cu, Dwarf_Addr pc, Dwarf_Die *frame) {
  Dwarf_Die *scopes = NULL;
  int n = dwarf_getscopes(cu, pc, &scopes);
  bool found = false;
  for (int i = 0; !found && i < n; i++) {
    int tag = dwarf_tag(&scopes[i]);
    if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
      *frame = scopes[i];
      found = true;
    }
  }
  free(scopes);
  return found;
}

/* The line of the row covering `address`; where that row has line 0 (at
 * -O2 a call into the runtime often sits on code no one line owns), the
 * nearest preceding row with a line inside the same function and inlined
 * frame. The file, NULL when nothing is known. */
static const char *line_at(Dwfl_Module *module, uint64_t address, int *line, int *column) {
  Dwarf_Addr bias;
  Dwarf_Die *cu = cu_of(module, address, &bias);
  Dwarf_Lines *lines;
  size_t count;
  if (!cu || dwarf_getsrclines(cu, &lines, &count) != 0)
    return NULL;
  Dwarf_Addr pc = address - bias;
  Dwarf_Line *row = dwarf_getsrc_die(cu, pc);
  if (!row || dwarf_lineno(row, line) != 0)
    return NULL;
  Dwarf_Die frame;
  if (*line == 0 && frame_of(cu, pc, &frame)) {
    /* rows run by address within a sequence: the best is the last row
     * below pc, in the frame, with a line */
    Dwarf_Addr best = 0;
    bool found = false;
    for (size_t i = 0; i < count; i++) {
      Dwarf_Line *r = dwarf_onesrcline(lines, i);
      Dwarf_Addr at;
      int number;
      bool end;
      if (!r || dwarf_lineaddr(r, &at) != 0 || at > pc || (found && at < best) ||
          dwarf_lineendsequence(r, &end) != 0 || end || dwarf_lineno(r, &number) != 0 ||
          number == 0 || dwarf_haspc(&frame, at) <= 0)
        continue;
      best = at;
      found = true;
      row = r;
    }
    if (!found || dwarf_lineno(row, line) != 0)
      return NULL;
  }
  if (dwarf_linecol(row, column) != 0)
    *column = 0;
  return dwarf_linesrc(row, NULL, NULL);
}

static void resolve(oi_symbolizer *s, uint64_t codeptr, oi_location *location) {
  memset(location, 0, sizeof *location);
  location->module = module_of(s, codeptr);
  if (location->module)
    location->offset = codeptr - location->module->base;
  if (!s->dwfl)
    return;
  report_module_of(s, codeptr - 1);
  Dwfl_Module *module = dwfl_addrmodule(s->dwfl, codeptr - 1);
  if (!module)
    return;
  location->function = dwfl_module_addrname(module, codeptr - 1);
  int line_number = 0, column = 0;
  const char *file = line_at(module, codeptr - 1, &line_number, &column);
  if (file && line_number > 0) {
    location->has_source = true;
    location->file = file;
    location->line = (uint32_t)line_number;
    location->col = column > 0 ? (uint32_t)column : 0;
  }
}

const oi_location *oi_symbolize(oi_symbolizer *s, uint64_t codeptr) {
  static const oi_location nowhere = {0};
  if (codeptr == 0)
    return &nowhere;
  uint32_t index = oi_map_get_address(&s->cached, codeptr);
  if (index != OI_MAP_NONE)
    return OI_ARRAY_AT(s->locations, oi_location, index);
  oi_location *location = oi_array_push(&s->locations);
  if (!location || oi_map_set_address(&s->cached, codeptr, (uint32_t)(s->locations.len - 1)) != 0) {
    /* out of memory: answered, not kept */
    static oi_location uncached;
    if (location)
      s->locations.len--;
    resolve(s, codeptr, &uncached);
    return &uncached;
  }
  resolve(s, codeptr, location);
  return location;
}

const char *oi_symbolize_data(oi_symbolizer *s, uint64_t address, char *buf, size_t size) {
  if (!s->dwfl || address == 0)
    return NULL;
  report_module_of(s, address);
  Dwfl_Module *module = dwfl_addrmodule(s->dwfl, address);
  GElf_Off offset = 0;
  GElf_Sym symbol;
  const char *name =
      module ? dwfl_module_addrinfo(module, address, &offset, &symbol, NULL, NULL, NULL) : NULL;
  if (!name || GELF_ST_TYPE(symbol.st_info) != STT_OBJECT || offset >= symbol.st_size)
    return NULL;
  if (offset == 0)
    snprintf(buf, size, "%s", name);
  else
    snprintf(buf, size, "%s+%" PRIu64, name, (uint64_t)offset);
  return buf;
}

uint64_t oi_symbolizer_resolved(const oi_symbolizer *s) { return s->locations.len; }

void oi_symbolizer_free(oi_symbolizer *s) {
  if (!s)
    return;
  if (s->dwfl)
    dwfl_end(s->dwfl);
  free(s->module_reported);
  oi_map_free(&s->cached);
  oi_array_free(&s->locations);
  free(s);
}
