/* The program's calls into the offload runtime (libomptarget's __tgt_*
 * entry points), seen on their way in. A program built without the plugin
 * says there what the plugin would: the construct (by the entry point), its
 * source location (the ident's ";file;function;line;col;;" string, with -g)
 * and each map item (the map-name strings ";u[0:4096];file;line;col;;",
 * with -g), with its host address, size and map type. Each call
 * site becomes an ompt-inst site descriptor (key call=), handed to the shim
 * around the call through the hook table's `offload` entry, so the
 * runtime's events of the call merge with it as with a plugin site. The
 * shim ignores the call when an instrumented construct already opened the
 * same construct (a plugin build). Without the shim every wrapper is a
 * plain call through.
 *
 * The entry points of LLVM 14 (__tgt_target_*_mapper), 19 and 22
 * (__tgt_target_kernel) are wrapped; their arguments up to the map names
 * have kept their layout across those releases. `ompt-inst run` preloads
 * this library into programs that link libomptarget. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ompt-inst/descriptor.h"
#include "ompt-inst/find_shim.h"
#include "call_descriptor.h"
#include "compile_dirs.h"
#include "written_items.h"

/* LLVM's ident_t (kmp.h): the source location string is the fifth field. */
typedef struct oi_ident {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} oi_ident;

/* The start of LLVM's KernelArgsTy (versions 1-3, LLVM 16-22). */
typedef struct oi_kernel_args {
  uint32_t version, num_args;
  void **arg_base_ptrs, **arg_ptrs;
  int64_t *arg_sizes, *arg_types;
  void **arg_names, **arg_mappers;
} oi_kernel_args;

/* libomptarget's map type bits (omptarget.h) */
enum {
  MAP_TO = 0x1,
  MAP_FROM = 0x2,
  MAP_ALWAYS = 0x4,
  MAP_DELETE = 0x8,
  MAP_LITERAL = 0x100,
  MAP_IMPLICIT = 0x200,
  MAP_CLOSE = 0x400,
  MAP_PRESENT = 0x1000,
  MEMBER_OF_SHIFT = 48,
};

enum call_kind { CALL_DATA_BEGIN, CALL_DATA_END, CALL_UPDATE, CALL_TARGET };

typedef void (*offload_hook)(uint32_t point, ompt_inst_site *site, int64_t device, uint32_t nitems,
                             const void *const *host_addrs, const uint64_t *bytes,
                             const void *codeptr);

/* Resolved once; NULL when no ompt-inst shim is the OpenMP tool. */
static offload_hook shim_hook(void) {
  static int resolved;
  static offload_hook hook;
  if (__atomic_load_n(&resolved, __ATOMIC_ACQUIRE))
    return hook;
  const ompt_inst_hooks *table = ompt_inst_find_hooks();
  if (table && OMPT_INST_HOOKS_HAVE(table, offload))
    hook = table->offload;
  __atomic_store_n(&resolved, 1, __ATOMIC_RELEASE);
  return hook;
}

/* The n-th ';'-separated field of an LLVM location string (";a;b;c;;"
 * has fields "", "a", "b", "c"), as a pointer and a length. */
static const char *field(const char *text, int n, size_t *length) {
  for (int i = 0; text && i < n; i++) {
    text = strchr(text, ';');
    if (text)
      text++;
  }
  if (!text) {
    *length = 0;
    return "";
  }
  const char *end = strchr(text, ';');
  *length = end ? (size_t)(end - text) : strlen(text);
  return text;
}

/* A `target data` region makes two calls, one at each end, that look like
 * the calls of `target enter data` and `target exit data`: the entry
 * point cannot tell them apart, so each is its own site on the pragma's
 * line, spelled as the call's half. */
static const char *const construct_of[] = {[CALL_DATA_BEGIN] = "target enter data",
                                           [CALL_DATA_END] = "target exit data",
                                           [CALL_UPDATE] = "target update",
                                           [CALL_TARGET] = "target"};

