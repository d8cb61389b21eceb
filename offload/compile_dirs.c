/* Compilation folders from the debug info (compile_dirs.h). Only the first
 * DIE of each compile unit is read: its DW_AT_name and DW_AT_comp_dir. A
 * module is read once, when its first relative path is asked for; the
 * program's own libdw is not used, as this library lives inside the
 * program and must not load a DWARF library into it. */
#define _GNU_SOURCE
#include "compile_dirs.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct unit {
  char *name, *comp_dir;
} unit;

typedef struct module_units {
  const void *base;
  unit *units;
  size_t count;
  struct module_units *next;
} module_units;

static module_units *modules;

typedef struct span {
  const uint8_t *data;
  size_t size;
} span;

typedef struct sections {
  span info, abbrev, str, line_str, str_offsets;
} sections;

/* A cursor over a section; reads past the end leave it `bad`. */
typedef struct cursor {
  const uint8_t *p, *end;
  bool bad;
} cursor;

static uint64_t fixed(cursor *c, size_t n) {
  if ((size_t)(c->end - c->p) < n) {
    c->bad = true;
    c->p = c->end;
    return 0;
  }
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) /* DWARF here is little-endian (x86-64) */
    v |= (uint64_t)c->p[i] << (8 * i);
  c->p += n;
  return v;
}

static uint64_t uleb(cursor *c) {
  uint64_t v = 0;
  for (unsigned shift = 0; c->p < c->end; shift += 7) {
    uint8_t b = *c->p++;
    if (shift < 64)
      v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80))
      return v;
  }
  c->bad = true;
  return 0;
}

static void skip(cursor *c, uint64_t n) {
  if ((uint64_t)(c->end - c->p) < n) {
    c->bad = true;
    c->p = c->end;
  } else {
    c->p += n;
  }
}

/* A string of `s` at `offset`, NULL when outside it or not terminated. */
static const char *string_at(span s, uint64_t offset) {
  if (!s.data || offset >= s.size || !memchr(s.data + offset, 0, s.size - offset))
    return NULL;
  return (const char *)s.data + offset;
}

/* An attribute's string value, as its form holds it. */
typedef struct str_value {
  unsigned form; /* 0: none */
  uint64_t value;
  const char *inline_text;
} str_value;

enum {
  AT_name = 0x03,
  AT_comp_dir = 0x1b,
  AT_str_offsets_base = 0x72,
  FORM_string = 0x08,
  FORM_strp = 0x0e,
  FORM_indirect = 0x16,
  FORM_strx = 0x1a,
  FORM_implicit_const = 0x21,
  FORM_line_strp = 0x1f,
  FORM_strx1 = 0x25,
  FORM_strx4 = 0x28,
};

/* Reads (or skips) one attribute value of `form`; false on a form this
 * reader does not know. */
static bool read_form(cursor *c, unsigned form, unsigned address_size, unsigned version,
                      str_value *text, uint64_t *number) {
  uint64_t v = 0;
  switch (form) {
  case 0x01:
    v = fixed(c, address_size);
    break; /* addr */
  case 0x03:
    skip(c, fixed(c, 2));
    break; /* block2 */
  case 0x04:
    skip(c, fixed(c, 4));
    break; /* block4 */
  case 0x05:
    v = fixed(c, 2);
    break; /* data2 */
  case 0x06:
  case 0x17:
  case 0x1c:
  case 0x1d:
    v = fixed(c, 4);
    break; /* data4, sec_offset, ref_sup4, strp_sup */
  case 0x07:
  case 0x14:
  case 0x20:
  case 0x24:
    v = fixed(c, 8);
    break; /* data8, ref8, ref_sig8, ref_sup8 */
  case 0x09:
  case 0x18:
    skip(c, uleb(c));
    break; /* block, exprloc */
  case 0x0a:
    skip(c, fixed(c, 1));
    break; /* block1 */
  case 0x0b:
  case 0x0c:
  case 0x11:
    v = fixed(c, 1);
    break; /* data1, flag, ref1 */
  case 0x0d:
  case 0x0f:
  case 0x15:
  case 0x1b:
  case 0x22:
  case 0x23:
    v = uleb(c);
    break;
  case 0x10:
    v = fixed(c, version <= 2 ? address_size : 4);
    break; /* ref_addr */
  case 0x12:
    v = fixed(c, 2);
    break; /* ref2 */
  case 0x13:
    v = fixed(c, 4);
    break; /* ref4 */
  case 0x19:
  case FORM_implicit_const:
    break; /* flag_present */
  case 0x1e:
    skip(c, 16);
    break; /* data16 */
  case 0x29:
  case 0x2a:
  case 0x2b:
  case 0x2c:
    v = fixed(c, (size_t)(form - 0x28));
    break; /* addrx1-4 */
  case FORM_string: {
    const uint8_t *end = memchr(c->p, 0, (size_t)(c->end - c->p));
    if (!end)
      return false;
    if (text)
      *text = (str_value){form, 0, (const char *)c->p};
    c->p = end + 1;
    return true;
  }
  case FORM_strp:
  case FORM_line_strp:
    v = fixed(c, 4);
    break;
  case FORM_strx:
    v = uleb(c);
    break;
  case FORM_strx1:
  case 0x26:
  case 0x27:
  case FORM_strx4:
    v = fixed(c, (size_t)(form - 0x24));
    break;
  case FORM_indirect:
    return read_form(c, (unsigned)uleb(c), address_size, version, text, number);
  default:
    return false;
  }
  if (text)
    *text = (str_value){form, v, NULL};
  if (number)
    *number = v;
  return !c->bad;
}

