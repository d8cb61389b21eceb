/* What the callback files give the tool: their callbacks, as tables that
 * tool.c registers, and ids shared by all of them. */
#ifndef OMPT_INST_SHIM_CALLBACKS_H
#define OMPT_INST_SHIM_CALLBACKS_H

#include <omp-tools.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "ompt-inst/events.h"

typedef struct oi_callback_entry {
  ompt_callbacks_t event;
  ompt_callback_t handler;
  /* registered instead when the runtime refuses `event` (0 = none) */
  ompt_callbacks_t fallback;
  ompt_callback_t fallback_handler;
} oi_callback_entry;

/* A table entry from a row of OI_OMPT_CALLBACKS (events.def), in the file
 * that defines the handler on_<callback> (and on_<callback>_emi). */
#define OI_CALLBACK_ENTRY(group, callback, kind, role)                                             \
  {ompt_callback_##callback, (ompt_callback_t)(on_##callback), 0, NULL},
#define OI_CALLBACK_EMI_ENTRY(group, callback, kind, role)                                         \
  {ompt_callback_##callback##_emi, (ompt_callback_t)(on_##callback##_emi),                         \
   ompt_callback_##callback, (ompt_callback_t)(on_##callback)},

/* Host callbacks (OMPT_INST_DISABLE_NATIVE=host), without control_tool. */
extern const oi_callback_entry oi_host_callbacks[];
extern const size_t oi_host_callback_count;
/* The error directive's callback, registered apart: some runtimes crash
 * calling it (tool.c). */
extern const oi_callback_entry oi_error_callback[1];
/* Device callbacks (OMPT_INST_DISABLE_NATIVE=target). */
extern const oi_callback_entry oi_device_callbacks[];
extern const size_t oi_device_callback_count;
/* Always registered: the compiler hooks find the shim through it. */
extern const oi_callback_entry oi_control_callback[1];

/* An OMPT scope endpoint as an event's (enum oi_endpoint). */
static inline unsigned oi_endpoint_of(ompt_scope_endpoint_t endpoint) {
  return endpoint == ompt_scope_begin ? OI_EP_BEGIN
         : endpoint == ompt_scope_end ? OI_EP_END
                                      : OI_EP_NONE;
}

/* A task's word (its task_data): id << 3 | these bits. */
#define OI_TASK_EXPLICIT 1u
#define OI_TASK_STARTED 2u /* an untied task's first schedule happened */
#define OI_TASK_UNTIED 4u  /* may resume on another thread */
#define OI_TASK_WORD(id, bits) ((uint64_t)(id) << 3 | (bits))
#define OI_TASK_ID(word) ((uint64_t)(word) >> 3)

#endif
