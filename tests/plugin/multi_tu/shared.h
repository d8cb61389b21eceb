// An inline function instrumented in two translation units: its sites must
// keep their own descriptors after the linker merges the copies.
#pragma once
#include <omp.h>

inline int shared_work(int x) {
  int r = 0;
#pragma omp parallel num_threads(2) reduction(+ : r) // @site{parallel} enter=2 exit=2 begin=4 end=4
  {
#pragma omp single // @site{single} enter=4 exit=4
    r += x;
  }
  return r;
}

int from_second(int x);
