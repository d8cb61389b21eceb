/* The control_tool callback: hands the hook table to instrumented code and
 * honours omp_control_tool start/pause/flush/end. */
#include "callbacks.h"
#include "ompt-inst/events.h"
#include "record.h"
#include "record_mode.h"

/* omp_control_tool_t of omp.h (the shim does not include omp.h). */
enum { CONTROL_START = 1, CONTROL_PAUSE = 2, CONTROL_FLUSH = 3, CONTROL_END = 4 };
/* omp_control_tool_result_t values the callback returns. */
enum { CONTROL_SUCCESS = 0, CONTROL_IGNORED = 1 };

static void control_event(uint64_t command, uint64_t modifier, const void *codeptr_ra) {
  oi_thread *t;
  oi_event *e = oi_event_next(&t, OI_KIND_CONTROL_TOOL, OI_EP_NONE, OI_CONSTRUCT_OTHER, codeptr_ra);
  if (!e)
    return;
  OI_SET(e, CONTROL_TOOL, command, command);
  OI_SET(e, CONTROL_TOOL, modifier, modifier);
  oi_event_commit(t);
}

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr_ra) {
  if (command == OMPT_INST_CONTROL_COMMAND) {
    /* not an event: instrumented code asking for the hook table */
    if (arg)
      *(const ompt_inst_hooks **)arg = oi_recorded_hook_table();
    return 1;
  }
  switch (command) {
  case CONTROL_START: /* recorded once recording runs again */
    oi_record_resume();
    control_event(command, modifier, codeptr_ra);
    return CONTROL_SUCCESS;
  case CONTROL_PAUSE:
    control_event(command, modifier, codeptr_ra);
    oi_record_pause();
    return CONTROL_SUCCESS;
  case CONTROL_FLUSH:
    control_event(command, modifier, codeptr_ra);
    oi_record_request_flush();
    return CONTROL_SUCCESS;
  case CONTROL_END:
    control_event(command, modifier, codeptr_ra);
    oi_record_stop();
    return CONTROL_SUCCESS;
  default:
    control_event(command, modifier, codeptr_ra);
    return CONTROL_IGNORED;
  }
}

const oi_callback_entry oi_control_callback[] = {OI_CONTROL_CALLBACKS(OI_CALLBACK_ENTRY)};
