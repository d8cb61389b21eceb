/* Which events the model and the analysis read: the one statement of it.
 * The analysis reads the device events in time order (data operations,
 * kernels, target regions, the target constructs and target map items the
 * hooks report); every other event only widens the measured span. A reader
 * that delivers the model only what it models (the exit summary,
 * summary_events.h) also delivers what the model's rows and variables
 * read beside them: device lifecycle events, the device constructs and all
 * map items. */
#ifndef OMPT_INST_MODEL_MODELLED_EVENTS_H
#define OMPT_INST_MODEL_MODELLED_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "ompt-inst/events.h"

/* Whether a device construct's map items ask for data the device must
 * already hold (`target update`, `target exit data`): what the analysis
 * checks them for (mapping bugs, tools/analysis/mapping_bugs.c). */
static inline bool oi_construct_asks_present(unsigned construct) {
  return construct == OI_CONSTRUCT_TARGET_UPDATE || construct == OI_CONSTRUCT_TARGET_EXIT_DATA;
}

/* An event the analysis models (kept and sorted by time for it). */
bool oi_event_analysed(const oi_event *e);

/* The kinds (bits 1 << OI_KIND_*) a reader delivers to a model of the
 * device events, and which events of them it keeps. */
uint64_t oi_model_device_kinds(void);
bool oi_event_for_device_model(const oi_event *e);

#endif
