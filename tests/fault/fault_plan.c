/* The faults: parsed from OMPT_INST_FAULTS, applied to each wrapped
 * callback before it reaches the real tool, counted.
 *
 * OMPT_INST_FAULTS=KIND:TARGET[:OPTION=VALUE...][,...]
 *   KIND    drop, dup, swap, delay, garble_codeptr, early_end
 *   TARGET  a callback without _emi (sync_region, mutex_released,
 *           target_data_op), or a finer name (target_enter_data,
 *           target_exit_data, target_update, data_op_to_device,
 *           data_op_from_device), either with _begin or _end to pick one
 *           endpoint; early_end's default is data_op_from_device
 *   every=N the Nth, 2Nth... matching call only (default 1: every one)
 *   us=N    delay: microseconds slept before forwarding (default 200)
 *   to=null|foreign  garble_codeptr: NULL (default) or the address of a
 *           libc function
 * swap holds the matching call back and delivers it right after the next
 * callback of the same thread (before a thread_end); one held when its
 * thread makes no callback again is never delivered (nor counted). early_end, for a copy
 * from the device to the host: the host bytes seen at its begin are put
 * back for the time the real tool's end callback runs, then the landed
 * bytes restored: the end arrives "before the copy landed". */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include "fault_plan.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum fault_kind { FAULT_DROP, FAULT_DUP, FAULT_SWAP, FAULT_DELAY, FAULT_GARBLE, FAULT_EARLY_END };
static const char *const kind_names[] = {"drop",  "dup",            "swap",
                                         "delay", "garble_codeptr", "early_end"};

typedef struct {
  enum fault_kind kind;
  char target[64];
  char text[160]; /* the entry as written, for the report */
  unsigned long every;
  unsigned delay_us;
  int foreign;
  atomic_ulong seen, injected;
} fault_rule;

#define MAX_RULES 16
static fault_rule rules[MAX_RULES];
static int rule_count;

static int parse_option(fault_rule *rule, const char *option) {
  char *end = NULL;
  if (strncmp(option, "every=", 6) == 0) {
    rule->every = strtoul(option + 6, &end, 10);
    return *end || rule->every == 0 ? -1 : 0;
  }
  if (strncmp(option, "us=", 3) == 0) {
    rule->delay_us = (unsigned)strtoul(option + 3, &end, 10);
    return *end ? -1 : 0;
  }
  if (strcmp(option, "to=null") == 0 || strcmp(option, "to=foreign") == 0) {
    rule->foreign = option[3] == 'f';
    return 0;
  }
  return -1;
}

static int parse_rule(fault_rule *rule, char *entry) {
  snprintf(rule->text, sizeof rule->text, "%s", entry);
  rule->every = 1;
  rule->delay_us = 200;
  char *save = NULL, *kind = strtok_r(entry, ":", &save);
  int k = 0;
  while (kind && k < (int)(sizeof kind_names / sizeof *kind_names) && strcmp(kind, kind_names[k]))
    k++;
  if (!kind || k == (int)(sizeof kind_names / sizeof *kind_names))
    return -1;
  rule->kind = (enum fault_kind)k;
  char *target = strtok_r(NULL, ":", &save);
  if (target && strchr(target, '=')) { /* early_end:every=2 */
    if (parse_option(rule, target))
      return -1;
    target = NULL;
  }
  if (!target && rule->kind != FAULT_EARLY_END)
    return -1;
  snprintf(rule->target, sizeof rule->target, "%s", target ? target : "data_op_from_device");
  for (char *option; (option = strtok_r(NULL, ":", &save));)
    if (parse_option(rule, option))
      return -1;
  return 0;
}

int fault_plan_read(const char *spec) {
  if (!spec)
    return 0;
  char *copy = strdup(spec), *save = NULL;
  if (!copy)
    return -1;
  for (char *entry = strtok_r(copy, ",", &save); entry; entry = strtok_r(NULL, ",", &save)) {
    char text[160];
    snprintf(text, sizeof text, "%s", entry);
    if (rule_count == MAX_RULES || parse_rule(&rules[rule_count], entry)) {
      fprintf(stderr, "fault tool: cannot use the fault '%s' (see tests/fault/fault_plan.c)\n",
              text);
      free(copy);
      return -1;
    }
    rule_count++;
  }
  free(copy);
  return 0;
}

