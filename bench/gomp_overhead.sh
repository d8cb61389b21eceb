#!/usr/bin/env bash
# What recording costs a program built with GCC, on libgomp (no OMPT):
# bench/epcc.c built with `gcc -fopenmp -O2 -g`, two variants interleaved
# per repetition:
#   native    the program alone
#   run       `ompt-inst run` (libompt-inst-gomp.so sees its libgomp calls)
# Prints a Markdown table: median ns per construct instance, events recorded
# per instance, the ratio and the recording cost per event. Static loops and
# atomics call no libgomp entry point: nothing is recorded for them, and
# they show what the interposition costs where it does nothing.
#
#   bench/gomp_overhead.sh [SCALE] [RUNS]    (defaults 1 and 7)
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
scale=${1:-1}
runs=${2:-7}

env -u LIBRARY_PATH -u C_INCLUDE_PATH gcc -fopenmp -O2 -g "$top/bench/epcc.c" -o "$work/epcc_gcc" ||
  exit 1
# the program must run on GCC's own runtime, not a libgomp.so.1 that is libomp
unset LD_LIBRARY_PATH

tests="reference:400000 parallel:20000 for_static:40000 for_dynamic:20000
       barrier:100000 critical:100000 atomic:400000 task:10000"

sample_native() { "$work/epcc_gcc" "$test" "$n"; }
sample_run() { tool_run run "$work/epcc_gcc" "$test" "$n"; }

echo "gcc $(gcc -dumpversion), median of $runs interleaved runs, OMP_NUM_THREADS=$OMP_NUM_THREADS; ns per construct instance."
echo
echo "| test | instances | native | run | events/instance | run / native | ns/event |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for entry in $tests; do
  test=${entry%%:*}
  n=$(awk -v n="${entry##*:}" -v s="$scale" 'BEGIN { printf "%d", n * s }')
  interleave "$runs" native run
  awk -v t="$test" -v n="$n" -v a="${MEDIAN[native]}" -v r="${MEDIAN[run]}" \
      -v ev="$(cat "$work/run.events")" -v figures="$figures" 'BEGIN {
    per = ev / n
    cost = per >= 1 ? sprintf("%.1f", (r - a) / per) : "-"
    printf "| %s | %d | %.1f | %.1f | %.1f | %.2f | %s |\n", t, n, a, r, per, r / a, cost
    printf "gomp %s run/native %.2f\n", t, r / a >> figures }'
done
