#!/usr/bin/env python3
"""Writes a stress program (C, OpenMP) to stdout; each prints the counts a
test compares with the trace's.

gen_stress.py kernels N   N distinct target regions (run on the host device),
                          each a parallel region of 2 threads: 4-5 distinct
                          kernel constructs each. Argument: steps.
                          Prints `kernels=K threads=T`.
gen_stress.py sites N     N distinct critical sections in one parallel region
                          of 8 threads. Argument: rounds.
                          Prints `criticals=C`.
gen_stress.py maps N      N distinct arrays mapped to the device by one target
                          data region each. Prints `maps=M`.
gen_stress.py threads N   N POSIX threads created and ended one after the
                          other, each running a parallel region of 1 thread.
                          Prints `regions=R`.
gen_stress.py depths N    the attribution bounds of a thread: N taskgroups
                          nested (sync regions), N parallel regions nested
                          (implicit tasks, site frames), N locks held at
                          once, N failed omp_test_lock calls left behind
                          (acquires in progress), then 256 * N parallel
                          regions inside one of 2 threads (merge slots).
                          Prints `groups=G levels=L locks=K failed=F
                          regions=R`.
gen_stress.py modules N    a program linked with N shared objects (the
                          test builds them: libmodule0.so ..., each defining
                          `int module_one(void)`; N is not used here): the
                          tool writes them all at its start. Prints
                          `modules=M one=1`, M the objects loaded.
gen_stress.py miniapp N DIR  the shape of a mini-app: N target regions (run on
                          the host device) over 33 files of kernels and a
                          main.c that calls them each timestep (34
                          translation units, written into DIR). Kernels take
                          turns between two bodies: a parallel region of 2
                          threads sharing a loop then a masked block, and
                          one with a single block, a barrier and a
                          reduction. Argument: timesteps. Prints `kernels=K
                          masked=M singles=S sum=X`."""
import os
import sys

MINIAPP_FILES = 33


def miniapp_kernel(i):
    """Target region i of the mini-app: which body (i % 2) and its code."""
    if i % 2 == 0:
        return ["#pragma omp target map(tofrom : field[0:8], tally[0:4])",
                "  {",
                "#pragma omp parallel num_threads(2)",
                "    {",
                "#pragma omp for",
                "      for (int j = 0; j < 8; j++)",
                f"        field[j] += {i % 7 + 1};",
                "#pragma omp masked",
                "      tally[1]++;",
                "    }",
                "    tally[0]++;",
                "  }"]
    return ["#pragma omp target map(tofrom : field[0:8], tally[0:4])",
            "  {",
            "    double sum = 0;",
            "#pragma omp parallel num_threads(2) reduction(+ : sum)",
            "    {",
            "#pragma omp single",
            "      tally[2]++;",
            "#pragma omp barrier",
            f"      sum += field[omp_get_thread_num()] * {i % 5 + 1};",
            "    }",
            "    field[7] = sum / 64;",
            "    tally[0]++;",
            "  }"]


def miniapp(n, folder):
    """Writes the mini-app into folder; returns nothing (no stdout)."""
    os.makedirs(folder, exist_ok=True)
    per_file = [list(range(f, n, MINIAPP_FILES)) for f in range(MINIAPP_FILES)]
    for f, kernels in enumerate(per_file):
        out = ["#include <omp.h>", ""]
        for i in kernels:
            out += [f"void kernel{i}(double *field, long *tally) {{"]
            out += miniapp_kernel(i)
            out += ["}"]
        with open(os.path.join(folder, f"kernels{f}.c"), "w") as file:
            file.write("\n".join(out) + "\n")
    out = ["#include <stdio.h>", "#include <stdlib.h>", ""]
    out += [f"void kernel{i}(double *field, long *tally);" for i in range(n)]
    out += ["int main(int argc, char **argv) {",
            "  int steps = argc > 1 ? atoi(argv[1]) : 1;",
            "  double field[8] = {0};",
            "  long tally[4] = {0};",
            "  for (int s = 0; s < steps; s++) {"]
    out += [f"    kernel{i}(field, tally);" for i in range(n)]
    out += ["  }",
            "  double sum = 0;",
            "  for (int j = 0; j < 8; j++)",
            "    sum += field[j];",
            '  printf("kernels=%ld masked=%ld singles=%ld sum=%.0f\\n", tally[0], tally[1],',
            "         tally[2], sum);",
            "  return 0;", "}"]
    with open(os.path.join(folder, "main.c"), "w") as file:
        file.write("\n".join(out) + "\n")


