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
                          Prints `regions=R`."""
import sys


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


def main(argv):
    shapes = {"kernels": kernels, "sites": sites, "maps": maps, "threads": threads}
    if len(argv) != 3 or argv[1] not in shapes or not argv[2].isdigit():
        sys.exit(__doc__)
    print("\n".join(shapes[argv[1]](int(argv[2]))))


if __name__ == "__main__":
    main(sys.argv)
