/* Two atomic sites reported through the hook table, as plugin-instrumented
 * code reports them: argv[2] "enter-exit" calls ENTER and EXIT around each
 * instance (the plugin before atomics were counted), "enter" only ENTER.
 * Two threads: site A (line 10) runs N times on each, site B (line 20) N/4
 * times on thread 0 and N/2 on thread 1. argv[3] says how the run ends:
 *   normal  both threads leave the region, main returns;
 *   exit    thread 1 calls exit(7) while thread 0 waits in a barrier;
 *   flush   thread 0 calls omp_control_tool(flush), then thread 1 runs
 *           site A once more, and the process ends with the exit_group
 *           system call (as if killed: no handler of any kind runs, not
 *           even the tool's _exit): no end of trace, only what the flushes
 *           wrote is in it;
 *   pause   thread 0 calls omp_control_tool(pause), both threads run site
 *           A N times more, thread 0 calls omp_control_tool(start), thread
 *           1 runs site A once more, main returns. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ompt-inst/hooks.h"

static ompt_inst_site site_a = {
    OMPT_INST_HOOK_ABI, 0,
    "ompt-inst-site 1\nconstruct=atomic\nfile=/src/count.c\nline=10\n"};
static ompt_inst_site site_b = {
    OMPT_INST_HOOK_ABI, 0,
    "ompt-inst-site 1\nconstruct=atomic\nfile=/src/count.c\nline=20\n"};

static const ompt_inst_hooks *hooks;
static int exit_point;
static long total;

static void atomic_add(ompt_inst_site *site) {
  if (hooks)
    hooks->point(site, OMPT_INST_ENTER);
#pragma omp atomic
  total += 1;
  if (hooks && exit_point)
    hooks->point(site, OMPT_INST_EXIT);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: counted_atomics N enter|enter-exit normal|exit|flush\n");
    return 2;
  }
  long n = atol(argv[1]);
  exit_point = strcmp(argv[2], "enter-exit") == 0;
  int flush = strcmp(argv[3], "flush") == 0, do_exit = strcmp(argv[3], "exit") == 0;
  int pause = strcmp(argv[3], "pause") == 0;
  omp_get_num_procs(); /* lets the runtime start the tool */
  omp_control_tool(OMPT_INST_CONTROL_COMMAND, OMPT_INST_HOOK_ABI, (void *)&hooks);
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    for (long i = 0; i < n; i++)
      atomic_add(&site_a);
    for (long i = 0; i < n / (me ? 2 : 4); i++)
      atomic_add(&site_b);
#pragma omp barrier
    if (flush || pause) {
      if (me == 0)
        omp_control_tool(flush ? omp_control_tool_flush : omp_control_tool_pause, 0, NULL);
#pragma omp barrier
      if (pause) {
        for (long i = 0; i < n; i++)
          atomic_add(&site_a);
#pragma omp barrier
        if (me == 0)
          omp_control_tool(omp_control_tool_start, 0, NULL);
#pragma omp barrier
      }
      if (me == 1)
        atomic_add(&site_a);
#pragma omp barrier
    }
    if (do_exit && me == 1) {
      printf("exit with total=%ld\n", total);
      fflush(stdout);
      exit(7);
    }
#pragma omp barrier
  }
  printf("total=%ld\n", total);
  if (flush) {
    fflush(stdout);
    syscall(SYS_exit_group, 5);
  }
  return 0;
}
