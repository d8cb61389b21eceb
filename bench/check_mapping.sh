#!/usr/bin/env bash
# The cost of `ompt-inst run --check mapping` (docs/checks.md) on
# OMPDataPerf's benchmark suite, host offload: native, `ompt-inst run`, and
# `ompt-inst run --check mapping`, plain and plugin builds, interleaved
# (A B C ... A B C ...), median wall seconds of RUNS, and the geometric
# mean of each over native. Each variant must exit as the program does
# natively. Needs the builds bench/ompdataperf.sh made in SCRATCH. Prints
# Markdown.
#
#   bench/check_mapping.sh SCRATCH [RUNS [NAME...]]
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] && [ -d "$1/plain" ] && [ -d "$1/plugin" ] ||
  { echo "usage: bench/check_mapping.sh SCRATCH [RUNS [NAME...]] (after bench/ompdataperf.sh)" >&2; exit 2; }
scratch=$(cd "$1" && pwd)
runs=${2:-3}
shift $(($# < 2 ? $# : 2))
only=("$@")
data="$scratch/data"
# shellcheck source=ompdataperf_apps.sh
source "$(dirname "$0")/ompdataperf_apps.sh"

wall() { # NAME FOLDER COMMAND...
  local name=$1 dir=$2 start end status=0
  shift 2
  start=$(date +%s.%N)
  (cd "$dir" && "$@" > "$work/$name.out" 2>&1) || status=$?
  end=$(date +%s.%N)
  echo "$status" > "$work/$name.status"
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}
sample_native() { wall native "$scratch/plain/$folder" "${program[@]}"; }
sample_run() { rm -rf "$work/r"; wall run "$scratch/plain/$folder" "$cli" run -o "$work/r" -- "${program[@]}"; }
sample_check() { rm -rf "$work/c"; wall check "$scratch/plain/$folder" "$cli" run --check mapping -o "$work/c" -- "${program[@]}"; }
sample_check_plugin() { rm -rf "$work/cp"; wall check_plugin "$scratch/plugin/$folder" "$cli" run --check mapping -o "$work/cp" -- "${program[@]}"; }

echo "Median of $runs interleaved runs, wall seconds of the whole command (each tool's exit summary included)."
echo
echo "| program | native s | run s | --check mapping s | --check mapping, plugin build s | run / native | check / native | check, plugin / native | mapping bugs (check, plain / plugin) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
: > "$work/ratios"
for entry in "${apps[@]}"; do
  IFS='|' read -r name folder _ command _ _ <<< "$entry"
  [ ${#only[@]} -eq 0 ] || [[ " ${only[*]} " == *" $name "* ]] || continue
  [ -d "$scratch/plain/$folder" ] || { echo "bench: $name not built in $scratch" >&2; exit 1; }
  read -r -a program <<< "${command//@DATA@/$data}"
  interleave "$runs" native run check check_plugin
  for variant in run check check_plugin; do
    cmp -s "$work/native.status" "$work/$variant.status" ||
      { echo "bench: $name exits $(cat "$work/$variant.status") under $variant, $(cat "$work/native.status") natively" >&2; exit 1; }
  done
  bugs=""
  for folder_run in c cp; do
    bugs+="$("$cli" report --format json "$work/$folder_run" | "${PYTHON:-python3}" -c '
import json, sys
print(sum(f["count"] for f in json.load(sys.stdin)["findings"] if f["class"] == "bug"))')/"
  done
  awk -v t="$name" -v a="${MEDIAN[native]}" -v r="${MEDIAN[run]}" -v c="${MEDIAN[check]}" \
      -v p="${MEDIAN[check_plugin]}" -v b="${bugs%/}" 'BEGIN {
    printf "| %s | %.3f | %.3f | %.3f | %.3f | %.2f | %.2f | %.2f | %s |\n", t, a, r, c, p, r / a, c / a, p / a, b }'
  echo "${MEDIAN[native]} ${MEDIAN[run]} ${MEDIAN[check]} ${MEDIAN[check_plugin]}" >> "$work/ratios"
done
awk '{ r += log($2 / $1); c += log($3 / $1); p += log($4 / $1); n++ }
  END { printf "| geomean over native | | | | | %.2f | %.2f | %.2f | |\n", exp(r / n), exp(c / n), exp(p / n) }' "$work/ratios"
