#!/usr/bin/env bash
# The recorder: per-event recording cost and throughput, trace bytes per
# event, and peak memory of a long run.
#
# Cost: bench/record_cost.c runs N instances of a construct per thread, each
# recorded as 2 events, without a tool, with the do-nothing tool
# (bench/null_tool.c, the same callbacks) and with the shim, interleaved,
# medians of RUNS runs. ns/event = (shim - null) / 2; a thread that did
# nothing but record could record 1e9 / (ns/event) events per second.
# Memory: the peak resident set of `masked` runs of M and 10 M instances
# (GNU time's maximum RSS) under `ompt-inst run`, M = N / 4, with and
# without the exit summary; the exit cost: the summary command the shim
# runs at the end, timed alone on the recorded trace (median of 5).
#
#   bench/record_cost.sh [N] [RUNS]    (defaults 2000000 and 7)
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
n=${1:-2000000}
runs=${2:-7}
time_command=/usr/bin/time
[ -x "$time_command" ] || { echo "bench: GNU time ($time_command) is needed for peak memory" >&2; exit 1; }

build_program record_cost.c record_cost
build_null_tool

sample_native() { "$work/record_cost" "$n" "$construct" "$threads"; }
sample_null() { OMP_TOOL_LIBRARIES="$work/null_tool.so" "$work/record_cost" "$n" "$construct" "$threads"; }
sample_shim() { tool_run shim "$work/record_cost" "$n" "$construct" "$threads"; }

echo "N = $n instances per thread (2 recorded events each), median of $runs interleaved runs; ns per instance."
echo
echo "| construct | threads | native | null tool | shim | shim / null | recording cost per event | events/s per thread (recording only) | trace bytes per event |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for entry in masked:1 masked:2 critical:1; do
  IFS=: read -r construct threads <<< "$entry"
  interleave "$runs" native null shim
  trace_bytes=$(stat -c %s "$work/shim/trace.oit")
  awk -v c="$construct" -v t="$threads" -v a="${MEDIAN[native]}" -v z="${MEDIAN[null]}" \
      -v s="${MEDIAN[shim]}" -v e="$(cat "$work/shim.events")" -v b="$trace_bytes" \
      -v figures="$figures" 'BEGIN {
    cost = (s - z) / 2
    printf "| %s | %d | %.2f | %.2f | %.2f | %.2f | %.1f ns | %.1f M | %.2f |\n",
      c, t, a, z, s, s / z, cost, 1e3 / cost, b / e
    printf "record %s/%d ns/event %.1f\nrecord %s/%d bytes/event %.2f\n", c, t, cost, c, t, b / e >> figures }'
done

echo
echo "Peak memory (maximum resident set) and wall time of the whole run, \`masked\` on 1 thread."
echo "\`ompt-inst run\` ends a run by printing \`ompt-inst report DIR --format summary\` (the exit"
echo "summary) once the program has ended; \`OMPT_INST_QUIET=1\` turns that off, leaving the recording alone:"
echo
echo "| instances | events recorded | trace bytes | trace bytes per event | peak RSS native | peak RSS, null tool | peak RSS, shim recording only | wall, recording only | peak RSS with the exit summary | wall with the exit summary | exit cost (summary - recording only) | the summary command alone (median of 5) |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
small=$((n / 4))
peak() { # NAME [ENV...]: GNU time's "KB seconds" of `ompt-inst run` of the long program
  local name=$1
  shift
  # GNU time reports the largest resident set in the process tree: the
  # program's, or the exit summary's, not the small `ompt-inst` waiting
  env "$@" "$time_command" -f "%M %e" -o "$work/$name.rss" "$cli" run -o "$work/$name" -- \
    "$work/record_cost" "$instances" masked > /dev/null 2> "$work/$name.stderr"
}
for instances in "$small" $((small * 10)); do
  "$time_command" -f %M -o "$work/rss" "$work/record_cost" "$instances" masked > /dev/null
  native_kb=$(cat "$work/rss")
  OMP_TOOL_LIBRARIES="$work/null_tool.so" "$time_command" -f %M -o "$work/rss" \
    "$work/record_cost" "$instances" masked > /dev/null
  null_kb=$(cat "$work/rss")
  peak quiet OMPT_INST_QUIET=1
  peak summary
  events=$(sed -n 's/^ompt-inst: \([0-9]*\) events recorded in .*/\1/p' "$work/quiet.stderr")
  read -r quiet_kb quiet_s < "$work/quiet.rss"
  read -r summary_kb summary_s < "$work/summary.rss"
  bytes=$(stat -c %s "$work/quiet/trace.oit")
  # what the shim runs at the end, alone: the difference of two whole runs
  # carries both runs' noise
  for _ in 1 2 3 4 5; do
    "$time_command" -f %e -o "$work/alone" "$cli" report "$work/quiet" --format summary > /dev/null
    cat "$work/alone"
  done | median > "$work/alone.median"
  awk -v i="$instances" -v e="$events" -v b="$bytes" -v nk="$native_kb" -v zk="$null_kb" \
      -v qk="$quiet_kb" -v qs="$quiet_s" -v sk="$summary_kb" -v ss="$summary_s" \
      -v alone="$(cat "$work/alone.median")" -v figures="$figures" 'BEGIN {
    printf "| %d | %d | %d | %.1f | %d KB | %d KB | %d KB | %.2f s | %d KB | %.2f s | %.2f s | %.2f s |\n",
      i, e, b, b / e, nk, zk, qk, qs, sk, ss, ss - qs, alone
    printf "exit %dM-events s %.2f\n", int(e / 1e6 + 0.5), alone >> figures }' 
  rm -rf "$work/quiet" "$work/summary"
done
