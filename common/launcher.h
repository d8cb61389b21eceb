/* Parallel launchers (mpirun, srun, mpiexec): who this process is in the job,
 * read from the environment the launcher exports, so that every rank writes
 * its own trace folder inside one job folder. One implementation for the
 * shim (which names the folder) and the command (which reports on it). */
#ifndef OMPT_INST_LAUNCHER_H
#define OMPT_INST_LAUNCHER_H

#include <stddef.h>

typedef struct oi_launch {
  long rank;        /* this process's rank in the job, >= 0 */
  long size;        /* ranks in the job; 0 when the launcher does not say */
  const char *job;  /* the job id the launcher exports, NULL if none */
  const char *from; /* the variable the rank was read from */
} oi_launch;

/* 1 with *launch filled when a launcher started this process, else 0
 * (a malformed rank counts as no launcher). `getenv` is passed in so that
 * tests can feed their own environment. */
int oi_launch_detect(const char *(*getenv_fn)(const char *), oi_launch *launch);
/* The same on this process's environment. */
int oi_launch_detect_here(oi_launch *launch);

/* The rank's folder inside `job_dir`: "<job_dir>/rank-<N>". The length it
 * needs, as snprintf. */
int oi_launch_rank_folder(const char *job_dir, long rank, char *buf, size_t size);

/* The job folder used when none is given: "ompt-inst-<prog>-job-<id>", the
 * id being the launcher's job id (characters outside [A-Za-z0-9._-] become
 * '_'), else `fallback_id` (a number every rank of the job shares). */
int oi_launch_job_folder(const char *prog, const oi_launch *launch, long fallback_id, char *buf,
                         size_t size);

#endif
