/* Rank, size and job id from the launcher's environment. */
#include "launcher.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where each launcher family exports the rank and the job size, most
 * specific first: Open MPI also exports PMIX_RANK, and Slurm's variables
 * are set around an mpirun started inside a Slurm allocation as well. */
static const struct {
  const char *rank, *size;
} rank_variables[] = {
    {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"}, /* Open MPI */
    {"MV2_COMM_WORLD_RANK", "MV2_COMM_WORLD_SIZE"},   /* MVAPICH */
    {"PMI_RANK", "PMI_SIZE"},                         /* MPICH (Hydra), Intel MPI */
    {"PMIX_RANK", "PMIX_SIZE"},                       /* any PMIx launcher */
    {"SLURM_PROCID", "SLURM_NTASKS"},                 /* srun */
};

/* Job ids in the same order of preference. */
static const char *const job_variables[] = {
    "OMPI_MCA_ess_base_jobid",
    "PMIX_NAMESPACE",
    "PMI_JOBID",
    "SLURM_JOB_ID",
};

static int parse_count(const char *text, long *value) {
  if (!text || !*text)
    return -1;
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (*end || errno || v < 0)
    return -1;
  *value = v;
  return 0;
}

int oi_launch_detect(const char *(*getenv_fn)(const char *), oi_launch *launch) {
  for (size_t i = 0; i < sizeof rank_variables / sizeof *rank_variables; i++) {
    long rank;
    if (parse_count(getenv_fn(rank_variables[i].rank), &rank) != 0)
      continue;
    /* a batch script's own shell has SLURM_PROCID too; only a job step's
       tasks (started by srun) are ranks */
    if (strcmp(rank_variables[i].rank, "SLURM_PROCID") == 0 && !getenv_fn("SLURM_STEP_ID"))
      continue;
    long size = 0;
    if (parse_count(getenv_fn(rank_variables[i].size), &size) != 0 || size <= rank)
      size = 0;
    *launch = (oi_launch){.rank = rank, .size = size, .from = rank_variables[i].rank};
    for (size_t j = 0; j < sizeof job_variables / sizeof *job_variables; j++) {
      const char *job = getenv_fn(job_variables[j]);
      if (job && *job) {
        launch->job = job;
        break;
      }
    }
    return 1;
  }
  return 0;
}

static const char *environment(const char *name) { return getenv(name); }

int oi_launch_detect_here(oi_launch *launch) { return oi_launch_detect(environment, launch); }

int oi_launch_rank_folder(const char *job_dir, long rank, char *buf, size_t size) {
  return snprintf(buf, size, "%s/rank-%ld", job_dir, rank);
}

int oi_launch_job_folder(const char *prog, const oi_launch *launch, long fallback_id, char *buf,
                         size_t size) {
  char id[96];
  if (launch->job) {
    size_t n = 0;
    for (const char *c = launch->job; *c && n + 1 < sizeof id; c++, n++) {
      bool plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                   (*c >= '0' && *c <= '9') || *c == '.' || *c == '-' || *c == '_';
      id[n] = plain ? *c : '_';
    }
    id[n] = '\0';
  } else {
    snprintf(id, sizeof id, "%ld", fallback_id);
  }
  return snprintf(buf, size, "ompt-inst-%s-job-%s", prog, id);
}
