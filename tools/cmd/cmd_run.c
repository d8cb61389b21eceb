/* `ompt-inst run [-o DIR] [--repeat N] [--] PROG ARGS...`: runs PROG with the
 * shim as its OMPT tool, recording into a run folder, then reports how many
 * events were recorded; with --repeat, N times, into DIR-1 ... DIR-N (the
 * runs of one side of `ompt-inst diff`). PROG's stdout, stderr and exit
 * code pass through untouched. */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "common/env_flag.h"
#include "common/launcher.h"
#include "linked_libraries.h"
#include "ompt-inst/config.h"
#include "paths.h"
#include "offload_stack.h"
#include "common/run_folder_check.h"
#include "model/unseen_directives.h"
#include "trace/trace_reader.h"
#include "unstarted_trace.h"

static const char run_usage[] =
    "usage: ompt-inst run [-o DIR] [--repeat N] [--strict] [--record full|data]\n"
    "                     [--check mapping] [--] PROG ARGS...\n"
    "  Runs PROG with the ompt-inst tool and records its OpenMP events into\n"
    "  the run folder DIR (default: ompt-inst-<prog>-<pid> in the current\n"
    "  folder, <pid> being PROG's process id). Under an MPI launcher (mpirun,\n"
    "  srun) DIR is the job's folder (default: ompt-inst-<prog>-job-<id>) and\n"
    "  each rank records into DIR/rank-<N>.\n"
    "  --repeat N runs PROG N times, one after the other, into DIR-1 ... DIR-N\n"
    "  (for `ompt-inst diff DIR-* -- ...`), stopping at the first run that does\n"
    "  not exit with 0.\n"
    "  --record data records only what the data-mapping findings need (device\n"
    "  events and, in plugin builds, device constructs): host constructs, tasks\n"
    "  and synchronisation are not recorded (sets OMPT_INST_RECORD=data);\n"
    "  --record full (the default) records everything.\n"
    "  --check mapping also hashes the host copy of each kernel's map items as\n"
    "  the kernel starts, so that the report finds stale device data (sets\n"
    "  OMPT_INST_CHECK=mapping; costs a hash of every item a kernel reads).\n"
    "  Before it starts PROG it checks that PROG's device images fit the\n"
    "  offload runtime and a driver is there (as `ompt-inst doctor PROG`) and\n"
    "  says why not in one line; --strict then does not run PROG (exit 127).\n"
    "  Exits with PROG's exit code (128+N if PROG was killed by signal N),\n"
    "  127 if PROG cannot be run.\n";

/* The child's report to the parent through a close-on-exec pipe: nothing
 * when exec succeeded, else the exit code for the failure. */
static void fail_in_child(int report_fd, unsigned char code) {
  ssize_t ignored = write(report_fd, &code, 1);
  (void)ignored;
  _exit(code);
}

static char *default_folder(const char *prog, pid_t pid) {
  size_t length = strlen("ompt-inst--") + strlen(oi_base_name(prog)) + 24;
  char *dir = malloc(length);
  if (dir)
    snprintf(dir, length, "ompt-inst-%s-%ld", oi_base_name(prog), (long)pid);
  return dir;
}

/* Adds `entry` to the ':'-separated list in the environment variable
 * `name`, in front or at the end. */
static int add_to_list(const char *name, const char *entry, bool in_front) {
  const char *current = getenv(name);
  if (!current || !current[0])
    return setenv(name, entry, 1);
  size_t length = strlen(current) + 1 + strlen(entry) + 1;
  char *value = malloc(length);
  if (!value)
    return -1;
  snprintf(value, length, "%s:%s", in_front ? entry : current, in_front ? current : entry);
  int result = setenv(name, value, 1);
  free(value);
  return result;
}

/* LD_LIBRARY_PATH with the OpenMP runtime folder appended, so offloading
 * programs find libomptarget (and what it loads by name); the user's own
 * entries keep precedence. The program's own folder when its RUNPATH names
 * one (built by `ompt-inst cc` of any flavour): LD_LIBRARY_PATH comes before
 * RUNPATH, and this build's (LLVM 19) would run a clang 14 program on the
 * LLVM 19 runtime. */
static int append_runtime_dir(const char *program) {
  char *path = oi_program_path(program);
  char *own = path ? oi_runpath_openmp_runtime(path) : NULL;
  int result = add_to_list("LD_LIBRARY_PATH", own ? own : OMPT_INST_RUNTIME_DIR, false);
  free(own);
  free(path);
  return result;
}

