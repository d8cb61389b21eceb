/* Builds synthetic event streams for the analysis tests. Site ids double as
 * line numbers of file "c.c"; map item 1..4 are a[0:N], b[0:N], c[0:N] and
 * x[0:1]. Every event advances a clock, so streams are in time order. */
#ifndef OI_TEST_ANALYSIS_FIXTURE_H
#define OI_TEST_ANALYSIS_FIXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/analysis.h"

#define FX_DEV 4 /* the host "device" number under host offloading */
#define FX_N 100
#define FX_BYTES (FX_N * 8)
#define FX_A 0x10000u /* host addresses of a, b, c */
#define FX_B 0x20000u
#define FX_C 0x30000u
#define FX_DUR 1000       /* every data op takes 1 us */
#define FX_NO_HASH 0      /* hash argument: no valid hash */
#define FX_REGION_SITE 99 /* fx_region's site by default (line 99) */

typedef struct fx {
  oi_analysis *ctx;
  uint64_t now;
  uint8_t origin;    /* origin stamped on every data op */
  uint8_t construct; /* construct stamped on every data op (0 = none) */
  /* writes[i] = 1: every target body may write map item i (0: memory no
   * item names), as the plugin's writes= line says; 0 = reads only */
  int writes[5];
  /* every site's writes= line absent, as in a build without the plugin
   * (var_written answers -1: the body was never analysed) */
  bool writes_unknown;
  /* line of the code address a data op without a site carries (bin.c);
   * 0: none, as in a build without -g */
  unsigned native_line;
  int32_t device; /* of the data ops (FX_DEV) */
  /* site of fx_region's events (FX_REGION_SITE unless set; 0: none, a
   * region whose body nobody analysed) */
  uint32_t region_site;
  /* fx_map's items' map type and kind (OI_ITEM_* bits; 0: alloc, explicit) */
  uint8_t map_item;
  /* fx_map's items' host content at the construct's start (`--check
   * mapping`); 0: not hashed */
  uint64_t map_hash;
} fx;

void fx_init(fx *f);
/* Feeds one event with the facts a trace would give it (names, lines,
 * what a site's body writes). */
void fx_add(fx *f, const oi_event *ev);
void fx_done(fx *f);
/* a data op of map item `var` at site (= line) `site`; hash 0 = none */
void fx_op(fx *f, enum oi_data_op op, uint32_t site, uint16_t var, uint64_t host, uint64_t bytes,
           uint64_t hash);
void fx_op_flags(fx *f, enum oi_data_op op, uint32_t site, uint16_t var, uint64_t host,
                 uint64_t bytes, uint64_t hash, uint8_t flags);
/* a `target` construct's map item `var` at `site`, as reported at its ENTER
 * (before the construct's data operations) */
void fx_map(fx *f, uint32_t site, uint16_t var, uint64_t host, uint64_t bytes);
/* the same, of another construct (`target update`, `target exit data`) */
void fx_map_of(fx *f, enum oi_construct construct, uint32_t site, uint16_t var, uint64_t host,
               uint64_t bytes);
/* a kernel run on `device` */
void fx_kernel(fx *f, int32_t device);
/* a kernel's begin or end alone, to put other events inside it */
void fx_kernel_edge(fx *f, int32_t device, unsigned endpoint);
/* a `target` (or `target data`, ...) region's begin or end as LLVM 19's
 * target_emi callback reports it: kind target, the device in its `device` field */
void fx_region(fx *f, enum oi_construct construct, unsigned endpoint);
/* `target` with map(tofrom: a) at `site`: alloc, to, kernel, from, delete */
void fx_target_tofrom(fx *f, uint32_t site, uint64_t hash_in, uint64_t hash_out);
/* finish, then the number of findings of `kind` */
size_t fx_finish_count(fx *f, enum oi_finding_kind kind);
/* the one finding of kind for var name (fails the test if not unique) */
/* The name of a finding's place's variable (NULL without one), and whether
 * a map clause can name it. */
const char *fx_var(const oi_finding_place *place);
bool fx_var_whole(const oi_finding_place *place);
/* The finding's advice (report/finding_words.h) with its place's names;
 * the last four stay valid. */
const char *fx_advice(const oi_finding *finding);
const oi_finding *fx_find(fx *f, enum oi_finding_kind kind, const char *var);

#endif
