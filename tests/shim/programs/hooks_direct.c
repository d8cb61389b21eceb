/* Calls the shim's hook table directly, as plugin-instrumented code would,
 * with hand-written site descriptors: a parallel site (implicit tasks), a
 * barrier, a target site with two map items, 64 new sites (atomic: no
 * runtime reports those) that 4 threads register at the same moment, and
 * two sites the shim must reject. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#include "ompt-inst/hooks.h"

#define RACE_SITES 64

static ompt_inst_site parallel_site = {
    OMPT_INST_HOOK_ABI, 0,
    "ompt-inst-site 1\nconstruct=parallel for\nfile=/src/app.c\nline=10\n"
    "col=1\nend_line=20\nfunction=main\nclauses=num_threads(4)\n"};
static ompt_inst_site barrier_site = {
    OMPT_INST_HOOK_ABI, 0,
    "ompt-inst-site 1\nconstruct=barrier\nfile=/src/app.c\nline=12\n"};
static ompt_inst_site target_site = {
    OMPT_INST_HOOK_ABI, 0,
    "ompt-inst-site 1\nconstruct=target teams distribute parallel for\n"
    "file=/src/app.c\nline=30\nmap=tofrom;-;explicit;a[0:100]\n"
    "map=to;-;explicit;b\n"};
static ompt_inst_site race_sites[RACE_SITES];
static ompt_inst_site bad_magic_site = {OMPT_INST_HOOK_ABI, 0,
                                        "ompt-inst-site 2\nconstruct=for\n"};
static ompt_inst_site bad_abi_site = {OMPT_INST_HOOK_ABI + 1, 0,
                                      "ompt-inst-site 1\nconstruct=for\n"};

int main(void) {
  const ompt_inst_hooks *hooks = NULL;
  omp_get_num_procs(); /* lets the runtime start the tool */
  int rc = omp_control_tool(OMPT_INST_CONTROL_COMMAND, OMPT_INST_HOOK_ABI,
                            (void *)&hooks);
  if (!hooks) {
    printf("no tool: rc=%d\n", rc);
    return 0;
  }
  printf("abi=%u size=%d\n", hooks->abi, hooks->size == sizeof *hooks);
  for (int i = 0; i < RACE_SITES; i++)
    race_sites[i] = (ompt_inst_site){OMPT_INST_HOOK_ABI, 0,
                                     "ompt-inst-site 1\nconstruct=atomic\n"};

  hooks->point(&parallel_site, OMPT_INST_ENTER);
#pragma omp parallel num_threads(4)
  {
    hooks->point(&parallel_site, OMPT_INST_BEGIN);
    hooks->point(&barrier_site, OMPT_INST_ENTER);
#pragma omp barrier
    hooks->point(&barrier_site, OMPT_INST_EXIT);
    for (int i = 0; i < RACE_SITES; i++) {
      hooks->point(&race_sites[i], OMPT_INST_ENTER);
      hooks->point(&race_sites[i], OMPT_INST_EXIT);
    }
    hooks->point(&parallel_site, OMPT_INST_END);
  }
  hooks->point(&parallel_site, OMPT_INST_EXIT);

  static double a[100], b;
  const void *addrs[2] = {a, &b};
  const uint64_t bytes[2] = {sizeof a, sizeof b};
  hooks->target_enter(&target_site, 0, OMPT_INST_IF_ABSENT, 2, addrs, bytes);
  hooks->point(&target_site, OMPT_INST_EXIT);
  hooks->point(&bad_magic_site, OMPT_INST_ENTER);
  hooks->point(&bad_abi_site, OMPT_INST_ENTER);

  unsigned distinct = 0;
  for (int i = 0; i < RACE_SITES; i++)
    distinct += race_sites[i].id != 0 && (i == 0 || race_sites[i].id != race_sites[i - 1].id);
  printf("a=%p b=%p parallel=%u barrier=%u target=%u race=%u rejected=%d\n",
         (void *)a, (void *)&b, parallel_site.id, barrier_site.id,
         target_site.id, distinct,
         bad_magic_site.id != 0 && bad_magic_site.id == bad_abi_site.id);
  return 0;
}
