/* The mapping check's switch (mapping_check.h). */
#include "mapping_check.h"

#include <stdio.h>
#include <string.h>

static int mapping;

void oi_mapping_check_configure(const char *value) {
  mapping = value && strcmp(value, "mapping") == 0;
  if (value && value[0] && !mapping)
    fprintf(stderr, "ompt-inst: OMPT_INST_CHECK: unknown check '%s' (expected mapping); ignored\n",
            value);
}

int oi_mapping_check(void) { return mapping; }
