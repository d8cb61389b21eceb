#!/usr/bin/env bash
# Per-event recording cost of the shim against a do-nothing OMPT tool that
# registers the same callbacks. Median of RUNS runs of N instances of a
# construct (2 recorded events each), for `masked` and `critical` (see
# record_cost.c). Usage: bench/record_cost.sh [N] [RUNS]
# Uses the build in $OMPT_INST_BUILD (default build/).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
n=${1:-2000000}
runs=${2:-7}
shim_library="$build/lib/libompt-inst.so"
[ -f "$shim_library" ] || { echo "record_cost: $shim_library not built" >&2; exit 1; }
clang=$(sed -n 's/^#define OMPT_INST_CLANG "\(.*\)"$/\1/p' "$build/include/ompt-inst/config.h")
runtime=$(sed -n 's/^#define OMPT_INST_RUNTIME_DIR "\(.*\)"$/\1/p' "$build/include/ompt-inst/config.h")

work=$(mktemp -d "${TMPDIR:-/tmp}/oi-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$clang" -O2 -fopenmp "$top/bench/record_cost.c" -o "$work/record_cost"
"$clang" -O2 -shared -fPIC -I"$build/ompt-include" "$top/bench/null_tool.c" -o "$work/null_tool.so"
export LD_LIBRARY_PATH="$runtime${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
measure() { # CONSTRUCT TOOL-OR-EMPTY: median ns per construct instance
  for _ in $(seq "$runs"); do
    rm -rf "$work/run"
    if [ -n "$2" ]; then
      OMP_TOOL_LIBRARIES="$2" OMPT_INST_DIR="$work/run" "$work/record_cost" "$n" "$1"
    else
      "$work/record_cost" "$n" "$1"
    fi
  done | median
}

echo "$n instances per run, median of $runs runs; ns per instance (2 events)"
printf "%-9s %8s %8s %8s %12s %6s\n" construct no-tool null-tool shim "ns/event" ratio
for construct in masked critical; do
  none=$(measure $construct "")
  null=$(measure $construct "$work/null_tool.so")
  shim=$(measure $construct "$shim_library")
  awk -v c=$construct -v none="$none" -v null="$null" -v shim="$shim" 'BEGIN {
    printf "%-9s %8.2f %8.2f %8.2f %12.2f %6.2f\n", c, none, null, shim, (shim - null) / 2, shim / null }'
done
