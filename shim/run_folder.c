/* Choosing and creating the run folder, then opening the trace in it. */
#include "run_folder.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

int oi_run_folder_open(void) {
  const char *requested = getenv("OMPT_INST_DIR");
  if (requested && *requested) {
    snprintf(dir, sizeof dir, "%s", requested);
    unsetenv("OMPT_INST_DIR");
  } else {
    snprintf(dir, sizeof dir, "ompt-inst-%s-%d", program_invocation_short_name,
             (int)getpid());
  }
  int err = make_folder(dir);
  if (!err)
    err = oi_trace_open(dir);
  if (err) {
    fprintf(stderr,
            "ompt-inst: cannot create run folder '%s': %s; not recording\n",
            dir, strerror(err));
    return -1;
  }
  return 0;
}
