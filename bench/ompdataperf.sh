#!/usr/bin/env bash
# Side by side with the seed paper's tool, OMPDataPerf, on programs of its
# own benchmark suite built for host offloading: native, OMPDataPerf,
# `ompt-inst run` on the plain build and on the plugin build, interleaved
# (A B C D A B C D ...), median of RUNS, wall time of the whole command
# (start-up, the program, and each tool's summary at exit: what a user
# waits for). Prints Markdown.
#
#   bench/ompdataperf.sh ODP_SOURCE SCRATCH [RUNS]     (RUNS default 5)
#
# ODP_SOURCE: a checkout of OMPDataPerf's public source whose hashes/t1ha
# holds erthink/t1ha (its git submodule). SCRATCH: a folder for the copies
# and builds (never inside a commit: their code is not ours). Their source
# is copied and retargeted there (nvptx64 -> x86_64-pc-linux-gnu, `clang`
# -> the project's clang), the tool built with its own CMake (hash
# t1ha0_ia32aes_avx2, as its build.sh), and each program built twice:
# plain, and with `ompt-inst cc`'s plugin through clang wrappers.
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || { echo "usage: bench/ompdataperf.sh ODP_SOURCE SCRATCH [RUNS]" >&2; exit 2; }
odp_source=$(cd "$1" && pwd)
scratch=$(mkdir -p "$2" && cd "$2" && pwd)
runs=${3:-5}
[ -f "$odp_source/src/tool.cc" ] && [ -f "$odp_source/hashes/t1ha/t1ha.h" ] ||
  { echo "bench: $odp_source is no OMPDataPerf checkout with hashes/t1ha" >&2; exit 1; }
log="$scratch/build.log"
: > "$log"

# `clang`/`clang++` for their build files: plain, or with the plugin
clang_dir=$(dirname "$clang")
for variant in plain plugin; do
  mkdir -p "$scratch/bin-$variant"
  for name in clang clang++; do
    flags=""
    [ $variant = plugin ] && flags="-fplugin=$plugin"
    printf '#!/bin/sh\nexec "%s/%s" %s "$@"\n' "$clang_dir" "$name" "$flags" > "$scratch/bin-$variant/$name"
    chmod +x "$scratch/bin-$variant/$name"
  done
done

# the tool: its CMake file names `clang`; libstdc++ 12 wants <algorithm>
# spelled out for std::sort
if [ ! -x "$scratch/tool/build/ompdataperf" ]; then
  rm -rf "$scratch/tool"
  cp -r "$odp_source" "$scratch/tool"
  rm -rf "$scratch/tool/build"
  sed -i '1i #include <algorithm>' "$scratch/tool/src/analyze.cc"
  echo "bench: building OMPDataPerf" >&2
  PATH="$scratch/bin-plain:$PATH" cmake -S "$scratch/tool" -B "$scratch/tool/build" \
    -DCMAKE_BUILD_TYPE=Release -DENABLE_COLLISION_CHECKING=OFF \
    -DMEASURE_HASHING_OVERHEAD=OFF -DHASH_FUNCTION=t1ha0_ia32aes_avx2 >> "$log" 2>&1
  PATH="$scratch/bin-plain:$PATH" cmake --build "$scratch/tool/build" -j"$(nproc)" >> "$log" 2>&1 ||
    { tail -20 "$log" >&2; exit 1; }
fi
odp="$scratch/tool/build/ompdataperf"

# name|folder of eval/src|build command|program and arguments; programs of
# 0.3-3 s natively here at low load (no Rodinia data set needed)
apps=(
  "torture|torture|make torture|./torture 127 2097152"
  "minifmm|minifmm|make|./fmm.omptarget -n 300"
  "minifmm_syn|minifmm|make -f Makefile.syn|./fmm.omptarget_syn -n 300"
  "xsbench|XSBench|make|./XSBench -m event -s small -l 100000"
  "xsbench_fix|XSBench|make -f Makefile.fix|./XSBench_fix -m event -s small -l 100000"
  "rsbench|RSBench|make|./rsbench -m event -s small -l 100000"
  "rsbench_fix|RSBench|make -f Makefile.fix|./rsbench_fix -m event -s small -l 100000"
  "lud|lud/omp|make -f Makefile.offload|./lud_omp_offload -s 2000"
  "lud_syn|lud/omp|make -f Makefile.offload_syn|./lud_omp_offload_syn -s 2000"
)

