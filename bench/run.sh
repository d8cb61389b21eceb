#!/usr/bin/env bash
# All benchmarks of ompt-inst in one command; prints a Markdown report (the
# machine, one table per benchmark, then the targets met or missed) to
# standard output, the progress to standard error. docs/performance.md
# explains every table.
#
#   bench/run.sh [--quick]
#
# --quick: fewer repetitions and smaller counts (about a minute; a smoke
# run, not for the figures). Measures the build in $OMPT_INST_BUILD
# (default build/; build it first with scripts/build.sh).
set -euo pipefail
quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  -h | --help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *) echo "usage: bench/run.sh [--quick]" >&2; exit 2 ;;
esac
bench=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$bench")
build=${OMPT_INST_BUILD:-$top/build}
for required in "$build/bin/analysis_throughput" "$build/bin/hash_throughput" "$build/bin/clock_cost"; do
  [ -x "$required" ] || { echo "bench: $required not built (run scripts/build.sh)" >&2; exit 1; }
done
export OMPT_INST_BUILD="$build"
export OI_BENCH_FIGURES
OI_BENCH_FIGURES=$(mktemp "${TMPDIR:-/tmp}/oi-bench-figures.XXXXXX")
trap 'rm -f "$OI_BENCH_FIGURES"' EXIT

if [ $quick = 1 ]; then
  runs=3 host_runs=3 compile_runs=1 host_scale=0.2 threads_scale=0.2 threads_runs=1 offload_scale=0.2 record_n=400000 clock_reads=2000000 analysis_ops=1000000 report_ops=1000000 merge_n=200000 job_ranks=16 reader_mb=20 dirty_args="--timings 3 --span 4194304 16384 262144"
else
  # the two-thread host tests suffer most from other work on the machine:
  # twice the repetitions, half as long each
  runs=7 host_runs=15 compile_runs=7 host_scale=0.5 threads_scale=1 threads_runs=${OI_BENCH_THREADS_RUNS:-5} offload_scale=1 record_n=2000000 clock_reads=20000000 analysis_ops="1000000 10000000" report_ops=10000000 merge_n=1000000 job_ranks=256 reader_mb=64 dirty_args=""
fi
started=$(date +%s)
section() { echo "bench: $1 ($(($(date +%s) - started)) s)" >&2; printf '\n## %s\n\n' "$1"; }

echo "# ompt-inst benchmarks$([ $quick = 1 ] && echo " (--quick: smoke run, not for the figures)")"
echo
echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "- machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores," \
  "$(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo)," \
  "$(. /etc/os-release && echo "$PRETTY_NAME"), Linux $(uname -r)"
echo "- compiler: $("$(sed -n 's/^#define OMPT_INST_CLANG "\(.*\)"$/\1/p' "$build/include/ompt-inst/config.h")" --version | head -1)"
echo "- build: ${build#"$top"/}, CMAKE_BUILD_TYPE=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")"
echo "- source: commit $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)$(
  [ -n "$(git -C "$top" status --porcelain 2>/dev/null)" ] && echo " with uncommitted changes")"
echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

section "Host constructs (EPCC-style)"
"$bench/host_overhead.sh" "$host_scale" "$host_runs"

section "Threads: host constructs at 1 to 64 threads"
"$bench/threads.sh" "$threads_scale" "$threads_runs"

section "Offload"
"$bench/offload_overhead.sh" "$offload_scale" "$runs"

section "Shapes: kernel-dense and 64 MiB transfers"
"$bench/shapes.sh" "$offload_scale" "$runs"

section "Recorder"
"$bench/record_cost.sh" "$record_n" "$runs"

section "One clock reading (the floor under every event's cost)"
"$build/bin/clock_cost" "$clock_reads"

section "Dirty-page tracking against hashing"
# shellcheck disable=SC2086 # a list of arguments
"$build/bin/dirty_pages" $dirty_args

section "Merging hooks with native events"
echo '```'
"$bench/merge_cost.sh" "$merge_n" "$runs"
echo '```'

section "Compile time"
"$bench/compile_time.sh" "$build" "$compile_runs"

section "Analysis"
echo '```'
# shellcheck disable=SC2086 # a list of counts
"$build/bin/analysis_throughput" $analysis_ops | tee "$OI_BENCH_FIGURES.analysis"
echo '```'
# the CPU seconds of the 10M data ops, for the targets
sed -n 's/^10000005 data ops .*: median \([0-9.]*\) CPU s.*/analysis 10M-ops cpu-s \1/p' \
  "$OI_BENCH_FIGURES.analysis" >> "$OI_BENCH_FIGURES"
rm -f "$OI_BENCH_FIGURES.analysis"
echo
"$bench/report_time.sh" "$report_ops"

section "MPI job report"
"$bench/job_report.sh" "$job_ranks" 100000 3

section "Reader memory"
"$bench/reader_memory.sh" "$reader_mb"

section "Targets"
awk '
  # strict: a value equal to the limit misses a "less than" target
  function row(target, what, limit, strict) {
    worst = ""; name = ""
    for (k in value) if (k ~ what && (worst == "" || value[k] > worst)) { worst = value[k]; name = k }
    if (worst == "") return
    printf "| %s | %s (%s) | %s |\n", target, worst, name, (strict ? worst < limit : worst <= limit) ? "met" : "**missed**"
  }
  { value[$1 " " $2 " " $3] = $4 + 0 }
  END {
    print "| target | worst measured | met? |"
    print "|---|---|---|"
    row("recording <= 20 ns per event", "^record .* ns/event$", 20)
    row("offload <= 1.30 x native (plain build, whole hashes)", "^offload .* run/native$", 1.30)
    row("offload <= 1.30 x native (plugin build)", "^offload .* plugin/native$", 1.30)
    row("compile time <= 1.05 x plain clang", "^compile ", 1.05)
    row("kernel-dense, plugin build <= 1.25 x null tool", "^shape kernel_dense plugin/null$", 1.25)
    row("kernel-dense, plugin build <= 16 trace bytes per event", "^shape kernel_dense bytes/event$", 16)
    row("64 MiB transfers <= 1.30 x native (plain build, whole hashes)", "^shape big_maps run/native$", 1.30)
    row("64 MiB transfers <= 1.30 x native (plugin build)", "^shape big_maps plugin/native$", 1.30)
    row("host constructs <= 1.20 x null tool (plain build)", "^host .* run/null$", 1.20)
    row("host constructs <= 1.20 x null tool (plugin build)", "^host .* plugin/null$", 1.20)
    row("host-event-dense (masked, critical) <= 16 trace bytes per event", "^record .* bytes/event$", 16)
    row("exit summary <= 0.15 s, 1M events", "^exit 1M-events s$", 0.15)
    row("exit summary <= 0.15 s, 10M events", "^exit 10M-events s$", 0.15)
    row("job report of 256 ranks x 100k events < 10 s", "^job .* 256x100000 s$", 10, 1)
    row("analysis of 10M data ops <= 1.0 CPU s", "^analysis 10M-ops cpu-s$", 1.0)
  }' "$OI_BENCH_FIGURES"
awk '$1 == "clock" { printf "\n- the floor under the recording target: one clock reading, %s ns here (every event is stamped; see the clock table)\n", $4 }' \
  "$OI_BENCH_FIGURES"
echo
echo "- load average at end: $(cut -d' ' -f1-3 /proc/loadavg); total $(($(date +%s) - started)) s"
