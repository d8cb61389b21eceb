// First translation unit: uses shared_work directly.
#include <cstdio>

#include "shared.h"

int main() {
  int a = shared_work(1);
  int b = from_second(2);
  std::printf("%d %d\n", a, b);
  return 0;
}
