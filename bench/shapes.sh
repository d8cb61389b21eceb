#!/usr/bin/env bash
# Two shapes of issue 22, as a new user would write them, host offloading:
#   kernel-dense  bench/kernel_dense.c: per step two `target teams distribute
#                 parallel for` on 16 KiB arrays that stay on the device, and
#                 a host `parallel for` (target: <= 1.25 x the do-nothing tool)
#   64 MiB        bench/big_maps.c: per step a 64 MiB input mapped `to`
#                 unchanged and a 64 MiB result mapped `from` (target:
#                 <= 1.30 x native, duplicates found exactly)
# Variants interleaved: native, do-nothing tool, `ompt-inst run` on the plain
# and on the plugin build. Also the trace bytes per event. Prints Markdown.
#
#   bench/shapes.sh [SCALE] [RUNS] [MIB]    (defaults 1, 7 and 64)
#
# MIB: the size of big_maps' arrays (smaller for smoke runs).
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
scale=${1:-1}
runs=${2:-7}
mib=${3:-64}
targets=-fopenmp-targets=x86_64-pc-linux-gnu
for program in kernel_dense big_maps; do
  build_program "$program.c" "$program" "$targets"
  build_program "$program.c" "${program}_plugin" "$targets" -fplugin="$plugin"
done
build_null_tool

args() { [ "$program" = big_maps ] && echo "$n $mib" || echo "$n"; }
# shellcheck disable=SC2046 # the program's arguments
sample_native() { "$work/$program" $(args); }
# shellcheck disable=SC2046
sample_null() { OMP_TOOL_LIBRARIES="$work/null_tool.so" "$work/$program" $(args); }
# shellcheck disable=SC2046
sample_run() { tool_run run "$work/$program" $(args); }
# shellcheck disable=SC2046
sample_plugin() { tool_run plugin "$work/${program}_plugin" $(args); }

echo "Median of $runs interleaved runs; ns per step."
echo
echo "| shape | steps | native | null tool | run | run, plugin build | events/step (run, plugin) | trace bytes/event (run, plugin) | run / native | plugin / native | run / null | plugin / null |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for entry in kernel_dense:4000 big_maps:10; do
  IFS=: read -r program n <<< "$entry"
  n=$(awk -v n="$n" -v s="$scale" 'BEGIN { m = int(n * s); if (m < 2) m = 2; printf "%d", m }')
  interleave "$runs" native null run plugin
  awk -v t="$program" -v n="$n" -v a="${MEDIAN[native]}" -v z="${MEDIAN[null]}" \
      -v r="${MEDIAN[run]}" -v p="${MEDIAN[plugin]}" \
      -v er="$(cat "$work/run.events")" -v ep="$(cat "$work/plugin.events")" \
      -v br="$(stat -c %s "$work/run/trace.oit")" -v bp="$(stat -c %s "$work/plugin/trace.oit")" \
      -v figures="$figures" 'BEGIN {
    printf "| %s | %d | %.0f | %.0f | %.0f | %.0f | %.1f, %.1f | %.1f, %.1f | %.2f | %.2f | %.2f | %.2f |\n",
      t, n, a, z, r, p, er / (n + 1), ep / (n + 1), br / er, bp / ep, r / a, p / a, r / z, p / z
    printf "shape %s run/native %.2f\nshape %s plugin/native %.2f\nshape %s run/null %.2f\nshape %s plugin/null %.2f\nshape %s bytes/event %.1f\n",
      t, r / a, t, p / a, t, r / z, t, p / z, t, bp / ep >> figures }'
  if [ "$program" = big_maps ]; then
    # the timed steps' `to` transfers repeat the start-up step's content
    # (clang 19 inlines step() twice, two code addresses; 22 calls it, one):
    # exact, not "probable"
    "$cli" report "$work/run" --format json --output "$work/big_maps.json"
    dup=$("${PYTHON:-python3}" - "$work/big_maps.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f = [x for x in d["findings"] if x["kind"] == "duplicate_transfer"]
print(f"{f[0]['count']} of {f[0]['total']}, {'probable' if f[0].get('probable') else 'exact'}" if f else "none")
PY
)
    echo "big_maps_dup $dup" >> "$work/notes"
  fi
done
echo
sed -n "s/^big_maps_dup /$mib MiB shape, duplicate transfers found in the \`run\` trace: /p" "$work/notes"
