/* Calls the offload code of step_lib.c, which lives in a shared library. */
#include <stdio.h>

double step(int s);

int main(void) {
  double x = 0;
  for (int s = 0; s < 4; s++)
    x += step(s);
  printf("steps: %f\n", x);
  return 0;
}
