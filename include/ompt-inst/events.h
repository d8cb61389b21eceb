/* The unified event model: one table of event kinds, constructs and data
 * operations from which names, the binary record and the JSON dump are made.
 * A new event kind is one line in OI_EVENT_KINDS. */
#ifndef OMPT_INST_EVENTS_H
#define OMPT_INST_EVENTS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* X(ID, "json kind", "name of a", "name of b", "name of c", "name of d")
 * a..d are the kind-specific generic fields of oi_event (NULL = unused).
 * Data operations use the dedicated `data` member instead. */
#define OI_EVENT_KINDS(X)                                                     \
  X(THREAD, "thread", "thread_type", NULL, NULL, NULL)                        \
  X(PARALLEL, "parallel", "parallel_id", "team_size", "flags", NULL)          \
  X(IMPLICIT_TASK, "implicit_task", "parallel_id", "team_size",               \
    "thread_num", "task_id")                                                  \
  X(WORK, "work", "parallel_id", "task_id", "count", "work_type")             \
  X(DISPATCH, "dispatch", "parallel_id", "task_id", "chunk_start",            \
    "chunk_iterations")                                                       \
  X(SYNC, "sync", "parallel_id", "task_id", "wait_ns", "sync_kind")           \
  X(MUTEX, "mutex", "wait_id", "wait_ns", "mutex_kind", NULL)                 \
  X(LOCK_INIT, "lock_init", "wait_id", "hint", "mutex_kind", NULL)            \
  X(LOCK_DESTROY, "lock_destroy", "wait_id", NULL, "mutex_kind", NULL)        \
  X(NEST_LOCK, "nest_lock", "wait_id", NULL, NULL, NULL)                      \
  X(TASK_CREATE, "task_create", "task_id", "parent_task_id", "task_flags",    \
    "has_dependences")                                                        \
  X(TASK, "task", "task_id", "prior_status", "task_flags", NULL)              \
  X(DEPENDENCE, "dependence", "task_id", "dep_count", "sink_task_id", NULL)   \
  X(MASKED, "masked", "parallel_id", "task_id", NULL, NULL)                   \
  X(FLUSH, "flush", NULL, NULL, NULL, NULL)                                   \
  X(CANCEL, "cancel", "task_id", "cancel_flags", NULL, NULL)                  \
  X(REDUCTION, "reduction", "parallel_id", "task_id", NULL, NULL)             \
  X(CONTROL_TOOL, "control_tool", "command", "modifier", NULL, NULL)          \
  X(DEVICE_INIT, "device_init", "device", NULL, NULL, NULL)                   \
  X(DEVICE_FINALIZE, "device_finalize", "device", NULL, NULL, NULL)           \
  X(DEVICE_LOAD, "device_load", "device", "module_id", "host_addr", "bytes")  \
  X(DEVICE_UNLOAD, "device_unload", "device", "module_id", NULL, NULL)        \
  X(TARGET, "target", "target_id", "device", "task_id", NULL)                 \
  X(KERNEL, "kernel", "target_id", "device", "requested_teams",               \
    "host_op_id")                                                             \
  X(DATA_OP, "data_op", NULL, NULL, NULL, NULL)                               \
  X(MAP, "map", "target_id", "device", "host_addr", "bytes")                  \
  X(CONSTRUCT, "construct", NULL, NULL, NULL, NULL)                           \
  X(ERROR, "error", "severity", NULL, NULL, NULL)                             \
  X(CONSTRUCT_COUNT, "construct_count", "count", NULL, NULL, NULL)             \
  /* an MPI call seen through PMPI (libompt-inst-mpi.so): begin and end */    \
  X(MPI, "mpi", "call", "bytes", "peer", NULL)

enum oi_kind {
#define OI_KIND_ENUM(id, name, a, b, c, d) OI_KIND_##id,
  OI_EVENT_KINDS(OI_KIND_ENUM)
#undef OI_KIND_ENUM
  OI_KIND_COUNT
};

/* OpenMP constructs as spelled in a directive. Native events name the leaf
 * construct; an event that carries a compiler site prints the site's own
 * spelling ("target teams distribute parallel for") instead. */
#define OI_CONSTRUCTS(X)                                                      \
  X(NONE, "")                                                                 \
  X(PARALLEL, "parallel")                                                     \
  X(FOR, "for")                                                               \
  X(SECTIONS, "sections")                                                     \
  X(SECTION, "section")                                                       \
  X(SINGLE, "single")                                                         \
  X(WORKSHARE, "workshare")                                                   \
  X(DISTRIBUTE, "distribute")                                                 \
  X(LOOP, "loop")                                                             \
  X(SIMD, "simd")                                                             \
  X(TASKLOOP, "taskloop")                                                     \
  X(SCOPE, "scope")                                                           \
  X(MASKED, "masked")                                                         \
  X(MASTER, "master")                                                         \
  X(CRITICAL, "critical")                                                     \
  X(ATOMIC, "atomic")                                                         \
  X(ORDERED, "ordered")                                                       \
  X(LOCK, "lock")                                                             \
  X(NEST_LOCK, "nest_lock")                                                   \
  X(BARRIER, "barrier")                                                       \
  X(TASKWAIT, "taskwait")                                                     \
  X(TASKGROUP, "taskgroup")                                                   \
  X(TASKYIELD, "taskyield")                                                   \
  X(TASK, "task")                                                             \
  X(REDUCTION, "reduction")                                                   \
  X(FLUSH, "flush")                                                           \
  X(CANCEL, "cancel")                                                         \
  X(CANCELLATION_POINT, "cancellation point")                                 \
  X(TEAMS, "teams")                                                           \
  X(TARGET, "target")                                                         \
  X(TARGET_DATA, "target data")                                               \
  X(TARGET_ENTER_DATA, "target enter data")                                   \
  X(TARGET_EXIT_DATA, "target exit data")                                     \
  X(TARGET_UPDATE, "target update")                                           \
  X(THREAD, "thread")                                                         \
  X(IMPLICIT_TASK, "implicit task")                                           \
  X(DEVICE, "device")                                                         \
  X(OTHER, "other")                                                           \
  X(ERROR, "error") /* after OTHER: recorded traces keep their numbers */

