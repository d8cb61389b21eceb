/* What the shim keeps from a compiler site descriptor (see hooks.h). */
#ifndef OMPT_INST_SHIM_SITE_DESCRIPTOR_H
#define OMPT_INST_SHIM_SITE_DESCRIPTOR_H

#include <stddef.h>
#include <stdint.h>

typedef struct oi_site_info {
  uint8_t construct;  /* enum oi_construct of the leading leaf construct */
  uint8_t team_begin; /* construct starts with parallel or teams: BEGIN/END
                         points are implicit tasks */
  uint16_t map_items; /* map= lines */
} oi_site_info;

/* Parse a descriptor. 0 on success, -1 when the magic line is wrong. */
int oi_site_parse(const char *descriptor, oi_site_info *info);

/* The leading leaf construct of a spelling such as "target teams distribute
 * parallel for" (OI_CONSTRUCT_TARGET); OI_CONSTRUCT_OTHER if unknown. */
unsigned oi_leading_construct(const char *spelling, size_t length);

#endif
