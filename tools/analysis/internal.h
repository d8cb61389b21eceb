/* State shared by the detectors of one analysis context. */
#ifndef OIA_ANALYSIS_INTERNAL_H
#define OIA_ANALYSIS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "array.h"
#include "intervals.h"
#include "map.h"

#define OIA_NONE UINT32_MAX
#define OIA_HOST_DEVICE (-1)
/* distinct contents remembered for identical_content (memory bound) */
#define OIA_CONTENT_LIMIT (1u << 20)

/* What one holder (a device, or the host) has for one host range, and the
 * allocation state of that range on a device. */
typedef struct oia_range {
  int32_t holder; /* device, or OIA_HOST_DEVICE */
  uint64_t host_addr, bytes;
  /* content: the hash of the last transfer that touched the range here */
  bool known;   /* a valid hash is recorded */
  bool sampled; /* that hash covers sampled blocks (OI_FLAG_HASH_SAMPLED) */
  bool sent;    /* the holder sent it (else it received it) */
  int32_t peer; /* the other side of that transfer */
  uint64_t hash;
  /* the holder's newest write version over the range when the hash was
   * recorded: a larger one now means an overlapping transfer changed it */
  uint32_t version;
  uint32_t last_write; /* version of the last transfer into the range */
  bool covered;        /* entered into the holder's coverage tree */
  /* another range of the holder overlaps it: its versions are kept per
   * byte in the holder's version tree (else last_write says it all) */
  bool overlapped;
  uint32_t place_profile; /* profile of that transfer */
  /* the write version a kernel that may write the range gave it last, and
   * that kernel's line (0 = none) */
  uint32_t kernel_write;
  unsigned kernel_line;
  /* lines where the range is mapped on this device */
  unsigned first_line, last_line;
  /* allocation lifetime */
  bool anonymous; /* no host address: never a repeated allocation */
  bool live;
  bool kernel_at_alloc; /* a kernel/target region was active at alloc */
  bool repeated;        /* this lifetime is not the range's first */
  uint64_t allocs;
  uint64_t alloc_ns; /* duration of the live allocation */
  uint64_t activity_at_alloc;
  uint32_t alloc_profile;
  unsigned moved; /* OI_MOVED_* bits: copied to/from the holder */
} oia_range;

/* Per place (site/var or codeptr/host range) and device. */
typedef struct oia_profile_rec {
  oi_transfer_profile out;
  uint32_t place;
} oia_profile_rec;

typedef struct oia_place_rec {
  oi_finding_place place;
  uint64_t host_addr;
} oia_place_rec;

/* The host ranges the open target construct instance of one thread has
 * mapped so far, in the order the runtime reported them: without a site,
 * the n-th of them is the construct's n-th variable, wherever it lives. */
#define OIA_REGION_VARS 64
typedef struct oia_region_vars {
  uint64_t codeptr; /* of the open instance; 0 = none open */
  uint32_t count;
  uint64_t host_addr[OIA_REGION_VARS];
} oia_region_vars;

/* A finding being accumulated. */
typedef struct oia_group {
  enum oi_finding_kind kind;
  enum oi_data_op op;
  uint32_t profile;       /* where the avoidable operations are */
  uint32_t other_profile; /* round trip's first leg / identical content's
                             first holder; OIA_NONE = none */
  uint32_t range;         /* range of the first occurrence (lines) */
  uint64_t host_addr;
  uint64_t count, partial, bytes, time_ns;
  uint64_t sampled; /* of count: decided on sampled hashes */
  uint64_t may_change; /* of count: a kernel may have changed the content */
  unsigned changed_line;
  unsigned moved; /* repeated_alloc: OI_MOVED_* bits of its lifetimes */
} oia_group;

/* The first receiver of one content on one holder. */
typedef struct oia_content_holder {
  uint32_t profile;
  bool sampled; /* its hash covers sampled blocks (kept in the padding) */
  uint64_t host_addr;
} oia_content_holder;

/* A to_device transfer whose bytes no kernel could have read yet. */
typedef struct oia_pending_transfer {
  uint32_t profile, range;
  uint32_t segments; /* live segments; 0 = settled */
  bool avoidable;    /* already counted as duplicate/round trip */
  uint64_t bytes, duration_ns, unused_bytes;
  uint32_t next_free;
} oia_pending_transfer;

typedef struct oia_device_state {
  oi_device_summary summary;
  uint32_t kernels_active; /* KERNEL begin without end */
  uint32_t regions_active; /* kernels + target regions in flight */
  uint64_t activity;       /* kernel and target region starts so far */
  /* target region starts: the kernel count of a stream without kernel
   * events (LLVM 19 reports both for one region, so never add them) */
  uint64_t target_regions;
  uint64_t live_bytes;
  uint32_t pending_root;  /* segments of pending transfers */
  uint32_t version_root;  /* segments: version of the last write */
  uint32_t coverage_root; /* segments: range that last claimed them */
  bool saw_kernel_events;
} oia_device_state;

