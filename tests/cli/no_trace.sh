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
expect_eq "$(cat err)" "ompt-inst: nothing was recorded in run: the program's OpenMP runtime, \
$runtime, never started: the program ran no OpenMP construct that calls it, and it loads the \
tool only when it starts (flang, for one, runs a target region without a device inline, on the \
host); its sources hold 1 OpenMP directive it never saw: ompt-inst report run" \
  "the message says the runtime never started"
# the run still has its report: the directive the runtime never saw, on its line
"$OI" report run > report || fail "no report of a run whose runtime never started"
grep -q "^  runtime   $runtime, never started$" report || fail "runtime line: $(cat report)"
grep -q "^  lazy.c:6  *parallel for reduction(+ : sum)$" report ||
  fail "the directive is not listed: $(cat report)"
grep -q "no inefficient data movement found" report && fail "a verdict on nothing: $(cat report)"
"$OI" report --format json run > report.json
python3 - report.json <<'PY' || fail "json report: $(cat report.json)"
import json, sys
u = json.load(open(sys.argv[1]))["unstarted_runtime"]
assert u["state"] == "never started", u
assert [(d["file"].rsplit("/", 1)[-1], d["line"], d["directive"]) for d in u["directives"]] == \
    [("lazy.c", 6, "parallel for reduction(+ : sum)")], u
PY
"$OI" report --format summary run | grep -q "^ompt-inst: 1 OpenMP directive in its sources never seen by it$" ||
  fail "summary: $("$OI" report --format summary run)"
"$OI" report --format html run > report.html
grep -q 'data-state="unstarted"' report.html || fail "the html page does not say so"

# without debug information the directives cannot be listed, and it says why
cc_plain nodebug lazy.c -O2
set +e
"$OI" run -o nodebug-run ./nodebug > out 2> err; rc=$?
set -e
expect_eq "$rc" 3 "exit code of the build without -g"
grep -q "its OpenMP directives cannot be listed: the program has no debug information (build it with -g)$" err ||
  fail "no debug information: $(cat err)"

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
