/* The words of a finding (finding_words.h). */
#include "finding_words.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "format.h"

static const char *const kind_names[] = {
    [OI_FINDING_DUPLICATE_TRANSFER] = "duplicate_transfer",
    [OI_FINDING_ROUND_TRIP] = "round_trip",
    [OI_FINDING_REPEATED_ALLOC] = "repeated_alloc",
    [OI_FINDING_UNUSED_ALLOC] = "unused_alloc",
    [OI_FINDING_UNUSED_TRANSFER] = "unused_transfer",
    [OI_FINDING_IDENTICAL_CONTENT] = "identical_content",
    [OI_FINDING_UPDATE_OF_ABSENT_DATA] = "update_of_absent_data",
    [OI_FINDING_EXIT_OF_ABSENT_DATA] = "exit_of_absent_data",
    [OI_FINDING_UNINITIALIZED_DEVICE_READ] = "uninitialized_device_read",
    [OI_FINDING_STALE_DEVICE_DATA] = "stale_device_data",
};
_Static_assert(sizeof kind_names / sizeof *kind_names == OI_FINDING_COUNT,
               "every finding kind has a name");

const char *oi_finding_kind_name(unsigned kind) {
  return kind < OI_FINDING_COUNT && kind_names[kind] ? kind_names[kind] : "unknown";
}

/* What a finding's count counts: identical content saves nothing. */
const char *oi_finding_counted(const oi_finding *f) {
  if (f->kind == OI_FINDING_IDENTICAL_CONTENT)
    return "same as another variable";
  return f->may_change ? "with the same content this run" : "avoidable";
}

const char *oi_finding_certainty(const oi_finding *f) {
  if (f->may_change)
    return ", low confidence (a kernel in between may write it)";
  return f->sampled ? ", probable (sampled hashes)" : "";
}

const char *oi_finding_confidence(const oi_finding *f) {
  return f->may_change ? "low" : f->sampled ? "probable" : "certain";
}

const char *oi_finding_instantiations(const oi_finding *f, char *buf, size_t size) {
  if (f->at.instantiations <= 1)
    return "";
  snprintf(buf, size, " (%u template instantiations)", f->at.instantiations);
  return buf;
}

const char *oi_profile_hashing(const oi_profile *p) {
  if (!p->hash_mode)
    return NULL;
  if (strcmp(p->hash_mode, "sampled") == 0)
    return "sampled: findings on sampled transfers are probable (OMPT_INST_HASH=full confirms)";
  if (strcmp(p->hash_mode, "full") == 0)
    return "full: every transfer hashed whole";
  if (strcmp(p->hash_mode, "off") == 0)
    return "off: no content compared (no duplicate, round-trip or identical-content findings)";
  return p->hash_mode;
}

const char *oi_potential_words(const oi_analysis_totals *t, const char *arrow, char *text,
                               size_t size) {
  char saved[64], bytes[64], measured[64], predicted[64];
  snprintf(text, size, "%s and %s of transfers avoidable; %s %s %s predicted (%.2fx%s)",
           oi_format_ns(t->saved_ns, saved, sizeof saved),
           oi_format_bytes(t->saved_bytes, bytes, sizeof bytes),
           oi_format_ns(t->measured_ns, measured, sizeof measured), arrow,
           oi_format_ns(t->predicted_ns, predicted, sizeof predicted), t->speedup,
           t->upper_bound ? ", an upper bound" : "");
  return text;
}

const char *oi_potential_short_words(const oi_analysis_totals *t, char *text, size_t size) {
  char saved[32], bytes[32];
  snprintf(text, size, "%s and %s avoidable (predicted speedup %.2fx%s)",
           oi_format_ns(t->saved_ns, saved, sizeof saved),
           oi_format_bytes(t->saved_bytes, bytes, sizeof bytes), t->speedup,
           t->upper_bound ? ", an upper bound" : "");
  return text;
}

const char *oi_data_op_source_words(const oi_profile *profile) {
  switch (oi_profile_data_op_source(profile)) {
  case OI_DATA_OPS_RUNTIME:
    return "from the runtime";
  case OI_DATA_OPS_INFERRED:
    return "inferred from map clauses (the runtime reports none)";
  case OI_DATA_OPS_PARTLY_INFERRED:
    return "partly inferred from map clauses";
  case OI_DATA_OPS_NONE:
    break;
  }
  return NULL;
}

/* What a bug's count counts: "1 time, `target update` moved nothing". */
static const char *bug_counted(const oi_finding *f) {
  switch (f->kind) {
  case OI_FINDING_UPDATE_OF_ABSENT_DATA:
    return "`target update` moved nothing";
  case OI_FINDING_EXIT_OF_ABSENT_DATA:
    return "`target exit data` found it absent";
  case OI_FINDING_STALE_DEVICE_DATA:
    return "kernel read an older device copy";
  default:
    return f->op == OI_DATA_OP_FROM_DEVICE ? "copied back unwritten" : "kernel read it unwritten";
  }
}

bool oi_finding_checked(const oi_profile *p, unsigned kind) {
  /* stale data needs the host copies' content, which only the check records */
  return kind != OI_FINDING_STALE_DEVICE_DATA || (p->check && strcmp(p->check, "mapping") == 0);
}

const char *oi_finding_class(const oi_finding *f) {
  return oi_finding_is_bug(f->kind) ? "bug" : "cost";
}

const char *oi_finding_counts(const oi_finding *f, char *text, size_t size) {
  if (oi_finding_is_bug(f->kind))
    snprintf(text, size, "%" PRIu64 " time%s, %s on device %d", f->count, f->count == 1 ? "" : "s",
             bug_counted(f), (int)f->device);
  else
    snprintf(text, size, "%" PRIu64 " of %" PRIu64 " %s %s", f->count, f->total,
             oi_data_op_name(f->op), oi_finding_counted(f));
  return text;
}

const char *oi_finding_line(size_t number, const oi_finding *f, const char *var, const char *where,
                            char *text, size_t size) {
  char instances[64], counts[160], bytes[64], time[64];
  snprintf(text, size, "%zu. %s of %s at %s%s: %s", number, oi_finding_kind_name(f->kind), var,
           where, oi_finding_instantiations(f, instances, sizeof instances),
           oi_finding_counts(f, counts, sizeof counts));
  size_t used = strlen(text);
  if (oi_finding_is_bug(f->kind)) /* wrong data: no bytes or time to save */
    snprintf(text + used, size - used, ", %s", oi_finding_confidence(f));
  else
    snprintf(text + used, size - used, ", %s, %s%s", oi_format_bytes(f->bytes, bytes, sizeof bytes),
             oi_format_ns(f->time_ns, time, sizeof time), oi_finding_certainty(f));
  return text;
}