enum oi_construct {
#define OI_CONSTRUCT_ENUM(id, name) OI_CONSTRUCT_##id,
  OI_CONSTRUCTS(OI_CONSTRUCT_ENUM)
#undef OI_CONSTRUCT_ENUM
  OI_CONSTRUCT_COUNT
};

/* Data operations; values are ours, not OMPT's (the shim translates). */
#define OI_DATA_OPS(X)                                                        \
  X(NONE, "")                                                                 \
  X(ALLOC, "alloc")                                                           \
  X(TO_DEVICE, "to_device")                                                   \
  X(FROM_DEVICE, "from_device")                                               \
  X(DELETE, "delete")                                                         \
  X(ASSOCIATE, "associate")                                                   \
  X(DISASSOCIATE, "disassociate")                                             \
  X(DEVICE_TO_DEVICE, "device_to_device")                                     \
  X(MEMSET, "memset")                                                         \
  X(OTHER, "other")

enum oi_data_op {
#define OI_DATA_OP_ENUM(id, name) OI_DATA_OP_##id,
  OI_DATA_OPS(OI_DATA_OP_ENUM)
#undef OI_DATA_OP_ENUM
  OI_DATA_OP_COUNT
};

enum oi_endpoint { OI_EP_NONE = 0, OI_EP_BEGIN = 1, OI_EP_END = 2 };

/* Who saw the event: the runtime (OMPT), the compiler hooks, both, or the
 * shim's own inference from map clauses. */
#define OI_ORIGINS(X)                                                         \
  X(NATIVE, "native")                                                         \
  X(COMPILER, "compiler")                                                     \
  X(MERGED, "merged")                                                         \
  X(INFERRED, "inferred")

enum oi_origin {
#define OI_ORIGIN_ENUM(id, name) OI_ORIGIN_##id,
  OI_ORIGINS(OI_ORIGIN_ENUM)
#undef OI_ORIGIN_ENUM
  OI_ORIGIN_COUNT
};

/* MPI calls recorded by the PMPI library; `call` of an OI_KIND_MPI event.
 * X(ID, "name as in MPI") */
#define OI_MPI_CALLS(X)                                                       \
  X(OTHER, "MPI_other")                                                       \
  X(INIT, "MPI_Init")                                                         \
  X(INIT_THREAD, "MPI_Init_thread")                                           \
  X(FINALIZE, "MPI_Finalize")                                                 \
  X(SEND, "MPI_Send")                                                         \
  X(RECV, "MPI_Recv")                                                         \
  X(ISEND, "MPI_Isend")                                                       \
  X(IRECV, "MPI_Irecv")                                                       \
  X(SENDRECV, "MPI_Sendrecv")                                                 \
  X(WAIT, "MPI_Wait")                                                         \
  X(WAITALL, "MPI_Waitall")                                                   \
  X(BARRIER, "MPI_Barrier")                                                   \
  X(BCAST, "MPI_Bcast")                                                       \
  X(REDUCE, "MPI_Reduce")                                                     \
  X(ALLREDUCE, "MPI_Allreduce")                                               \
  X(GATHER, "MPI_Gather")                                                     \
  X(ALLGATHER, "MPI_Allgather")                                               \
  X(SCATTER, "MPI_Scatter")                                                   \
  X(ALLTOALL, "MPI_Alltoall")

enum oi_mpi_call {
#define OI_MPI_CALL_ENUM(id, name) OI_MPI_##id,
  OI_MPI_CALLS(OI_MPI_CALL_ENUM)
#undef OI_MPI_CALL_ENUM
  OI_MPI_CALL_COUNT
};

/* Event flags (bit set). */
#define OI_EVENT_FLAGS(X)                                                     \
  X(IMPLICIT, 0x01, "implicit")                                               \
  X(ASYNC, 0x02, "async")                                                     \
  X(NOWAIT, 0x04, "nowait")                                                   \
  X(HASH_VALID, 0x08, "hash_valid")                                           \
  X(HASH_SAMPLED, 0x10, "hash_sampled") /* hashed from sampled blocks */

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
    uint64_t generic[5]; /* a, b, c, d as named by OI_EVENT_KINDS; [4] spare */
    struct {
      uint64_t bytes;
      uint64_t host_addr;
      uint64_t device_addr;
      uint64_t hash;        /* XXH3-64 of the host side, see flags */
      uint64_t duration_ns;
    } data;
  } u;
  int32_t device; /* device number for device events, -1 = host/none */
  uint32_t reserved;
} oi_event;

#ifdef __cplusplus
static_assert(sizeof(oi_event) == 80, "oi_event is part of the trace ABI");
#else
_Static_assert(sizeof(oi_event) == 80, "oi_event is part of the trace ABI");
#endif

const char *oi_kind_name(unsigned kind);
const char *oi_kind_field_name(unsigned kind, unsigned field);
const char *oi_construct_name(unsigned construct);
const char *oi_data_op_name(unsigned op);
const char *oi_origin_name(unsigned origin);
const char *oi_endpoint_name(unsigned endpoint);
const char *oi_mpi_call_name(unsigned call);

#ifdef __cplusplus
}
#endif

#endif
