/* The unified event model: enumerations, the 80-byte event record and its
 * named-field accessors, all generated from the rows of events.def. A new
 * event kind is one row in OI_EVENT_KINDS plus its rows in OI_EVENT_FIELDS
 * (and OI_OMPT_CALLBACKS when a runtime callback reports it). */
#ifndef OMPT_INST_EVENTS_H
#define OMPT_INST_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "ompt-inst/events.def"

#ifdef __cplusplus
extern "C" {
#endif

enum oi_kind {
#define OI_KIND_ENUM(id, name) OI_KIND_##id,
  OI_EVENT_KINDS(OI_KIND_ENUM)
#undef OI_KIND_ENUM
      OI_KIND_COUNT,
  /* a construct no runtime callback reports (NATIVE_KIND of OI_CONSTRUCTS) */
  OI_KIND_HOOKS_ONLY = OI_KIND_COUNT
};

/* OI_IF_REPORTS(ROLE, text): the text for a REPORTS row of
 * OI_OMPT_CALLBACKS, nothing for a PART row. */
#define OI_IF_REPORTS(role, ...) OI_IF_REPORTS_##role(__VA_ARGS__)
#define OI_IF_REPORTS_REPORTS(...) __VA_ARGS__
#define OI_IF_REPORTS_PART(...)

enum oi_construct {
#define OI_CONSTRUCT_ENUM(id, name, category, native, data, flags, as) OI_CONSTRUCT_##id,
  OI_CONSTRUCTS(OI_CONSTRUCT_ENUM)
#undef OI_CONSTRUCT_ENUM
      OI_CONSTRUCT_COUNT
};

/* Construct properties (columns of OI_CONSTRUCTS). */
enum oi_construct_category {
  OI_CATEGORY_OTHER,
  OI_CATEGORY_TEAM,
  OI_CATEGORY_WORK,
  OI_CATEGORY_SYNC,
  OI_CATEGORY_TASK,
  OI_CATEGORY_MUTEX,
  OI_CATEGORY_DEVICE,
};
enum oi_data_motion {
  OI_DATA_NONE,
  OI_DATA_MAPS,
  OI_DATA_ENTER,
  OI_DATA_EXIT,
  OI_DATA_UPDATE,
};
enum oi_construct_flag { OI_CONSTRUCT_FLAG_COUNTED = 1 };
#define OI_CONSTRUCT_FLAG_0 0

/* Per construct, as compile-time constants (usable in switch cases and
 * static assertions, by the plugin too): OI_CATEGORY_OF_<ID>,
 * OI_NATIVE_KIND_OF_<ID>, OI_DATA_OF_<ID>, OI_FLAGS_OF_<ID>. */
enum oi_construct_properties {
#define OI_CONSTRUCT_PROPERTIES(id, name, category, native, data, flags, as)                       \
  OI_CATEGORY_OF_##id = OI_CATEGORY_##category, OI_NATIVE_KIND_OF_##id = OI_KIND_##native,         \
  OI_DATA_OF_##id = OI_DATA_##data, OI_FLAGS_OF_##id = OI_CONSTRUCT_FLAG_##flags,
  OI_CONSTRUCTS(OI_CONSTRUCT_PROPERTIES)
#undef OI_CONSTRUCT_PROPERTIES
};

enum oi_data_op {
#define OI_DATA_OP_ENUM(id, name) OI_DATA_OP_##id,
  OI_DATA_OPS(OI_DATA_OP_ENUM)
#undef OI_DATA_OP_ENUM
      OI_DATA_OP_COUNT
};

enum oi_endpoint { OI_EP_NONE = 0, OI_EP_BEGIN = 1, OI_EP_END = 2 };

enum oi_origin {
#define OI_ORIGIN_ENUM(id, name, label) OI_ORIGIN_##id,
  OI_ORIGINS(OI_ORIGIN_ENUM)
#undef OI_ORIGIN_ENUM
      OI_ORIGIN_COUNT
};

enum oi_mpi_call {
#define OI_MPI_CALL_ENUM(id, name) OI_MPI_##id,
  OI_MPI_CALLS(OI_MPI_CALL_ENUM)
#undef OI_MPI_CALL_ENUM
      OI_MPI_CALL_COUNT
};

enum oi_event_flag {
#define OI_FLAG_ENUM(id, bit, name) OI_FLAG_##id = bit,
  OI_EVENT_FLAGS(OI_FLAG_ENUM)
#undef OI_FLAG_ENUM
};

/* One event as recorded; fixed size, little-endian, written as is. */
typedef struct oi_event {
  uint64_t time_ns;  /* CLOCK_MONOTONIC, ns */
  uint8_t kind;      /* enum oi_kind */
  uint8_t endpoint;  /* enum oi_endpoint */
  uint8_t origin;    /* enum oi_origin */
  uint8_t construct; /* enum oi_construct */
  uint8_t flags;     /* enum oi_event_flag bits */
  uint8_t op;        /* enum oi_data_op for DATA_OP */
  uint16_t var;      /* 1-based map item of `site` for DATA_OP/MAP, 0 = none */
  uint32_t thread;   /* tool thread number: 0 = initial thread */
  uint32_t site;     /* compiler site id, 0 = none */
  uint64_t codeptr;  /* OMPT codeptr_ra, 0 = none */
  union {
    /* the kind's fields by slot (OI_EVENT_FIELDS): read and write them
     * through OI_GET / OI_SET, never by index */
    uint64_t generic[5];
    struct {
      uint64_t bytes;
      uint64_t host_addr;
      uint64_t device_addr;
      uint64_t hash; /* XXH3-64 of the host side, see flags */
      uint64_t duration_ns;
    } data;
  } u;
  int32_t device; /* device number for device events, -1 = host/none */
  uint32_t reserved;
} oi_event;

#ifdef __cplusplus
#define OI_STATIC_ASSERT(condition, why) static_assert(condition, why)
#else
#define OI_STATIC_ASSERT(condition, why) _Static_assert(condition, why)
#endif
OI_STATIC_ASSERT(sizeof(oi_event) == 80, "oi_event is part of the trace ABI");

/* Field types (OI_FIELD_TYPES). */
enum oi_field_type {
#define OI_FIELD_TYPE_ENUM(type, ctype, bits, is_signed, hex) OI_FIELD_##type,
  OI_FIELD_TYPES(OI_FIELD_TYPE_ENUM)
#undef OI_FIELD_TYPE_ENUM
};
#define OI_FIELD_TYPE_ROW(type, ctype, bits, is_signed, hex) typedef ctype oi_field_ctype_##type;
OI_FIELD_TYPES(OI_FIELD_TYPE_ROW)
#undef OI_FIELD_TYPE_ROW

/* When a field holds a value, what it links (columns of OI_EVENT_FIELDS). */
enum oi_field_when { OI_WHEN_ALWAYS, OI_WHEN_DEVICE_BEGIN, OI_WHEN_HASH_VALID };
enum oi_field_link { OI_LINK_NONE, OI_LINK_REGION, OI_LINK_DEVICE };

/* The generated accessor layer: oi_get_<KIND>_<field>(e) and
 * oi_set_<KIND>_<field>(e, v) for every row, through OI_GET / OI_SET. The
 * only code that indexes oi_event.u.generic. */
#define OI_GET(e, kind, field) oi_get_##kind##_##field(e)
#define OI_SET(e, kind, field, value) oi_set_##kind##_##field(e, value)

#define OI_FIELD_ACCESSORS(kind, field, slot, type, when, link)                                    \
  OI_STATIC_ASSERT((slot) < 5, "a field's slot is a word of oi_event.u");                          \
  static inline oi_field_ctype_##type oi_get_##kind##_##field(const oi_event *e) {                 \
    return (oi_field_ctype_##type)e->u.generic[slot];                                              \
  }                                                                                                \
  static inline void oi_set_##kind##_##field(oi_event *e, oi_field_ctype_##type value) {           \
    e->u.generic[slot] = (uint64_t)value;                                                          \
  }
