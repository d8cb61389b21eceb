# A run that records nothing says why, from the runtime the program links,
# and leaves the program's output and exit code alone (issue 52): LLVM's
# runtime loads the tool only when it starts, which a program can end
# without (its only construct never runs; flang runs a target region
# without a device inline); a program without -fopenmp links no runtime.
source "$OI_SRC/tests/lib.sh"

cat > lazy.c <<'C'
#include <stdio.h>
int main(int argc, char **argv) {
  (void)argv;
  int sum = 0;
  if (argc > 3) {
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < 100; i++)
      sum += i;
  }
  printf("sum %d\n", sum);
  return 3;
}
C
"$OI" cc -O2 -g lazy.c -o lazy
cc_plain plain lazy.c -O2 -g
cc -O2 -g lazy.c -o serial -Wno-unknown-pragmas
runtime=$(readelf -d lazy | sed -n 's/.*NEEDED.*\[\(libomp[^]]*\)\].*/\1/p')
[ -n "$runtime" ] || fail "lazy links no libomp"

set +e
"$OI" run -o run ./lazy > out 2> err; rc=$?
set -e
expect_eq "$rc" 3 "exit code of the program"
expect_eq "$(cat out)" "sum 0" "the program's stdout"
expect_eq "$(cat err)" "ompt-inst: no trace was written in run (the program links the OpenMP \
runtime, $runtime, but never started it: it ran no OpenMP construct that calls the \
runtime, which loads the tool when it starts; flang, for one, runs a target region without a \
device inline, on the host)" "the message says the runtime never started"

# the same construct run: recorded
set +e
"$OI" run -o ran ./lazy a b c > out 2> err; rc=$?
set -e
expect_eq "$rc" 3 "exit code of the program that ran its construct"
expect_eq "$(cat out)" "sum 4950" "its stdout"
grep -q "events recorded in ran" err || fail "the construct that ran was not recorded: $(cat err)"

set +e
"$OI" run -o none ./serial > out 2> err; rc=$?
set -e
expect_eq "$rc" 3 "exit code of the serial program"
expect_eq "$(cat out)" "sum 0" "the serial program's stdout"
expect_eq "$(cat err)" "ompt-inst: no trace was written in none (the program links no OpenMP \
runtime that loads a tool: is it built with -fopenmp?)" "the message says no runtime"

# a runtime that started but was told to load no tool (a plain build: a
# plugin build's hooks would find the preloaded shim and record)
set +e
OMP_TOOL=disabled "$OI" run -o off ./plain a b c > out 2> err; rc=$?
set -e
expect_eq "$rc" 3 "exit code under OMP_TOOL=disabled"
expect_eq "$(cat out)" "sum 4950" "its stdout"
expect_eq "$(cat err)" "ompt-inst: no trace was written in off (OMP_TOOL=disabled: the OpenMP \
runtime, $runtime, loads no tool)" "the message names OMP_TOOL"