def kernels(n):
    out = ["#include <omp.h>", "#include <stdio.h>", "#include <stdlib.h>", "",
           "static long kernels_run, threads_run;"]
    for i in range(n):
        out += [f"static void kernel{i}(void) {{",
                "  long threads = 0;",
                "#pragma omp target map(tofrom : threads)",
                "  {",
                "#pragma omp parallel num_threads(2)",
                "    {",
                "#pragma omp masked",
                "      threads += omp_get_num_threads();",
                "    }",
                "  }",
                "  kernels_run++;",
                "  threads_run += threads;",
                "}"]
    out += ["int main(int argc, char **argv) {",
            "  int steps = argc > 1 ? atoi(argv[1]) : 1;",
            "  for (int s = 0; s < steps; s++) {"]
    out += [f"    kernel{i}();" for i in range(n)]
    out += ["  }",
            '  printf("kernels=%ld threads=%ld\\n", kernels_run, threads_run);',
            "  return 0;", "}"]
    return out


def sites(n):
    out = ["#include <omp.h>", "#include <stdio.h>", "#include <stdlib.h>", "",
           "int main(int argc, char **argv) {",
           "  int rounds = argc > 1 ? atoi(argv[1]) : 1;",
           f"  static long hits[{n}];",
           "#pragma omp parallel num_threads(8)",
           "  for (int r = 0; r < rounds; r++) {"]
    for i in range(n):
        out += [f"#pragma omp critical(c{i})", f"    hits[{i}]++;"]
    out += ["  }",
            "  long criticals = 0;",
            f"  for (int i = 0; i < {n}; i++)",
            "    criticals += hits[i];",
            '  printf("criticals=%ld\\n", criticals);',
            "  return 0;", "}"]
    return out


def maps(n):
    out = ["#include <stdio.h>", "", f"static double a[{n}][4];"]
    out += ["int main(void) {", "  long maps = 0;"]
    for i in range(n):
        out += [f"#pragma omp target data map(tofrom : a[{i}][0:4])", "  maps++;"]
    out += ['  printf("maps=%ld\\n", maps);', "  return 0;", "}"]
    return out


def threads(n):
    return ["#include <omp.h>", "#include <pthread.h>", "#include <stdio.h>", "",
            "static long regions;",
            "static void *body(void *arg) {",
            "  (void)arg;",
            "#pragma omp parallel num_threads(1)",
            "  regions++;",
            "  return NULL;",
            "}",
            "int main(void) {",
            f"  for (int i = 0; i < {n}; i++) {{",
            "    pthread_t thread;",
            "    if (pthread_create(&thread, NULL, body, NULL) != 0 ||",
            "        pthread_join(thread, NULL) != 0)",
            "      return 1;",
            "  }",
            '  printf("regions=%ld\\n", regions);',
            "  return 0;", "}"]