OI_EVENT_FIELDS(OI_FIELD_ACCESSORS)
#undef OI_FIELD_ACCESSORS

/* The slot of each field: OI_SLOT_<KIND>_<field>. */
enum oi_field_slot {
#define OI_FIELD_SLOT(kind, field, slot, type, when, link) OI_SLOT_##kind##_##field = slot,
  OI_EVENT_FIELDS(OI_FIELD_SLOT)
#undef OI_FIELD_SLOT
};

/* u.data names data_op's words as its rows do. */
#define OI_DATA_MEMBER_AT_SLOT(field)                                                              \
  OI_STATIC_ASSERT(offsetof(oi_event, u.data.field) ==                                             \
                       offsetof(oi_event, u.generic) + 8 * OI_SLOT_DATA_OP_##field,                \
                   "u.data follows the data_op rows of OI_EVENT_FIELDS");
OI_DATA_MEMBER_AT_SLOT(bytes)
OI_DATA_MEMBER_AT_SLOT(host_addr)
OI_DATA_MEMBER_AT_SLOT(device_addr)
OI_DATA_MEMBER_AT_SLOT(hash)
OI_DATA_MEMBER_AT_SLOT(duration_ns)
#undef OI_DATA_MEMBER_AT_SLOT

/* One field as a table entry, for code that walks a kind's fields. */
typedef struct oi_field {
  const char *name;
  uint8_t slot;
  uint8_t type; /* enum oi_field_type */
  uint8_t bits;
  uint8_t is_signed;
  uint8_t hex;  /* printed as a hex string (addresses, hashes) */
  uint8_t when; /* enum oi_field_when */
  uint8_t link; /* enum oi_field_link */
} oi_field;

