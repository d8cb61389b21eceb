/* A test-only OMPT tool that answers the plugin's hook-table request
 * (include/ompt-inst/hooks.h) with its own table and prints, one line each:
 *   site <id> <descriptor, newlines shown as |>      (first time seen)
 *   point <id> <ENTER|EXIT|BEGIN|END> <thread>
 *   target <id> device <d> if <v> items <n> [<addr>:<bytes>]...
 * to the file named by OI_PROBE_OUT (stderr if unset). It pins the ABI from
 * the plugin side, independently of the real shim. */
#include "ompt-inst/hooks.h"

#include <fcntl.h>
#include <inttypes.h>
#include <omp-tools.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int out_fd = 2;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t next_site = 1;
static uint32_t next_thread = 0;
static __thread int64_t my_thread = -1;

static int64_t thread_number(void) {
  if (my_thread < 0)
    my_thread = __atomic_fetch_add(&next_thread, 1, __ATOMIC_RELAXED);
  return my_thread;
}

static void emit(const char *line, size_t len) {
  if (write(out_fd, line, len) < 0)
    return; /* a probe never disturbs the program */
}

/* Registers the site (under the lock) and prints its descriptor once. */
static uint32_t site_id(ompt_inst_site *site) {
  pthread_mutex_lock(&lock);
  if (!site->id) {
    site->id = next_site++;
    char line[4096];
    int n = snprintf(line, sizeof line, "site %u abi %u ", site->id, site->abi);
    for (const char *c = site->descriptor; *c && n < (int)sizeof line - 2; c++)
      line[n++] = *c == '\n' ? '|' : *c;
    line[n++] = '\n';
    emit(line, (size_t)n);
  }
  uint32_t id = site->id;
  pthread_mutex_unlock(&lock);
  return id;
}

static const char *point_name(uint32_t point) {
  switch (point) {
  case OMPT_INST_ENTER: return "ENTER";
  case OMPT_INST_EXIT: return "EXIT";
  case OMPT_INST_BEGIN: return "BEGIN";
  case OMPT_INST_END: return "END";
  default: return "BAD";
  }
}

static void on_point(ompt_inst_site *site, uint32_t point) {
  char line[128];
  int n = snprintf(line, sizeof line, "point %u %s %" PRId64 "\n",
                   site_id(site), point_name(point), thread_number());
  emit(line, (size_t)n);
}

static void on_target_enter(ompt_inst_site *site, int64_t device,
                            int32_t if_value, uint32_t nitems,
                            const void *const *host_addrs,
                            const uint64_t *bytes) {
  on_point(site, OMPT_INST_ENTER);
  char line[4096];
  int n = snprintf(line, sizeof line, "target %u device %" PRId64 " if %d items %u",
                   site_id(site), device, (int)if_value, nitems);
  for (uint32_t i = 0; i < nitems && n < (int)sizeof line - 64; i++)
    n += snprintf(line + n, sizeof line - (size_t)n, " %p:%" PRIu64,
                  host_addrs[i], bytes[i]);
  line[n++] = '\n';
  emit(line, (size_t)n);
}

static const ompt_inst_hooks table = {
    OMPT_INST_HOOK_ABI, sizeof(ompt_inst_hooks), on_point, on_target_enter, NULL, NULL, NULL};

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg,
                           const void *codeptr_ra) {
  (void)codeptr_ra;
  if (command != OMPT_INST_CONTROL_COMMAND || modifier != OMPT_INST_HOOK_ABI ||
      !arg)
    return 0;
  *(const ompt_inst_hooks **)arg = &table;
  return 1;
}

static int initialize(ompt_function_lookup_t lookup, int device,
                      ompt_data_t *data) {
  (void)device;
  (void)data;
  const char *path = getenv("OI_PROBE_OUT");
  if (path && *path)
    out_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (out_fd < 0)
    out_fd = 2;
  ompt_set_callback_t set_callback =
      (ompt_set_callback_t)lookup("ompt_set_callback");
  set_callback(ompt_callback_control_tool, (ompt_callback_t)on_control_tool);
  return 1;
}

static void finalize(ompt_data_t *data) { (void)data; }

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                          const char *runtime_version) {
  (void)omp_version;
  (void)runtime_version;
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  return &result;
}
