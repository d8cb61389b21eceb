/* The tables of counted constructs a thread keeps (construct_counts.h):
 * instances counted instead of recorded, turned into
 * OI_KIND_CONSTRUCT_COUNT events at each flush, and the kernel whose
 * constructs are counted under it (kernel_constructs.h). Plain state:
 * thread.h composes it. */
#ifndef OMPT_INST_SHIM_COUNT_STATE_H
#define OMPT_INST_SHIM_COUNT_STATE_H

#include <stdatomic.h>
#include <stdint.h>

/* Constructs the runtime alone reports, counted by code address instead of
 * recorded: spin-waits repeat a few flush addresses millions of times, and
 * device code run on the host (kernel_depth below) repeats its constructs
 * as often as a GPU would, unseen there. An open-addressing table per
 * thread (bounds.h), probed from a hash of the address; an address that
 * finds no slot within OI_NATIVE_COUNT_PROBES grows the table, or at
 * OI_NATIVE_COUNTS_MAX spills its counts to the buffer
 * (construct_counts.c): no instance goes uncounted. */
typedef struct oi_native_count {
  /* 0 = free; set once by the owner (release, after the fields below),
   * read by the thread that writes the counts at the end (acquire) */
  _Atomic uint64_t key;
  uint64_t codeptr;
  uint32_t site;
  uint8_t construct;
  _Atomic uint64_t count;
} oi_native_count;

/* A kernel running on a thread: its constructs count under its target
 * construct (its code address, and its site in a plugin build). */
typedef struct oi_kernel {
  uint64_t codeptr;
  uint32_t site;
} oi_kernel;

typedef struct oi_count_state {
  /* > 0 while the thread runs device code on the host: between the submit
   * of a kernel to a host-offload device and its end, or in an implicit
   * task of a parallel region begun there. Its constructs are counted, not
   * recorded (kernel_constructs.h); 0 with OMPT_INST_TRACE_COUNTED=1. */
  uint32_t kernel_depth;
  oi_kernel kernel; /* the kernel, while kernel_depth > 0 */
  /* instances of counted sites (atomic) by site id since the last flush;
   * grown by oi_site_counts_grow, under flush_lock, outside the hot path */
  _Atomic uint64_t *site_counts;
  uint32_t site_count_capacity;
  /* instances of a counted construct the runtime reports without a site
   * (a flush in a build without the plugin, by its codeptr_ra; a construct
   * in a kernel, by its target's codeptr_ra and site) since the last
   * flush: the thread's native_first until grown */
  oi_native_count *native;
  uint32_t native_mask; /* its slots - 1 */
} oi_count_state;

#endif
