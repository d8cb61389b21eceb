// Second translation unit: instruments a construct of its own before the
// header's, which used to shift the numbering of the header's sites.
#include <omp.h>

static int before(int x) {
  int y = x;
#pragma omp critical // @site{critical} enter=1 exit=1
  y += 1;
  return y;
}

#include "shared.h"

int from_second(int x) { return shared_work(before(x) - 1); }
