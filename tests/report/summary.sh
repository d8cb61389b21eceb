# The summary at program exit: printed on stderr whenever the shim is loaded
# (ompt-inst run, OMP_TOOL_LIBRARIES), with run time, data moved, the top
# findings and the run folder; OMPT_INST_QUIET=1 silences it; the program's
# own output and exit code are untouched.
source "$OI_SRC/tests/lib.sh"
unset OMPT_INST_QUIET
src="$OI_SRC/tests/report/programs/transfers.c"
target=$(grep -n 'pragma omp target' "$src" | cut -d: -f1)
cc_plugin prog "$src" $OI_HOST_OFFLOAD
./prog > plain.out 2> plain.err

"$OI" run -o run1 ./prog > run1.out 2> run1.err
cmp plain.out run1.out || fail "stdout changed under run"
grep -v '^ompt-inst:' run1.err > run1.own || true
cmp plain.err run1.own || fail "program's stderr changed under run"
grep -Eq '^ompt-inst: prog ran [0-9.]+ [mun]?s; [0-9.]+ [mun]?s \([0-9]+%\) in OpenMP constructs on the initial thread; 2 threads, [0-9]+ devices?$' run1.err ||
  fail "run line: $(head -1 run1.err)"
# a: 10 x 8000 B to the device; b: 10 x 8000 B each way
grep -Fq 'ompt-inst: data moved 240.0 kB in 30 transfers' run1.err || fail "data line: $(cat run1.err)"
grep -Eq '^ompt-inst: [0-9]+ data-mapping findings?: ' run1.err || fail "findings line"
# the top three of the report's four findings, in its order (which of them
# is third depends on the times: a duplicate and a round trip of 9 x 8000 B
# and two repeated allocations, each a few microseconds)
"$OI" report run1 > run1.txt
top() { sed -n 's/^\(ompt-inst:   \)\{0,1\}\([1-3]\)\. \([a-z_]* of [ab]\[0:N\] at transfers.c:[0-9]*\): .*/\2 \3/p' "$1"; }
expect_eq "$(top run1.err)" "$(top run1.txt)" "the summary's findings: the report's first three"
expect_eq "$(top run1.err | wc -l)" 3 "findings in the summary"
grep -Eq "^ompt-inst:   1\. [a-z_]+ of [ab]\[0:N\] at transfers.c:$target: 9 of 10 avoidable, [0-9.]+ k?B, [0-9.]+ [mun]?s$" run1.err ||
  fail "finding line: $(cat run1.err)"
grep -Fq "duplicate_transfer of a[0:N] at transfers.c:$target: 9 of 10 to_device avoidable, 72.0 kB" run1.txt ||
  fail "duplicate finding: $(cat run1.txt)"
grep -Fq "ompt-inst: details: ompt-inst report $TEST_TMP/run1" run1.err || fail "folder line"
# no colour when stderr is not a terminal
if grep -q $'\033' run1.err; then fail "colour codes in a file"; fi

# `ompt-inst run` prints the summary itself once the program has ended (the
# shim spawns no process for it): once, then the command's own line
expect_eq "$(grep -c '^ompt-inst: details: ' run1.err)" 1 "summaries under run"
tail -n 1 run1.err | grep -q '^ompt-inst: [0-9]* events recorded in run1$' ||
  fail "the run command's line last: $(cat run1.err)"
# ... as the shim knows from OMPT_INST_SUMMARY_BY_RUN=1 beside the folder it gave
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=run6 OMPT_INST_SUMMARY_BY_RUN=1 ./prog \
  > /dev/null 2> run6.err
expect_eq "$(grep -c '^ompt-inst:' run6.err || true)" 0 "the shim's lines when the command prints the summary"
"$OI" report run6 --format summary > run6.summary 2>&1
grep -Fq 'ompt-inst: data moved 240.0 kB in 30 transfers' run6.summary ||
  fail "the summary the command would print: $(cat run6.summary)"

# the standard OMPT way prints the same summary
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=run2 ./prog > run2.out 2> run2.err
cmp plain.out run2.out || fail "stdout changed under OMP_TOOL_LIBRARIES"
grep -Fq 'ompt-inst: data moved 240.0 kB in 30 transfers' run2.err || fail "summary via OMP_TOOL_LIBRARIES"
if [ "$OI_LLVM" = 19 ]; then
  grep -q '^ompt-inst: data moved .*; from the runtime$' run2.err || fail "data op source (runtime)"
fi
# the runtime's data operations switched off: the summary says they were inferred
OMPT_INST_DISABLE_NATIVE=target "$OI" run -o run5 ./prog 2> run5.err > /dev/null
grep -q '^ompt-inst: data moved 240.0 kB in 30 transfers .*; inferred from map clauses (the runtime reports none)$' run5.err ||
  fail "data op source (inferred): $(grep 'data moved' run5.err)"

# quiet: nothing from the shim, the run command's own line only
OMPT_INST_QUIET=1 "$OI" run -o run3 ./prog > run3.out 2> run3.err
expect_eq "$(grep -c 'data moved' run3.err || true)" 0 "quiet summary lines"
[ -s run3/trace.oit ] || fail "quiet run recorded nothing"

# a failing program keeps its exit code and still gets its summary
cat > fails.c <<'C'
#include <stdlib.h>
int main(void) {
#pragma omp parallel num_threads(2)
  { }
  exit(5);
}
C
cc_plugin fails fails.c
set +e
"$OI" run -o run4 ./fails 2> run4.err
code=$?
set -e
expect_eq "$code" 5 "exit code"
grep -q '^ompt-inst: fails ran' run4.err || fail "summary of a failing program"
