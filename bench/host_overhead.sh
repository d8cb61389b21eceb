#!/usr/bin/env bash
# Host-construct overhead on the EPCC-style microbenchmarks of
# bench/epcc.c, four variants interleaved per repetition:
#   native    the plain binary alone
#   null      the plain binary with the do-nothing tool (bench/null_tool.c)
#   run       `ompt-inst run` on the plain binary (native OMPT events)
#   plugin    `ompt-inst run` on the binary built with the plugin (merged)
# Prints a Markdown table: median ns per construct instance, events recorded
# per instance, ratios, and the recording cost per event
# ((run - null) / events per instance).
#
#   bench/host_overhead.sh [SCALE] [RUNS]    (defaults 1 and 7; SCALE
#   multiplies every test's instance count)
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
scale=${1:-1}
runs=${2:-7}

build_program epcc.c epcc
build_program epcc.c epcc_plugin -fplugin="$plugin"
build_null_tool

# test and instances per run (about 0.1 s each natively on 2 cores)
tests="reference:400000 parallel:20000 for_static:40000 for_dynamic:20000
       barrier:100000 critical:100000 atomic:400000 task:10000"

sample_native() { "$work/epcc" "$test" "$n"; }
sample_null() { OMP_TOOL_LIBRARIES="$work/null_tool.so" "$work/epcc" "$test" "$n"; }
sample_run() { tool_run run "$work/epcc" "$test" "$n"; }
sample_plugin() { tool_run plugin "$work/epcc_plugin" "$test" "$n"; }

echo "Median of $runs interleaved runs, OMP_NUM_THREADS=$OMP_NUM_THREADS; ns per construct instance."
echo
echo "| test | instances | native | null tool | run | run, plugin build | events/instance (run, plugin) | run / native | run / null | plugin / null | ns/event (run, plugin) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for entry in $tests; do
  test=${entry%%:*}
  n=$(awk -v n="${entry##*:}" -v s="$scale" 'BEGIN { printf "%d", n * s }')
  interleave "$runs" native null run plugin
  awk -v t="$test" -v n="$n" -v a="${MEDIAN[native]}" -v z="${MEDIAN[null]}" \
      -v r="${MEDIAN[run]}" -v p="${MEDIAN[plugin]}" \
      -v er="$(cat "$work/run.events")" -v ep="$(cat "$work/plugin.events")" \
      -v figures="$figures" 'BEGIN {
    # events per instance: the few events of start-up and warm-up spread thin
    epr = er / n; epp = ep / n
    cr = epr >= 0.5 ? sprintf("%.1f", (r - z) / epr) : "-"
    cp = epp >= 0.5 ? sprintf("%.1f", (p - z) / epp) : "-"
    printf "| %s | %d | %.1f | %.1f | %.1f | %.1f | %.2f, %.2f | %.2f | %.2f | %.2f | %s, %s |\n",
      t, n, a, z, r, p, epr, epp, r / a, r / z, p / z, cr, cp
    printf "host %s run/null %.2f\nhost %s plugin/null %.2f\n", t, r / z, t, p / z >> figures }'
done
