/* The plain-text words of a run whose OpenMP runtime never started (the
 * text and annotate reports): why nothing was recorded, and the
 * directives of the program's sources (model/unseen_directives.h). */
#ifndef OMPT_INST_REPORT_UNSEEN_TEXT_H
#define OMPT_INST_REPORT_UNSEEN_TEXT_H

#include <stdio.h>

#include "model/profile.h"

/* Wrapped at `width` columns; one line per directive: "u.f90:7  target ...". */
void oi_write_unseen_directives(const oi_profile *profile, FILE *out, unsigned width);

#endif
