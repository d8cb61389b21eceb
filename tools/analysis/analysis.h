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

#include "model/findings.h"
#include "model/movement.h"

#ifdef __cplusplus
extern "C" {
#endif

/* NULL on out of memory. `names`: the table the events' name ids
 * (oi_event_facts.name) are in, which findings' places carry; it must
 * outlive the context. */
oi_analysis *oi_analysis_create(const oi_names *names);
/* 0 on success, -1 on out of memory (the context is then unusable). Events
 * other than data ops, kernels and target constructs only extend the
 * measured time span. `facts`: what the caller resolved of the event from
 * the trace (its variable's name id, its site's place, its line, what its
 * site's body writes; model/movement.h); the analysis reads nothing else
 * of the trace. Events after oi_analysis_finish are ignored. */
int oi_analysis_add(oi_analysis *ctx, const oi_event *event, const oi_event_facts *facts);
/* 0 on success, -1 on out of memory. Idempotent. */
int oi_analysis_finish(oi_analysis *ctx);
/* Findings sorted by avoidable time, then bytes, then count (descending).
 * The caller may give a finding's `at` another name id of its table (the
 * report model names a site-less operation's variable once it has read the
 * whole trace). */
oi_finding *oi_analysis_findings(oi_analysis *ctx, size_t *count);
const oi_analysis_totals *oi_analysis_totals_get(const oi_analysis *ctx);
/* The data operations per place and device, read on demand (nothing
 * copies them): how many there are once finished, and the i-th. */
size_t oi_analysis_profile_count(const oi_analysis *ctx);
oi_transfer_profile oi_analysis_profile_at(oi_analysis *ctx, size_t i);
/* Memory in use over time: one sample per allocation and delete, in the
 * order the events were fed (time order); the largest live_bytes of a
 * device is its peak_bytes. Beyond OI_ANALYSIS_MEMORY_SAMPLES samples, per
 * time bucket and device only the highest and the last sample stay (at
 * least a quarter that many buckets): a subsequence that keeps every
 * device's peak and final value. */
#define OI_ANALYSIS_MEMORY_SAMPLES (1u << 16)
const oi_memory_sample *oi_analysis_memory(const oi_analysis *ctx, size_t *count);
void oi_analysis_destroy(oi_analysis *ctx);

#ifdef __cplusplus
}
#endif

#endif
