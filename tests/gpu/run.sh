#!/usr/bin/env bash
# The product on a real NVIDIA GPU (issue 41), as one script with two halves.
#   tests/gpu/run.sh [BUILD]        compile half, then run half
#   OI_GPU_COMPILE_ONLY=1 ...       compile half only (what CI runs)
# Compile half (needs the build, clang, and a CUDA toolkit that fits the
# runtime; `ompt-inst cc` refuses one that does not, with its reason):
# examples/heat.c, examples/patterns/*.c and bench/offload.c for the local
# architecture (OI_GPU_ARCH, default from nvidia-smi, else sm_90), plugin
# builds by `ompt-inst cc` and plain -O2 -g builds. Run half (needs an NVIDIA
# GPU with its driver): each program native and under `ompt-inst run`,
# outputs identical, the patterns' findings exactly their tables in
# tests/patterns, 0 events lost, then native / do-nothing tool / ompt-inst
# run interleaved, median of 5, into OUT/timings.txt. Exit 0 when every
# check passed, 1 on a failure, 77 when a half could not run (said why).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build}
OI=$build/bin/ompt-inst
out=${OI_GPU_OUT:-$PWD/gpu-results}
mkdir -p "$out"
say() { echo "gpu: $*" | tee -a "$out/summary.txt"; }
failures=0
check() { if [ "$1" = "$2" ]; then say "ok: $3"; else say "FAIL: $3: '$1', expected '$2'"; failures=$((failures + 1)); fi; }

[ -x "$OI" ] || { say "no ompt-inst in $build: build the project first"; exit 1; }
arch=${OI_GPU_ARCH:-}
if [ -z "$arch" ] && command -v nvidia-smi >/dev/null 2>&1; then
  arch=sm_$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d '.')
fi
[ "$arch" = sm_ ] || [ -z "$arch" ] && arch=sm_90

# --- compile half
clang=${OI_CLANG:-clang-19}
cuda=${CUDA_HOME:-/usr/local/cuda}
libdir=$(dirname "$("$clang" -print-file-name=libomptarget.so)")
programs=("$top/examples/heat.c" "$top/examples/patterns/"*.c "$top/bench/offload.c")
for src in "${programs[@]}"; do
  name=$(basename "$src" .c)
  if ! "$OI" cc --offload-arch="$arch" -O2 "$src" -o "$out/$name.plugin" -lm 2> "$out/$name.cc.err"; then
    if grep -q "^ompt-inst: " "$out/$name.cc.err"; then
      say "compile half: $(head -n 1 "$out/$name.cc.err")"
      say "nothing to run: the toolkit here does not fit this runtime"
      exit 77
    fi
    say "FAIL: $name: the plugin build failed: $(tail -n 1 "$out/$name.cc.err")"
    exit 1
  fi
  # the plain build: clang itself, given what `ompt-inst cc` gave it
  "$clang" -fopenmp --offload-arch="$arch" --cuda-path="$cuda" -Wno-unknown-cuda-version \
    --libomptarget-nvptx-bc-path="$libdir/libomptarget-nvptx-$arch.bc" -Wl,-rpath,"$libdir" \
    -O2 -g "$src" -o "$out/$name.plain" -lm 2> "$out/$name.plain.err" || {
    say "FAIL: $name: the plain build failed: $(tail -n 1 "$out/$name.plain.err")"; exit 1; }
done
say "compile half: ${#programs[@]} programs built for $arch, plugin and plain"
[ "${OI_GPU_COMPILE_ONLY:-0}" = 1 ] && exit 0
if ! "$OI" doctor > "$out/doctor.txt" || ! grep -q "^devices    [1-9]" "$out/doctor.txt"; then
  say "run half skipped: no NVIDIA GPU answers here ($(tail -n 1 "$out/doctor.txt"))"
  exit 77
fi
cat "$out/doctor.txt" >> "$out/summary.txt"

# --- run half
for src in "${programs[@]}"; do
  name=$(basename "$src" .c)
  for b in plugin plain; do
    "$out/$name.$b" > "$out/$name.$b.native" 2>&1
    "$OI" run -o "$out/$name.$b.run" -- "$out/$name.$b" > "$out/$name.$b.out" 2> "$out/$name.$b.err"
    check "$(tail -n 1 "$out/$name.$b.out")" "$(tail -n 1 "$out/$name.$b.native")" "$name ($b): output unchanged"
    "$OI" report "$out/$name.$b.run" > "$out/$name.$b.txt"
    check "$(grep -c ', 0 events lost' "$out/$name.$b.txt")" 1 "$name ($b): 0 events lost"
    case $src in
    */patterns/*)
      "$OI" report "$out/$name.$b.run" --format json --output "$out/$name.$b.json"
      # the table the pattern's test holds every build to
      table=$(pattern_test() { :; }; OI_SRC=$top . "$top/tests/patterns/$name.sh" 2>/dev/null; expected)
      if echo "$table" | python3 "$top/tests/patterns/findings.py" "$out/$name.$b.json" "$b" "$src" \
          > "$out/$name.$b.findings" 2>&1; then say "ok: $name ($b): findings as the table"
      else say "FAIL: $name ($b): findings: $(tail -n 1 "$out/$name.$b.findings")"; failures=$((failures + 1)); fi ;;
    esac
  done
done

# --- overhead: native / do-nothing tool / ompt-inst run, interleaved
null_tool=$out/null_tool.so
"$clang" -O2 -shared -fPIC -I"$build/ompt-include" "$top/bench/null_tool.c" -o "$null_tool"
seconds() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null 2>&1; t1=$(date +%s.%N); awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for name in heat offload; do
  for i in 1 2 3 4 5; do
    echo "native $(seconds "$out/$name.plain")" >> "$out/$name.times"
    echo "null $(OMP_TOOL_LIBRARIES=$null_tool seconds "$out/$name.plain")" >> "$out/$name.times"
    echo "ompt-inst $(seconds "$OI" run -o "$out/$name.timed.$i" -- "$out/$name.plain")" >> "$out/$name.times"
  done
  for v in native null ompt-inst; do
    say "time $name $v: $(awk -v v=$v '$1 == v { print $2 }' "$out/$name.times" | median) s (median of 5)"
  done
done
say "$failures failures"
[ "$failures" = 0 ]
