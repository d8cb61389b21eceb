#!/usr/bin/env bash
# Compile time of clang -fopenmp with and without the ompt-inst plugin: the
# examples (heat.c and the data-mapping patterns, with the flags their
# READMEs use), the plugin's test programs and one generated larger file
# (many functions, constructs and plain code). Plain and plugin compiles
# alternate; medians of RUNS runs of the compiler's CPU time (`perf stat`'s
# task-clock of clang and its child processes: robust against other work on
# the machine) and of the wall time. Prints Markdown.
#
#   bench/compile_time.sh [BUILD_DIR] [RUNS]   (defaults: $OMPT_INST_BUILD or build, 7)
OMPT_INST_BUILD=${1:-${OMPT_INST_BUILD:-}}
[ -n "$OMPT_INST_BUILD" ] || unset OMPT_INST_BUILD
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
runs=${2:-7}
clangxx=$(config_value OMPT_INST_CLANGXX)
perf stat -x, -e task-clock -o /dev/null true 2> /dev/null ||
  { echo "bench: 'perf stat -e task-clock' is needed (package linux-perf)" >&2; exit 1; }

# The larger file: 400 functions, each with plain arithmetic and 4 constructs.
big="$work/big_openmp.c"
{
  echo '#include <omp.h>'
  echo '#include <stdio.h>'
  for i in $(seq 1 400); do
    cat <<C
static double kernel_$i(double *v, int n) {
  double s = 0, t = $i;
  for (int k = 0; k < 8; k++) t = t * 1.0001 + k;
#pragma omp parallel for reduction(+ : s)
  for (int j = 0; j < n; j++) s += v[j] * t;
#pragma omp parallel
  {
#pragma omp single
    v[0] += 1;
#pragma omp atomic
    s += 1;
  }
  return s;
}
C
  done
  echo 'int main(void) { double v[64] = {0}, s = 0;'
  for i in $(seq 1 400); do echo "  s += kernel_$i(v, 64);"; done
  printf '%s\n' '  printf("%g\n", s); return 0; }'
} > "$big"

# compile OUTPUT COMPILER ARGS...: appends "cpu-ms wall-ms" to OUTPUT.times
compile() {
  local output=$1
  shift
  local start end
  start=$(date +%s%N)
  perf stat -x, -e task-clock -o "$work/stat" "$@" -o "$work/$output.o"
  end=$(date +%s%N)
  awk -F, -v wall=$(((end - start) / 1000)) '$3 == "task-clock" {
    printf "%.1f %.1f\n", $1, wall / 1000 }' "$work/stat" >> "$work/$output.times"
}

measure() { # LABEL COMPILER FILE FLAGS...
  local label=$1 compiler=$2 file=$3
  shift 3
  : > "$work/plain.times"
  : > "$work/plugin.times"
  for _ in $(seq "$runs"); do
    compile plain "$compiler" -fopenmp "$@" -c "$file"
    compile plugin "$compiler" -fopenmp -fplugin="$plugin" "$@" -c "$file"
  done
  local plain_cpu plugin_cpu plain_wall plugin_wall
  plain_cpu=$(cut -d' ' -f1 "$work/plain.times" | median)
  plugin_cpu=$(cut -d' ' -f1 "$work/plugin.times" | median)
  plain_wall=$(cut -d' ' -f2 "$work/plain.times" | median)
  plugin_wall=$(cut -d' ' -f2 "$work/plugin.times" | median)
  awk -v f="$label" -v o="$*" -v a="$plain_cpu" -v b="$plugin_cpu" -v c="$plain_wall" \
      -v d="$plugin_wall" -v figures="$figures" 'BEGIN {
    printf "| %s | `%s` | %.0f | %.0f | %.2f | %.0f | %.0f |\n", f, o, a, b, b / a, c, d
    printf "compile %s(%s) plugin/plain %.2f\n", f, o, b / a >> figures }'
}

echo "Median of $runs alternating compiles (plain, plugin) of \`clang -fopenmp FLAGS -c FILE\`, ms."
echo
echo "| file | flags | CPU plain | CPU plugin | plugin / plain (CPU) | wall plain | wall plugin |"
echo "|---|---|---:|---:|---:|---:|---:|"
measure examples/heat.c "$clang" "$top/examples/heat.c" -O2 -fopenmp-targets=x86_64-pc-linux-gnu
for f in "$top"/examples/patterns/*.c; do
  measure "examples/patterns/${f##*/}" "$clang" "$f" -g -fopenmp-targets=x86_64-pc-linux-gnu
done
for f in constructs.c offload.c macros.c cancel.c; do
  measure "tests/plugin/$f" "$clang" "$top/tests/plugin/$f" -O2
done
measure tests/plugin/cxx.cpp "$clangxx" "$top/tests/plugin/cxx.cpp" -O2
measure "generated, $(wc -l < "$big") lines" "$clang" "$big" -O0
measure "generated, $(wc -l < "$big") lines" "$clang" "$big" -O2
