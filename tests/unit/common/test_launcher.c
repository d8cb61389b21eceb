/* Rank, size and job id from launcher environments (common/launcher.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "common/launcher.h"

/* The environment of one test: NAME=VALUE strings, NULL-terminated. */
static const char *const *environment;

static const char *lookup(const char *name) {
  size_t length = strlen(name);
  for (const char *const *entry = environment; entry && *entry; entry++)
    if (strncmp(*entry, name, length) == 0 && (*entry)[length] == '=')
      return *entry + length + 1;
  return NULL;
}

static int detect(const char *const *env, oi_launch *launch) {
  environment = env;
  memset(launch, 0xff, sizeof *launch);
  return oi_launch_detect(lookup, launch);
}

static void open_mpi(void **state) {
  (void)state;
  static const char *const env[] = {
      "OMPI_COMM_WORLD_RANK=3",   "OMPI_COMM_WORLD_SIZE=16",           "PMIX_RANK=3",
      "PMIX_NAMESPACE=489750529", "OMPI_MCA_ess_base_jobid=489750529", NULL};
  oi_launch launch;
  assert_int_equal(detect(env, &launch), 1);
  assert_int_equal(launch.rank, 3);
  assert_int_equal(launch.size, 16);
  assert_string_equal(launch.job, "489750529");
  assert_string_equal(launch.from, "OMPI_COMM_WORLD_RANK");
}

static void mpich_mvapich_pmix(void **state) {
  (void)state;
  static const char *const hydra[] = {"PMI_RANK=1", "PMI_SIZE=2", NULL};
  static const char *const mvapich[] = {"MV2_COMM_WORLD_RANK=5", "MV2_COMM_WORLD_SIZE=8",
                                        "PMI_RANK=5", NULL};
  static const char *const pmix[] = {"PMIX_RANK=7", "PMIX_NAMESPACE=prterun-x-1@1", NULL};
  oi_launch launch;
  assert_int_equal(detect(hydra, &launch), 1);
  assert_int_equal(launch.rank, 1);
  assert_int_equal(launch.size, 2);
  assert_null(launch.job);
  assert_int_equal(detect(mvapich, &launch), 1);
  assert_string_equal(launch.from, "MV2_COMM_WORLD_RANK");
  assert_int_equal(launch.size, 8);
  assert_int_equal(detect(pmix, &launch), 1);
  assert_int_equal(launch.rank, 7);
  assert_int_equal(launch.size, 0); /* not said */
  assert_string_equal(launch.job, "prterun-x-1@1");
}

static void slurm_only_in_a_job_step(void **state) {
  (void)state;
  /* a batch script's shell: SLURM_PROCID without a step is not a rank */
  static const char *const batch[] = {"SLURM_PROCID=0", "SLURM_NTASKS=4", "SLURM_JOB_ID=77", NULL};
  static const char *const step[] = {"SLURM_PROCID=2", "SLURM_NTASKS=4", "SLURM_JOB_ID=77",
                                     "SLURM_STEP_ID=0", NULL};
  oi_launch launch;
  assert_int_equal(detect(batch, &launch), 0);
  assert_int_equal(detect(step, &launch), 1);
  assert_int_equal(launch.rank, 2);
  assert_int_equal(launch.size, 4);
  assert_string_equal(launch.job, "77");
}

static void no_launcher_or_malformed(void **state) {
  (void)state;
  static const char *const none[] = {"HOME=/root", NULL};
  static const char *const bad[] = {"OMPI_COMM_WORLD_RANK=x1", "PMI_RANK=-1", "PMIX_RANK=", NULL};
  static const char *const size_below_rank[] = {"PMI_RANK=4", "PMI_SIZE=4", NULL};
  oi_launch launch;
  assert_int_equal(detect(none, &launch), 0);
  assert_int_equal(detect(bad, &launch), 0);
  assert_int_equal(detect(size_below_rank, &launch), 1);
  assert_int_equal(launch.size, 0); /* an impossible size is not believed */
}

static void folder_names(void **state) {
  (void)state;
  char buf[128];
  oi_launch launch = {.rank = 3, .job = "prterun-x-1@1/a b"};
  assert_int_equal(oi_launch_job_folder("app", &launch, 42, buf, sizeof buf),
                   (int)strlen("ompt-inst-app-job-prterun-x-1_1_a_b"));
  assert_string_equal(buf, "ompt-inst-app-job-prterun-x-1_1_a_b");
  launch.job = NULL;
  oi_launch_job_folder("app", &launch, 42, buf, sizeof buf);
  assert_string_equal(buf, "ompt-inst-app-job-42");
  oi_launch_rank_folder("out", 12, buf, sizeof buf);
  assert_string_equal(buf, "out/rank-12");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(open_mpi),
      cmocka_unit_test(mpich_mvapich_pmix),
      cmocka_unit_test(slurm_only_in_a_job_step),
      cmocka_unit_test(no_launcher_or_malformed),
      cmocka_unit_test(folder_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
