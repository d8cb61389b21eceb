/* GCC's calls into libgomp for device constructs (GOMP_target_ext, the
 * target data region's begin and end, target update, target enter/exit
 * data), handed to the shim as the offload library hands clang's calls
 * into libomptarget: each call site becomes a site descriptor (call=),
 * with the construct, the line, and the map items named as the pragma
 * writes them, given around the call through the hook table's `offload`
 * entry. The shim then infers the data movement from the map kinds, as
 * for LLVM 14 (a runtime that reports none): where libgomp runs a region
 * on the host (no offload compiler, no device), nothing moves, and the
 * findings say what the maps would move on a device, marked inferred.
 *
 * GCC's calls carry no source location: the line is looked up at the
 * first call of each site in the program's debug information
 * (source_lines.c), at the outlined body for a target region (on the
 * directive's line) and at the call otherwise; a map item is named by the
 * written item of the pragma on that line whose variable is the symbol at
 * its address, else by the written items left, in order. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interposer.h"
#include "common/omp_directives.h"
#include "offload/call_descriptor.h"
#include "offload/written_items.h"
#include "ompt-inst/descriptor.h"
#include "source_lines.h"

/* libgomp's map kinds (GCC's include/gomp-constants.h): the low byte of
 * each 16-bit kind of the *_ext entry points. */
enum {
  KIND_TO = 1 << 0,
  KIND_FROM = 1 << 1,
  KIND_SPECIAL_0 = 1 << 2,
  KIND_SPECIAL_1 = 1 << 3,
  KIND_SPECIAL_2 = 1 << 4,
  KIND_FORCE = 1 << 7,
  KIND_IMPLICIT = 3 << 5, /* GCC 12: a flag on an implicit map's kind */
  KIND_DELETE = KIND_SPECIAL_0 | 3,
  KIND_RELEASE = KIND_SPECIAL_2 | KIND_DELETE,
  FLAG_EXIT_DATA = 1 << 1, /* GOMP_target_enter_exit_data's flags */
};

enum call_kind { CALL_TARGET, CALL_DATA_BEGIN, CALL_DATA_END, CALL_UPDATE, CALL_ENTER, CALL_EXIT };

/* Each call as a site describes it: the construct (a target data region's
 * ends spelled as its halves), the directive its pragma starts with, the
 * entry point (call=). */
static const struct {
  const char *construct, *directive, *entry;
} calls[] = {
    [CALL_TARGET] = {"target", "target", "GOMP_target_ext"},
    [CALL_DATA_BEGIN] = {"target enter data", "target data", "GOMP_target_data_ext"},
    [CALL_DATA_END] = {"target exit data", "target data", "GOMP_target_end_data"},
    [CALL_UPDATE] = {"target update", "target update", "GOMP_target_update_ext"},
    [CALL_ENTER] = {"target enter data", "target enter data", "GOMP_target_enter_exit_data"},
    [CALL_EXIT] = {"target exit data", "target exit data", "GOMP_target_enter_exit_data"},
};
/* How many lines above the call's line (GCC's) the directive is looked for. */
enum { DIRECTIVE_BEFORE = 3 };

/* A map argument that is an item of the construct: data moved or
 * allocated (not a pointer GCC attaches, a firstprivate value, a struct's
 * header, a device pointer). */
static unsigned base_kind(unsigned short kind) {
  unsigned k = kind & 0xff & ~KIND_FORCE;
  return (k & KIND_IMPLICIT) == KIND_IMPLICIT ? k & ~KIND_IMPLICIT : k;
}

static bool is_implicit(unsigned short kind) { return (kind & KIND_IMPLICIT) == KIND_IMPLICIT; }

static bool is_item(unsigned short kind) {
  unsigned k = base_kind(kind);
  return k <= (KIND_TO | KIND_FROM) || k == KIND_DELETE || k == KIND_RELEASE ||
         (k & ~(KIND_TO | KIND_FROM)) == KIND_SPECIAL_2; /* always to/from/tofrom */
}

