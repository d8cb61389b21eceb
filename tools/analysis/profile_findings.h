/* The detectors as the report model's `analyse` step. */
#ifndef OMPT_INST_ANALYSIS_PROFILE_FINDINGS_H
#define OMPT_INST_ANALYSIS_PROFILE_FINDINGS_H

#include "analysis.h"
#include "model/profile.h"

/* Fills the profile's findings, finding places, totals and memory samples
 * from its device events. 0, or -1 when out of memory. */
int oi_profile_analyse(oi_profile *profile);

#endif
