/* Records of the data movement model that only its own files read. */
#ifndef OMPT_INST_MODEL_MOVEMENT_INTERNAL_H
#define OMPT_INST_MODEL_MOVEMENT_INTERNAL_H

#include "movement.h"

typedef struct oi_place_record {
  oi_transfer_place place;
  uint64_t host_addr;
} oi_place_record;

/* A host range and its records on the device and the host
 * (OI_MOVEMENT_NONE: not looked up yet). */
typedef struct oi_range_memo {
  uint64_t host_addr, bytes;
  uint32_t ranges[2]; /* [0] the device's, [1] the host's */
} oi_range_memo;

/* Per place and device. */
typedef struct oi_profile_record {
  oi_transfer_profile out;
  uint32_t place;
  /* the host ranges of the place's last two data ops (an array and an
   * element of it, say), [0] the last one's: a place mostly moves the same
   * variable, so this spares the range lookups */
  oi_range_memo memo[2];
  /* the profile of the same site map item on another device + 1, 0 = none */
  uint32_t next_device;
} oi_profile_record;

/* Site ids up to this many index oi_movement.site_places directly. */
#define OI_SITE_PLACES_MAX (1u << 20)

/* The profiles of one site's map items: per 1-based var, its first
 * profile + 1 (0 = none yet); the other devices' follow next_device. */
typedef struct oi_site_places {
  uint32_t *first_profile;
  uint64_t vars_cap;
} oi_site_places;

/* The host ranges the open target construct instance of one thread has
 * mapped so far, in the order the runtime reported them: without a site,
 * the n-th of them is the construct's n-th variable, wherever it lives. */
#define OI_REGION_VARS 64
typedef struct oi_region_vars {
  uint64_t codeptr; /* of the open instance; 0 = none open */
  uint32_t count;
  uint64_t host_addr[OI_REGION_VARS];
} oi_region_vars;

/* What a target region's kernel may write, until it runs: a map item the
 * body writes, memory no map item names (every copy of the device but the
 * spared ones), or a map item the plugin found the body does not write
 * (spared: `*` stands for memory no map item names, and this one is
 * named). A body nobody analysed (a build without the plugin, a region
 * without a site) may write every copy: `unseen`. */
enum oi_pending_kind { OI_PENDING_ITEM, OI_PENDING_ANY, OI_PENDING_SPARED };
typedef struct oi_pending_write {
  uint32_t thread;
  int32_t device;
  enum oi_pending_kind kind;
  uint64_t host_addr, bytes;
  unsigned line;
  bool unseen;
} oi_pending_write;

/* A spared copy's state before a kernel wrote every copy of its device. */
typedef struct oi_spared_copy {
  uint32_t range;
  uint32_t newest, kernel_write;
  unsigned kernel_line;
  bool kernel_unseen;
} oi_spared_copy;

#endif
