/* The registry of compiler sites: each site's parsed descriptor and what
 * the shim derives from it once, at registration. */
#ifndef OMPT_INST_SHIM_SITES_H
#define OMPT_INST_SHIM_SITES_H

#include <stdint.h>

#include "ompt-inst/descriptor.h"
#include "ompt-inst/hooks.h"
#include "common/site_descriptor.h"

/* A map item's type and modifiers as the present-table simulation needs them. */
enum oi_map_type {
#define OI_MAP_TYPE_ENUM(id) OI_MAP_##id,
  OMPT_INST_MAP_TYPES(OI_MAP_TYPE_ENUM)
#undef OI_MAP_TYPE_ENUM
};

typedef struct oi_map_rule {
  uint8_t type;   /* enum oi_map_type */
  uint8_t always; /* the always modifier */
  uint8_t member; /* a struct member (`s.v[0:n]`, `p->v`): LLVM pads its
                     allocation down to the struct's alignment */
} oi_map_rule;

typedef struct oi_site_entry {
  oi_site parsed;
  uint8_t construct;       /* enum oi_construct of the leading leaf construct */
  uint8_t team_begin;      /* parallel or teams: BEGIN/END are implicit tasks */
  uint8_t device;          /* a target construct (target, data, enter/exit, update) */
  uint8_t executor_points; /* master, masked: BEGIN/END inside the body run
                              on the executing thread only and carry the
                              construct; ENTER/EXIT (every thread) only
                              scope the frame */
  uint64_t leaves;         /* bit per enum oi_construct named in the spelling */
  uint8_t counted;         /* atomic: only the compiler sees it and it costs a
                              few ns, so its instances are counted per thread
                              instead of timed (hooks.c) */
  oi_map_rule *rules;      /* one per parsed.maps item */
  /* a call into GCC's libgomp (call=GOMP_*): its maps are simulated on a
   * device even where libgomp runs the region on the host, as it does
   * without an offload compiler, so that the findings say what they would
   * move on one (hooks.c) */
  uint8_t maps_without_device;
  /* sites of the directives nested in a target region (parsed.inner),
   * registered with it; 0 where one could not be */
  uint32_t *inner_sites;
} oi_site_entry;

/* The site the runtime's event of `construct` inside the target region of
 * `entry` belongs to: the nested directive that names that construct, else
 * the region itself (`outer`). */
uint32_t oi_site_inner_for(const oi_site_entry *entry, uint32_t outer, unsigned construct);
/* Whether `site` is one of the directives nested in entry's region. */
int oi_site_is_inner(const oi_site_entry *entry, uint32_t site);

/* The site's id and entry, registering it (and writing its OI_REC_SITE
 * record) on first use; 0 when the site was rejected (bad magic or ABI) or
 * came beyond the table's bound (bounds.h): those are counted. */
uint32_t oi_site_lookup(ompt_inst_site *site, const oi_site_entry **entry);

/* At the end: an INFO record `sites_beyond_bound=SITES BOUND CALLS` when
 * sites came beyond the table: their hook calls were not recorded (the
 * runtime's own events of those constructs are, where it reports them). */
void oi_sites_write_beyond(void);

/* The entry of a registered id, NULL for any other id. */
const oi_site_entry *oi_site_by_id(uint32_t id);

#endif
