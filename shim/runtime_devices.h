/* What the OpenMP runtime says about its devices, asked at the cost of a
 * load. The runtime's entry points are found once (dlsym searches every
 * loaded library: about 1,200 instructions a call), and the numbers that
 * cannot change once the runtime has set up its devices are asked once
 * (libomptarget's omp_get_num_devices and omp_get_initial_device take a
 * lock and a failing symbol lookup of their own: about 1,900 instructions
 * each). Asked per target region, they were 10,500 of the 12,300
 * instructions a plugin build's target region cost the shim
 * (docs/performance.md). */
#ifndef OMPT_INST_SHIM_RUNTIME_DEVICES_H
#define OMPT_INST_SHIM_RUNTIME_DEVICES_H

#include <stdint.h>

/* omp_get_default_device(): an ICV the program may change, so asked every
 * time (a few instructions in libomp); 0 without an OpenMP runtime. */
int oi_runtime_default_device(void);

/* omp_get_num_devices() and omp_get_initial_device(), asked on the first
 * call (0 and -1 without an OpenMP runtime). Call them first once the
 * program runs, not from a library constructor: offloading programs
 * register their devices in constructors of their own. */
int oi_runtime_num_devices(void);
int oi_runtime_initial_device(void);

/* The device a device construct uses (its device() clause value, or
 * OMPT_INST_DEVICE_DEFAULT: the default device), and in *offloads 1 for a
 * device other than the host, 0 where the construct runs on the host (host
 * fallback, the initial device) and nothing moves. */
int oi_runtime_construct_device(int64_t device_clause, int *offloads);

#endif
