#!/usr/bin/env bash
# Contended critical sections (issue 53): bench/contended.c, THREADS threads
# x N `critical` (a barrier every 10th), native, under the do-nothing tool
# (bench/null_tool.c, the same callbacks) and under the shim preloaded
# directly (OMP_TOOL_LIBRARIES, as ompt-inst run loads it), interleaved,
# medians of RUNS runs of the loop's wall time; the shim's events are
# counted, so that a cheaper run is seen to record the same.
#
#   bench/contended.sh [N] [THREADS] [RUNS]    (defaults 50000, 4 and 11)
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
n=${1:-50000}
threads=${2:-4}
runs=${3:-11}
build_program contended.c contended
build_null_tool
sample_native() { "$work/contended" "$n" "$threads"; }
sample_null() { OMP_TOOL_LIBRARIES="$work/null_tool.so" "$work/contended" "$n" "$threads"; }
sample_shim() {
  rm -rf "$work/shim"
  OMP_TOOL_LIBRARIES="$shim_library" OMPT_INST_DIR="$work/shim" OMPT_INST_QUIET=1 \
    "$work/contended" "$n" "$threads"
}
interleave "$runs" native null shim
"$cli" dump --header "$work/shim" > "$work/header.jsonl" 2> /dev/null
events=$(sed -n '1s/.*"event_count":\([0-9]*\).*/\1/p' "$work/header.jsonl")
echo "$threads threads x $n critical sections (a barrier every 10th), $(nproc) cores; median of $runs interleaved runs, seconds"
echo
echo "| native | null tool | shim | shim / null | events recorded |"
echo "|---:|---:|---:|---:|---:|"
awk -v a="${MEDIAN[native]}" -v z="${MEDIAN[null]}" -v s="${MEDIAN[shim]}" -v e="$events" \
    -v figures="$figures" 'BEGIN {
  printf "| %.4f | %.4f | %.4f | %.2f | %s |\n", a, z, s, s / z, e
  printf "contended critical shim/null %.2f\n", s / z >> figures }'