/* The shim preloaded as well as named in OMP_TOOL_LIBRARIES: a runtime
 * without OMPT (OMP_TOOL=disabled, GCC's libgomp, which ignores
 * OMP_TOOL_LIBRARIES) never loads a tool, and the hooks of an instrumented
 * program then find the preloaded shim themselves (hooks.h). A runtime
 * with OMPT starts the preloaded copy; the shim starts only once. */
static int preload_shim(const char *shim) { return add_to_list("LD_PRELOAD", shim, true); }

/* The job's folder when no -o is given: the ranks started by ompt-inst run
 * share the launcher's process (mpirun's, or its daemon's on each node) as
 * their parent when the launcher exports no job id. */
static char *job_folder(const char *prog, const oi_launch *launch) {
  int length = oi_launch_job_folder(oi_base_name(prog), launch, (long)getppid(), NULL, 0);
  char *dir = malloc((size_t)length + 1);
  if (dir)
    oi_launch_job_folder(oi_base_name(prog), launch, (long)getppid(), dir, (size_t)length + 1);
  return dir;
}

static char *rank_folder(const char *job_dir, long rank) {
  int length = oi_launch_rank_folder(job_dir, rank, NULL, 0);
  char *dir = malloc((size_t)length + 1);
  if (dir)
    oi_launch_rank_folder(job_dir, rank, dir, (size_t)length + 1);
  return dir;
}

/* Companion libraries preloaded into a program that links one of the
 * libraries they wrap (preloaded, they come before it, as interposition
 * requires): the MPI profiling library records MPI calls; the offload
 * library sees the calls into libomptarget, whose arguments name the
 * constructs' lines and map items of a build without the plugin; the gomp
 * library sees the calls into GCC's runtime, which has no OMPT. A
 * companion with an opt-out variable is left out when it is set to 0. */
static const struct companion {
  const char *file;
  const char *const *wraps;
  const char *opt_out; /* NULL: always preloaded */
} companions[] = {
    {OI_MPI_LIBRARY_FILE_NAME, (const char *const[]){"libmpi.so", "libmpich.so", NULL}, NULL},
    {OI_OFFLOAD_LIBRARY_FILE_NAME, (const char *const[]){"libomptarget.so", NULL},
     "OMPT_INST_OFFLOAD_CALLS"},
    {OI_GOMP_LIBRARY_FILE_NAME, (const char *const[]){"libgomp.so", NULL}, NULL},
};

static bool opted_out(const struct companion *companion) {
  const char *value = companion->opt_out ? getenv(companion->opt_out) : NULL;
  return value && strcmp(value, "0") == 0;
}

/* Nothing happens for a companion that was not built or a program that
 * does not link what it wraps. 0, or -1 when the environment cannot be
 * set. */
static int preload_companions(const char *program) {
  char *path = oi_program_path(program);
  int result = 0;
  for (size_t i = 0; path && result == 0 && i < sizeof companions / sizeof *companions; i++) {
    if (opted_out(&companions[i]) || !oi_links_library(path, companions[i].wraps))
      continue;
    char *library = oi_companion_path(companions[i].file);
    if (library && access(library, R_OK) == 0)
      result = add_to_list("LD_PRELOAD", library, true);
    free(library);
  }
  free(path);
  return result;
}

/* 0 when `dir` exists as a folder afterwards (*created says whether it is
 * new: private to the user), else an errno value; *reason explains an
 * existing folder that must not be written into (see run_folder_check.h). */
static int make_run_folder(const char *dir, bool *created, const char **reason) {
  *reason = NULL;
  *created = mkdir(dir, 0700) == 0;
  if (*created)
    return 0;
  if (errno != EEXIST)
    return errno;
  *reason = oi_run_folder_unusable(dir);
  return *reason ? EPERM : 0;
}

/* A trace left by an earlier run in the same folder is removed, so that a
 * program that never loads the tool is not reported on with it; a trace
 * another live process writes (it holds the lock the shim takes) is a
 * folder given twice: refused rather than mixed. */
static bool remove_old_trace(const char *dir) {
  char *path = malloc(strlen(dir) + sizeof "/" OI_TRACE_FILE_NAME);
  if (!path)
    return true;
  sprintf(path, "%s/%s", dir, OI_TRACE_FILE_NAME);
  bool free_to_use = true;
  /* never through a symbolic link or blocking on a FIFO: those are removed */
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd >= 0) {
    free_to_use = flock(fd, LOCK_EX | LOCK_NB) == 0;
    close(fd);
  }
  if (free_to_use)
    unlink(path);
  free(path);
  return free_to_use;
}