/* The descriptor's map type of one argument. */
static const char *map_type(enum call_kind call, int64_t type) {
  return oi_descriptor_map_type(call == CALL_DATA_END, type & MAP_TO, type & MAP_FROM,
                                type & MAP_DELETE);
}

/* One call's site: the descriptor, and the mapped arguments in its order. */
typedef struct call_site {
  ompt_inst_site site;
  const void *loc;
  const int64_t *types; /* the construct's own map-type array (see matches) */
  enum call_kind call;
  const char *entry_point;
  int32_t nargs;
  struct call_site *next;
} call_site;

/* The arguments that are items of the construct, as the plugin lists them:
 * not literals, and not the struct clang maps whole for a member's section
 * (the member names it in its MEMBER_OF bits, index + 1: `map(s.v[0:N])`
 * is one item, whose data the member argument moves). */
static void mark_items(bool *item, int32_t nargs, const int64_t *types) {
  for (int32_t i = 0; i < nargs; i++)
    item[i] = !(types[i] & MAP_LITERAL);
  for (int32_t i = 0; i < nargs; i++) {
    uint64_t parent = (uint64_t)types[i] >> MEMBER_OF_SHIFT;
    if (parent && parent <= (uint64_t)nargs)
      item[parent - 1] = false;
  }
}

/* One mapped argument's name, as a pointer and a length (0: none). */
typedef struct item_name {
  const char *text;
  size_t length;
} item_name;

/* The arguments' names: as the pragma writes them where it does (clang
 * hands the runtime ";u[0:4096];file;line;col;;", after macro expansion
 * and placed at the variable's declaration), else as the runtime was told
 * ("unknown" is clang's word for none). */
static void name_items(item_name *out, int32_t nargs, const int64_t *types, void *const *names,
                       oi_written_items *written) {
  for (int32_t i = 0; i < nargs; i++) {
    item_name *n = &out[i];
    n->text = names && names[i] ? field(names[i], 1, &n->length) : "";
    if (n->length == 7 && strncmp(n->text, "unknown", 7) == 0)
      n->length = 0;
    const char *as_written = n->length && !(types[i] & MAP_IMPLICIT)
                                 ? oi_written_item_take(written, n->text, n->length)
                                 : NULL;
    if (as_written)
      *n = (item_name){as_written, strlen(as_written)};
  }
}

static char *describe(enum call_kind call, const char *entry_point, const oi_ident *loc,
                      int32_t nargs, const int64_t *types, void *const *names) {
  oi_call_descriptor d = {0};
  size_t flen, fnlen, llen, clen;
  const char *psource = loc ? loc->psource : NULL;
  const char *file = field(psource, 1, &flen), *function = field(psource, 2, &fnlen);
  const char *line = field(psource, 3, &llen), *col = field(psource, 4, &clen);
  bool known = flen && strncmp(file, "unknown", flen) != 0;
  oi_written_items written = {0};
  /* the file as the plugin names it (absolute, wherever the program runs
   * from); as clang wrote it when it is nowhere to be found */
  char *path = known ? oi_source_path(loc, file, flen) : NULL;
  if (path) {
    oi_written_items_read(&written, path, strtol(line, NULL, 10));
    file = path;
    flen = strlen(path);
  }
  oi_describe_call(&d, construct_of[call], entry_point);
  if (known)
    oi_describe_location(&d, file, flen, function, fnlen, line, llen, col, clen);
  free(path);
  item_name *item = calloc((size_t)nargs + 1, sizeof *item);
  bool *is_item = calloc((size_t)nargs + 1, sizeof *is_item);
  d.failed |= !item || !is_item;
  if (!d.failed) {
    name_items(item, nargs, types, names, &written);
    mark_items(is_item, nargs, types);
  }
  for (int32_t i = 0; !d.failed && i < nargs; i++) {
    if (!is_item[i])
      continue;
    const char *modifier = types[i] & MAP_ALWAYS    ? OMPT_INST_MAP_ALWAYS
                           : types[i] & MAP_PRESENT ? "present"
                           : types[i] & MAP_CLOSE   ? "close"
                                                    : OMPT_INST_MAP_NO_MODIFIERS;
    /* an item without a name gets none: the shim names it by address */
    oi_describe_map(&d, map_type(call, types[i]), modifier, types[i] & MAP_IMPLICIT, item[i].text,
                    item[i].length);
  }
  free(item);
  free(is_item);
  oi_written_items_free(&written);
  return oi_describe_finish(&d);
}

