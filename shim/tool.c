/* The OMPT tool: ompt_start_tool, initialisation (the clock, callback
 * registration and the capability matrix, OMPT_INST_DISABLE_NATIVE), run
 * information and finalisation. Only ompt_start_tool is exported. */
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "background_flush.h"
#include "callbacks.h"
#include "clock.h"
#include "content_hash.h"
#include "crash.h"
#include "device_repairs.h"
#include "hook_table.h"
#include "host_repairs.h"
#include "mapping_check.h"
#include "common/launcher.h"
#include "modules.h"
#include "native_groups.h"
#include "ompt-inst/trace.h"
#include "process_end.h"
#include "event_frames.h"
#include "record.h"
#include "trace_end.h"
#include "record_mode.h"
#include "registration.h"
#include "run_folder.h"
#include "summary.h"
#include "trace_file.h"
#include "unify.h"
#include "native_kinds.h"

static const char *runtime_version = "";

/* Set once the shim started, by ompt_start_tool or, on a runtime without
 * OMPT, by the first hook (ompt_inst_hooks_without_ompt). */
static _Atomic int started;
static int without_ompt;

static oi_capabilities capabilities;

static unsigned disabled_groups(void) {
  char unknown[64];
  unsigned groups =
      oi_parse_native_groups(getenv("OMPT_INST_DISABLE_NATIVE"), unknown, sizeof unknown);
  if (unknown[0])
    fprintf(stderr,
            "ompt-inst: OMPT_INST_DISABLE_NATIVE: unknown group '%s' "
            "(expected host, target or all); ignored\n",
            unknown);
  return groups;
}

/* LLVM's libomp calls strlen on an `error` directive's message before it
 * calls the tool's error callback, so a directive without a message clause
 * crashes any program whose tool registered that callback (seen with
 * LLVM 19). Its runtime version string starts with "LLVM OMP" in every
 * release; there the callback stays unregistered (noted as never) and the
 * plugin's hook records error directives. */
static int error_callback_crashes(const char *runtime) {
  return strncmp(runtime, "LLVM OMP", 8) == 0;
}

static void write_capabilities(void) {
  oi_trace_frame(OI_REC_CAPABILITIES, &capabilities.count, sizeof capabilities.count,
                 capabilities.entry, capabilities.count * (uint32_t)sizeof(oi_capability));
}

static void write_info(const char *key, const char *value, size_t length) {
  char text[4096];
  int n = snprintf(text, sizeof text, "%s=%.*s", key, (int)length, value);
  if (n > 0)
    oi_trace_record(OI_REC_INFO, text, (uint32_t)(n < (int)sizeof text ? n : (int)sizeof text - 1));
}

/* argv from /proc/self/cmdline, arguments separated by spaces. */
static void write_argv(void) {
  char cmdline[4096];
  ssize_t n = 0;
  int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    n = read(fd, cmdline, sizeof cmdline - 1);
    close(fd);
  }
  if (n <= 0)
    return;
  if (cmdline[n - 1] == '\0')
    n--;
  for (ssize_t i = 0; i < n; i++)
    if (cmdline[i] == '\0')
      cmdline[i] = ' ';
  write_info("argv", cmdline, (size_t)n);
}

static void write_number(const char *key, long long value) {
  char text[32];
  snprintf(text, sizeof text, "%lld", value);
  write_info(key, text, strlen(text));
}

/* Under a launcher, what lets the report merge the traces of a job and
 * align them in time: the rank, the host, and where the trace clock stands
 * against the wall clock. A run without one records as before. */
static void write_job_info(void) {
  oi_launch launch;
  if (!oi_launch_detect_here(&launch))
    return;
  write_number("rank", launch.rank);
  if (launch.size)
    write_number("size", launch.size);
  char host[256] = "";
  if (gethostname(host, sizeof host - 1) == 0)
    write_info("host", host, strlen(host));
  uint64_t wall_ns, trace_ns;
  oi_clock_anchor(&wall_ns, &trace_ns);
  write_number("anchor_wall_ns", (long long)wall_ns);
  write_number("anchor_trace_ns", (long long)trace_ns);
}

