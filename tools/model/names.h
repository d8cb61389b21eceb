/* The naming service: the one place that decides how a variable reads in a
 * report (text, annotate, JSON, HTML, the advice and `ompt-inst diff`) and
 * where that name came from. A name is, in order of preference:
 *  - the map item a compiler site records, as written ("a[0:N]"): the
 *    plugin's site, or a plain build's call into the offload runtime;
 *  - the program's data symbol that holds the host address ("table",
 *    "table+64"), from the symbol table of its module;
 *  - the host address and size ("0x7ffd... (800 bytes)");
 *  - for device memory without a host address, the device address.
 * Its key (oi_variable_key) is what stays the same across processes and
 * runs: the text without the address, which changes with each run. A job
 * merge and `ompt-inst diff` match variables by key; a finding's variable
 * together with the finding's place (file, function).
 * The report model names each data operation once, in its streaming pass
 * (names.c, oi_profile_name_op): its map item, else the name its host or
 * device address got before, else as above. The variable table, the
 * operation's facts for the analysis (model/movement.h) and so every
 * finding carry that id; the analysis and the writers read ids. */
#ifndef OMPT_INST_MODEL_NAMES_H
#define OMPT_INST_MODEL_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "string_index.h"

struct oi_symbolizer; /* trace/symbolize.h: the program's data symbols */

typedef enum oi_name_source {
  OI_NAME_PLUGIN_ITEM, /* a map item of a plugin site, as written */
  /* a map item of a plain build's call into the offload runtime: the name
   * the program passed the runtime (its map names, from -g) */
  OI_NAME_WRITTEN_ITEM,
  OI_NAME_SYMBOL,  /* a data symbol of the program (its symbol table) */
  OI_NAME_ADDRESS, /* a host address and size: nothing names it */
  OI_NAME_DEVICE,  /* device memory without a host address */
} oi_name_source;

typedef struct oi_variable_name {
  const char *text; /* the item's own text, or `buf` */
  oi_name_source source;
  /* text can be written in a map clause: the item as written, or a data
   * symbol from its start */
  bool whole;
  char buf[128];
} oi_variable_name;

/* Names a variable by its map item as written (`item`, NULL or "" when no
 * map item names it; `call`: the item is a plain build's call's), else by
 * the data symbol of `host_addr` (`symbols` may be NULL), else by
 * `host_addr` and `bytes`, else by `device_addr`. `name` may not be
 * copied: its text may point into it. */
void oi_name_variable(const char *item, bool call, struct oi_symbolizer *symbols,
                      uint64_t host_addr, uint64_t device_addr, uint64_t bytes,
                      oi_variable_name *name);

/* A table of names: the ids that places and findings carry, dense from 0,
 * one per distinct text. A zeroed table is empty. */
typedef struct oi_name_entry {
  const char *text;
  oi_name_source source;
  bool whole;
} oi_name_entry;
typedef struct oi_names {
  oi_string_index texts;
  oi_name_entry *entries; /* texts.count of capacity */
  uint64_t capacity;
} oi_names;
#define OI_NAME_NONE UINT32_MAX

/* The id of `name` in the table, added if new; OI_NAME_NONE when out of
 * memory. */
uint32_t oi_names_add(oi_names *names, const oi_variable_name *name);
/* The entry of id, NULL for OI_NAME_NONE or an id beyond the table. */
const oi_name_entry *oi_names_at(const oi_names *names, uint32_t id);
void oi_names_free(oi_names *names);

/* A displayed name's key, stable across processes and runs: an address
 * changes with every build and run, the size it names does not. */
const char *oi_variable_key(const char *text);
/* The same without its blanks: `u[0:n*n]` as written and clang's
 * `u[0:n * n]` are one variable. malloc'd; NULL when out of memory. */
char *oi_variable_spelling_key(const char *text);

#endif
