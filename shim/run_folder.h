/* The run folder: where trace.oit goes. */
#ifndef OMPT_INST_SHIM_RUN_FOLDER_H
#define OMPT_INST_SHIM_RUN_FOLDER_H

/* OMPT_INST_DIR if set (then removed from the environment, so that child
 * processes make their own), else ompt-inst-<prog>-<pid> in the current
 * directory. Creates it and opens the trace in it. 0 on success; otherwise
 * one warning line on stderr and -1: the program runs on unrecorded. */
int oi_run_folder_open(void);

/* The run folder as opened ("" before). */
const char *oi_run_folder(void);

#endif
