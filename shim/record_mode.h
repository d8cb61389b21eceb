/* OMPT_INST_RECORD: what the shim records. The full record (default) or
 * only what the data-mapping analysis needs (`ompt-inst run --record data`):
 * the device callbacks and, in plugin builds, the hooks of device
 * constructs; no host construct, task or synchronisation event. */
#ifndef OMPT_INST_SHIM_RECORD_MODE_H
#define OMPT_INST_SHIM_RECORD_MODE_H

#include "ompt-inst/hooks.h"

/* Reads OMPT_INST_RECORD ("full", "data"; unset or empty: full), once at
 * start; an unknown value is said on stderr and records in full. */
void oi_record_mode_configure(const char *value);

/* 1 in the data-only mode. */
int oi_record_data_only(void);

/* The mode's name for the trace's `record` info key. */
const char *oi_record_mode_name(void);

/* The hook table the program gets: the full one, or in the data-only mode
 * one whose points record device constructs only. */
const ompt_inst_hooks *oi_recorded_hook_table(void);

#endif
