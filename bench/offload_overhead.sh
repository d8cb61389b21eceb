#!/usr/bin/env bash
# Offload overhead on the transfer-heavy programs of bench/offload.c (host
# offloading: real allocations and copies), four variants interleaved per
# repetition: native, do-nothing tool, `ompt-inst run` on the plain build
# and on the plugin build. The shim hashes the host side of every transfer
# (XXH3-64, sampled above 16 KiB by default); the hash's own cost is
# measured alone by hash_throughput, whole and in the default mode, on
# buffers of the programs' sizes. Prints Markdown.
#
#   bench/offload_overhead.sh [SCALE] [RUNS]    (defaults 1 and 7)
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
scale=${1:-1}
runs=${2:-7}
hash_tool="$build/bin/hash_throughput"
[ -x "$hash_tool" ] || { echo "bench: $hash_tool not built" >&2; exit 1; }

targets=-fopenmp-targets=x86_64-pc-linux-gnu
build_program offload.c offload "$targets"
build_program offload.c offload_plugin "$targets" -fplugin="$plugin"
build_null_tool

# program, regions per run, bytes mapped tofrom per region
programs="small:20000:512 limit:10000:16384 medium:2000:262144 large:10:67108864"

sample_native() { "$work/offload" "$program" "$n"; }
sample_null() { OMP_TOOL_LIBRARIES="$work/null_tool.so" "$work/offload" "$program" "$n"; }
sample_run() { tool_run run "$work/offload" "$program" "$n"; }
sample_plugin() { tool_run plugin "$work/offload_plugin" "$program" "$n"; }

echo "Median of $runs interleaved runs; ns per target region (each maps one array tofrom:"
echo "alloc, copy in, kernel, copy out, delete; 2 transfers hashed by the shim, whole up to"
echo "16 KiB, from 16 blocks of 256 bytes above)."
echo
echo "| program | regions | bytes per transfer | native | null tool | run | run, plugin build | events/region (run, plugin) | run / native | plugin / native | run / null |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for entry in $programs; do
  IFS=: read -r program n bytes <<< "$entry"
  n=$(awk -v n="$n" -v s="$scale" 'BEGIN { m = int(n * s); if (m < 2) m = 2; printf "%d", m }')
  interleave "$runs" native null run plugin
  awk -v t="$program" -v n="$n" -v b="$bytes" -v a="${MEDIAN[native]}" -v z="${MEDIAN[null]}" \
      -v r="${MEDIAN[run]}" -v p="${MEDIAN[plugin]}" \
      -v er="$(cat "$work/run.events")" -v ep="$(cat "$work/plugin.events")" \
      -v figures="$figures" 'BEGIN {
    printf "| %s | %d | %d | %.0f | %.0f | %.0f | %.0f | %.1f, %.1f | %.2f | %.2f | %.2f |\n",
      t, n, b, a, z, r, p, er / (n + 1), ep / (n + 1), r / a, p / a, r / z
    printf "offload %s run/native %.2f\noffload %s plugin/native %.2f\n", t, r / a, t, p / a >> figures }'
  # the hash alone over the same bytes, whole and as the shim does it by
  # default, and what the latter adds to a region (2 transfers hashed)
  repeat=$(awk -v b="$bytes" 'BEGIN { r = int(2e8 / b); if (r < 1) r = 1; printf "%d", r }')
  whole=$("$hash_tool" "$bytes" "$repeat" full)
  default=$("$hash_tool" "$bytes" "$repeat" sampled)
  echo "$program $bytes $whole $default ${MEDIAN[native]}" >> "$work/hashing"
done
echo
echo "| hashed buffer | XXH3-64 whole | 2 whole hashes per region | 2 hashes, default mode | default's share of the native region time |"
echo "|---:|---:|---:|---:|---:|"
while read -r program bytes whole default native; do
  awk -v b="$bytes" -v w="$whole" -v d="$default" -v a="$native" 'BEGIN {
    hw = 2 * b / w; hd = 2 * b / d   # ns: bytes / (GB/s) = ns
    printf "| %d B | %.2f GB/s | %.0f ns | %.0f ns | %.1f %% |\n", b, w, hw, hd, 100 * hd / a }'
done < "$work/hashing"
