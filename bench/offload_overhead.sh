#!/usr/bin/env bash
# Offload overhead on the transfer-heavy programs of bench/offload.c (host
# offloading: real allocations and copies), four variants interleaved per
# repetition: native, do-nothing tool, `ompt-inst run` on the plain build
# (hashing transfers whole, the default, and with OMPT_INST_HASH=sampled)
# and on the plugin build. The hash's own cost is measured alone by
# hash_throughput, whole and sampled, on buffers of the programs' sizes.
# Prints Markdown.
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
programs="small:20000:512 medium:10000:16384 big:2000:262144 large:10:67108864"

sample_native() { "$work/offload" "$program" "$n"; }
sample_null() { OMP_TOOL_LIBRARIES="$work/null_tool.so" "$work/offload" "$program" "$n"; }
sample_run() { tool_run run "$work/offload" "$program" "$n"; }
sample_sampled() { OMPT_INST_HASH=sampled tool_run sampled "$work/offload" "$program" "$n"; }
sample_plugin() { tool_run plugin "$work/offload_plugin" "$program" "$n"; }

echo "Median of $runs interleaved runs; ns per target region (each maps one array tofrom:"
echo "alloc, copy in, kernel, copy out, delete; the shim hashes both transfers: whole by default,"
echo "from spread blocks above 1 KiB with OMPT_INST_HASH=sampled)."
echo
echo "| program | regions | bytes per transfer | native | null tool | run | run, sampled | run, plugin build | events/region (run, plugin) | run / native | sampled / native | plugin / native | run / null |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for entry in $programs; do
  IFS=: read -r program n bytes <<< "$entry"
  n=$(awk -v n="$n" -v s="$scale" 'BEGIN { m = int(n * s); if (m < 2) m = 2; printf "%d", m }')
  interleave "$runs" native null run sampled plugin
  awk -v t="$program" -v n="$n" -v b="$bytes" -v a="${MEDIAN[native]}" -v z="${MEDIAN[null]}" \
      -v r="${MEDIAN[run]}" -v s="${MEDIAN[sampled]}" -v p="${MEDIAN[plugin]}" \
      -v er="$(cat "$work/run.events")" -v ep="$(cat "$work/plugin.events")" \
      -v figures="$figures" 'BEGIN {
    printf "| %s | %d | %d | %.0f | %.0f | %.0f | %.0f | %.0f | %.1f, %.1f | %.2f | %.2f | %.2f | %.2f |\n",
      t, n, b, a, z, r, s, p, er / (n + 1), ep / (n + 1), r / a, s / a, p / a, r / z
    printf "offload %s run/native %.2f\noffload %s sampled/native %.2f\noffload %s plugin/native %.2f\n",
      t, r / a, t, s / a, t, p / a >> figures }'
  # the hash alone over the same bytes, whole and sampled, and what they
  # add to a region (2 transfers hashed)
  repeat=$(awk -v b="$bytes" -v s="$scale" 'BEGIN { r = int(2e8 * (s < 1 ? s : 1) / b); if (r < 1) r = 1; printf "%d", r }')
  whole=$("$hash_tool" "$bytes" "$repeat" full)
  # XXH3, the whole hash where the CPU lacks VAES, for comparison
  xxh3=$("$hash_tool" "$bytes" "$repeat" xxh3)
  sampled=$("$hash_tool" "$bytes" "$repeat" sampled)
  # the floor: copying the same bytes; then both through 256 MiB of memory
  # (out of the 32 MiB last-level cache; a SCALE below 1, a smoke run,
  # shrinks it)
  copy=$("$hash_tool" "$bytes" "$repeat" memcpy)
  span=$(awk -v s="$scale" 'BEGIN { printf "%d", 268435456 * (s < 1 ? s : 1) }')
  [ "$bytes" -lt "$span" ] || span=$((4 * bytes))
  whole_out=$("$hash_tool" "$bytes" "$repeat" full "$span")
  copy_out=$("$hash_tool" "$bytes" "$repeat" memcpy "$span")
  echo "$program $bytes $whole $xxh3 $sampled ${MEDIAN[native]} $copy $whole_out $copy_out" >> "$work/hashing"
done
echo
echo "| hashed buffer | whole hash ($("$hash_tool" --code-path)) | XXH3-64 whole ($("$hash_tool" --xxh3-path)) | memcpy | whole hash out of cache | memcpy out of cache | 2 whole hashes per region | their share of the native region time | 2 sampled hashes | their share |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
while read -r program bytes whole xxh3 sampled native copy whole_out copy_out; do
  awk -v b="$bytes" -v w="$whole" -v x="$xxh3" -v d="$sampled" -v a="$native" -v c="$copy" -v wo="$whole_out" -v co="$copy_out" 'BEGIN {
    hw = 2 * b / w; hd = 2 * b / d   # ns: bytes / (GB/s) = ns
    printf "| %d B | %.2f GB/s | %.2f GB/s | %.2f GB/s | %.2f GB/s | %.2f GB/s | %.0f ns | %.1f %% | %.0f ns | %.1f %% |\n", b, w, x, c, wo, co, hw, 100 * hw / a, hd, 100 * hd / a }'
done < "$work/hashing"
