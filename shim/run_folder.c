/* Choosing and creating the run folder, then opening the trace in it. */
#include "run_folder.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "launcher.h"
#include "trace_file.h"

static int make_folder(const char *dir) {
  if (mkdir(dir, 0777) == 0)
    return 0;
  struct stat st;
  if (errno == EEXIST && stat(dir, &st) == 0)
    return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
  return errno;
}

static char dir[PATH_MAX];

const char *oi_run_folder(void) { return dir; }

/* Under a launcher the folder chosen above is the job's; the rank writes
 * <job>/rank-<N>, so ranks never share a trace. */
static int choose_rank_folder(const char *requested) {
  oi_launch launch;
  if (!oi_launch_detect_here(&launch))
    return 0;
  char job[PATH_MAX];
  if (requested)
    snprintf(job, sizeof job, "%s", requested);
  else /* the launcher's process is the one parent the ranks share */
    oi_launch_job_folder(program_invocation_short_name, &launch, (long)getppid(), job,
                         sizeof job);
  int err = make_folder(job);
  if (err)
    return err;
  return oi_launch_rank_folder(job, launch.rank, dir, sizeof dir) >= (int)sizeof dir
             ? ENAMETOOLONG
             : 0;
}

int oi_run_folder_open(void) {
  const char *requested = getenv("OMPT_INST_DIR");
  if (requested && *requested) {
    snprintf(dir, sizeof dir, "%s", requested);
    unsetenv("OMPT_INST_DIR");
  } else {
    requested = NULL;
    snprintf(dir, sizeof dir, "ompt-inst-%s-%d", program_invocation_short_name,
             (int)getpid());
  }
  int err = choose_rank_folder(requested ? dir : NULL);
  if (!err)
    err = make_folder(dir);
  if (!err)
    err = oi_trace_open(dir);
  if (err == EBUSY) {
    fprintf(stderr,
            "ompt-inst: the trace in '%s' is being written by another process; "
            "not recording (give each run its own folder)\n",
            dir);
    return -1;
  }
  if (err) {
    fprintf(stderr,
            "ompt-inst: cannot create run folder '%s': %s; not recording\n",
            dir, strerror(err));
    return -1;
  }
  return 0;
}