static void write_run_info(void) {
  char program[4096];
  ssize_t n = readlink("/proc/self/exe", program, sizeof program);
  if (n > 0)
    write_info("program", program, (size_t)n);
  write_argv();
  write_info("runtime", runtime_version, strlen(runtime_version));
  char pid[32];
  snprintf(pid, sizeof pid, "%d", (int)getpid());
  write_info("pid", pid, strlen(pid));
  write_info("clock", oi_clock_name(), strlen(oi_clock_name()));
  const char *hash = oi_hash_mode_name(oi_hash_mode_get());
  write_info("hash", hash, strlen(hash));
  write_info("hash_code", oi_hash_code_path(), strlen(oi_hash_code_path()));
  /* `ompt-inst run`'s check of the program's device images, when it found
   * that they will not run where they were built for */
  const char *offload_check = getenv("OMPT_INST_OFFLOAD_CHECK");
  if (offload_check && offload_check[0])
    write_info("offload_check", offload_check, strlen(offload_check));
  write_job_info();
  if (oi_record_data_only()) /* absent: the full record */
    write_info("record", oi_record_mode_name(), strlen(oi_record_mode_name()));
  if (oi_mapping_check()) /* absent: no check beyond what the record holds */
    write_info("check", "mapping", 7);
}

/* How the trace ends. exit() on the initial thread outside any parallel
 * region makes the runtime end its threads (their end events) and then
 * call ompt_finalize, which writes the end of the trace; with LD_PRELOAD
 * that comes after this library's destructor, so until then buffers are
 * only flushed. exit() anywhere else (a worker, inside a parallel region,
 * the last thread after main called pthread_exit) gets no ompt_finalize:
 * the trace ends at once. */
static _Atomic int runtime_will_finalize;

static int in_parallel_region(void) {
  int (*level)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_level");
  return level && level() > 0;
}

/* The trace's last record, then the summary on stderr; not for the ranks
 * of a job, whose summaries would interleave: `ompt-inst report` on the
 * job's folder is their summary. Nor where `ompt-inst run` prints it once
 * the program has ended, sparing a process of its own. */
static void finish_run(void) {
  oi_launch launch;
  oi_background_flush_stop();
  oi_thread *t = oi_tls_thread;
  if (t && t->target.construct != OI_CONSTRUCT_NONE) /* its end never came */
    oi_end_missing_target(t);
  if (oi_record_finish() && !oi_launch_detect_here(&launch) && !oi_run_folder_reported_by_run())
    oi_summary_print(oi_run_folder_absolute());
}

static void finish_at_exit(void) {
  oi_thread *t = oi_tls_thread;
  oi_repair_process_exits();
  if (t && t->number == 0 && !in_parallel_region() && !without_ompt)
    atomic_store(&runtime_will_finalize, 1);
  else
    finish_run();
}

__attribute__((destructor)) static void finish_at_unload(void) {
  if (atomic_load(&runtime_will_finalize))
    oi_record_checkpoint();
  else
    finish_run();
}

/* A fork's child writes nothing; it reads CLOCK_MONOTONIC, since a parent's
 * thread may have been moving the counter clock's anchor at the fork. */
static void forked_child(void) {
  oi_clock_forked_child();
  oi_record_forked_child();
}

/* From here on events are recorded, and every way the process can end
 * ends the trace: exit, ompt_finalize, the destructor, a fatal signal,
 * _exit or exec, a fork's child (which writes nothing). */
static void start_recording(void) {
  oi_write_module_map(); /* a trace ended by a signal has at least these */
  oi_record_start();
  oi_background_flush_start();
  oi_crash_install((oi_crash_writer){oi_record_write_buffers_async_safe, oi_record_end_async_safe});
  atexit(finish_at_exit);
  oi_process_end_install(finish_run);
  pthread_atfork(NULL, NULL, forked_child);
}