static const char *resolve(const sections *s, const str_value *v, uint64_t str_offsets_base) {
  switch (v->form) {
  case FORM_string:
    return v->inline_text;
  case FORM_strp:
    return string_at(s->str, v->value);
  case FORM_line_strp:
    return string_at(s->line_str, v->value);
  case 0:
    return NULL;
  default: { /* strx: an index into the unit's string offsets */
    uint64_t at = str_offsets_base + v->value * 4;
    if (!s->str_offsets.data || at + 4 > s->str_offsets.size)
      return NULL;
    cursor c = {s->str_offsets.data + at, s->str_offsets.data + s->str_offsets.size, false};
    return string_at(s->str, fixed(&c, 4));
  }
  }
}

/* The abbreviation `code` of the table at `offset`, positioned at its
 * attribute list. */
static bool find_abbrev(const sections *s, uint64_t offset, uint64_t code, cursor *out) {
  if (offset >= s->abbrev.size)
    return false;
  cursor c = {s->abbrev.data + offset, s->abbrev.data + s->abbrev.size, false};
  for (;;) {
    uint64_t this_code = uleb(&c);
    if (c.bad || this_code == 0)
      return false;
    uleb(&c);     /* tag */
    fixed(&c, 1); /* has children */
    if (this_code == code) {
      *out = c;
      return !c.bad;
    }
    for (;;) { /* skip its attributes */
      uint64_t at = uleb(&c), form = uleb(&c);
      if (form == FORM_implicit_const)
        uleb(&c);
      if (c.bad)
        return false;
      if (at == 0 && form == 0)
        break;
    }
  }
}

static void add_unit(module_units *m, const char *name, const char *comp_dir) {
  unit *grown = realloc(m->units, (m->count + 1) * sizeof *grown);
  if (!grown)
    return;
  m->units = grown;
  char *n = strdup(name), *d = strdup(comp_dir);
  if (!n || !d) {
    free(n);
    free(d);
    return;
  }
  m->units[m->count++] = (unit){n, d};
}

/* The first DIE of one unit (its header already read into the cursor). */
static void read_unit_die(module_units *m, const sections *s, cursor *c, uint64_t abbrev_offset,
                          unsigned address_size, unsigned version) {
  cursor attrs;
  if (!find_abbrev(s, abbrev_offset, uleb(c), &attrs))
    return;
  str_value name = {0}, comp_dir = {0};
  uint64_t str_offsets_base = 8; /* DWARF 5's default: past the table's header */
  for (;;) {
    unsigned at = (unsigned)uleb(&attrs), form = (unsigned)uleb(&attrs);
    if (form == FORM_implicit_const)
      uleb(&attrs);
    if (attrs.bad || (at == 0 && form == 0))
      break;
    str_value text = {0};
    uint64_t number = 0;
    if (!read_form(c, form, address_size, version, &text, &number))
      return;
    if (at == AT_name)
      name = text;
    else if (at == AT_comp_dir)
      comp_dir = text;
    else if (at == AT_str_offsets_base)
      str_offsets_base = number;
  }
  const char *n = resolve(s, &name, str_offsets_base), *d = resolve(s, &comp_dir, str_offsets_base);
  if (n && d)
    add_unit(m, n, d);
}

static void read_units(module_units *m, const sections *s) {
  cursor c = {s->info.data, s->info.data + s->info.size, false};
  while (!c.bad && c.p < c.end) {
    uint64_t length = fixed(&c, 4);
    if (c.bad || length >= 0xfffffff0u) /* 64-bit DWARF: not read */
      return;
    if ((uint64_t)(c.end - c.p) < length)
      return;
    cursor u = {c.p, c.p + length, false};
    c.p += length;
    unsigned version = (unsigned)fixed(&u, 2), address_size;
    uint64_t abbrev_offset;
    if (version >= 5) {
      unsigned unit_type = (unsigned)fixed(&u, 1);
      address_size = (unsigned)fixed(&u, 1);
      abbrev_offset = fixed(&u, 4);
      if (unit_type != 1 && unit_type != 3) /* compile and partial units only */
        continue;
    } else if (version >= 2) {
      abbrev_offset = fixed(&u, 4);
      address_size = (unsigned)fixed(&u, 1);
    } else {
      return;
    }
    if (!u.bad)
      read_unit_die(m, s, &u, abbrev_offset, address_size, version);
  }
}

