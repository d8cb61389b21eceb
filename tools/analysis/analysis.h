/* Data-mapping analysis: detects the inefficiency patterns of the
 * OMPDataPerf paper (duplicate and round-trip transfers, repeated and unused
 * allocations, unused transfers) plus identical content sent for different
 * variables, on the unified event stream, and computes the optimisation
 * potential, peak device memory and a per-site transfer profile.
 *
 * Usage: create, feed every event in time order with oi_analysis_add, call
 * oi_analysis_finish once, then read findings, totals and profile. All
 * returned memory belongs to the context until oi_analysis_destroy.
 * See docs/analysis.md for the definitions. */
#ifndef OMPT_INST_ANALYSIS_H
#define OMPT_INST_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#include "ompt-inst/events.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OI_FINDING_KINDS(X)                                                    \
  X(DUPLICATE_TRANSFER, "duplicate_transfer")                                  \
  X(ROUND_TRIP, "round_trip")                                                  \
  X(REPEATED_ALLOC, "repeated_alloc")                                          \
  X(UNUSED_ALLOC, "unused_alloc")                                              \
  X(UNUSED_TRANSFER, "unused_transfer")                                        \
  X(IDENTICAL_CONTENT, "identical_content")

enum oi_finding_kind {
#define OI_FINDING_ENUM(id, name) OI_FINDING_##id,
  OI_FINDING_KINDS(OI_FINDING_ENUM)
#undef OI_FINDING_ENUM
  OI_FINDING_COUNT
};

const char *oi_finding_kind_name(unsigned kind);

/* Which way a variable's content was copied while it was mapped (bits). */
enum { OI_MOVED_TO_DEVICE = 1, OI_MOVED_FROM_DEVICE = 2 };

/* How the caller names things. Every callback may be NULL; a returned string
 * must stay valid until oi_analysis_finish returns (it is copied). */
typedef struct oi_analysis_callbacks {
  void *user;
  /* the map item as written, e.g. "a[0:N]"; NULL if unknown */
  const char *(*var_name)(void *user, uint32_t site, uint16_t var);
  /* file and line of a compiler site */
  void (*site_location)(void *user, uint32_t site, const char **file,
                        unsigned *line);
  /* file and line of an OMPT codeptr_ra (events without a site) */
  void (*code_location)(void *user, uint64_t codeptr, const char **file,
                        unsigned *line);
  /* whether the body of the target construct at `site` may write its map
   * item `var` (1-based; 0: memory no map item names): 1 yes, 0 no, -1 not
   * known (no plugin information: such kernels write nothing we know of) */
  int (*var_written)(void *user, uint32_t site, uint16_t var);
} oi_analysis_callbacks;

/* One end of a finding: where the operation happened. */
typedef struct oi_finding_place {
  uint32_t site;        /* 0 = none: codeptr/host_addr identify the place */
  uint16_t var;         /* 1-based map item of site, 0 = none */
  uint64_t codeptr;     /* of the first operation, when site == 0 */
  const char *file;     /* NULL if unknown */
  unsigned line;        /* 0 if unknown */
  const char *var_text; /* "a[0:N]", or "0x7ffd... (800 bytes)" */
  int var_named;        /* var_text is the map item as written */
  unsigned construct;   /* enum oi_construct of the first operation */
} oi_finding_place;