/* In the child: create the run folder (under a launcher the job's folder,
 * then the rank's inside), set the environment, exec. */
static void start_program(int report_fd, const char *job_dir, const char *dir, const char *shim,
                          char **argv) {
  bool created = false, job_created = false;
  const char *reason = NULL, *failed = job_dir;
  int error = job_dir ? make_run_folder(job_dir, &job_created, &reason) : 0;
  if (!error) {
    failed = dir;
    error = make_run_folder(dir, &created, &reason);
  }
  if (reason) {
    fprintf(stderr, "ompt-inst: cannot use the run folder %s: it %s\n", failed, reason);
    fail_in_child(report_fd, OI_EXIT_FAILURE);
  }
  if (error) {
    fprintf(stderr, "ompt-inst: cannot create the run folder %s: %s\n", failed, strerror(error));
    fail_in_child(report_fd, OI_EXIT_FAILURE);
  }
  char *absolute = realpath(dir, NULL);
  char *absolute_job = job_dir ? realpath(job_dir, NULL) : NULL;
  if (!absolute || (job_dir && !absolute_job)) {
    fprintf(stderr, "ompt-inst: cannot use the run folder %s: %s\n", dir, strerror(errno));
    fail_in_child(report_fd, OI_EXIT_FAILURE);
  }
  if (!remove_old_trace(absolute)) {
    fprintf(stderr,
            "ompt-inst: the run folder %s is in use by another running program; "
            "give each run its own folder\n",
            dir);
    fail_in_child(report_fd, OI_EXIT_FAILURE);
  }
  /* the shim appends rank-<N> to the job's folder itself */
  /* the folder holds no trace now: one found there later is another
   * program's of this run (the shim then records beside it) */
  if (setenv("OMPT_INST_DIR", job_dir ? absolute_job : absolute, 1) != 0 ||
      setenv("OMPT_INST_DIR_FRESH", "1", 1) != 0 ||
      setenv("OMPT_INST_SUMMARY_BY_RUN", "1", 1) != 0 ||
      setenv("OMP_TOOL_LIBRARIES", shim, 1) != 0 || preload_shim(shim) != 0 ||
      preload_companions(argv[0]) != 0 || append_runtime_dir(argv[0]) != 0) {
    fprintf(stderr, "ompt-inst: cannot set the environment: %s\n", strerror(errno));
    fail_in_child(report_fd, OI_EXIT_FAILURE);
  }
  execvp(argv[0], argv);
  fprintf(stderr, "ompt-inst: cannot run %s: %s\n", argv[0], strerror(errno));
  if (created)
    rmdir(absolute); /* the folder of a run that never started */
  if (job_created)
    rmdir(absolute_job);
  fail_in_child(report_fd, OI_EXIT_NOT_RUNNABLE);
}

/* Termination requests sent to ompt-inst (a batch system's SIGTERM, a closed
 * terminal's SIGHUP) are meant for the program: pass them on, then report as
 * usual when it ends. They are blocked from before fork() until the handler
 * knows the child, so one that arrives in between is held, not fatal to
 * ompt-inst, and then forwarded. */
static const int forwarded_signals[] = {SIGTERM, SIGHUP, SIGUSR1, SIGUSR2};
static volatile sig_atomic_t running_child;
/* one that arrived between two runs of --repeat: no run follows */
static volatile sig_atomic_t held_between_runs;

static void forward_signal(int signal_number) {
  if (running_child > 0)
    kill((pid_t)running_child, signal_number);
  else
    held_between_runs = signal_number;
}

static void forwarded_set(sigset_t *set) {
  sigemptyset(set);
  for (size_t i = 0; i < sizeof forwarded_signals / sizeof forwarded_signals[0]; i++)
    sigaddset(set, forwarded_signals[i]);
}

/* Before fork(): hold the forwarded signals; `previous` is the mask to restore. */
static void hold_termination_signals(sigset_t *previous) {
  sigset_t set;
  forwarded_set(&set);
  sigprocmask(SIG_BLOCK, &set, previous);
}

/* In the parent after fork(): forward to `child` from now on, then deliver
 * what was held meanwhile. */
