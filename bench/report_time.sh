#!/usr/bin/env bash
# `ompt-inst report` on a real trace of many data operations:
# bench/target_updates.c (five small transfers per step, host offloading,
# plain build) recorded by `ompt-inst run`, then reported as JSON and as
# text. CPU seconds (user + system) and peak resident memory from GNU time,
# so a busy machine does not inflate them as it does wall time. Prints
# Markdown.
#
#   bench/report_time.sh [DATA_OPS]    (default 10000000)
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
ops=${1:-10000000}
build_program target_updates.c target_updates -fopenmp-targets=x86_64-pc-linux-gnu
OMPT_INST_QUIET=1 tool_run updates "$work/target_updates" $((ops / 5)) > /dev/null
trace_mb=$(du -sm "$work/updates" | cut -f1)
echo "trace: $((ops / 5)) steps, $(cat "$work/updates.events") events, $trace_mb MB;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| report | CPU s | M data ops / CPU s | peak RSS |"
echo "|---|---|---|---|"
for format in json text; do
  /usr/bin/time -f "%U %S %M" -o "$work/time" "$cli" report --format "$format" "$work/updates" > /dev/null
  read -r user system kb < "$work/time"
  awk -v f="$format" -v u="$user" -v s="$system" -v kb="$kb" -v ops="$ops" -v figures="$figures" 'BEGIN {
    cpu = u + s
    rate = cpu > 0 ? sprintf("%.1f", ops / cpu / 1e6) : "-"
    printf "| --format %s | %.2f | %s | %.0f MB |\n", f, cpu, rate, kb / 1024
    printf "report %s cpu/s %.2f\n", f, cpu >> figures
  }'
done
