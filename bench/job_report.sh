#!/usr/bin/env bash
# Reporting on an MPI job folder: bench/job_folder writes RANKS synthetic
# rank traces of EVENTS events each (2 GB for 256 x 100k), then `ompt-inst
# report` merges them, RUNS times per format; prints a Markdown table of
# the median wall time, events per second and the peak memory (GNU time).
#
#   bench/job_report.sh [RANKS [EVENTS [RUNS]]]     (default 256 100000 3)
. "$(dirname "$0")/lib.sh"
ranks=${1:-256} events=${2:-100000} runs=${3:-3}
generator="$build/bin/job_folder"
[ -x "$generator" ] || { echo "bench: $generator not built" >&2; exit 1; }
"$generator" "$work/job" "$ranks" "$events"
echo "job folder: $ranks ranks x $events events ($(du -sh "$work/job" | cut -f1) of traces)"
echo
echo "| format | ranks | events | median s | events/s | peak memory |"
echo "|---|---|---|---|---|---|"
for format in text json; do
  seconds=() memory=0
  for _ in $(seq "$runs"); do
    # wall time from the nanosecond clock: GNU time's 10 ms steps read 0 for small jobs
    start=$(date +%s%N)
    /usr/bin/time -f "%M" -o "$work/time" "$cli" report "$work/job" --format "$format" >/dev/null
    end=$(date +%s%N)
    read -r kb <"$work/time"
    seconds+=("$(awk -v ns=$((end - start)) 'BEGIN { printf "%.4f", ns / 1e9 }')")
    [ "$kb" -gt "$memory" ] && memory=$kb
  done
  median=$(printf '%s\n' "${seconds[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  awk -v f="$format" -v r="$ranks" -v e="$events" -v s="$median" -v m="$memory" \
    -v figures="$figures" 'BEGIN {
      total = r * e
      printf "| %s | %d | %d | %.2f | %.1f M | %.1f MB |\n", f, r, total, s, total / s / 1e6, m / 1024
      printf "job %s %dx%d s %.2f\n", f, r, e, s >> figures }'
done
