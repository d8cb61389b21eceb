#!/usr/bin/env bash
# The fixed cost of `ompt-inst run` on a short offload program (issue 53):
# bench/offload.c with `small 20` (about 20 ms), plugin build, as wall
# times in ms, interleaved, medians of RUNS runs:
#   native     the program alone
#   null       under the do-nothing tool (bench/null_tool.c)
#   shim       the shim loaded directly (OMP_TOOL_LIBRARIES), no launcher
#   run_quiet  `ompt-inst run` with OMPT_INST_QUIET=1 (no exit summary)
#   run        `ompt-inst run` as a user types it (the exit summary too)
# run - shim is what the launcher adds (its checks before the program,
# reading the trace after it); run - run_quiet the exit summary.
#
#   bench/run_fixed_cost.sh [RUNS]    (default 21)
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
runs=${1:-21}
"$cli" cc -O2 -fopenmp-targets=x86_64-pc-linux-gnu "$top/bench/offload.c" -o "$work/offload" ||
  exit 1
build_null_tool
args=(small 20)
# wall milliseconds of one command
wall_ms() {
  local start=$EPOCHREALTIME
  "$@" > /dev/null 2>&1
  local end=$EPOCHREALTIME
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", (e - s) * 1000 }'
}
sample_native() { wall_ms "$work/offload" "${args[@]}"; }
sample_null() { OMP_TOOL_LIBRARIES="$work/null_tool.so" wall_ms "$work/offload" "${args[@]}"; }
sample_shim() {
  rm -rf "$work/shim"
  OMP_TOOL_LIBRARIES="$shim_library" OMPT_INST_DIR="$work/shim" OMPT_INST_QUIET=1 \
    wall_ms "$work/offload" "${args[@]}"
}
sample_run_quiet() {
  rm -rf "$work/quiet"
  OMPT_INST_QUIET=1 wall_ms "$cli" run -o "$work/quiet" "$work/offload" "${args[@]}"
}
sample_run() {
  rm -rf "$work/run"
  wall_ms "$cli" run -o "$work/run" "$work/offload" "${args[@]}"
}
interleave "$runs" native null shim run_quiet run
echo "bench/offload.c small 20 (plugin build), $(nproc) cores; median of $runs interleaved runs, ms"
echo
echo "| native | null tool | shim | run, quiet | run | run - shim | run - quiet |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
awk -v a="${MEDIAN[native]}" -v z="${MEDIAN[null]}" -v s="${MEDIAN[shim]}" \
    -v q="${MEDIAN[run_quiet]}" -v r="${MEDIAN[run]}" -v figures="$figures" 'BEGIN {
  printf "| %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |\n", a, z, s, q, r, r - s, r - q
  printf "run fixed cost run/native %.2f, run - shim %.1f ms\n", r / a, r - s >> figures }'
