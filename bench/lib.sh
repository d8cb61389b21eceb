# shellcheck shell=bash disable=SC2034 # MEDIAN, figures: used by the scripts that source this
# Shared by the benchmark scripts (sourced, not run): the build to measure,
# the programs' compiler, a scratch folder, interleaved repetitions and
# medians. The build is $OMPT_INST_BUILD (default build/).
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
config="$build/include/ompt-inst/config.h"
[ -f "$config" ] || { echo "bench: no build in $build (run scripts/build.sh)" >&2; exit 1; }
config_value() { sed -n "s/^#define $1 \"\(.*\)\"\$/\1/p" "$config"; }
clang=$(config_value OMPT_INST_CLANG)
runtime=$(config_value OMPT_INST_RUNTIME_DIR)
shim_library="$build/lib/libompt-inst.so"
plugin="$build/lib/ompt-inst.so"
cli="$build/bin/ompt-inst"
for required in "$shim_library" "$plugin" "$cli"; do
  [ -f "$required" ] || { echo "bench: $required not built" >&2; exit 1; }
done
# offloading programs find libomptarget here, as under `ompt-inst run`
export LD_LIBRARY_PATH="$runtime${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# two threads on the two cores; the OpenMP work stays on the main thread
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}

work=$(mktemp -d "${TMPDIR:-/tmp}/oi-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# build_program SOURCE NAME [FLAGS...]: an OpenMP program of bench/ in $work
build_program() {
  local source=$1 name=$2
  shift 2
  "$clang" -O2 -fopenmp -Wall -Wextra "$@" "$top/bench/$source" -o "$work/$name"
}

# the do-nothing OMPT tool registering the shim's callbacks
build_null_tool() {
  [ -f "$work/null_tool.so" ] ||
    "$clang" -O2 -Wall -Wextra -shared -fPIC -I"$build/ompt-include" \
      "$top/bench/null_tool.c" -o "$work/null_tool.so"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "nan" }'; }

# interleave RUNS VARIANT...: RUNS repetitions, each calling the function
# `sample_VARIANT` once per variant in the order given (A B C A B C ...),
# so that drift in the machine's load hits every variant alike. Each call
# prints one number; afterwards MEDIAN[VARIANT] holds the median.
declare -A MEDIAN
interleave() {
  local runs=$1 variant
  shift
  for variant in "$@"; do : > "$work/samples.$variant"; done
  for _ in $(seq "$runs"); do
    for variant in "$@"; do
      "sample_$variant" >> "$work/samples.$variant"
    done
  done
  for variant in "$@"; do
    MEDIAN[$variant]=$(median < "$work/samples.$variant")
  done
}

# tool_run NAME PROGRAM ARGS...: runs the program under `ompt-inst run` with
# the run folder $work/NAME, prints the program's output and leaves the
# number of recorded events in $work/NAME.events
tool_run() {
  local name=$1
  shift
  rm -rf "${work:?}/$name"
  "$cli" run -o "$work/$name" -- "$@" 2> "$work/$name.stderr"
  sed -n 's/^ompt-inst: \([0-9]*\) events recorded in .*/\1/p' "$work/$name.stderr" > "$work/$name.events"
  [ -s "$work/$name.events" ] || { cat "$work/$name.stderr" >&2; echo "bench: no trace from $*" >&2; exit 1; }
}

# ratio A B: A / B with 2 decimals ("-" when B is 0 or missing)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0) printf "%.2f", a / b; else printf "-" }'; }

# Key figures for bench/run.sh's summary of the targets: awk programs print
# "name value" lines to the file named by `figures` (pass
# -v figures="$figures"); /dev/null when a script runs on its own.
figures=${OI_BENCH_FIGURES:-/dev/null}