/* Sites by (location, map types, call, argument count): one per offloading construct of
 * the program (two for a `target data`), made once each under the lock and
 * published whole, so readers walk the list without it. A direct-mapped
 * table of hints finds most in one load, however many there are. */
static call_site *sites;
static pthread_mutex_t sites_lock = PTHREAD_MUTEX_INITIALIZER;
enum { HINTS = 4096 };
static call_site *hints[HINTS];

/* A construct's call passes its own ident (location) and map-type array,
 * both constants clang emits per construct; without -g every call may
 * share one default ident, and the types array then tells a `target update
 * to` from a `from` (arrays of equal content may be merged: those sites
 * describe the same items the same way). */
static bool matches(const call_site *s, const oi_ident *loc, const int64_t *types,
                    enum call_kind call, int32_t nargs) {
  return s->loc == loc && s->types == types && s->call == call && s->nargs == nargs;
}

static call_site *find(call_site *s, const oi_ident *loc, const int64_t *types, enum call_kind call,
                       int32_t nargs) {
  while (s && !matches(s, loc, types, call, nargs))
    s = s->next;
  return s;
}

static call_site *site_of(enum call_kind call, const char *entry_point, const oi_ident *loc,
                          int32_t nargs, const int64_t *types, void *const *names) {
  call_site **hint =
      &hints[((uintptr_t)loc >> 3 ^ (uintptr_t)types >> 3 ^ (uintptr_t)call) % HINTS];
  call_site *s = __atomic_load_n(hint, __ATOMIC_ACQUIRE);
  if (s && matches(s, loc, types, call, nargs))
    return s;
  s = find(__atomic_load_n(&sites, __ATOMIC_ACQUIRE), loc, types, call, nargs);
  if (!s) {
    pthread_mutex_lock(&sites_lock);
    s = find(sites, loc, types, call, nargs);
    char *descriptor = s ? NULL : describe(call, entry_point, loc, nargs, types, names);
    if (descriptor && (s = calloc(1, sizeof *s)) != NULL) {
      *s = (call_site){.site = {.abi = OMPT_INST_HOOK_ABI, .descriptor = descriptor},
                       .loc = loc,
                       .types = types,
                       .call = call,
                       .entry_point = entry_point,
                       .nargs = nargs,
                       .next = sites};
      __atomic_store_n(&sites, s, __ATOMIC_RELEASE);
    } else {
      free(descriptor);
    }
    pthread_mutex_unlock(&sites_lock);
  }
  if (s)
    __atomic_store_n(hint, s, __ATOMIC_RELEASE);
  return s;
}

/* The mapped arguments' host addresses and sizes, in descriptor order. A
 * call with more arguments than fit on the stack here passes none (the
 * site's items are then unnamed by address). */
enum { MAX_ITEMS = 256 };
typedef struct call_items {
  uint32_t n;
  const void *addrs[MAX_ITEMS];
  uint64_t bytes[MAX_ITEMS];
} call_items;

