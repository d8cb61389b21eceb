/* The table of host OMPT callbacks that tool.c registers (events.def's
 * host rows); the handlers live by concern in team_callbacks.c,
 * sync_callbacks.c and task_callbacks.c. */
#include "callbacks.h"
#include "host_callbacks.h"

const oi_callback_entry oi_host_callbacks[] = {OI_HOST_CALLBACKS(OI_CALLBACK_ENTRY)};
const size_t oi_host_callback_count = sizeof oi_host_callbacks / sizeof oi_host_callbacks[0];
const oi_callback_entry oi_error_callback[] = {OI_ERROR_CALLBACKS(OI_CALLBACK_ENTRY)};
