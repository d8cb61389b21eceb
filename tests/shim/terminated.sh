# A batch system's time limit: `timeout -s TERM` signals the whole process
# group, so a program under `ompt-inst run` gets SIGTERM twice, directly and
# forwarded by ompt-inst, often on two threads. The second thread's handler
# used to find the trace's end under way, restore the default action and
# kill the process while the first one wrote: "incomplete (no end record)"
# in 5 of 20 runs of this program (plain build). Now the second waits for
# the first: complete, "ended by SIGTERM", every time, in a kernel loop
# (host offload), plain and plugin builds, 8 runs each.
. "$OI_SRC/tests/lib.sh"
cat > kernels.c <<'C'
#include <stdio.h>
#define N 200000
static double a[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int it = 0; it < 1000000; it++) {
#pragma omp target teams distribute parallel for map(tofrom : a)
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 0.5 + 1;
  }
  printf("%g\n", a[7]);
  return 0;
}
C
cc_plain plain kernels.c $OI_HOST_OFFLOAD -O2 -g
cc_plugin plugin kernels.c $OI_HOST_OFFLOAD -O2 -g
for build in plain plugin; do
  for run in 1 2 3 4 5 6 7 8; do
    set +e
    timeout -s TERM 0.5 "$OI" run -o "$build.$run" "./$build" > out 2> err; rc=$?
    set -e
    expect_eq "$rc" 124 "$build run $run: timeout's exit code"
    grep -q "^ompt-inst: [0-9]* events recorded in $build.$run; ended by SIGTERM$" err ||
      fail "$build run $run: $(cat err)"
  done
done
echo ok