def depths(n):
    return ["#include <omp.h>", "#include <stdio.h>", "",
            f"static omp_lock_t locks[{n}];",
            "static long groups, levels, locks_set, regions;",
            "static void nest_groups(int depth) {",
            "  if (depth == 0)",
            "    return;",
            "#pragma omp taskgroup",
            "  {",
            "    groups++;",
            "    nest_groups(depth - 1);",
            "  }",
            "}",
            "static void nest_parallel(int depth) {",
            "  if (depth == 0)",
            "    return;",
            "#pragma omp parallel num_threads(1)",
            "  {",
            "    levels++;",
            "    nest_parallel(depth - 1);",
            "  }",
            "}",
            "int main(void) {",
            f"  for (int i = 0; i < {n}; i++)",
            "    omp_init_lock(&locks[i]);",
            f"  nest_groups({n});",
            f"  nest_parallel({n});",
            f"  for (int i = 0; i < {n}; i++, locks_set++)",
            "    omp_set_lock(&locks[i]);",
            f"  for (int i = {n}; i-- > 0;)",
            "    omp_unset_lock(&locks[i]);",
            "  /* thread 0 holds every lock while thread 1 fails to take each */",
            "  static long failed;",
            "#pragma omp parallel num_threads(2) reduction(+ : failed)",
            "  {",
            "    int me = omp_get_thread_num();",
            f"    for (int i = 0; i < {n} && me == 0; i++)",
            "      omp_set_lock(&locks[i]);",
            "#pragma omp barrier",
            f"    for (int i = 0; i < {n} && me == 1; i++)",
            "      failed += !omp_test_lock(&locks[i]);",
            "#pragma omp barrier",
            f"    for (int i = 0; i < {n} && me == 0; i++)",
            "      omp_unset_lock(&locks[i]);",
            "#pragma omp barrier",
            f"    for (int i = 0; i < {n} && me == 1; i++) {{",
            "      omp_set_lock(&locks[i]);",
            "      omp_unset_lock(&locks[i]);",
            "    }",
            "  }",
            f"  locks_set += 2 * {n};",
            "#pragma omp parallel num_threads(2) reduction(+ : regions)",
            f"  for (int r = 0; r < 128 * {n}; r++) {{",
            "#pragma omp parallel num_threads(1)",
            "    regions++;",
            "  }",
            '  printf("groups=%ld levels=%ld locks=%ld failed=%ld regions=%ld\\n", groups,',
            "         levels, locks_set, failed, regions);",
            "  return 0;", "}"]


def modules(n):
    return ["#define _GNU_SOURCE", "#include <link.h>", "#include <stdio.h>",
            "#include <string.h>", "",
            "int module_one(void);",
            "static int count(struct dl_phdr_info *info, size_t size, void *data) {",
            "  (void)size;",
            '  *(long *)data += strstr(info->dlpi_name, "/libmodule") != NULL;',
            "  return 0;",
            "}",
            "int main(void) {",
            "  long modules = 0;",
            "#pragma omp parallel num_threads(1)",
            "  dl_iterate_phdr(count, &modules);",
            '  printf("modules=%ld one=%d\\n", modules, module_one());',
            "  return 0;", "}"]


def items(n):
    def clause(count):
        return ", ".join(f"a[{i}][0:2]" for i in range(count))
    return ["#include <stdio.h>", "", f"static double a[{n}][2];",
            "int main(void) {",
            "  long items = 0, tasks = 0;",
            f"#pragma omp target data map(tofrom : {clause(n)})",
            f"  items += {n};",
            f"  for (int i = 0; i < {n}; i++) {{",
            "#pragma omp target nowait map(tofrom : a[i][0:2])",
            "    a[i][1] += 1;",
            "    tasks++;",
            "  }",
            # the tasks above are done first: the last one maps the first
            # items again, which would otherwise be present or not by chance
            "#pragma omp taskwait",
            f"#pragma omp target nowait map(tofrom : {clause(n // 8)})",
            "  a[0][0] += 1;",
            "#pragma omp taskwait",
            "  tasks++;",
            '  printf("items=%ld tasks=%ld\\n", items, tasks);',
            "  return 0;", "}"]


def main(argv):
    if len(argv) == 4 and argv[1] == "miniapp" and argv[2].isdigit():
        miniapp(int(argv[2]), argv[3])
        return
    shapes = {"kernels": kernels, "sites": sites, "maps": maps, "threads": threads,
              "depths": depths, "modules": modules, "items": items}
    if len(argv) != 3 or argv[1] not in shapes or not argv[2].isdigit():
        sys.exit(__doc__)
    print("\n".join(shapes[argv[1]](int(argv[2]))))


if __name__ == "__main__":
    main(sys.argv)