/* `target` names `name`, or `name` at the call's endpoint. */
static int names(const char *target, const char *name, int endpoint) {
  if (!name)
    return 0;
  size_t length = strlen(name);
  if (strncmp(target, name, length))
    return 0;
  const char *rest = target + length;
  return !*rest || (endpoint == ompt_scope_begin && !strcmp(rest, "_begin")) ||
         (endpoint == ompt_scope_end && !strcmp(rest, "_end"));
}

static int applies(fault_rule *rule, const fault_call *call) {
  if (!names(rule->target, call->name, call->endpoint) &&
      !names(rule->target, call->detail, call->endpoint))
    return 0;
  return atomic_fetch_add(&rule->seen, 1) % rule->every == rule->every - 1;
}

/* early_end: the host bytes a copy from the device is about to overwrite,
 * kept at its begin (one copy at a time per thread: its begin and end are
 * delivered on the thread that copies, nothing between them). */
static __thread void *early_dest, *early_bytes;
static __thread size_t early_size;

static void early_end_begin(const fault_call *call) {
  void *dest = (void *)call->a[7].p;
  size_t bytes = (size_t)call->a[9].u;
  free(early_bytes);
  early_bytes = dest && bytes ? malloc(bytes) : NULL;
  if (early_bytes)
    memcpy(early_bytes, dest, bytes);
  early_dest = dest;
  early_size = bytes;
}

/* Delivers the end with the old bytes in place; 1 when it did. */
static int early_end_deliver(const fault_call *call) {
  void *dest = (void *)call->a[7].p, *landed = NULL;
  int matches = early_bytes && dest == early_dest && (size_t)call->a[9].u == early_size;
  if (matches && (landed = malloc(early_size))) {
    memcpy(landed, dest, early_size);
    memcpy(dest, early_bytes, early_size);
    call->deliver(call);
    memcpy(dest, landed, early_size);
    free(landed);
  }
  free(early_bytes);
  early_bytes = NULL;
  return landed != NULL;
}

static __thread fault_call held;
static __thread fault_rule *held_by;

static void deliver_held(void) {
  fault_rule *rule = held_by;
  held_by = NULL;
  held.deliver(&held);
  atomic_fetch_add(&rule->injected, 1);
}

void fault_dispatch(fault_call *call) {
  int swapped = 0;
  if (held_by) {
    if (call->event == ompt_callback_thread_end)
      deliver_held(); /* the thread's last: nothing comes after it */
    else
      swapped = 1;
  }
  int drop = 0, copies = 1;
  fault_rule *early = NULL;
  for (int i = 0; i < rule_count; i++) {
    fault_rule *rule = &rules[i];
    if (rule->kind == FAULT_EARLY_END) {
      /* every=N counts copies (their begins); an end follows its begin */
      if (call->event != ompt_callback_target_data_op_emi)
        continue;
      if (call->endpoint == ompt_scope_begin && applies(rule, call))
        early_end_begin(call);
      else if (call->endpoint == ompt_scope_end && early_bytes)
        early = rule;
      continue;
    }
    if (!applies(rule, call))
      continue;
    switch (rule->kind) {
    case FAULT_DROP:
      drop = 1;
      break;
    case FAULT_DUP:
      copies = 2;
      break;
    case FAULT_DELAY:
      usleep(rule->delay_us);
      break;
    case FAULT_GARBLE:
      if (call->codeptr_slot < 0)
        continue;
      call->a[call->codeptr_slot].p = rule->foreign ? dlsym(RTLD_DEFAULT, "abort") : NULL;
      break;
    case FAULT_SWAP:
      if (swapped || drop || call->event == ompt_callback_thread_end)
        continue;
      held = *call;
      held_by = rule;
      return; /* counted when delivered */
    case FAULT_EARLY_END:
      break;
    }
    atomic_fetch_add(&rule->injected, 1);
  }
  for (int n = 0; !drop && n < copies; n++) {
    if (early && n == 0 && early_end_deliver(call))
      atomic_fetch_add(&early->injected, 1);
    else
      call->deliver(call);
  }
  if (swapped)
    deliver_held();
}

void fault_plan_report(void) {
  const char *path = getenv("OMPT_INST_FAULTS_LOG");
  FILE *out = path ? fopen(path, "a") : NULL;
  for (int i = 0; i < rule_count; i++)
    fprintf(out ? out : stderr, "fault %s: %lu of %lu injected\n", rules[i].text,
            atomic_load(&rules[i].injected), atomic_load(&rules[i].seen));
  if (out)
    fclose(out);
}
