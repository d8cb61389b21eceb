/* Names and properties of the event model, generated from the rows of
 * include/ompt-inst/events.def. */
#include "ompt-inst/events.h"

#include <stddef.h>

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static const char *const kind_names[] = {
#define KIND_NAME(id, name) name,
    OI_EVENT_KINDS(KIND_NAME)
#undef KIND_NAME
};

enum {
#define TYPE_PROPERTIES(type, ctype, bits, is_signed, hex)                                         \
  BITS_##type = bits, SIGNED_##type = is_signed, HEX_##type = hex,
  OI_FIELD_TYPES(TYPE_PROPERTIES)
#undef TYPE_PROPERTIES
};

/* Every field row, and the kind of each; the rows of a kind are adjacent
 * (test_event_names), so a kind's fields are a run of `fields`. */
static const oi_field fields[] = {
#define FIELD_ROW(kind, name, slot, type, when, link)                                              \
  {#name,         slot,       OI_FIELD_##type, BITS_##type,                                        \
   SIGNED_##type, HEX_##type, OI_WHEN_##when,  OI_LINK_##link},
    OI_EVENT_FIELDS(FIELD_ROW)
#undef FIELD_ROW
};
static const uint8_t field_kinds[] = {
#define FIELD_KIND(kind, name, slot, type, when, link) OI_KIND_##kind,
    OI_EVENT_FIELDS(FIELD_KIND)
#undef FIELD_KIND
};

static const char *const construct_names[] = {
#define CONSTRUCT_NAME(id, name, category, native, data, flags, as) name,
    OI_CONSTRUCTS(CONSTRUCT_NAME)
#undef CONSTRUCT_NAME
};

static const struct construct_properties {
  uint8_t category, native_kind, data, flags;
} construct_properties[] = {
#define CONSTRUCT_PROPERTIES(id, name, category, native, data, flags, as)                          \
  {OI_CATEGORY_OF_##id, OI_NATIVE_KIND_OF_##id, OI_DATA_OF_##id, OI_FLAGS_OF_##id},
    OI_CONSTRUCTS(CONSTRUCT_PROPERTIES)
#undef CONSTRUCT_PROPERTIES
};

/* Bit per construct the runtime may name each construct's instances by:
 * its own, and its REPORTED_AS. */
#define SELF 0
#define AS(c) (UINT64_C(1) << OI_CONSTRUCT_##c)
#define AS2(c, d) (AS(c) | AS(d))
static const uint64_t reported_as[] = {
#define CONSTRUCT_REPORTED_AS(id, name, category, native, data, flags, as) AS(id) | as,
    OI_CONSTRUCTS(CONSTRUCT_REPORTED_AS)
#undef CONSTRUCT_REPORTED_AS
};
#undef SELF
#undef AS
#undef AS2
_Static_assert(OI_CONSTRUCT_COUNT <= 64, "reported_as holds a bit per construct");

static const char *const data_op_names[] = {
#define DATA_OP_NAME(id, name) name,
    OI_DATA_OPS(DATA_OP_NAME)
#undef DATA_OP_NAME
};

static const char *const origin_names[] = {
#define ORIGIN_NAME(id, name, label) name,
    OI_ORIGINS(ORIGIN_NAME)
#undef ORIGIN_NAME
};

static const char *const origin_labels[] = {
#define ORIGIN_LABEL(id, name, label) label,
    OI_ORIGINS(ORIGIN_LABEL)
#undef ORIGIN_LABEL
};

static const char *const mpi_call_names[] = {
#define MPI_CALL_NAME(id, name) name,
    OI_MPI_CALLS(MPI_CALL_NAME)
#undef MPI_CALL_NAME
};

static const char *const endpoint_names[] = {"", "begin", "end"};

static const char *name_or_unknown(const char *const *names, size_t count, unsigned index) {
  return index < count ? names[index] : "unknown";
}

const char *oi_kind_name(unsigned kind) {
  return name_or_unknown(kind_names, COUNT_OF(kind_names), kind);
}

const oi_field *oi_kind_fields(unsigned kind, unsigned *count) {
  *count = 0;
  const oi_field *first = NULL;
  for (size_t i = 0; i < COUNT_OF(fields); i++) {
    if (field_kinds[i] == kind) {
      if (!first)
        first = &fields[i];
      (*count)++;
    } else if (first) {
      break; /* the end of the kind's run */
    }
  }
  return first;
}

int oi_field_present(const oi_event *e, const oi_field *f) {
  if (f->when == OI_WHEN_DEVICE_BEGIN)
    return e->endpoint == OI_EP_BEGIN && oi_construct_category(e->construct) == OI_CATEGORY_DEVICE;
  if (f->when == OI_WHEN_HASH_VALID)
    return (e->flags & OI_FLAG_HASH_VALID) != 0;
  return 1;
}

/* Per kind, the slot + 1 of its field of each link (0 = none). */
#define IF_LINKED_NONE(...)
#define IF_LINKED_REGION(...) __VA_ARGS__
#define IF_LINKED_DEVICE(...) __VA_ARGS__
static const uint8_t link_slots[OI_KIND_COUNT][3] = {
#define LINK_SLOT(kind, name, slot, type, when, link)                                              \
  IF_LINKED_##link([OI_KIND_##kind][OI_LINK_##link] = (slot) + 1, )
    OI_EVENT_FIELDS(LINK_SLOT)
#undef LINK_SLOT
};

/* The slot + 1 of the event's field with this link, 0 if none. */
static unsigned link_slot(const oi_event *e, enum oi_field_link link) {
  if (e->kind >= OI_KIND_COUNT || link == OI_LINK_NONE || link > OI_LINK_DEVICE)
    return 0;
  return link_slots[e->kind][link];
}

int oi_event_link(const oi_event *e, enum oi_field_link link, uint64_t *word) {
  unsigned slot = link_slot(e, link);
  if (slot)
    *word = e->u.generic[slot - 1];
  return slot != 0;
}

int oi_event_set_link(oi_event *e, enum oi_field_link link, uint64_t word) {
  unsigned slot = link_slot(e, link);
  if (slot)
    e->u.generic[slot - 1] = word;
  return slot != 0;
}

const char *oi_construct_name(unsigned construct) {
  return name_or_unknown(construct_names, COUNT_OF(construct_names), construct);
}

unsigned oi_construct_category(unsigned construct) {
  return construct < OI_CONSTRUCT_COUNT ? construct_properties[construct].category
                                        : OI_CATEGORY_OTHER;
}

unsigned oi_construct_native_kind(unsigned construct) {
  return construct < OI_CONSTRUCT_COUNT ? construct_properties[construct].native_kind
                                        : OI_KIND_HOOKS_ONLY;
}

unsigned oi_construct_data_motion(unsigned construct) {
  return construct < OI_CONSTRUCT_COUNT ? construct_properties[construct].data : OI_DATA_NONE;
}

unsigned oi_construct_flags(unsigned construct) {
  return construct < OI_CONSTRUCT_COUNT ? construct_properties[construct].flags : 0;
}

int oi_construct_reported_as(unsigned written, unsigned reported) {
  return written < OI_CONSTRUCT_COUNT && reported < OI_CONSTRUCT_COUNT &&
         (reported_as[written] >> reported & 1);
}

int oi_construct_reported_by(unsigned written, unsigned kind, unsigned reported) {
  return oi_construct_native_kind(written) == kind && oi_construct_reported_as(written, reported);
}

const char *oi_data_op_name(unsigned op) {
  return name_or_unknown(data_op_names, COUNT_OF(data_op_names), op);
}

const char *oi_origin_name(unsigned origin) {
  return name_or_unknown(origin_names, COUNT_OF(origin_names), origin);
}

const char *oi_origin_label(unsigned origin) {
  return name_or_unknown(origin_labels, COUNT_OF(origin_labels), origin);
}

const char *oi_endpoint_name(unsigned endpoint) {
  return name_or_unknown(endpoint_names, COUNT_OF(endpoint_names), endpoint);
}

const char *oi_mpi_call_name(unsigned call) {
  return name_or_unknown(mpi_call_names, COUNT_OF(mpi_call_names), call);
}
