/* What the data-mapping detectors (tools/analysis) find, as the report
 * model carries it to the writers: the finding kinds, findings, totals of
 * the optimisation potential, and device memory over time. See
 * docs/analysis.md for the definitions. */
#ifndef OMPT_INST_MODEL_FINDINGS_H
#define OMPT_INST_MODEL_FINDINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "movement.h"

/* One end of a finding: where the operation happened. */
typedef oi_transfer_place oi_finding_place;

/* Their names are report/finding_words.c's. The first ones cost time or
 * memory; the mapping bugs (from OI_FINDING_FIRST_BUG on) make the program
 * compute on, or return, the wrong data (docs/checks.md). */
enum oi_finding_kind {
  OI_FINDING_DUPLICATE_TRANSFER,
  OI_FINDING_ROUND_TRIP,
  OI_FINDING_REPEATED_ALLOC,
  OI_FINDING_UNUSED_ALLOC,
  OI_FINDING_UNUSED_TRANSFER,
  OI_FINDING_IDENTICAL_CONTENT,
  /* a `target update` of a variable not on the device: it moves nothing */
  OI_FINDING_UPDATE_OF_ABSENT_DATA,
  /* a `target exit data` of a variable not on the device: nothing comes
   * back, nothing is released */
  OI_FINDING_EXIT_OF_ABSENT_DATA,
  /* a device copy read (by a kernel, or copied back to the host) before
   * anything wrote it */
  OI_FINDING_UNINITIALIZED_DEVICE_READ,
  /* a kernel read a device copy older than the host's copy: the host
   * changed it after its last transfer and nothing sent it (needs the host
   * copy's content at the kernel's start: `ompt-inst run --check mapping`) */
  OI_FINDING_STALE_DEVICE_DATA,
  OI_FINDING_COUNT
};
#define OI_FINDING_FIRST_BUG OI_FINDING_UPDATE_OF_ABSENT_DATA

/* Whether a finding is a mapping bug (wrong data) rather than a cost: the
 * one place that says so; bugs come first in every report. */
static inline bool oi_finding_is_bug(enum oi_finding_kind kind) {
  return kind >= OI_FINDING_FIRST_BUG && kind < OI_FINDING_COUNT;
}

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
   * not in the potential, and changed_line names that kernel;
   * changed_unseen: its body was never analysed (a build without the
   * plugin), so it may write every copy, this one included */
  uint64_t may_change;
  unsigned changed_line;
  bool changed_unseen;
  /* first and last line where the variable is mapped to the device */
  unsigned first_line, last_line;
  /* repeated_alloc: OI_MOVED_* bits, the copies its mapping also made,
   * which the fix must keep as `target update`s */
  unsigned moved;
} oi_finding;

typedef struct oi_analysis_totals {
  uint64_t first_ns, last_ns;           /* first event start, last event end */
  uint64_t measured_ns;                 /* last_ns - first_ns */
  uint64_t data_ops;                    /* data operations analysed */
  uint64_t transfer_bytes, transfer_ns; /* all to/from device transfers */
  uint64_t saved_ns;                    /* avoidable time, each operation counted once */
  uint64_t saved_bytes;                 /* avoidable transferred bytes */
  uint64_t predicted_ns;                /* measured_ns - saved_ns */
  /* measured_ns / predicted_ns; 1.0 if nothing is saved, 0.0 if everything
   * would be (overlapping operations) */
  double speedup;
  /* async/nowait or overlapping operations, or several devices, were seen:
   * removing the time need not shorten the run by as much */
  int upper_bound;
  size_t ndevices;
  const oi_device_summary *devices;
} oi_analysis_totals;

/* Device memory in use (the sum of live allocation sizes) right after an
 * allocation or a delete on `device`. */
typedef struct oi_memory_sample {
  uint64_t time_ns;
  int32_t device;
  uint64_t live_bytes;
} oi_memory_sample;

/* The one order of findings, in a run and in a job: mapping bugs first,
 * then most avoidable time, then bytes, then operations, then kind and
 * line; < 0, 0, > 0. */
int oi_finding_compare(const oi_finding *a, const oi_finding *b);

/* A finding's identity, the one key that says two findings are the same:
 * across the ranks of a job and across the runs `ompt-inst diff` compares.
 * Its kind, operation and device, its variable by key (`var`: its name;
 * blanks ignored, so `u[0:n*n]` and clang's `u[0:n * n]` are one), at
 * `where`: the caller's key of its place (exact in a job; what an edit
 * keeps in a diff). malloc'd; NULL when out of memory. */
char *oi_finding_key(const oi_finding *finding, const char *var, const char *where);

/* The detectors' context (tools/analysis/analysis.h). */
typedef struct oi_analysis oi_analysis;

#endif
