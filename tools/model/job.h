/* Job reports: an MPI job's folder holds one run folder per rank
 * (rank-<N>/). This layer reads each rank's trace into its own report model,
 * one rank at a time, and folds it into one job model of the same type that
 * every writer already takes: rows, places, variables and findings keyed as
 * in one trace, with per-rank figures beside the sums. Memory grows with the
 * rows and ranks, not with the events (except the timeline, which trace
 * formats need whole). */
#ifndef OMPT_INST_REPORT_JOB_H
#define OMPT_INST_REPORT_JOB_H

#include <stdbool.h>

#include "profile.h"

/* Whether `dir` is a job folder: no trace of its own, rank-<N> folders. */
bool oi_job_is_job_folder(const char *dir);

/* Builds the job model of `dir`. Ranks whose trace is missing or damaged
 * are named on stderr and in the model, and left out; an incomplete trace
 * is merged with a warning. 0 on success, -1 with a message when no rank
 * could be read or memory ran out (the profile must still be freed). */
int oi_job_build(oi_profile *job, const char *dir, const oi_profile_options *options);

/* "rank 3 (node1)" into buf. */
const char *oi_job_rank_name(const oi_rank_info *rank, char *buf, size_t size);

#endif