typedef struct oi_finding {
  enum oi_finding_kind kind;
  enum oi_data_op op;  /* the avoidable operation's kind */
  int32_t device;      /* the device involved (never the host, -1 if none) */
  uint64_t host_addr;  /* of the first avoidable operation */
  oi_finding_place at; /* where the avoidable operations happen */
  /* round_trip: where the content was sent out (the first leg);
   * identical_content: the variable that first held the same content;
   * otherwise equal to `at`. */
  oi_finding_place other;
  uint64_t count;   /* avoidable operations (wholly unused for unused_*) */
  uint64_t partial; /* unused_transfer: operations partly overwritten */
  uint64_t total;   /* operations of this kind at `at` on `device` */
  uint64_t bytes;   /* avoidable transferred bytes (0 for allocations) */
  uint64_t time_ns; /* avoidable time */
  /* of count (duplicate, round trip, identical content): operations whose
   * content was compared by a hash of sampled blocks (OI_FLAG_HASH_SAMPLED)
   * on either side; when not 0 the finding is probable, not certain */
  uint64_t sampled;
  /* duplicate, round trip: occurrences of count whose content came back
   * unchanged although a kernel that may write the variable ran since it
   * was sent (the same values this run only): no fix is advised, they are
   * not in the potential, and changed_line names that kernel */
  uint64_t may_change;
  unsigned changed_line;
  /* first and last line where the variable is mapped to the device */
  unsigned first_line, last_line;
  /* repeated_alloc: OI_MOVED_* bits, the copies its mapping also made,
   * which the fix must keep as `target update`s */
  unsigned moved;
  const char *suggestion; /* the fix, in source terms */
} oi_finding;

typedef struct oi_device_summary {
  int32_t device;
  uint64_t peak_bytes; /* highest sum of live allocations */
  uint64_t allocs;     /* allocation operations */
  uint64_t kernels;    /* kernel (or target region) executions */
} oi_device_summary;

typedef struct oi_analysis_totals {
  uint64_t first_ns, last_ns;           /* first event start, last event end */
  uint64_t measured_ns;                 /* last_ns - first_ns */
  uint64_t data_ops;                    /* data operations analysed */
  uint64_t transfer_bytes, transfer_ns; /* all to/from device transfers */
  uint64_t saved_ns;     /* avoidable time, each operation counted once */
  uint64_t saved_bytes;  /* avoidable transferred bytes */
  uint64_t predicted_ns; /* measured_ns - saved_ns */
  /* measured_ns / predicted_ns; 1.0 if nothing is saved, 0.0 if everything
   * would be (overlapping operations) */
  double speedup;
  /* async/nowait or overlapping operations, or several devices, were seen:
   * removing the time need not shorten the run by as much */
  int upper_bound;
  size_t ndevices;
  const oi_device_summary *devices;
} oi_analysis_totals;

/* Transfers per place (site/var, or codeptr/host range) and device. */
typedef struct oi_transfer_profile {
  oi_finding_place at;
  int32_t device;
  uint64_t ops[OI_DATA_OP_COUNT];     /* operations per data op kind */
  uint64_t bytes[OI_DATA_OP_COUNT];   /* bytes per data op kind */
  uint64_t time_ns[OI_DATA_OP_COUNT]; /* time per data op kind */
} oi_transfer_profile;

/* Device memory in use (the sum of live allocation sizes) right after an
 * allocation or a delete on `device`. */
typedef struct oi_memory_sample {
  uint64_t time_ns;
  int32_t device;
  uint64_t live_bytes;
} oi_memory_sample;

typedef struct oi_analysis oi_analysis;

/* NULL on out of memory. `callbacks` is copied; it may be NULL. */
oi_analysis *oi_analysis_create(const oi_analysis_callbacks *callbacks);
/* 0 on success, -1 on out of memory (the context is then unusable). Events
 * other than data ops, kernels and target constructs only extend the
 * measured time span. Events after oi_analysis_finish are ignored. */
int oi_analysis_add(oi_analysis *ctx, const oi_event *event);
/* 0 on success, -1 on out of memory. Idempotent. */
int oi_analysis_finish(oi_analysis *ctx);
/* Findings sorted by avoidable time, then bytes, then count (descending). */
const oi_finding *oi_analysis_findings(const oi_analysis *ctx, size_t *count);
const oi_analysis_totals *oi_analysis_totals_get(const oi_analysis *ctx);
const oi_transfer_profile *oi_analysis_profile(const oi_analysis *ctx,
                                               size_t *count);
/* Memory in use over time: one sample per allocation and delete, in the
 * order the events were fed (time order); the largest live_bytes of a
 * device is its peak_bytes. */
const oi_memory_sample *oi_analysis_memory(const oi_analysis *ctx,
                                           size_t *count);
void oi_analysis_destroy(oi_analysis *ctx);

#ifdef __cplusplus
}
#endif

#endif
