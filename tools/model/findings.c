/* The names of the finding kinds, from their table. */
#include "findings.h"

static const char *const finding_kind_names[] = {
#define OI_FINDING_NAME(id, name) name,
    OI_FINDING_KINDS(OI_FINDING_NAME)
#undef OI_FINDING_NAME
};

const char *oi_finding_kind_name(unsigned kind) {
  return kind < OI_FINDING_COUNT ? finding_kind_names[kind] : "unknown";
}