static const char *map_type(enum call_kind call, unsigned short kind) {
  unsigned k = base_kind(kind);
  bool copies = !(k & (KIND_SPECIAL_0 | KIND_SPECIAL_1)); /* pointers, firstprivate: no */
  return oi_descriptor_map_type(call == CALL_EXIT || call == CALL_DATA_END, copies && (k & KIND_TO),
                                copies && (k & KIND_FROM), k == KIND_DELETE);
}

/* One call site: the descriptor and which arguments are its items. */
typedef struct call_site {
  ompt_inst_site site;
  const void *codeptr;
  const unsigned short *kinds; /* the construct's own array: its identity */
  enum call_kind call;
  size_t mapnum;
  uint32_t items;
  uint32_t *argument; /* of each item */
  struct call_site *next;
} call_site;

static call_site *sites;
static pthread_mutex_t sites_lock = PTHREAD_MUTEX_INITIALIZER;

/* Where `name` is among the written items (their count for none). */
static size_t written_position(const oi_written_items *written, const char *name) {
  for (size_t i = 0; name && i < written->count; i++)
    if (written->items[i] == name)
      return i;
  return written->count;
}

/* The items' names: the pragma's item for the variable at each address,
 * then, when as many items are left as unnamed arguments, the rest in
 * order. An implicit map is in no clause: the shim names it by address.
 * The items are then put in the order the pragma writes them (GCC passes
 * them in another), so that the transfers inferred from them come in the
 * order clang's runtime makes them; implicit ones last. */
static void name_items(const char **name, call_site *s, void **hostaddrs,
                       oi_written_items *written) {
  uint32_t unnamed = 0;
  for (uint32_t i = 0; i < s->items; i++) {
    char symbol[256];
    bool written_item = !is_implicit(s->kinds[s->argument[i]]);
    name[i] = written_item && oi_data_symbol(hostaddrs[s->argument[i]], symbol, sizeof symbol)
                  ? oi_written_item_take_variable(written, symbol)
                  : NULL;
    unnamed += written_item && !name[i];
  }
  if (unnamed == oi_written_items_left(written))
    for (uint32_t i = 0; i < s->items; i++)
      if (!name[i] && !is_implicit(s->kinds[s->argument[i]]))
        name[i] = oi_written_item_take_next(written);
  /* insertion sort by written position: a construct has a few items */
  for (uint32_t i = 1; i < s->items; i++)
    for (uint32_t j = i;
         j > 0 && written_position(written, name[j]) < written_position(written, name[j - 1]);
         j--) {
      const char *n = name[j];
      name[j] = name[j - 1];
      name[j - 1] = n;
      uint32_t a = s->argument[j];
      s->argument[j] = s->argument[j - 1];
      s->argument[j - 1] = a;
    }
}

static char *describe(call_site *s, const void *where, void **hostaddrs,
                      const unsigned short *kinds) {
  char file[4096], function[512], line[32];
  int number;
  oi_call_descriptor d = {0};
  oi_describe_call(&d, calls[s->call].construct, calls[s->call].entry);
  oi_written_items written = {0};
  if (oi_source_line(where, file, sizeof file, &number, function, sizeof function)) {
    long directive = oi_directive_line(file, number, calls[s->call].directive, DIRECTIVE_BEFORE);
    if (directive)
      number = (int)directive;
    int length = snprintf(line, sizeof line, "%d", number);
    oi_describe_location(&d, file, strlen(file), function, strlen(function), line, (size_t)length,
                         "1", 1);
    oi_written_items_read(&written, file, number);
  }
  const char **name = calloc(s->items + 1, sizeof *name);
  d.failed |= !name;
  if (name && hostaddrs)
    name_items(name, s, hostaddrs, &written);
  for (uint32_t i = 0; name && i < s->items; i++) {
    unsigned short kind = kinds[s->argument[i]];
    bool always = (base_kind(kind) & ~(KIND_TO | KIND_FROM)) == KIND_SPECIAL_2;
    oi_describe_map(&d, map_type(s->call, kind),
                    always ? OMPT_INST_MAP_ALWAYS : OMPT_INST_MAP_NO_MODIFIERS, is_implicit(kind),
                    name[i] ? name[i] : "", name[i] ? strlen(name[i]) : 0);
  }
  free(name);
  oi_written_items_free(&written);
  return oi_describe_finish(&d);
}

