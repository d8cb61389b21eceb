/* The sequence of ids the tool gives parallel regions, tasks and target
 * regions (callbacks.h): one for all, so a region's and a task's id never
 * meet in the tables keyed by id (unify.c). */
#include "callbacks.h"

_Atomic uint64_t oi_next_id = 1;
