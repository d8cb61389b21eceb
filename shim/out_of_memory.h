/* Events the tool could not keep for want of memory, counted under their own
 * name: "lost" means only what the disk, a signal or the user's pause cost. */
#ifndef OMPT_INST_SHIM_OUT_OF_MEMORY_H
#define OMPT_INST_SHIM_OUT_OF_MEMORY_H

/* One event or counted instance not recorded: no memory for its thread when
 * the thread started, or for a counted site's slot. */
void oi_out_of_memory_note(void);

/* At the end: an INFO record `out_of_memory=EVENTS` when any was noted. */
void oi_out_of_memory_write(void);

#endif
