/* Cached answers of the OpenMP runtime about devices; see
 * runtime_devices.h. */
#include "runtime_devices.h"

#include "ompt-inst/hooks.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdatomic.h>

typedef int (*int_query)(void);

/* The entry point `name` of whatever OpenMP runtime is loaded, looked up
 * once; NULL when there is none. A race only looks it up twice. */
static int_query resolve(_Atomic(int_query) *cache, _Atomic int *resolved, const char *name) {
  if (atomic_load_explicit(resolved, memory_order_acquire))
    return atomic_load_explicit(cache, memory_order_relaxed);
  int_query query = (int_query)dlsym(RTLD_DEFAULT, name);
  atomic_store_explicit(cache, query, memory_order_relaxed);
  atomic_store_explicit(resolved, 1, memory_order_release);
  return query;
}

int oi_runtime_default_device(void) {
  static _Atomic(int_query) query;
  static _Atomic int resolved;
  int_query get = resolve(&query, &resolved, "omp_get_default_device");
  return get ? get() : 0;
}

/* The answer of `name`, asked once; INT_MIN marks "not asked yet" (no
 * runtime gives it as a device number). */
static int asked_once(_Atomic int *answer, const char *name, int fallback) {
  int value = atomic_load_explicit(answer, memory_order_relaxed);
  if (value != INT_MIN)
    return value;
  int_query get = (int_query)dlsym(RTLD_DEFAULT, name);
  value = get ? get() : fallback;
  atomic_store_explicit(answer, value, memory_order_relaxed);
  return value;
}

int oi_runtime_num_devices(void) {
  static _Atomic int answer = INT_MIN;
  return asked_once(&answer, "omp_get_num_devices", 0);
}

int oi_runtime_initial_device(void) {
  static _Atomic int answer = INT_MIN;
  return asked_once(&answer, "omp_get_initial_device", -1);
}

int oi_runtime_construct_device(int64_t device_clause, int *offloads) {
  int device =
      device_clause == OMPT_INST_DEVICE_DEFAULT ? oi_runtime_default_device() : (int)device_clause;
  *offloads =
      device >= 0 && device < oi_runtime_num_devices() && device != oi_runtime_initial_device();
  return device;
}
