/* The MPI profiling interface (PMPI): each MPI call the program makes comes
 * here first, is timed, and goes on to its PMPI_ twin. Begin and end go to
 * the shim through the hook table it hands out via omp_control_tool, so MPI
 * calls land in the same event stream, on the same clock, as the OpenMP
 * events. Without the shim (no tool loaded) every wrapper is a plain call
 * through. Only calls whose time or data volume matter are wrapped: setup,
 * point-to-point, waits and the common collectives. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdint.h>

#include "ompt-inst/events.h"
#include "ompt-inst/find_shim.h"

typedef void (*mpi_hook)(uint32_t point, uint32_t call, uint64_t bytes, int64_t peer,
                         const void *codeptr);

/* Resolved once; NULL when no ompt-inst shim is the OpenMP tool. */
static mpi_hook shim_hook(void) {
  static int resolved;
  static mpi_hook hook;
  if (__atomic_load_n(&resolved, __ATOMIC_ACQUIRE))
    return hook;
  const ompt_inst_hooks *table = ompt_inst_find_hooks();
  if (table && OMPT_INST_HOOKS_HAVE(table, mpi))
    hook = table->mpi;
  __atomic_store_n(&resolved, 1, __ATOMIC_RELEASE);
  return hook;
}

static uint64_t bytes_of(int count, MPI_Datatype type) {
  int size = 0;
  if (count <= 0 || PMPI_Type_size(type, &size) != MPI_SUCCESS || size <= 0)
    return 0;
  return (uint64_t)count * (uint64_t)size;
}

#define CALLER __builtin_return_address(0)

static void enter(uint32_t call, uint64_t bytes, int64_t peer, const void *codeptr) {
  mpi_hook hook = shim_hook();
  if (hook)
    hook(OMPT_INST_ENTER, call, bytes, peer, codeptr);
}

static void leave(uint32_t call, uint64_t bytes, int64_t peer, const void *codeptr) {
  mpi_hook hook = shim_hook();
  if (hook)
    hook(OMPT_INST_EXIT, call, bytes, peer, codeptr);
}

/* The source of a completed receive: the peer even for MPI_ANY_SOURCE. */
static int64_t received_from(int source, const MPI_Status *status) {
  if (source == MPI_ANY_SOURCE && status != MPI_STATUS_IGNORE)
    return status->MPI_SOURCE;
  return source;
}

int MPI_Init(int *argc, char ***argv) {
  const void *caller = CALLER;
  enter(OI_MPI_INIT, 0, -1, caller);
  int result = PMPI_Init(argc, argv);
  leave(OI_MPI_INIT, 0, -1, caller);
  return result;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  const void *caller = CALLER;
  enter(OI_MPI_INIT_THREAD, 0, -1, caller);
  int result = PMPI_Init_thread(argc, argv, required, provided);
  leave(OI_MPI_INIT_THREAD, 0, -1, caller);
  return result;
}

int MPI_Finalize(void) {
  const void *caller = CALLER;
  enter(OI_MPI_FINALIZE, 0, -1, caller);
  int result = PMPI_Finalize();
  leave(OI_MPI_FINALIZE, 0, -1, caller);
  return result;
}

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(count, type);
  enter(OI_MPI_SEND, bytes, dest, caller);
  int result = PMPI_Send(buf, count, type, dest, tag, comm);
  leave(OI_MPI_SEND, bytes, dest, caller);
  return result;
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status *status) {
  const void *caller = CALLER;
  MPI_Status own;
  MPI_Status *st = status == MPI_STATUS_IGNORE ? &own : status;
  enter(OI_MPI_RECV, 0, source, caller);
  int result = PMPI_Recv(buf, count, type, source, tag, comm, st);
  int received = 0;
  if (result == MPI_SUCCESS)
    PMPI_Get_count(st, type, &received);
  leave(OI_MPI_RECV, bytes_of(received, type), received_from(source, st), caller);
  return result;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *request) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(count, type);
  enter(OI_MPI_ISEND, bytes, dest, caller);
  int result = PMPI_Isend(buf, count, type, dest, tag, comm, request);
  leave(OI_MPI_ISEND, bytes, dest, caller);
  return result;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request *request) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(count, type); /* posted size: the received size is known at the wait */
  enter(OI_MPI_IRECV, bytes, source, caller);
  int result = PMPI_Irecv(buf, count, type, source, tag, comm, request);
  leave(OI_MPI_IRECV, bytes, source, caller);
  return result;
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(sendcount, sendtype) + bytes_of(recvcount, recvtype);
  enter(OI_MPI_SENDRECV, bytes, dest, caller);
  int result = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                             recvtype, source, recvtag, comm, status);
  leave(OI_MPI_SENDRECV, bytes, dest, caller);
  return result;
}

int MPI_Wait(MPI_Request *request, MPI_Status *status) {
  const void *caller = CALLER;
  enter(OI_MPI_WAIT, 0, -1, caller);
  int result = PMPI_Wait(request, status);
  leave(OI_MPI_WAIT, 0, -1, caller);
  return result;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  const void *caller = CALLER;
  enter(OI_MPI_WAITALL, 0, -1, caller);
  int result = PMPI_Waitall(count, requests, statuses);
  leave(OI_MPI_WAITALL, 0, -1, caller);
  return result;
}

int MPI_Barrier(MPI_Comm comm) {
  const void *caller = CALLER;
  enter(OI_MPI_BARRIER, 0, -1, caller);
  int result = PMPI_Barrier(comm);
  leave(OI_MPI_BARRIER, 0, -1, caller);
  return result;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(count, type);
  enter(OI_MPI_BCAST, bytes, root, caller);
  int result = PMPI_Bcast(buf, count, type, root, comm);
  leave(OI_MPI_BCAST, bytes, root, caller);
  return result;
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(count, type);
  enter(OI_MPI_REDUCE, bytes, root, caller);
  int result = PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  leave(OI_MPI_REDUCE, bytes, root, caller);
  return result;
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(count, type);
  enter(OI_MPI_ALLREDUCE, bytes, -1, caller);
  int result = PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
  leave(OI_MPI_ALLREDUCE, bytes, -1, caller);
  return result;
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(sendcount, sendtype);
  enter(OI_MPI_GATHER, bytes, root, caller);
  int result = PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  leave(OI_MPI_GATHER, bytes, root, caller);
  return result;
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(sendcount, sendtype);
  enter(OI_MPI_ALLGATHER, bytes, -1, caller);
  int result = PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  leave(OI_MPI_ALLGATHER, bytes, -1, caller);
  return result;
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(recvcount, recvtype);
  enter(OI_MPI_SCATTER, bytes, root, caller);
  int result = PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  leave(OI_MPI_SCATTER, bytes, root, caller);
  return result;
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const void *caller = CALLER;
  uint64_t bytes = bytes_of(sendcount, sendtype);
  enter(OI_MPI_ALLTOALL, bytes, -1, caller);
  int result = PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  leave(OI_MPI_ALLTOALL, bytes, -1, caller);
  return result;
}
