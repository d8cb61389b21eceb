/* N two-thread parallel regions, then the process leaves without exit():
 *   _exit, _Exit, quick_exit   exit status 5
 *   execv, execlp, execle      runs this program again as "again" (which
 *                              runs one region and returns 6)
 *   vfork                      a vforked child runs _exit(9), the parent
 *                              runs N more regions and returns 0
 *   again                      (the exec'd image) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static long regions(int n) {
  long sum = 0;
  for (int k = 0; k < n; k++) {
#pragma omp parallel for reduction(+ : sum) num_threads(2)
    for (int i = 0; i < 100; i++)
      sum += i;
  }
  return sum;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s N _exit|_Exit|quick_exit|execv|execlp|execle|vfork\n", argv[0]);
    return 2;
  }
  int n = atoi(argv[1]);
  const char *how = argv[2];
  long sum = regions(strcmp(how, "again") == 0 ? 1 : n);
  printf("%s sum=%ld\n", how, sum);
  fflush(stdout);
  char *again[] = {argv[0], "1", "again", NULL};
  if (strcmp(how, "again") == 0)
    return 6;
  if (strcmp(how, "_exit") == 0)
    _exit(5);
  if (strcmp(how, "_Exit") == 0)
    _Exit(5);
  if (strcmp(how, "quick_exit") == 0)
    quick_exit(5);
  if (strcmp(how, "execv") == 0)
    execv(argv[0], again);
  if (strcmp(how, "execlp") == 0)
    execlp(argv[0], argv[0], "1", "again", (char *)NULL);
  if (strcmp(how, "execle") == 0)
    execle(argv[0], argv[0], "1", "again", (char *)NULL, environ);
  if (strcmp(how, "vfork") == 0) {
    pid_t child = vfork();
    if (child == 0)
      _exit(9);
    int status = 0;
    waitpid(child, &status, 0);
    sum += regions(n);
    printf("child %d sum=%ld\n", WEXITSTATUS(status), sum);
    return 0;
  }
  perror(how);
  return 1;
}