/* A map item a target region may write, until its kernel runs. */
typedef struct oia_pending_write {
  uint32_t thread;
  int32_t device;
  bool any; /* memory no map item names: every range of the device */
  uint64_t host_addr, bytes;
  unsigned line;
} oia_pending_write;

struct oi_analysis {
  oi_analysis_callbacks cb;
  bool failed, finished;
  oi_map places_by_key, profiles_by_key, ranges_by_key, live_allocs,
      contents, groups_by_key,
      compiler_regions, /* thread -> device + 1 of its open hook-reported
                           target region, 0 = none */
      native_regions;   /* thread -> its oia_region_vars */
  oi_array places, profiles, ranges, groups, pending, devices, strings,
      content_holders, region_vars;
  uint32_t pending_free;
  uint32_t host_version_root;  /* the host's version_root */
  uint32_t host_coverage_root; /* the host's coverage_root */
  oi_array overlapping;         /* scratch: range indices */
  oi_array memory;              /* oi_memory_sample after each alloc/delete */
  oi_array pending_writes;      /* oia_pending_write */
  uint32_t transfers;          /* write versions handed out so far */
  oi_interval_pool segments;
  uint32_t last_device; /* index cache into devices */
  bool any_event;
  uint64_t busy_until;      /* latest end of a data op or kernel seen */
  uint32_t kernels_running; /* on all devices */
  oi_analysis_totals totals;
  oi_finding *findings;
  size_t nfindings;
  oi_transfer_profile *profile_out;
  size_t nprofile;
};

/* holders.c: the model the detectors share */
oia_device_state *oia_device(oi_analysis *ctx, int32_t device);
uint32_t oia_range_of(oi_analysis *ctx, int32_t holder, uint64_t host_addr,
                      uint64_t bytes, bool anonymous);
/* places.c */
uint32_t oia_profile_of(oi_analysis *ctx, const oi_event *ev);
/* A target construct instance begins or ends on the event's thread. */
void oia_native_region(oi_analysis *ctx, const oi_event *ev);
char *oia_strdup(oi_analysis *ctx, const char *text);
/* extend the range's first/last mapped line by the profile's line */
void oia_widen_lines(oi_analysis *ctx, uint32_t range, uint32_t profile);
static inline oia_range *oia_range_at(oi_analysis *ctx, uint32_t i) {
  return OI_ARRAY_AT(ctx->ranges, oia_range, i);
}
static inline oia_profile_rec *oia_profile_at(oi_analysis *ctx, uint32_t i) {
  return OI_ARRAY_AT(ctx->profiles, oia_profile_rec, i);
}

/* totals.c: the public results built by oi_analysis_finish */
int oia_build_totals(oi_analysis *ctx);
int oia_build_profile(oi_analysis *ctx);

/* groups.c: add one avoidable (or reported) operation to its finding */
oia_group *oia_group_for(oi_analysis *ctx, enum oi_finding_kind kind,
                         enum oi_data_op op, uint32_t profile,
                         uint32_t other_profile, uint32_t range,
                         uint64_t host_addr);
int oia_groups_build_findings(oi_analysis *ctx);

/* content.c: duplicate, round trip, identical content */
bool oia_content_transfer(oi_analysis *ctx, const oi_event *ev,
                          uint32_t profile, uint32_t device_range);

/* versions.c: which transfers wrote a holder's copy of a range */
void oia_versions_enter(oi_analysis *ctx, uint32_t range);
/* records version `write` into range; the newest version before it */
uint32_t oia_versions_write(oi_analysis *ctx, uint32_t range, uint32_t write);
uint32_t oia_versions_newest(oi_analysis *ctx, uint32_t range);
/* a segments query callback that pushes each range to ctx->overlapping */
void oia_collect_range(void *user, uint32_t range, uint64_t bytes,
                       int segments_delta);

/* kernel_writes.c: what target regions may write, as write versions */
void oia_writes_note(oi_analysis *ctx, const oi_event *ev);
void oia_writes_apply(oi_analysis *ctx, const oi_event *ev);

/* allocations.c: repeated and unused allocations, peak memory */
void oia_alloc_begin(oi_analysis *ctx, const oi_event *ev, uint32_t profile);
/* the range whose allocation the delete ended, OIA_NONE if unknown (the
 * caller tells the unused-transfer detector: detectors do not call each
 * other) */
uint32_t oia_alloc_end(oi_analysis *ctx, const oi_event *ev);
void oia_allocs_finish(oi_analysis *ctx);

/* unused_transfers.c */
void oia_unused_sent(oi_analysis *ctx, const oi_event *ev, uint32_t profile,
                     uint32_t range, bool avoidable);
void oia_unused_deleted(oi_analysis *ctx, int32_t device, uint64_t host_addr,
                        uint64_t bytes);
void oia_unused_kernel(oi_analysis *ctx, oia_device_state *dev);
void oia_unused_finish(oi_analysis *ctx);

/* suggest.c */
char *oia_suggestion(oi_analysis *ctx, const oi_finding *f);

#endif