static void forward_termination_signals(pid_t child, const sigset_t *previous) {
  running_child = child;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = forward_signal;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < sizeof forwarded_signals / sizeof forwarded_signals[0]; i++)
    sigaction(forwarded_signals[i], &action, NULL);
  sigprocmask(SIG_SETMASK, previous, NULL);
}

/* What ended: the program's run, for what ompt-inst says about it. */
typedef struct finished_run {
  const char *dir;
  char **program; /* its argv */
  pid_t pid;
  uint64_t start_ns; /* CLOCK_MONOTONIC before it started */
  int killed_by;     /* the signal that ended it, 0 = none */
  bool exit_summary; /* not under a launcher: ompt-inst prints the summary */
} finished_run;

static uint64_t monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* A program that links an OpenMP runtime which never started (LLVM's loads
 * the tool only when a construct first calls it) or which it never called
 * (GCC's, seen through the calls only): its trace, written here, and one
 * line naming the runtime, why, and how many directives the report lists. */
static void report_unstarted_runtime(const finished_run *run, const char *path,
                                     const char *runtime) {
  char *absolute = realpath(path, NULL); /* the report reads its debug information */
  oi_unstarted_run unstarted = {absolute ? absolute : path,
                                run->program,
                                runtime,
                                run->pid,
                                run->start_ns,
                                monotonic_ns(),
                                run->killed_by};
  int error = oi_unstarted_trace_write(run->dir, &unstarted);
  oi_unseen_directives unseen;
  bool listed = !error && oi_unseen_directives_find(unstarted.program, &unseen) == 0;
  char listing[512] = "";
  if (error)
    snprintf(listing, sizeof listing, "; cannot write its trace in %s: %s", run->dir,
             strerror(error));
  else if (!listed)
    snprintf(listing, sizeof listing, "; out of memory reading its sources");
  else if (unseen.missing)
    snprintf(listing, sizeof listing, "; its OpenMP directives cannot be listed: %s",
             unseen.missing);
  else
    snprintf(listing, sizeof listing,
             "; its sources hold %zu OpenMP directive%s it never saw: ompt-inst report %s",
             unseen.count, unseen.count == 1 ? "" : "s", run->dir);
  fprintf(stderr,
          "ompt-inst: nothing was recorded in %s: the program's OpenMP runtime, %s, %s: %s%s\n",
          run->dir, runtime, oi_unstarted_runtime_state(runtime), oi_unstarted_runtime_why(runtime),
          listing);
  if (listed)
    oi_unseen_directives_free(&unseen);
  free(absolute);
}

/* Why a run left no trace, from the runtime the program links; without
 * one the program has no OpenMP runtime to ask. */
static void report_no_trace(const finished_run *run) {
  char *path = oi_program_path(run->program[0]);
  char runtime[64];
  bool on_libgomp = path && oi_linked_library(path, (const char *const[]){"libgomp.so", NULL},
                                              runtime, sizeof runtime);
  bool on_libomp =
      !on_libgomp && path &&
      oi_linked_library(path, (const char *const[]){"libomp.so", "libomptarget.so", NULL}, runtime,
                        sizeof runtime);
  const char *tool = getenv("OMP_TOOL");
  if (on_libomp && tool && strcasecmp(tool, "disabled") == 0)
    fprintf(stderr,
            "ompt-inst: no trace was written in %s (OMP_TOOL=disabled: the OpenMP runtime, "
            "%s, loads no tool)\n",
            run->dir, runtime);
  else if (on_libgomp || on_libomp)
    report_unstarted_runtime(run, path, runtime);
  else
    fprintf(stderr,
            "ompt-inst: no trace was written in %s (the program links no OpenMP runtime "
            "that loads a tool: is it built with -fopenmp?)\n",
            run->dir);
  free(path);
}

/* What the run recorded, on stderr: the exit summary where the program
 * ended normally (the shim left it to this process:
 * OMPT_INST_SUMMARY_BY_RUN), then how many events the trace holds. */
static void report_summary(const finished_run *run) {
  const char *dir = run->dir;
  bool exit_summary = run->exit_summary;
  int killed_by = run->killed_by;
  oi_trace_reader *trace = malloc(sizeof *trace);
  if (!trace)
    return;
  enum oi_reader_status status = oi_reader_open(trace, dir);
  if (status == OI_READER_UNREADABLE) {
    report_no_trace(run);
  } else if (status == OI_READER_BAD_HEADER) {
    fprintf(stderr, "ompt-inst: %s\n", trace->error);
  } else if (trace->complete) {
    char ending[256];
    if (exit_summary && !trace->end.signal && !oi_env_flag("OMPT_INST_QUIET")) {
      char *absolute = realpath(dir, NULL); /* its details line names it so */
      oi_report_exit_summary(absolute ? absolute : dir);
      free(absolute);
    }
    fprintf(stderr, "ompt-inst: %llu events recorded in %s",
            (unsigned long long)trace->end.event_count, dir);
    if (*oi_reader_ending(trace, ending, sizeof ending))
      fprintf(stderr, "; %s", ending);
    else if (trace->end.lost_events)
      fprintf(stderr, " (%llu lost)", (unsigned long long)trace->end.lost_events);
    fputc('\n', stderr);
  } else {
    char killed[160] = "";
    if (killed_by == SIGKILL)
      snprintf(killed, sizeof killed, "; SIGKILL ended the program, which no tool can answer");
    else if (killed_by)
      snprintf(killed, sizeof killed,
               "; SIG%s ended the program before the tool could end its trace",
               sigabbrev_np(killed_by) ? sigabbrev_np(killed_by) : "?");
    fprintf(stderr,
            "ompt-inst: the trace in %s is incomplete (no end record): "
            "%llu events readable%s%s%s\n",
            dir, (unsigned long long)trace->events_in_file, status == OI_READER_DAMAGED ? "; " : "",
            status == OI_READER_DAMAGED ? trace->error : "", killed);
  }
  oi_reader_close(trace);
  free(trace);
}

/* The program's exit code as a shell gives it; *killed_by = the signal
 * that ended it, or 0. */
static int wait_for(pid_t pid, int *killed_by) {
  int status;
  *killed_by = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return OI_EXIT_FAILURE;
  if (WIFSIGNALED(status)) {
    *killed_by = WTERMSIG(status);
    return 128 + WTERMSIG(status);
  }
  return WEXITSTATUS(status);
}

/* "DIR-3": the folder of the third run of --repeat; `name` is freed. */
static char *numbered(char *name, unsigned long run) {
  if (!name || !run)
    return name;
  size_t size = strlen(name) + 24;
  char *text = malloc(size);
  if (text)
    snprintf(text, size, "%s-%lu", name, run);
  free(name);
  return text;
}

/* One run of `program` into dir_option (NULL: the default name), the
 * `run`-th of --repeat (0 without); the exit code as oi_cmd_run's. */
static int run_once(char **program, const char *dir_option, unsigned long run, const char *shim) {
  oi_launch launch;
  bool launched = oi_launch_detect_here(&launch);
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) {
    fprintf(stderr, "ompt-inst: pipe: %s\n", strerror(errno));
    return OI_EXIT_FAILURE;
  }
  /* named before fork(): getppid() must be ompt-inst's parent, the launcher */
  char *job_dir = NULL, *dir = NULL;
  if (launched) {
    job_dir = numbered(dir_option ? strdup(dir_option) : job_folder(program[0], &launch), run);
    dir = job_dir ? rank_folder(job_dir, launch.rank) : NULL;
  }
  fflush(NULL);
  uint64_t start_ns = monotonic_ns();
  sigset_t previous_mask;
  hold_termination_signals(&previous_mask);
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "ompt-inst: fork: %s\n", strerror(errno));
    sigprocmask(SIG_SETMASK, &previous_mask, NULL);
    close(report[0]);
    close(report[1]);
    free(dir);
    free(job_dir);
    return OI_EXIT_FAILURE;
  }
  /* the folder is named after the child's pid, known on both sides now */
  if (!launched)
    dir = dir_option ? numbered(strdup(dir_option), run)
                     : default_folder(program[0], pid ? pid : getpid());
  if (pid == 0) {
    /* the program starts with the signal mask ompt-inst was given */
    sigprocmask(SIG_SETMASK, &previous_mask, NULL);
    if (!dir)
      fail_in_child(report[1], OI_EXIT_FAILURE);
    start_program(report[1], job_dir, dir, shim, program);
  }
  /* like a shell waiting for a job: ^C and ^\ are for the program; the
   * next run of --repeat starts with the dispositions ompt-inst was given */
  void (*interrupt_was)(int) = signal(SIGINT, SIG_IGN);
  void (*quit_was)(int) = signal(SIGQUIT, SIG_IGN);
  forward_termination_signals(pid, &previous_mask);
  close(report[1]);
  unsigned char failure = 0;
  ssize_t got;
  while ((got = read(report[0], &failure, 1)) < 0 && errno == EINTR)
    ;
  close(report[0]);
  int killed_by;
  int code = wait_for(pid, &killed_by);
  running_child = 0;
  if (got != 1 && dir)
    report_summary(&(finished_run){dir, program, pid, start_ns, killed_by, !launched});
  if (got != 1 && job_dir && launch.rank == 0)
    fprintf(stderr,
            "ompt-inst: the job's ranks record into %s; `ompt-inst report %s` "
            "merges them\n",
            job_dir, job_dir);
  signal(SIGINT, interrupt_was);
  signal(SIGQUIT, quit_was);
  free(dir);
  free(job_dir);
  return got == 1 ? failure : code;
}

