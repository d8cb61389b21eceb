/* The run folder: where trace.oit goes. */
#ifndef OMPT_INST_SHIM_RUN_FOLDER_H
#define OMPT_INST_SHIM_RUN_FOLDER_H

/* OMPT_INST_DIR if set (then removed from the environment, so that child
 * processes make their own), else ompt-inst-<prog>-<pid> in the current
 * directory. Under a launcher (common/launcher.h) that is the job's folder
 * (without OMPT_INST_DIR: ompt-inst-<prog>-job-<id>) and the rank records in
 * its rank-<N> folder. Creates it and opens the trace in it, refusing a
 * trace another live process writes. 0 on success; otherwise
 * one warning line on stderr and -1: the program runs on unrecorded. */
int oi_run_folder_open(void);

/* The run folder as opened ("" before), for messages. */
const char *oi_run_folder(void);
/* The same as an absolute path, for reading it later: the program may have
 * changed its working folder since. */
const char *oi_run_folder_absolute(void);
/* 1 when the folder is the one `ompt-inst run` gave (OMPT_INST_DIR, with
 * OMPT_INST_SUMMARY_BY_RUN=1, both removed from the environment) and the
 * command prints its summary when the program ends, in its own process:
 * the shim then spawns none. 0 for another folder: a rank's, a later
 * program's of the same run, or one this process chose. */
int oi_run_folder_reported_by_run(void);

#endif
