/* The sizes of the shim's bounded structures, in one place.
 *
 * docs/shim.md ("Bounded structures") lists each with what happens at its
 * bound. A test build (CMake option OMPT_INST_SMALL_BOUNDS, the library
 * build/small/libompt-inst.so) lowers them so that the stress tests
 * (tests/stress) drive every structure to ten times its bound in seconds;
 * the behaviour at the bound is the same in both builds. */
#ifndef OMPT_INST_SHIM_BOUNDS_H
#define OMPT_INST_SHIM_BOUNDS_H

#ifdef OMPT_INST_SMALL_BOUNDS
#define OI_BUFFER_EVENTS 64
#define OI_NATIVE_COUNTS 16
#define OI_NATIVE_COUNTS_MAX 64
#define OI_NATIVE_COUNT_PROBES 4
#define OI_SITES_PER_CHUNK 16u
#define OI_SITE_CHUNKS 8u
#define OI_MODULES 16u
/* the tests run thousands of deferred tasks under this build too: not
 * lowered */
#define OI_REGION_SLOTS 4096u
#else
/* events of a thread's buffer: one frame when full */
#define OI_BUFFER_EVENTS 4096
/* slots of a thread's counted-construct table at first, and the most it
 * grows to (powers of two); beyond, the table spills its counts to the
 * buffer as count events and starts again (record.c) */
#define OI_NATIVE_COUNTS 512
#define OI_NATIVE_COUNTS_MAX 65536
#define OI_NATIVE_COUNT_PROBES 16
/* site ids: chunks allocated as sites register; ids beyond are refused */
#define OI_SITES_PER_CHUNK 1024u
#define OI_SITE_CHUNKS 4096u
/* modules remembered as written at first (modules.c); the table doubles */
#define OI_MODULES 1024u
/* slots of a thread's ring of the regions and tasks it began (their site
 * and code address, for the threads that run them): a slot is reused
 * OI_REGION_SLOTS ids later (unify.c) */
#define OI_REGION_SLOTS 4096u
#endif

#endif
