#!/usr/bin/env bash
# heat's fix measured: examples/heat.c against examples/fixed/heat.c (a
# target data region around the time loop), plugin builds with -O2, RUNS
# runs of each, interleaved, under `ompt-inst run`; then
# `ompt-inst diff B1..BN -- A1..AN`: the predicted saving of heat's
# findings next to the achieved one, and the run times with their spread.
# Prints the diff's totals and summary, and the plain run time of each
# binary without the tool (the median of RUNS, `heat STEPS`).
# Usage: bench/diff_heat.sh [STEPS] [RUNS]; uses the build in
# $OMPT_INST_BUILD (default build/).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
steps=${1:-20}
runs=${2:-5}
oi="$build/bin/ompt-inst"
[ -x "$oi" ] || { echo "diff_heat: $oi not built" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/oi-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
"$oi" cc -O2 -fopenmp-targets=x86_64-pc-linux-gnu "$top/examples/heat.c" -o heat
"$oi" cc -O2 -fopenmp-targets=x86_64-pc-linux-gnu "$top/examples/fixed/heat.c" -o heat_fixed
export OMPT_INST_QUIET=1 OMP_WAIT_POLICY=passive
before=() after=()
for i in $(seq "$runs"); do
  "$oi" run -o "b$i" -- ./heat "$steps" >/dev/null
  "$oi" run -o "a$i" -- ./heat_fixed "$steps" >/dev/null
  before+=("b$i") after+=("a$i")
done
"$oi" diff "${before[@]}" -- "${after[@]}" >diff.txt
sed -n '/^Totals/,$p' diff.txt

# without the tool: wall time of each binary, median of RUNS
median_ms() {
  local times=() i start
  for i in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" >/dev/null
    times+=($(( ($(date +%s%N) - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ t[NR] = $1 } END { printf "%.2f ms\n", t[int((NR + 1) / 2)] / 1000 }'
}
echo
echo "without the tool, median of $runs: heat $(median_ms ./heat "$steps"), fixed $(median_ms ./heat_fixed "$steps")"
