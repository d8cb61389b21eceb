# A program that writes over the heap and dies of it (issue 53): a sorting
# loop whose index runs away on a worker thread, down through the heap (and,
# in a second shape, up past its array), until it faults. Other threads then
# fault too, inside the runtime and inside the shim, whose tables in the heap
# it destroyed. The crash handler depends on nothing there: the tool is bound
# at load (-z now; a lazily bound first call ran the dynamic linker, which
# read its link map from the heap and faulted again) and each thread's
# buffer lives in a mapping of its own. Before: "incomplete (no end
# record)" in every run of the downward shape. Now: ended by SIGSEGV (or by
# the SIGABRT of a malloc that found the heap destroyed first), with
# the nine regions that completed before it, plain and plugin builds, 3 runs
# each shape.
. "$OI_SRC/tests/lib.sh"
cat > overrun.c <<'C'
#include <stdio.h>
#include <stdlib.h>
static void sort(int *v, long n) {
  for (long i = 1; i < n; i++) {
    int x = v[i];
    long j = i - 1;
    while (j >= 0 && v[j] > x) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = x;
  }
}
int main(int argc, char **argv) {
  long n = 4096, sum = 0;
  int down = argc > 1 && argv[1][0] == 'd';
  int *a = malloc(n * sizeof *a);
  for (long i = 0; i < n; i++)
    a[i] = rand() % 1000;
  for (int rep = 0; rep < 10; rep++) {
#pragma omp parallel for reduction(+ : sum) num_threads(4)
    for (int c = 0; c < 4; c++) {
      long chunk = n / 4;
      sort(a + c * chunk, chunk);
      sum += a[c * chunk];
      if (rep == 9 && c == 3) /* the bug: an index that runs away */
        for (long i = 0; i < (1L << 40); i++)
          a[down ? -i : n + i] = 0x41414141;
    }
  }
  printf("%ld %d\n", sum, a[0]);
  return 0;
}
C
cc_plain plain overrun.c -O1 -g
cc_plugin plugin overrun.c -O1 -g
for build in plain plugin; do
  for shape in down up; do
    for run in 1 2 3; do
      dir=$build.$shape.$run
      set +e
      "$OI" run -o "$dir" "./$build" "$shape" > out 2> err; rc=$?
      set -e
      # the run-away index faults (SIGSEGV), or another thread's malloc finds
      # its heap destroyed first and aborts (SIGABRT), as without the tool;
      # the trace names the first of them the tool caught, which need not be
      # the one the process died of when two threads die at once (seen in
      # CI: a SIGSEGV caught, the process ended by another thread's SIGABRT)
      case $rc in 139 | 134) ;; *) fail "$dir: exit code $rc" ;; esac
      grep -Eq "^ompt-inst: [0-9]* events recorded in $dir; ended by SIG(SEGV|ABRT)$" err ||
        fail "$dir: $(tail -n 1 err)"
      expect_eq "$(dumpq "$dir" kind=parallel endpoint=end --count)" 9 "$dir: regions that ended"
    done
  done
done
echo ok
