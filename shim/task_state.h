/* What task_callbacks.c keeps per thread: the tied tasks suspended on it
 * (a tied task resumes on the thread that suspended it), so that its next
 * schedule is a resume, not a begin, with no mark in the task's shared
 * word. Plain state: thread.h composes it. */
#ifndef OMPT_INST_SHIM_TASK_STATE_H
#define OMPT_INST_SHIM_TASK_STATE_H

#include <stdint.h>

#define OI_SUSPENDED_TASKS 64
typedef struct oi_suspended_tasks {
  uint32_t count;
  uint64_t id[OI_SUSPENDED_TASKS];
} oi_suspended_tasks;

/* 0 when full (the caller marks the task's word instead). */
static inline int oi_suspended_push(oi_suspended_tasks *s, uint64_t id) {
  if (s->count == OI_SUSPENDED_TASKS)
    return 0;
  s->id[s->count++] = id;
  return 1;
}

/* 1 and forgets it if `id` is suspended here. */
static inline int oi_suspended_take(oi_suspended_tasks *s, uint64_t id) {
  for (uint32_t i = s->count; i-- > 0;)
    if (s->id[i] == id) {
      s->id[i] = s->id[--s->count];
      return 1;
    }
  return 0;
}

#endif