static void collect(call_items *items, int32_t nargs, void *const *args, const int64_t *sizes,
                    const int64_t *types) {
  items->n = 0;
  if (nargs > MAX_ITEMS || !args || !sizes || !types)
    return;
  bool is_item[MAX_ITEMS];
  mark_items(is_item, nargs, types);
  for (int32_t i = 0; i < nargs; i++)
    if (is_item[i]) {
      items->addrs[items->n] = args[i];
      items->bytes[items->n++] = sizes[i] > 0 ? (uint64_t)sizes[i] : 0;
    }
}

/* Around one entry point call: ENTER before, EXIT after. `caller` is the
 * program's return address, taken by the exported wrapper itself. */
typedef struct call_scope {
  offload_hook hook;
  call_site *site;
  int64_t device;
} call_scope;

static call_scope call_enter(const void *caller, enum call_kind call, const char *entry_point,
                             void *loc, int64_t device, int32_t nargs, void **args, int64_t *sizes,
                             int64_t *types, void **names) {
  call_scope scope = {shim_hook(), NULL, device};
  if (!scope.hook || nargs < 0 || (nargs && !types))
    return scope;
  scope.site = site_of(call, entry_point, loc, nargs, types, names);
  if (!scope.site)
    return scope;
  call_items items;
  collect(&items, nargs, args, sizes, types);
  scope.hook(OMPT_INST_ENTER, &scope.site->site, device, items.n, items.addrs, items.bytes, caller);
  return scope;
}

static void call_exit(const call_scope *scope) {
  if (scope->site)
    scope->hook(OMPT_INST_EXIT, &scope->site->site, scope->device, 0, NULL, NULL, NULL);
}

/* In an exported wrapper: the program's return address. */
#define CALLER __builtin_return_address(0)

/* The runtime's definition of `name`, found once (threads that race to
 * find it find the same). */
#define NEXT(type, name)                                                                           \
  static __typeof__(type) next_found;                                                              \
  __typeof__(type) next = __atomic_load_n(&next_found, __ATOMIC_RELAXED);                          \
  if (!next) {                                                                                     \
    next = (__typeof__(type))dlsym(RTLD_NEXT, name);                                               \
    __atomic_store_n(&next_found, next, __ATOMIC_RELAXED);                                         \
  }

/* Data entry points: (loc, device, nargs, bases, args, sizes, types, names,
 * mappers), the nowait ones with four dependence arguments after them. */
#define DATA_PARAMS                                                                                \
  void *loc, int64_t device, int32_t nargs, void **bases, void **args, int64_t *sizes,             \
      int64_t *types, void **names, void **mappers
#define DATA_ARGS loc, device, nargs, bases, args, sizes, types, names, mappers
#define DEP_PARAMS int32_t ndeps, void *deps, int32_t nnoalias, void *noalias
#define DEP_ARGS ndeps, deps, nnoalias, noalias

#define DATA_ENTRY(half, call)                                                                     \
  void __tgt_target_data_##half##_mapper(DATA_PARAMS);                                             \
  void __tgt_target_data_##half##_mapper(DATA_PARAMS) {                                            \
    static const char name[] = "__tgt_target_data_" #half "_mapper";                               \
    NEXT(void (*)(DATA_PARAMS), name);                                                             \
    call_scope scope =                                                                             \
        call_enter(CALLER, call, name, loc, device, nargs, args, sizes, types, names);             \
    if (next)                                                                                      \
      next(DATA_ARGS);                                                                             \
    call_exit(&scope);                                                                             \
  }                                                                                                \
  void __tgt_target_data_##half##_nowait_mapper(DATA_PARAMS, DEP_PARAMS);                          \
  void __tgt_target_data_##half##_nowait_mapper(DATA_PARAMS, DEP_PARAMS) {                         \
    static const char name[] = "__tgt_target_data_" #half "_nowait_mapper";                        \
    NEXT(void (*)(DATA_PARAMS, DEP_PARAMS), name);                                                 \
    call_scope scope =                                                                             \
        call_enter(CALLER, call, name, loc, device, nargs, args, sizes, types, names);             \
    if (next)                                                                                      \
      next(DATA_ARGS, DEP_ARGS);                                                                   \
    call_exit(&scope);                                                                             \
  }