/* The offload check before the start: false when --strict refuses. */
static bool offload_fits(const char *program, bool strict) {
  char *path = oi_program_path(program);
  oi_offload_stack stack;
  char verdict[1024];
  bool fits = !path || !oi_offload_stack_read(path, &stack) ||
              oi_offload_verdict(&stack, program, verdict, sizeof verdict);
  free(path);
  if (!fits) {
    fprintf(stderr, "ompt-inst: %s%s\n", verdict, strict ? "; not running it (--strict)" : "");
    /* the shim records it: the summary and the report say it again */
    setenv("OMPT_INST_OFFLOAD_CHECK", verdict, 1);
  } else {
    unsetenv("OMPT_INST_OFFLOAD_CHECK");
  }
  return fits || !strict;
}

int oi_cmd_run(int argc, char **argv) {
  const char *dir_option = NULL;
  unsigned long repeat = 0;
  bool strict = false;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (strcmp(argv[i], "--") == 0) {
      i++;
      break;
    } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      fputs(run_usage, stdout);
      return OI_EXIT_OK;
    } else if (strcmp(argv[i], "-o") == 0) {
      if (i + 1 == argc || argv[i + 1][0] == '\0') {
        fprintf(stderr, "ompt-inst run: -o needs a folder name\n%s", run_usage);
        return OI_EXIT_USAGE;
      }
      dir_option = argv[++i];
    } else if (strcmp(argv[i], "--record") == 0) {
      const char *mode = i + 1 < argc ? argv[i + 1] : "";
      if (strcmp(mode, "full") != 0 && strcmp(mode, "data") != 0) {
        fprintf(stderr, "ompt-inst run: --record needs full or data\n%s", run_usage);
        return OI_EXIT_USAGE;
      }
      setenv("OMPT_INST_RECORD", argv[++i], 1);
    } else if (strcmp(argv[i], "--check") == 0) {
      if (i + 1 == argc || strcmp(argv[i + 1], "mapping") != 0) {
        fprintf(stderr, "ompt-inst run: --check needs mapping\n%s", run_usage);
        return OI_EXIT_USAGE;
      }
      setenv("OMPT_INST_CHECK", argv[++i], 1);
    } else if (strcmp(argv[i], "--strict") == 0) {
      strict = true;
    } else if (strcmp(argv[i], "--repeat") == 0) {
      char *end = NULL;
      if (i + 1 < argc)
        repeat = strtoul(argv[i + 1], &end, 10);
      if (i + 1 == argc || !end || *end || argv[i + 1][0] < '1' || argv[i + 1][0] > '9' ||
          repeat > 1000) {
        fprintf(stderr, "ompt-inst run: --repeat needs a number of runs from 1 to 1000\n%s",
                run_usage);
        return OI_EXIT_USAGE;
      }
      i++;
    } else {
      fprintf(stderr, "ompt-inst run: unexpected option '%s'\n%s", argv[i], run_usage);
      return OI_EXIT_USAGE;
    }
  }
  if (i >= argc) {
    fprintf(stderr, "ompt-inst run: missing program\n%s", run_usage);
    return OI_EXIT_USAGE;
  }
  char **program = argv + i;
  if (!offload_fits(program[0], strict))
    return OI_EXIT_NOT_RUNNABLE;
  char *shim = oi_installed_companion(OI_SHIM_FILE_NAME, "tool library");
  if (!shim)
    return OI_EXIT_FAILURE;
  int code = run_once(program, dir_option, repeat > 1 ? 1 : 0, shim);
  for (unsigned long run = 2; run <= repeat && code == 0 && !held_between_runs; run++)
    code = run_once(program, dir_option, run, shim);
  free(shim);
  return code == 0 && repeat > 1 && held_between_runs ? 128 + held_between_runs : code;
}
