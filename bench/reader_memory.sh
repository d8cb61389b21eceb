#!/usr/bin/env bash
# The reader's peak memory as a trace grows 10x: synthetic traces of
# MB and 10 x MB, half info records and half events
# (bench/write_info_trace.c), read by `ompt-inst dump --header` and
# `ompt-inst report`; peak resident set from GNU time.
#
#   bench/reader_memory.sh [MB]    (default 64)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
mb=${1:-64}
work=$(mktemp -d "${TMPDIR:-/tmp}/oi-reader-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT
peak_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
echo "| trace | info records | events | dump --header peak RSS | report peak RSS |"
echo "|---|---|---|---|---|"
for size in $((mb / 10)) "$mb"; do
  read -r infos events < <("$build/bin/write_info_trace" "$work/t$size" "$size")
  dump_kb=$(peak_kb "$build/bin/ompt-inst" dump --header "$work/t$size")
  report_kb=$(peak_kb "$build/bin/ompt-inst" report "$work/t$size")
  echo "| $size MB | $infos | $events | $(awk "BEGIN{printf \"%.1f\", $dump_kb/1024}") MB | $(awk "BEGIN{printf \"%.1f\", $report_kb/1024}") MB |"
done
