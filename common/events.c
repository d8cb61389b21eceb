/* Names of the event model, generated from the tables in events.h. */
#include "ompt-inst/events.h"

#include <stddef.h>

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static const char *const kind_names[] = {
#define KIND_NAME(id, name, a, b, c, d) name,
    OI_EVENT_KINDS(KIND_NAME)
#undef KIND_NAME
};

static const char *const kind_fields[][4] = {
#define KIND_FIELDS(id, name, a, b, c, d) {a, b, c, d},
    OI_EVENT_KINDS(KIND_FIELDS)
#undef KIND_FIELDS
};

static const char *const construct_names[] = {
#define CONSTRUCT_NAME(id, name) name,
    OI_CONSTRUCTS(CONSTRUCT_NAME)
#undef CONSTRUCT_NAME
};

static const char *const data_op_names[] = {
#define DATA_OP_NAME(id, name) name,
    OI_DATA_OPS(DATA_OP_NAME)
#undef DATA_OP_NAME
};

static const char *const origin_names[] = {
#define ORIGIN_NAME(id, name) name,
    OI_ORIGINS(ORIGIN_NAME)
#undef ORIGIN_NAME
};

static const char *const mpi_call_names[] = {
#define MPI_CALL_NAME(id, name) name,
    OI_MPI_CALLS(MPI_CALL_NAME)
#undef MPI_CALL_NAME
};

static const char *const endpoint_names[] = {"", "begin", "end"};

static const char *name_or_unknown(const char *const *names, size_t count,
                                   unsigned index) {
  return index < count ? names[index] : "unknown";
}

const char *oi_kind_name(unsigned kind) {
  return name_or_unknown(kind_names, COUNT_OF(kind_names), kind);
}

const char *oi_kind_field_name(unsigned kind, unsigned field) {
  if (kind >= COUNT_OF(kind_fields) || field >= 4)
    return NULL;
  return kind_fields[kind][field];
}

const char *oi_construct_name(unsigned construct) {
  return name_or_unknown(construct_names, COUNT_OF(construct_names), construct);
}

const char *oi_data_op_name(unsigned op) {
  return name_or_unknown(data_op_names, COUNT_OF(data_op_names), op);
}

const char *oi_origin_name(unsigned origin) {
  return name_or_unknown(origin_names, COUNT_OF(origin_names), origin);
}

const char *oi_endpoint_name(unsigned endpoint) {
  return name_or_unknown(endpoint_names, COUNT_OF(endpoint_names), endpoint);
}

const char *oi_mpi_call_name(unsigned call) {
  return name_or_unknown(mpi_call_names, COUNT_OF(mpi_call_names), call);
}
