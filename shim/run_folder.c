/* Choosing and creating the run folder, then opening the trace in it. */
#include "run_folder.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/launcher.h"
#include "ompt-inst/trace.h"
#include "common/run_folder_check.h"
#include "trace_file.h"

static char dir[PATH_MAX];
/* the same, absolute: the program may change its working folder before the
 * summary reads the trace */
static char absolute_dir[PATH_MAX];

static int reported_by_run;

const char *oi_run_folder(void) { return dir; }

int oi_run_folder_reported_by_run(void) { return reported_by_run; }

const char *oi_run_folder_absolute(void) { return absolute_dir[0] ? absolute_dir : dir; }

/* Creates `path` private to the user (0700); an existing folder only if
 * oi_run_folder_unusable accepts it. 0, or -1 after one line on stderr. */
static int make_folder(const char *path) {
  if (mkdir(path, 0700) == 0)
    return 0;
  if (errno == EEXIST) {
    const char *reason = oi_run_folder_unusable(path);
    if (!reason)
      return 0;
    fprintf(stderr, "ompt-inst: cannot use run folder '%s': it %s; not recording\n", path, reason);
    return -1;
  }
  fprintf(stderr, "ompt-inst: cannot create run folder '%s': %s; not recording\n", path,
          strerror(errno));
  return -1;
}

/* The default name, or the first of NAME.2, NAME.3, ... that is free when
 * NAME exists: an earlier process of the same pid left it, or this process
 * ran itself again with exec (whose trace must not be overwritten). */
static int make_default_folder(void) {
  char base[PATH_MAX];
  snprintf(base, sizeof base, "ompt-inst-%s-%d", program_invocation_short_name, (int)getpid());
  snprintf(dir, sizeof dir, "%s", base);
  struct stat info;
  for (int n = 2; n < 100 && lstat(dir, &info) == 0; n++)
    snprintf(dir, sizeof dir, "%.*s.%d", PATH_MAX - 16, base, n);
  if (strcmp(dir, base) != 0)
    fprintf(stderr, "ompt-inst: run folder '%s' exists and is not this run's; using '%s'\n", base,
            dir);
  return make_folder(dir);
}

/* Under a launcher the folder in `dir` (given, else named after the job) is
 * the job's; the rank records into <job>/rank-<N>, so ranks never share a
 * trace. 1 when `dir` now names the rank's folder, 0 when not under a
 * launcher, -1 after one line on stderr. */
static int choose_rank_folder(int requested) {
  oi_launch launch;
  if (!oi_launch_detect_here(&launch))
    return 0;
  if (!requested) /* the launcher's process is the one parent the ranks share */
    oi_launch_job_folder(program_invocation_short_name, &launch, (long)getppid(), dir, sizeof dir);
  char job[PATH_MAX];
  snprintf(job, sizeof job, "%s", dir);
  if (make_folder(job) != 0)
    return -1;
  /* room for "/trace.oit" and the terminator, as for OMPT_INST_DIR */
  if (oi_launch_rank_folder(job, launch.rank, dir, sizeof dir) >=
      (int)(sizeof dir - sizeof "/" OI_TRACE_FILE_NAME)) {
    fprintf(stderr, "ompt-inst: the rank folder in '%s' is too long a path; not recording\n", job);
    return -1;
  }
  return 1;
}

/* `ompt-inst run` empties the folder it gives and says so
 * (OMPT_INST_DIR_FRESH): a trace found there then belongs to an earlier
 * process of the same run (a script running several programs), which must
 * not be overwritten. This process records next to it, in
 * <folder>-<program>-<pid>. 1 when `dir` names that folder now. */
static int move_past_sibling_trace(void) {
  const char *fresh = getenv("OMPT_INST_DIR_FRESH");
  char trace[PATH_MAX];
  struct stat info;
  if (!fresh || !*fresh ||
      snprintf(trace, sizeof trace, "%s/%s", dir, OI_TRACE_FILE_NAME) >= (int)sizeof trace ||
      lstat(trace, &info) != 0)
    return 0;
  char sibling[PATH_MAX];
  if (snprintf(sibling, sizeof sibling, "%s-%s-%d", dir, program_invocation_short_name,
               (int)getpid()) >= (int)(sizeof sibling - sizeof "/" OI_TRACE_FILE_NAME))
    return 0; /* too long a path: the trace is refused as in use or replaced */
  fprintf(stderr,
          "ompt-inst: '%s' holds the trace of an earlier program of this run; recording %s "
          "into '%s'\n",
          dir, program_invocation_short_name, sibling);
  memcpy(dir, sibling, strlen(sibling) + 1);
  return 1;
}

int oi_run_folder_open(void) {
  const char *requested = getenv("OMPT_INST_DIR");
  int given = requested && *requested;
  const char *by_run = getenv("OMPT_INST_SUMMARY_BY_RUN");
  int summary_by_run = given && by_run && strcmp(by_run, "1") == 0;
  int made;
  if (given) {
    size_t length = strlen(requested);
    unsetenv("OMPT_INST_DIR");
    unsetenv("OMPT_INST_SUMMARY_BY_RUN");
    /* room for "/trace.oit" and the terminator */
    size_t longest = sizeof dir - sizeof "/" OI_TRACE_FILE_NAME;
    if (length > longest) {
      fprintf(stderr,
              "ompt-inst: OMPT_INST_DIR is %zu bytes long, longer than a run folder path may "
              "be (%zu bytes); not recording\n",
              length, longest);
      return -1;
    }
    memcpy(dir, requested, length + 1);
  }
  int rank = choose_rank_folder(given);
  if (rank < 0)
    return -1;
  int moved = given && !rank && move_past_sibling_trace();
  if (rank || given)
    made = make_folder(dir);
  else
    made = make_default_folder();
  if (made != 0)
    return -1;
  int err = oi_trace_open(dir);
  /* a program of the same run started at the same moment and won the trace */
  if (err == EBUSY && given && !rank && !moved && (moved = move_past_sibling_trace())) {
    if (make_folder(dir) != 0)
      return -1;
    err = oi_trace_open(dir);
  }
  if (!realpath(dir, absolute_dir))
    absolute_dir[0] = '\0';
  /* still the folder given: not a rank's, not moved past a sibling's trace */
  reported_by_run = summary_by_run && !rank && !moved;
  if (err == EBUSY) {
    fprintf(stderr,
            "ompt-inst: the trace in '%s' is being written by another process; "
            "not recording (give each run its own folder)\n",
            dir);
    return -1;
  }
  if (err) {
    const char *why = err == ELOOP                    ? "it is a symbolic link"
                      : err == EINVAL || err == ENXIO ? "it is not a regular file"
                                                      : strerror(err);
    fprintf(stderr, "ompt-inst: cannot create %s/%s: %s; not recording\n", dir, OI_TRACE_FILE_NAME,
            why);
    return -1;
  }
  return 0;
}