DATA_ENTRY(begin, CALL_DATA_BEGIN)
DATA_ENTRY(end, CALL_DATA_END)
DATA_ENTRY(update, CALL_UPDATE)

/* LLVM 16 and later: one kernel entry point with the arguments in a struct. */
#define KERNEL_PARAMS                                                                              \
  void *loc, int64_t device, int32_t teams, int32_t threads, void *host_ptr, oi_kernel_args *kargs
#define KERNEL_ARGS loc, device, teams, threads, host_ptr, kargs

static call_scope kernel_enter(const void *caller, const char *entry_point, void *loc,
                               int64_t device, const oi_kernel_args *a) {
  if (!a)
    return (call_scope){0};
  return call_enter(caller, CALL_TARGET, entry_point, loc, device, (int32_t)a->num_args,
                    a->arg_ptrs, a->arg_sizes, a->arg_types, a->arg_names);
}

int __tgt_target_kernel(KERNEL_PARAMS);
int __tgt_target_kernel(KERNEL_PARAMS) {
  NEXT(int (*)(KERNEL_PARAMS), "__tgt_target_kernel");
  call_scope scope = kernel_enter(CALLER, "__tgt_target_kernel", loc, device, kargs);
  int result = next ? next(KERNEL_ARGS) : 1; /* 1: offload failed, run on the host */
  call_exit(&scope);
  return result;
}

int __tgt_target_kernel_nowait(KERNEL_PARAMS, DEP_PARAMS);
int __tgt_target_kernel_nowait(KERNEL_PARAMS, DEP_PARAMS) {
  NEXT(int (*)(KERNEL_PARAMS, DEP_PARAMS), "__tgt_target_kernel_nowait");
  call_scope scope = kernel_enter(CALLER, "__tgt_target_kernel_nowait", loc, device, kargs);
  int result = next ? next(KERNEL_ARGS, DEP_ARGS) : 1;
  call_exit(&scope);
  return result;
}

/* LLVM 14: target regions with the arguments spelled out. */
#define TARGET_PARAMS                                                                              \
  void *loc, int64_t device, void *host_ptr, int32_t nargs, void **bases, void **args,             \
      int64_t *sizes, int64_t *types, void **names, void **mappers
#define TARGET_ARGS loc, device, host_ptr, nargs, bases, args, sizes, types, names, mappers
#define TEAMS_PARAMS int32_t teams, int32_t threads
#define TEAMS_ARGS teams, threads

#define TARGET_ENTRY(name, params, arguments)                                                      \
  int name(params);                                                                                \
  int name(params) {                                                                               \
    NEXT(int (*)(params), #name);                                                                  \
    call_scope scope =                                                                             \
        call_enter(CALLER, CALL_TARGET, #name, loc, device, nargs, args, sizes, types, names);     \
    int result = next ? next(arguments) : 1;                                                       \
    call_exit(&scope);                                                                             \
    return result;                                                                                 \
  }
#define COMMA ,
TARGET_ENTRY(__tgt_target_mapper, TARGET_PARAMS, TARGET_ARGS)
TARGET_ENTRY(__tgt_target_nowait_mapper, TARGET_PARAMS COMMA DEP_PARAMS, TARGET_ARGS COMMA DEP_ARGS)
TARGET_ENTRY(__tgt_target_teams_mapper, TARGET_PARAMS COMMA TEAMS_PARAMS,
             TARGET_ARGS COMMA TEAMS_ARGS)
TARGET_ENTRY(__tgt_target_teams_nowait_mapper, TARGET_PARAMS COMMA TEAMS_PARAMS COMMA DEP_PARAMS,
             TARGET_ARGS COMMA TEAMS_ARGS COMMA DEP_ARGS)
