#!/usr/bin/env bash
# Cost of merging compiler hooks with native OMPT callbacks. The program of
# record_cost.c is built plain and with the plugin; each construct instance
# is 2 recorded events either way (merged: the hooks only push and pop the
# site, the runtime's events take it). Median of RUNS runs of N instances,
# ns per instance, for `masked` and `critical`:
#   plain/no tool     the program alone
#   plugin/no tool    the hooks without a tool (one load and branch each)
#   plain/shim        native recording (origin native)
#   plugin/shim       hooks + native, merged (origin merged)
# ns/event = (plugin/shim - plain/shim) / 2: what merging adds per event.
# Usage: bench/merge_cost.sh [N] [RUNS]; uses the build in $OMPT_INST_BUILD
# (default build/).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
n=${1:-2000000}
runs=${2:-7}
shim_library="$build/lib/libompt-inst.so"
plugin="$build/lib/ompt-inst.so"
for f in "$shim_library" "$plugin"; do
  [ -f "$f" ] || { echo "merge_cost: $f not built" >&2; exit 1; }
done
clang=$(sed -n 's/^#define OMPT_INST_CLANG "\(.*\)"$/\1/p' "$build/include/ompt-inst/config.h")
runtime=$(sed -n 's/^#define OMPT_INST_RUNTIME_DIR "\(.*\)"$/\1/p' "$build/include/ompt-inst/config.h")

work=$(mktemp -d "${TMPDIR:-/tmp}/oi-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$clang" -O2 -fopenmp "$top/bench/record_cost.c" -o "$work/plain"
"$clang" -O2 -fopenmp -fplugin="$plugin" "$top/bench/record_cost.c" -o "$work/plugin"
export LD_LIBRARY_PATH="$runtime${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
measure() { # BINARY CONSTRUCT TOOL-OR-EMPTY: median ns per construct instance
  for _ in $(seq "$runs"); do
    rm -rf "$work/run"
    if [ -n "$3" ]; then
      OMP_TOOL_LIBRARIES="$3" OMPT_INST_DIR="$work/run" "$work/$1" "$n" "$2"
    else
      "$work/$1" "$n" "$2"
    fi
  done | median
}

echo "$n instances per run, median of $runs runs; ns per instance (2 events)"
printf "%-9s %14s %15s %11s %12s %9s\n" construct plain/no-tool plugin/no-tool plain/shim plugin/shim "ns/event"
for construct in masked critical; do
  plain_none=$(measure plain $construct "")
  plugin_none=$(measure plugin $construct "")
  plain_shim=$(measure plain $construct "$shim_library")
  plugin_shim=$(measure plugin $construct "$shim_library")
  awk -v c=$construct -v a="$plain_none" -v b="$plugin_none" -v s="$plain_shim" -v m="$plugin_shim" 'BEGIN {
    printf "%-9s %14.2f %15.2f %11.2f %12.2f %9.2f\n", c, a, b, s, m, (m - s) / 2 }'
done
# the merged run really merged: its events carry sites
OMP_TOOL_LIBRARIES="$shim_library" OMPT_INST_DIR="$work/check" "$work/plugin" 1000 critical > /dev/null
"$build/bin/ompt-inst" dump "$work/check" | grep -c '"kind":"mutex".*"origin":"merged"' |
  awk '{ print "check: " $1 " merged mutex events of 2000" }'
