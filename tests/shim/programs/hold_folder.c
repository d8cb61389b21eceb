/* Records into its run folder and holds it: after one parallel region it
 * creates the file named by argv[1] (if given) and waits until the file
 * named by argv[2] exists (if given), then exits 5. */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int sum = 0;
#pragma omp parallel reduction(+ : sum)
  sum += 1;
  if (argc > 1) {
    FILE *started = fopen(argv[1], "w");
    if (started)
      fclose(started);
  }
  while (argc > 2 && access(argv[2], F_OK) != 0)
    usleep(10000);
  printf("sum %d\n", sum > 0);
  return 5;
}
