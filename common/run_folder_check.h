/* Whether an existing folder may receive a run's trace: shared by the shim
 * (OMPT_INST_DIR) and `ompt-inst run -o`, so a planted or shared folder is
 * never written into. */
#ifndef OMPT_INST_RUN_FOLDER_CHECK_H
#define OMPT_INST_RUN_FOLDER_CHECK_H

/* NULL if `path` is a real folder (not a symbolic link) of the effective
 * user, not writable by group or others, holding nothing but an earlier
 * run's files (trace.oit, trace.reserve, an MPI job's rank-<N> folders); else why not, as a phrase
 * that follows "it" ("is a symbolic link", "belongs to another user", "is not writable", ...). */
const char *oi_run_folder_unusable(const char *path);

#endif
