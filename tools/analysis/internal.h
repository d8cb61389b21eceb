/* State shared by the detectors of one analysis context: the data movement
 * model they all read (tools/model/movement.h), and what each detector
 * keeps for itself. */
#ifndef OIA_ANALYSIS_INTERNAL_H
#define OIA_ANALYSIS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "common/array.h"
#include "content_memory.h"
#include "common/intervals.h"
#include "common/map.h"
#include "model/movement.h"

#define OIA_NONE OI_MOVEMENT_NONE

/* remembered groups per profile: per finding kind, from_device or not */
#define OIA_GROUP_MEMO (2 * OI_FINDING_COUNT)

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
  uint64_t sampled;    /* of count: decided on sampled hashes */
  uint64_t may_change; /* of count: a kernel may have changed the content */
  unsigned changed_line;
  bool changed_unseen; /* that kernel's body was never analysed */
  unsigned moved;      /* repeated_alloc: OI_MOVED_* bits of its lifetimes */
} oia_group;

/* A to_device transfer whose bytes no kernel could have read yet. */
typedef struct oia_pending_transfer {
  uint32_t profile, range;
  uint32_t segments; /* live segments; 0 = settled */
  bool avoidable;    /* already counted as duplicate/round trip */
  uint64_t bytes, duration_ns, unused_bytes;
  uint32_t next_free;
} oia_pending_transfer;

/* The pending segments of one device. */
typedef struct oia_pending_root {
  int32_t device;
  uint32_t root;
} oia_pending_root;

/* One device's samples in one time bucket (memory_samples.c). */
typedef struct oia_bucket_device {
  int32_t device;
  uint64_t high;
  size_t high_at, last_at; /* sample indices */
} oia_bucket_device;

/* One allocation lifetime of a device range (allocations.c), by range. */
typedef struct oia_lifetime {
  bool kernel_at_alloc; /* a kernel/target region was active at alloc */
  bool repeated;        /* this lifetime is not the range's first */
  uint64_t allocs;
  uint64_t alloc_ns; /* duration of the live allocation */
  uint64_t activity_at_alloc;
  uint32_t alloc_profile;
  /* the addresses live_allocs maps to this range now (0 = none) */
  uint64_t named_host_addr, named_device_addr;
} oia_lifetime;

/* What mapping_bugs.c knows of one device. */
typedef struct oia_bug_device {
  int32_t device;
  uint32_t root;        /* its copies by host range (owner: an oia_copy) */
  uint32_t device_root; /* the same by device address */
  /* kernels that may write every copy it holds: started (counted) and
   * pending until their kernel starts */
  uint32_t any_writes;
  bool any_write_pending;
  bool runtime_allocations; /* the runtime reported an allocation on it */
} oia_bug_device;

struct oi_analysis {
  oi_movement model;
  bool failed, finished;
  /* allocations.c: live allocations by host or device address, lifetimes
   * by range; memory_samples.c: memory samples, their time buckets once
   * there are too many (0 = none yet), scratch */
  oi_map live_allocs;
  oi_array lifetimes, memory, memory_devices;
  uint64_t memory_origin_ns, memory_bucket_ns;
  /* content.c: the first holder of each content */
  oia_content_memory contents;
  /* unused_transfers.c: transfers not yet read, their segments per device */
  oi_array pending;
  uint32_t pending_free;
  oi_array pending_roots; /* oia_pending_root per device */
  oi_interval_pool pending_segments;
  /* groups.c: findings being accumulated; per profile OIA_GROUP_MEMO
   * groups used last */
  oi_map groups_by_key;
  oi_array groups, group_memo;
  /* mapping_bugs.c: the devices, their copies, map items waiting for their
   * kernel or their construct's end, asks found absent */
  oi_array bug_devices, bug_copies, bug_asks, bug_absent;
  uint32_t bug_free_copy; /* deleted copies' records, a list */
  oi_interval_pool bug_tree;
  bool any_event;
  uint64_t busy_until;      /* latest end of a data op or kernel seen */
  uint32_t kernels_running; /* on all devices */
  oi_analysis_totals totals;
  oi_finding *findings;
  size_t nfindings;
};

/* totals.c: the public results built by oi_analysis_finish */
int oia_build_totals(oi_analysis *ctx);

/* groups.c: add one avoidable (or reported) operation to its finding */
oia_group *oia_group_for(oi_analysis *ctx, enum oi_finding_kind kind, enum oi_data_op op,
                         uint32_t profile, uint32_t other_profile, uint32_t range,
                         uint64_t host_addr);
int oia_groups_build_findings(oi_analysis *ctx);

/* content.c: on what the model saw of a transfer (op->transfer): duplicate,
 * round trip, identical content; whether the transfer was avoidable */
bool oia_content_transfer(oi_analysis *ctx, const oi_event *ev, const oi_op_seen *op);

/* allocations.c: repeated and unused allocations, peak memory; an
 * allocation at `profile` of the device's copy `range` (the model's) */
void oia_alloc_begin(oi_analysis *ctx, const oi_event *ev, uint32_t profile, uint32_t range);
/* the range whose allocation the delete ended, OIA_NONE if unknown (the
 * caller tells the unused-transfer detector: detectors do not call each
 * other) */
uint32_t oia_alloc_end(oi_analysis *ctx, const oi_event *ev, uint32_t profile);
void oia_allocs_finish(oi_analysis *ctx);

/* memory_samples.c: device memory in use after an allocation or delete */
void oia_memory_sample(oi_analysis *ctx, int32_t device, uint64_t time_ns, uint64_t live_bytes);

/* unused_transfers.c */
void oia_unused_sent(oi_analysis *ctx, const oi_event *ev, uint32_t profile, uint32_t range,
                     bool avoidable);
void oia_unused_deleted(oi_analysis *ctx, int32_t device, uint64_t host_addr, uint64_t bytes);
void oia_unused_kernel(oi_analysis *ctx, int32_t device);
void oia_unused_finish(oi_analysis *ctx);

/* mapping_bugs.c: stale, absent and uninitialized device data */
void oia_bugs_init(oi_analysis *ctx);
void oia_bugs_free(oi_analysis *ctx);
/* a MAP event of a target region, update or exit */
void oia_bugs_map_item(oi_analysis *ctx, const oi_event *ev, const oi_event_facts *facts);
/* a target construct's begin or end (TARGET, or the compiler's) */
void oia_bugs_region(oi_analysis *ctx, const oi_event *ev, const oi_event_facts *facts,
                     int32_t device);
void oia_bugs_kernel(oi_analysis *ctx, const oi_event *ev, int32_t device);
/* a data operation on a device, at `profile` */
void oia_bugs_data_op(oi_analysis *ctx, const oi_event *ev, uint32_t profile);
void oia_bugs_finish(oi_analysis *ctx);

#endif
