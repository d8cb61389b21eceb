/* All the words of a finding, in one place: the name of its kind, what its
 * count counts, its certainty and confidence, the hashing line of a
 * report's header. The analysis and the model give numbers and ids only;
 * every writer and `ompt-inst diff` take a finding's words from here, its
 * variable's name from the naming service (model/names.h). */
#ifndef OMPT_INST_REPORT_FINDING_WORDS_H
#define OMPT_INST_REPORT_FINDING_WORDS_H

#include "model/names.h"
#include "model/profile.h"

/* "duplicate_transfer", "round_trip", ...; "unknown" out of range. */
const char *oi_finding_kind_name(unsigned kind);
/* Whether the run's report looks for findings of `kind`: every kind, but
 * stale device data only in a run recorded with `--check mapping`. */
bool oi_finding_checked(const oi_profile *profile, unsigned kind);
/* "bug" (a mapping bug: wrong data, docs/checks.md) or "cost". */
const char *oi_finding_class(const oi_finding *finding);
/* What a finding's count counts, for "N of M to_device ...": "avoidable", or
 * "same as another variable" for identical content, which saves nothing. */
const char *oi_finding_counted(const oi_finding *finding);
/* ", probable (sampled hashes)" when some of a finding's operations were
 * compared by hashes of sampled blocks, else "". */
const char *oi_finding_certainty(const oi_finding *finding);
/* "certain", "probable" (sampled hashes) or "low" (a kernel in between may
 * write the variable: the same content this run only). */
const char *oi_finding_confidence(const oi_finding *finding);
/* " (2 template instantiations)" after a finding's place when its
 * operations come from several instantiations of one construct, else "";
 * in buf of size bytes */
const char *oi_finding_instantiations(const oi_finding *finding, char *buf, size_t size);
/* What a finding counted: "8 of 8 to_device avoidable", or a bug's "1 time,
 * `target update` moved nothing on device 0"; into text (`size` bytes, 160
 * hold any). */
const char *oi_finding_counts(const oi_finding *finding, char *text, size_t size);
/* A finding's line in the text report: "1. duplicate_transfer of a[0:N] at
 * heat.c:22: 8 of 8 to_device avoidable, 32.0 KiB, 1.2 us, certain", with
 * its number, its variable's name and its place as text (`where`); into
 * text (`size` bytes). */
const char *oi_finding_line(size_t number, const oi_finding *finding, const char *var,
                            const char *where, char *text, size_t size);
/* How the shim hashed transfers, for the report header; NULL when the trace
 * does not say. */
const char *oi_profile_hashing(const oi_profile *profile);

/* The potential of a run's findings, one sentence for every writer: "1.2 ms
 * and 3.4 MiB of transfers avoidable; 9.8 ms -> 8.6 ms predicted (1.14x)";
 * `arrow`: "->", or the writer's own ("&rarr;" in html). Into text (`size`
 * bytes, 256 hold any). */
const char *oi_potential_words(const oi_analysis_totals *totals, const char *arrow, char *text,
                               size_t size);
/* The same, short, for the exit summary: "1.2 ms and 3.4 MiB avoidable
 * (predicted speedup 1.14x)". */
const char *oi_potential_short_words(const oi_analysis_totals *totals, char *text, size_t size);
/* What a report says when there is no finding. */
#define OI_NO_FINDINGS_WORDS "no inefficient data movement found"

/* Where a run's data operations came from, NULL when there were none: "from
 * the runtime", "inferred from map clauses (the runtime reports none)",
 * "partly inferred from map clauses". */
const char *oi_data_op_source_words(const oi_profile *profile);

/* The fix, in source terms, into text (`size` bytes, 1024 hold any). */
const char *oi_finding_advice(const oi_finding *finding, const oi_finding_vars *vars, char *text,
                              size_t size);
/* oi_finding_advice with the names the naming service gives the profile's
 * finding. */
const char *oi_profile_finding_advice(const oi_profile *profile, const oi_finding *finding,
                                      char *text, size_t size);

#endif
