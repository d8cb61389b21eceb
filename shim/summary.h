/* The summary printed on stderr when a recorded program ends. */
#ifndef OMPT_INST_SHIM_SUMMARY_H
#define OMPT_INST_SHIM_SUMMARY_H

/* Runs `ompt-inst report DIR --format summary` (the command installed beside
 * this library) with its output on stderr, unless OMPT_INST_QUIET is set to
 * something other than 0. Says where the trace is if the command is missing. */
void oi_summary_print(const char *run_dir);

#endif
