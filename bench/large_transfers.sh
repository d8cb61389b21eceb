#!/usr/bin/env bash
# Large hashed transfers beside OMPDataPerf (issue 53): bench/offload.c
# `large` (a target region mapping 64 MiB tofrom: two 64 MiB copies and a
# kernel over them) N times, native, under the do-nothing tool, under
# OMPDataPerf (which also hashes every transfer's host side, with t1ha) and
# under `ompt-inst run` (the full record: every transfer hashed whole),
# interleaved, medians of RUNS; the figure is the program's own mean time
# of one region (start-up and exit excluded). Then the shim's whole hash
# and memcpy on 64 MiB moving through 256 MiB (out of cache), GB/s: the
# floor under hashing what a transfer copies is reading it at the speed of
# memory.
#
#   bench/large_transfers.sh ODP_LAUNCHER [N] [RUNS]   (defaults 10 and 7)
#
# ODP_LAUNCHER: OMPDataPerf's `ompdataperf` program, as bench/ompdataperf.sh
# builds it (SCRATCH/tool/build/ompdataperf), for the same LLVM runtime.
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] && [ -x "$1" ] || { echo "usage: bench/large_transfers.sh ODP_LAUNCHER [N] [RUNS]" >&2; exit 2; }
odp=$1
n=${2:-10}
runs=${3:-7}
build_program offload.c offload -fopenmp-targets=x86_64-pc-linux-gnu
build_null_tool
program=("$work/offload" large "$n")
sample_native() { "${program[@]}"; }
sample_null() { OMP_TOOL_LIBRARIES="$work/null_tool.so" "${program[@]}"; }
sample_odp() { (cd "$work" && "$odp" "${program[@]}" 2> /dev/null | head -n 1); }
sample_run() {
  rm -rf "$work/run"
  OMPT_INST_QUIET=1 "$cli" run -o "$work/run" -- "${program[@]}" 2> /dev/null
}
interleave "$runs" native null odp run
hash=$("$build/bin/hash_throughput" 67108864 8 full 268435456)
copy=$("$build/bin/hash_throughput" 67108864 8 memcpy 268435456)
echo "bench/offload.c large: $n target regions each mapping 64 MiB tofrom, $(nproc) cores; median of $runs interleaved runs, ms per region"
echo
echo "| native | null tool | OMPDataPerf | ompt-inst run | OMPDataPerf / native | ompt-inst / native | ompt-inst / OMPDataPerf |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
awk -v a="${MEDIAN[native]}" -v z="${MEDIAN[null]}" -v o="${MEDIAN[odp]}" -v r="${MEDIAN[run]}" \
    -v figures="$figures" 'BEGIN {
  printf "| %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n", a / 1e6, z / 1e6, o / 1e6, r / 1e6, o / a, r / a, r / o
  printf "large transfers ompt-inst/odp %.2f\n", r / o >> figures }'
echo
echo "64 MiB through 256 MiB (out of cache): the shim's whole hash $hash GB/s, memcpy $copy GB/s ($("$build/bin/hash_throughput" --code-path))"
