/* Generated from the runtime's own omp-tools.h table. */
#include "ompt_callback_names.h"

#include <omp-tools.h>
#include <stddef.h>
#include <string.h>

const char *oi_ompt_callback_name(unsigned callback) {
  static const char prefix[] = "ompt_callback_";
  switch (callback) {
#define CALLBACK_CASE(name, type, value)                                                           \
  case value:                                                                                      \
    return #name + sizeof prefix - 1;
    FOREACH_OMPT_EVENT(CALLBACK_CASE)
#undef CALLBACK_CASE
  default:
    return NULL;
  }
}