/* The site of a call, made at its first call under the lock and published
 * whole (readers walk the list without it); NULL when out of memory. */
static call_site *find(enum call_kind call, const void *codeptr, size_t mapnum,
                       const unsigned short *kinds) {
  for (call_site *s = __atomic_load_n(&sites, __ATOMIC_ACQUIRE); s; s = s->next)
    if (s->codeptr == codeptr && s->kinds == kinds && s->call == call && s->mapnum == mapnum)
      return s;
  return NULL;
}

static call_site *site_of(enum call_kind call, const void *codeptr, const void *where,
                          size_t mapnum, void **hostaddrs, const unsigned short *kinds) {
  call_site *known = find(call, codeptr, mapnum, kinds);
  if (known)
    return known;
  pthread_mutex_lock(&sites_lock);
  if ((known = find(call, codeptr, mapnum, kinds))) { /* another thread made it meanwhile */
    pthread_mutex_unlock(&sites_lock);
    return known;
  }
  call_site *s = calloc(1, sizeof *s);
  if (s)
    s->argument = calloc(mapnum + 1, sizeof *s->argument);
  if (s && s->argument) {
    *s = (call_site){.codeptr = codeptr,
                     .kinds = kinds,
                     .call = call,
                     .mapnum = mapnum,
                     .argument = s->argument,
                     .next = sites};
    for (size_t i = 0; i < mapnum; i++)
      if (is_item(kinds[i]))
        s->argument[s->items++] = (uint32_t)i;
    s->site.abi = OMPT_INST_HOOK_ABI;
    s->site.descriptor = describe(s, where, hostaddrs, kinds);
  }
  if (s && s->site.descriptor) {
    __atomic_store_n(&sites, s, __ATOMIC_RELEASE);
  } else if (s) {
    free(s->argument);
    free(s);
    s = NULL;
  }
  pthread_mutex_unlock(&sites_lock);
  return s;
}

/* The open target data regions of this thread: GOMP_target_end_data
 * names nothing, its items are its begin's. */
typedef struct data_region {
  call_site *end;
  int device;
  uint32_t items;
  const void **host_addrs;
  uint64_t *bytes;
  struct data_region *outer;
} data_region;
static __thread data_region *open_regions;

static void items_of(const call_site *s, void **hostaddrs, size_t *sizes, const void **host_addrs,
                     uint64_t *bytes) {
  for (uint32_t i = 0; i < s->items; i++) {
    host_addrs[i] = hostaddrs[s->argument[i]];
    bytes[i] = sizes[s->argument[i]];
  }
}

/* A call with its map arguments: ENTER before, EXIT after. */
typedef struct around {
  gomp_offload_hook hook;
  call_site *site;
  int device;
} around;

static around enter(enum call_kind call, const void *codeptr, const void *where, int device,
                    size_t mapnum, void **hostaddrs, size_t *sizes, unsigned short *kinds) {
  around a = {oi_gomp_offload_hook(), NULL, device};
  if (!a.hook)
    return a;
  a.site = site_of(call, codeptr, where, mapnum, hostaddrs, kinds);
  if (!a.site)
    return a;
  const void **host_addrs = malloc((a.site->items + 1) * sizeof *host_addrs);
  uint64_t *bytes = malloc((a.site->items + 1) * sizeof *bytes);
  if (host_addrs && bytes) {
    items_of(a.site, hostaddrs, sizes, host_addrs, bytes);
    a.hook(OMPT_INST_ENTER, &a.site->site, device, a.site->items, host_addrs, bytes, codeptr);
  }
  free(host_addrs);
  free(bytes);
  return a;
}

static void leave(const around *a, const void *codeptr) {
  if (a->hook && a->site)
    a->hook(OMPT_INST_EXIT, &a->site->site, a->device, 0, NULL, NULL, codeptr);
}

void GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs, size_t *sizes,
                     unsigned short *kinds, unsigned int flags, void **depend, void **args) {
  OI_GOMP_REAL(GOMP_target_ext, void (*)(int, void (*)(void *), size_t, void **, size_t *,
                                         unsigned short *, unsigned int, void **, void **));
  around a =
      enter(CALL_TARGET, OI_GOMP_CALLER, OI_GOMP_BODY(fn), device, mapnum, hostaddrs, sizes, kinds);
  real_GOMP_target_ext(device, fn, mapnum, hostaddrs, sizes, kinds, flags, depend, args);
  leave(&a, OI_GOMP_CALLER);
}

void GOMP_target_update_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                            unsigned short *kinds, unsigned int flags, void **depend) {
  OI_GOMP_REAL(GOMP_target_update_ext,
               void (*)(int, size_t, void **, size_t *, unsigned short *, unsigned int, void **));
  around a =
      enter(CALL_UPDATE, OI_GOMP_CALLER, OI_GOMP_CALLER, device, mapnum, hostaddrs, sizes, kinds);
  real_GOMP_target_update_ext(device, mapnum, hostaddrs, sizes, kinds, flags, depend);
  leave(&a, OI_GOMP_CALLER);
}

void GOMP_target_enter_exit_data(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                 unsigned short *kinds, unsigned int flags, void **depend) {
  OI_GOMP_REAL(GOMP_target_enter_exit_data,
               void (*)(int, size_t, void **, size_t *, unsigned short *, unsigned int, void **));
  enum call_kind call = flags & FLAG_EXIT_DATA ? CALL_EXIT : CALL_ENTER;
  around a = enter(call, OI_GOMP_CALLER, OI_GOMP_CALLER, device, mapnum, hostaddrs, sizes, kinds);
  real_GOMP_target_enter_exit_data(device, mapnum, hostaddrs, sizes, kinds, flags, depend);
  leave(&a, OI_GOMP_CALLER);
}

/* A target data region: its begin is a call with the maps, its end a call
 * without, made at the region's end (another line): the end's site is the
 * begin's line and items, spelled as the exit half. */
void GOMP_target_data_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                          unsigned short *kinds) {
  OI_GOMP_REAL(GOMP_target_data_ext, void (*)(int, size_t, void **, size_t *, unsigned short *));
  const void *caller = OI_GOMP_CALLER;
  around a = enter(CALL_DATA_BEGIN, caller, caller, device, mapnum, hostaddrs, sizes, kinds);
  real_GOMP_target_data_ext(device, mapnum, hostaddrs, sizes, kinds);
  leave(&a, caller);
  if (!a.site)
    return;
  data_region *r = calloc(1, sizeof *r);
  if (r) {
    r->end = site_of(CALL_DATA_END, caller, caller, mapnum, hostaddrs, kinds);
    r->device = device;
    r->items = a.site->items;
    r->host_addrs = malloc((r->items + 1) * sizeof *r->host_addrs);
    r->bytes = malloc((r->items + 1) * sizeof *r->bytes);
  }
  if (!r || !r->end || !r->host_addrs || !r->bytes) {
    if (r) {
      free(r->host_addrs);
      free(r->bytes);
    }
    free(r);
    return;
  }
  items_of(a.site, hostaddrs, sizes, r->host_addrs, r->bytes);
  r->outer = open_regions;
  open_regions = r;
}

void GOMP_target_end_data(void) {
  OI_GOMP_REAL(GOMP_target_end_data, void (*)(void));
  data_region *r = open_regions;
  gomp_offload_hook hook = r ? oi_gomp_offload_hook() : NULL;
  if (r)
    open_regions = r->outer;
  if (hook)
    hook(OMPT_INST_ENTER, &r->end->site, r->device, r->items, r->host_addrs, r->bytes,
         OI_GOMP_CALLER);
  real_GOMP_target_end_data();
  if (hook)
    hook(OMPT_INST_EXIT, &r->end->site, r->device, 0, NULL, NULL, OI_GOMP_CALLER);
  if (r) {
    free(r->host_addrs);
    free(r->bytes);
    free(r);
  }
}