static void find_sections(const uint8_t *image, size_t size, sections *s) {
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *)image;
  if (size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
      eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shentsize != sizeof(Elf64_Shdr) ||
      eh->e_shoff > size || (size - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum ||
      eh->e_shstrndx >= eh->e_shnum)
    return;
  const Elf64_Shdr *sh = (const Elf64_Shdr *)(image + eh->e_shoff);
  const Elf64_Shdr *names = &sh[eh->e_shstrndx];
  if (names->sh_offset > size || size - names->sh_offset < names->sh_size)
    return;
  span name_table = {image + names->sh_offset, names->sh_size};
  struct {
    const char *name;
    span *to;
  } wanted[] = {{".debug_info", &s->info},
                {".debug_abbrev", &s->abbrev},
                {".debug_str", &s->str},
                {".debug_line_str", &s->line_str},
                {".debug_str_offsets", &s->str_offsets}};
  for (unsigned i = 0; i < eh->e_shnum; i++) {
    const char *name = string_at(name_table, sh[i].sh_name);
    if (!name || sh[i].sh_type == SHT_NOBITS || (sh[i].sh_flags & SHF_COMPRESSED) ||
        sh[i].sh_offset > size || size - sh[i].sh_offset < sh[i].sh_size)
      continue;
    for (size_t w = 0; w < sizeof wanted / sizeof *wanted; w++)
      if (strcmp(name, wanted[w].name) == 0)
        *wanted[w].to = (span){image + sh[i].sh_offset, sh[i].sh_size};
  }
}

/* The main program's load address: the first object the loader lists. */
static int first_object(struct dl_phdr_info *info, size_t size, void *base) {
  (void)size;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_LOAD && info->dlpi_phdr[i].p_offset == 0) {
      *(uintptr_t *)base = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
      break;
    }
  return 1; /* that one only */
}

/* A shared object's file as the loader found it; the main program's by the
 * kernel (the loader names it by argv[0], which may be relative to a folder
 * the program left, or not its file at all) */
static const char *module_file(const Dl_info *info) {
  uintptr_t main_base = 0;
  dl_iterate_phdr(first_object, &main_base);
  if ((uintptr_t)info->dli_fbase == main_base || !info->dli_fname || info->dli_fname[0] != '/')
    return "/proc/self/exe";
  return info->dli_fname;
}

static void read_module(module_units *m, const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  struct stat st;
  void *image = MAP_FAILED;
  if (fstat(fd, &st) == 0 && st.st_size > 0)
    image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (image == MAP_FAILED)
    return;
  sections s = {0};
  find_sections(image, (size_t)st.st_size, &s);
  if (s.info.data && s.abbrev.data)
    read_units(m, &s);
  munmap(image, (size_t)st.st_size);
}

static module_units *units_of(const void *in_module) {
  Dl_info info;
  if (!dladdr(in_module, &info))
    return NULL;
  for (module_units *m = modules; m; m = m->next)
    if (m->base == info.dli_fbase)
      return m;
  module_units *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->base = info.dli_fbase;
  read_module(m, module_file(&info));
  m->next = modules;
  modules = m;
  return m;
}

/* dir/file, resolved, if it exists. */
static char *existing(const char *dir, const char *file, size_t length) {
  char *joined = NULL;
  if (asprintf(&joined, "%s/%.*s", dir, (int)length, file) < 0)
    return NULL;
  char *real = realpath(joined, NULL);
  free(joined);
  return real;
}

char *oi_source_path(const void *in_module, const char *file, size_t length) {
  if (length && file[0] == '/') {
    char *copy = strndup(file, length);
    char *real = copy ? realpath(copy, NULL) : NULL;
    free(copy);
    return real;
  }
  module_units *m = units_of(in_module);
  if (!m)
    return NULL;
  /* the unit compiled from this very file first: its folder is certain */
  for (size_t i = 0; i < m->count; i++)
    if (strlen(m->units[i].name) == length && memcmp(m->units[i].name, file, length) == 0) {
      char *path = existing(m->units[i].comp_dir, file, length);
      if (path)
        return path;
    }
  /* a header the pragma is in: relative to a unit's folder */
  for (size_t i = 0; i < m->count; i++) {
    char *path = existing(m->units[i].comp_dir, file, length);
    if (path)
      return path;
  }
  return NULL;
}