build_app() { # VARIANT FOLDER COMMAND
  local dir="$scratch/$1/$2"
  if [ ! -d "$scratch/$1" ]; then
    cp -r "$odp_source/eval/src" "$scratch/$1"
    grep -rlE 'nvptx64(-nvidia-cuda)?|targets=x86_64( |$)' "$scratch/$1" --include='Makefile*' \
      --include='*.makefile' | xargs -r sed -i -E \
      -e 's/nvptx64(-nvidia-cuda)?/x86_64-pc-linux-gnu/g' -e 's/targets=x86_64( |$)/targets=x86_64-pc-linux-gnu\1/g' \
      -e 's/-Xopenmp-target -march=[^ ]*//g' -e 's/-mllvm --nvptx-f32ftz//g'
  fi
  (cd "$dir" && PATH="$scratch/bin-$1:$PATH" $3 COMPILER=llvm TARGET=CPU >> "$log" 2>&1) ||
    { tail -20 "$log" >&2; echo "bench: building $2 ($1) failed" >&2; exit 1; }
}

# wall seconds of one command in FOLDER; its output in $work/NAME.out, its
# exit status in $work/NAME.status (XSBench and RSBench exit 1 when their
# checksum is not the one of their default lookup count: every variant must
# exit as the program does natively)
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
sample_odp() { wall odp "$scratch/plain/$folder" "$odp" "${program[@]}"; }
sample_run() { rm -rf "$work/run"; wall run "$scratch/plain/$folder" "$cli" run -o "$work/run" -- "${program[@]}"; }
sample_plugin() { rm -rf "$work/plugin"; wall plugin "$scratch/plugin/$folder" "$cli" run -o "$work/plugin" -- "${program[@]}"; }

echo "Median of $runs interleaved runs; wall seconds of the whole command, each tool's exit summary included."
echo
echo "| program | native s | OMPDataPerf s | run s | run, plugin build s | OMPDataPerf / native | run / native | plugin / native | run events |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
: > "$work/ratios"
for entry in "${apps[@]}"; do
  IFS='|' read -r name folder make_command command <<< "$entry"
  echo "bench: $name" >&2
  build_app plain "$folder" "$make_command"
  build_app plugin "$folder" "$make_command"
  read -r -a program <<< "$command"
  interleave "$runs" native odp run plugin
  for variant in odp run plugin; do
    cmp -s "$work/native.status" "$work/$variant.status" ||
      { cat "$work/$variant.out" >&2; echo "bench: $name exits $(cat "$work/$variant.status") under $variant, $(cat "$work/native.status") natively" >&2; exit 1; }
  done
  events=$(sed -n 's/^ompt-inst: \([0-9]*\) events recorded in .*/\1/p' "$work/run.out")
  awk -v t="$name" -v a="${MEDIAN[native]}" -v o="${MEDIAN[odp]}" -v r="${MEDIAN[run]}" \
      -v p="${MEDIAN[plugin]}" -v e="${events:--}" -v figures="$figures" 'BEGIN {
    printf "| %s | %.3f | %.3f | %.3f | %.3f | %.2f | %.2f | %.2f | %s |\n", t, a, o, r, p, o / a, r / a, p / a, e
    printf "ompdataperf %s run/odp %.2f\nompdataperf %s plugin/odp %.2f\n", t, r / o, t, p / o >> figures }'
  echo "${MEDIAN[native]} ${MEDIAN[odp]} ${MEDIAN[run]} ${MEDIAN[plugin]}" >> "$work/ratios"
done
awk '{ o += log($2 / $1); r += log($3 / $1); p += log($4 / $1); n++ }
  END { printf "| geomean over native | | | | | %.2f | %.2f | %.2f | |\n", exp(o / n), exp(r / n), exp(p / n) }' "$work/ratios"