static int tool_initialize(ompt_function_lookup_t lookup, int initial_device_num,
                           ompt_data_t *tool_data) {
  (void)initial_device_num; /* not the host's number as copies report it */
  (void)tool_data;
  oi_thread_self(); /* the initial thread is thread 0 */
  ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  if (!set_callback)
    return 0;
  oi_hooks_connect(lookup);
  oi_host_repairs_connect(lookup);
  unsigned disabled = disabled_groups();
  /* data only: no host callback (mutex_released, error included) */
  if (oi_record_data_only())
    disabled |= OI_NATIVE_HOST;
  oi_register_callbacks(set_callback, oi_host_callbacks, oi_host_callback_count,
                        disabled & OI_NATIVE_HOST, &capabilities);
  oi_register_callbacks(set_callback, oi_control_callback, 1, 0, &capabilities);
  oi_register_callbacks(set_callback, oi_error_callback, 1,
                        (disabled & OI_NATIVE_HOST) || error_callback_crashes(runtime_version),
                        &capabilities);
  oi_register_callbacks(set_callback, oi_device_callbacks, oi_device_callback_count,
                        disabled & OI_NATIVE_TARGET, &capabilities);
  oi_native_configure(&capabilities);
  write_run_info();
  write_capabilities();
  start_recording();
  return 1;
}

static void tool_finalize(ompt_data_t *tool_data) {
  (void)tool_data;
  finish_run();
}

/* The settings read once at start: the clock, hashing, the encoding, the
 * record mode, the mapping check. */
static void read_settings(void) {
  oi_clock_init(getenv("OMPT_INST_CLOCK"));
  oi_hash_configure(getenv("OMPT_INST_HASH"));
  oi_hash_function_configure(getenv("OMPT_INST_HASH_FUNCTION"));
  oi_frames_configure(getenv("OMPT_INST_TRACE_ENCODING"));
  oi_record_mode_configure(getenv("OMPT_INST_RECORD"));
  oi_mapping_check_configure(getenv("OMPT_INST_CHECK"));
}

__attribute__((visibility("default"))) ompt_start_tool_result_t *
ompt_start_tool(unsigned int omp_version, const char *runtime) {
  (void)omp_version;
  static ompt_start_tool_result_t result = {tool_initialize, tool_finalize, {0}};
  if (atomic_exchange(&started, 1)) /* preloaded and named in OMP_TOOL_LIBRARIES */
    return NULL;
  if (oi_run_folder_open() != 0)
    return NULL;
  read_settings();
  runtime_version = runtime ? runtime : "";
  return &result;
}

/* A runtime without OMPT (OMP_TOOL=disabled, a libomp built without it,
 * GCC's libgomp) never calls ompt_start_tool, and its omp_control_tool
 * answers "no tool". The shim, preloaded by `ompt-inst run`, is then found
 * by the hooks' fallback lookup (include/ompt-inst/instrument.h) and starts
 * here, from the first hook: no callback is active, so the hooks record
 * every construct and the data operations are inferred from map clauses.
 * The trace says so (info ompt=none). */
static void start_without_ompt(void) {
  if (atomic_exchange(&started, 1)) /* OMPT started it, or another tool won */
    return;
  if (oi_run_folder_open() != 0)
    return;
  read_settings();
  oi_thread_self(); /* the thread of the first hook is thread 0 */
  oi_hooks_connect(NULL);
  oi_native_configure(&capabilities); /* empty: nothing native */
  without_ompt = 1;
  write_run_info();
  write_info("ompt", "none", 4);
  write_capabilities();
  start_recording();
}

__attribute__((visibility("default"))) const ompt_inst_hooks *ompt_inst_hooks_without_ompt(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, start_without_ompt);
  return without_ompt ? oi_recorded_hook_table() : NULL;
}