/* The fields of `kind` in row order; *count = 0 (NULL) for none. */
const oi_field *oi_kind_fields(unsigned kind, unsigned *count);
/* The raw word of a field; its value is (type)word. */
static inline uint64_t oi_field_word(const oi_event *e, const oi_field *f) {
  return e->u.generic[f->slot];
}
/* Whether the event holds a value for the field (WHEN column). */
int oi_field_present(const oi_event *e, const oi_field *f);
/* The word of the event's field with this LINK (its kind's first), and
 * whether its kind has one: the parallel region a worksharing event runs
 * in, the device a device event names. */
int oi_event_link(const oi_event *e, enum oi_field_link link, uint64_t *word);
/* Sets that field, if the event's kind has one; whether it has. */
int oi_event_set_link(oi_event *e, enum oi_field_link link, uint64_t word);

const char *oi_kind_name(unsigned kind);
const char *oi_construct_name(unsigned construct);
unsigned oi_construct_category(unsigned construct);
unsigned oi_construct_native_kind(unsigned construct);
unsigned oi_construct_data_motion(unsigned construct);
unsigned oi_construct_flags(unsigned construct);
/* Whether the runtime may name an instance of `written` (the construct as
 * the program wrote it) as `reported` (OI_CONSTRUCTS' REPORTED_AS). */
int oi_construct_reported_as(unsigned written, unsigned reported);
/* Whether a runtime event of `kind` naming `reported` reports an instance
 * of `written`: its native kind, under one of its names. */
int oi_construct_reported_by(unsigned written, unsigned kind, unsigned reported);
const char *oi_data_op_name(unsigned op);
const char *oi_origin_name(unsigned origin);
const char *oi_origin_label(unsigned origin);
const char *oi_endpoint_name(unsigned endpoint);
const char *oi_mpi_call_name(unsigned call);

#ifdef __cplusplus
}
#endif

#endif
