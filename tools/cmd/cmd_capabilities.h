/* `ompt-inst report DIR --capabilities`: per event kind, whether the run's
 * events came from the runtime, the compiler, both (merged) or were
 * inferred, next to what the runtime answered for the callbacks that
 * report that kind. */
#ifndef OMPT_INST_CMD_CAPABILITIES_H
#define OMPT_INST_CMD_CAPABILITIES_H

/* argv as given to `ompt-inst report`; returns the exit code. */
int oi_cmd_capabilities(int argc, char **argv);

#endif
