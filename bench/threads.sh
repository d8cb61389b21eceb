#!/usr/bin/env bash
# Host-construct cost as the thread count grows: the EPCC-style tests of
# bench/epcc.c (parallel, for_static, for_dynamic, barrier, critical, lock, task and
# task_tree, miniFMM's shape: recursive tasks with a taskwait per node) at
# each thread count, four variants interleaved per repetition as in
# host_overhead.sh (native, null tool, `ompt-inst run` on the plain build
# and on the plugin build). The instances per run are sized by one native
# calibration run per test and thread count to take about TARGET_MS.
# Prints a Markdown table: median ns per instance, events per instance
# (those of a run of N instances less those of a run of 1: start-up, thread
# begin and end and the warm-up left out), ns per event over the null tool
# ((tool - null) / events per instance) and tool / null ratios.
#
#   bench/threads.sh [SCALE] [RUNS] [THREADS...]
#
# Defaults: SCALE 1 (multiplies TARGET_MS, 20 ms), RUNS
# $OI_BENCH_THREADS_RUNS or 5, THREADS 1 2 4 8 16 32 64. Waiting threads
# sleep (OMP_WAIT_POLICY=passive unless set): above the core count spinning
# waiters take the time slices of the threads they wait for.
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
scale=${1:-1}
runs=${2:-${OI_BENCH_THREADS_RUNS:-5}}
shift $(($# > 2 ? 2 : $#))
thread_counts=${*:-1 2 4 8 16 32 64}
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
target_ns=$(awk -v s="$scale" 'BEGIN { printf "%d", 20e6 * s }')

build_program epcc.c epcc
build_program epcc.c epcc_plugin -fplugin="$plugin"
build_null_tool

tests="parallel for_static for_dynamic barrier critical lock task task_tree"

sample_native() { OMP_NUM_THREADS=$threads "$work/epcc" "$test" "$n"; }
sample_null() { OMP_NUM_THREADS=$threads OMP_TOOL_LIBRARIES="$work/null_tool.so" "$work/epcc" "$test" "$n"; }
sample_run() { OMP_NUM_THREADS=$threads tool_run run "$work/epcc" "$test" "$n"; }
sample_plugin() { OMP_NUM_THREADS=$threads tool_run plugin "$work/epcc_plugin" "$test" "$n"; }

echo "Median of $runs interleaved runs, $(nproc) cores, OMP_WAIT_POLICY=$OMP_WAIT_POLICY," \
  "load average at start $(cut -d' ' -f1-3 /proc/loadavg); ns per construct instance."
echo
echo "| test | threads | instances | native | null tool | run | run, plugin build | events/instance (run, plugin) | run / null | plugin / null | ns/event (run, plugin) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for test in $tests; do
  for threads in $thread_counts; do
    # calibration: the native ns per instance of a short run
    probe=$(OMP_NUM_THREADS=$threads "$work/epcc" "$test" 4)
    n=$(awk -v t="$target_ns" -v p="$probe" 'BEGIN { n = int(t / (p > 1 ? p : 1)); print (n < 8 ? 8 : n > 200000 ? 200000 : n) }')
    OMP_NUM_THREADS=$threads tool_run base_run "$work/epcc" "$test" 1 > /dev/null
    OMP_NUM_THREADS=$threads tool_run base_plugin "$work/epcc_plugin" "$test" 1 > /dev/null
    interleave "$runs" native null run plugin
    awk -v t="$test" -v th="$threads" -v n="$n" -v a="${MEDIAN[native]}" -v z="${MEDIAN[null]}" \
        -v r="${MEDIAN[run]}" -v p="${MEDIAN[plugin]}" \
        -v er="$(cat "$work/run.events")" -v ep="$(cat "$work/plugin.events")" \
        -v br="$(cat "$work/base_run.events")" -v bp="$(cat "$work/base_plugin.events")" \
        -v figures="$figures" 'BEGIN {
      epr = (er - br) / (n - 1); epp = (ep - bp) / (n - 1)
      cr = epr >= 0.5 ? sprintf("%.1f", (r - z) / epr) : "-"
      cp = epp >= 0.5 ? sprintf("%.1f", (p - z) / epp) : "-"
      printf "| %s | %d | %d | %.1f | %.1f | %.1f | %.1f | %.2f, %.2f | %.2f | %.2f | %s, %s |\n",
        t, th, n, a, z, r, p, epr, epp, r / z, p / z, cr, cp
      printf "threads %s@%d run/null %.2f\nthreads %s@%d plugin/null %.2f\n", t, th, r / z, t, th, p / z >> figures }'
  done
done
echo
echo "Load average at end: $(cut -d' ' -f1-3 /proc/loadavg)."
