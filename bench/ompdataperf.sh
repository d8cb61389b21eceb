#!/usr/bin/env bash
# Side by side with the seed paper's tool, OMPDataPerf, on programs of its
# own benchmark suite built for host offloading: native, OMPDataPerf, a
# do-nothing tool that asks for every event ompt-inst records (the floor of
# recording them: bench/null_tool.c), `ompt-inst run` on the plain build and
# on the plugin build, interleaved
# (A B C D A B C D ...), median of RUNS, wall time of the whole command
# (start-up, the program, and each tool's summary at exit: what a user
# waits for). A second table compares ompt-inst with OMPDataPerf round by
# round (the median of each round's ratio, wall and CPU seconds), which a
# drift in the machine's speed between rounds does not bias. Prints Markdown.
#
#   bench/ompdataperf.sh ODP_SOURCE SCRATCH [RUNS [NAME...]]
#
# RUNS defaults to 5; NAMEs (e.g. bfs bfs_fix) run only those rows.
# OMPT_INST_BENCH_CFLAGS: flags every compile of both builds gets beside
# the programs' own (`-g`: the plain build's lines and names, for
# bench/findings_per_build.sh; use a fresh SCRATCH, builds are kept).
# OMPT_INST_RECORD=data: `ompt-inst run --record data` in both builds, and
# the do-nothing tool asks for the same device callbacks only.
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
[ $# -ge 2 ] || { echo "usage: bench/ompdataperf.sh ODP_SOURCE SCRATCH [RUNS [NAME...]]" >&2; exit 2; }
odp_source=$(cd "$1" && pwd)
scratch=$(mkdir -p "$2" && cd "$2" && pwd)
runs=${3:-5}
shift $(($# < 3 ? $# : 3))
only=("$@")
[ -f "$odp_source/src/tool.cc" ] && [ -f "$odp_source/hashes/t1ha/t1ha.h" ] ||
  { echo "bench: $odp_source is no OMPDataPerf checkout with hashes/t1ha" >&2; exit 1; }
log="$scratch/build.log"
: > "$log"

# `clang`/`clang++` for their build files: plain, or with the plugin
clang_dir=$(dirname "$clang")
for variant in plain plugin; do
  mkdir -p "$scratch/bin-$variant"
  for name in clang clang++; do
    flags=${OMPT_INST_BENCH_CFLAGS:-}
    [ $variant = plugin ] && flags="$flags -fplugin=$plugin"
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
build_null_tool

# Rodinia's data sets cannot be downloaded: bfs and hotspot read inputs of
# their formats from bench/rodinia_inputs (seeded: the same bytes on every
# machine); nw makes its own. TeaLeaf: the paper's medium deck
# (tea_bm_2.in) on 200x200 cells instead of 250x250, for 0.3-3 s.
data="$scratch/data"
mkdir -p "$data"
[ -f "$data/graph500k.txt" ] ||
  "$build/bin/rodinia_inputs" bfs 500000 6 1 "$data/graph500k.txt"
[ -f "$data/power_1024" ] ||
  "$build/bin/rodinia_inputs" hotspot 1024 1024 1 "$data/temp_1024" "$data/power_1024"
sed -e 's/^x_cells=.*/x_cells=200/' -e 's/^y_cells=.*/y_cells=200/' \
  "$odp_source/eval/src/TeaLeaf/Benchmarks/tea_bm_2.in" > "$data/tea_200.in"

# CMake builds (BabelStream, TeaLeaf): offload to the host instead of their
# default device flags
cmake_offload() { # BUILD_FOLDER CMAKE_ARGUMENTS...
  local folder=$1
  shift
  [ -f "$folder/CMakeCache.txt" ] ||
    cmake -S . -B "$folder" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang \
      -DCMAKE_CXX_COMPILER=clang++ -DOFFLOAD=ON \
      -DOFFLOAD_FLAGS="-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu" "$@"
  cmake --build "$folder" -j"$(nproc)"
}
# shellcheck source=ompdataperf_apps.sh
source "$(dirname "$0")/ompdataperf_apps.sh"

# their build files, retargeted: nvptx64 -> the host; miniFE's CUDA-only
# flags (and its -v and optimisation remarks) dropped
retarget() { # TREE
  grep -rlE 'nvptx64(-nvidia-cuda)?|targets=x86_64( |$)' "$1" --include='Makefile*' \
    --include='*.makefile' | xargs -r sed -i -E \
    -e 's/nvptx64(-nvidia-cuda)?/x86_64-pc-linux-gnu/g' -e 's/targets=x86_64( |$)/targets=x86_64-pc-linux-gnu\1/g' \
    -e 's/-Xopenmp-target -march=[^ ]*//g' -e 's/-mllvm --nvptx-f32ftz//g'
  sed -i -E -e 's/--cuda-path=\$\(CUDA_ROOT\)//' -e '/-fslp-vectorize-aggressive/d' \
    -e 's/-Rpass(-missed|-analysis)?=[^ ]*//g' -e 's/-Xcuda-ptxas -maxrregcount=32//' \
    -e 's/^CFLAGS = -v /CFLAGS = /' "$1"/miniFE/src-openmp45-opt*/Makefile
}

build_app() { # VARIANT FOLDER COMMAND
  local dir="$scratch/$1/$2"
  if [ ! -d "$scratch/$1" ]; then
    cp -r "$odp_source/eval/src" "$scratch/$1"
    retarget "$scratch/$1"
  fi
  (cd "$dir" && PATH="$scratch/bin-$1:$PATH" && eval "$3" >> "$log" 2>&1) ||
    { tail -20 "$log" >&2; echo "bench: building $2 ($1) failed" >&2; exit 1; }
}

# wall seconds of one command in FOLDER (its CPU seconds appended to
# $work/cpu.NAME); its output in $work/NAME.out, its
# exit status in $work/NAME.status (XSBench and RSBench exit 1 when their
# checksum is not the one of their default lookup count: every variant must
# exit as the program does natively), its result (the output lines
# matching $result_lines, then the file $result_file) in $work/NAME.result
wall() { # NAME FOLDER COMMAND...
  local name=$1 dir=$2 start end status=0 TIMEFORMAT='%U %S'
  shift 2
  [ "$result_file" = - ] || rm -f "$dir/$result_file"
  start=$(date +%s.%N)
  # bash's `time`: the user + system seconds of the command and its children
  # (the summary process included), which time stolen by other tenants of
  # the machine does not inflate as it does the wall time
  { time (cd "$dir" && "$@" > "$work/$name.out" 2>&1); } 2> "$work/$name.time" || status=$?
  end=$(date +%s.%N)
  awk '{ printf "%.3f\n", $1 + $2 }' "$work/$name.time" >> "$work/cpu.$name"
  echo "$status" > "$work/$name.status"
  {
    [ "$result_lines" = - ] || grep -E "$result_lines" "$work/$name.out" || true
    [ "$result_file" = - ] || cat "$dir/$result_file" 2> /dev/null || echo "no $result_file"
  } > "$work/$name.result"
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}
# A's sample over B's in the same round: the median over the rounds and,
# in parentheses, the spread of the middle half (lower to upper quartile,
# nearest rank). A lower quartile above 1 means A took longer than B in
# more than three rounds of four: a cost beyond the machine's noise.
paired() { # A B: sample files in $work
  paste "$work/$1" "$work/$2" | awk '{ printf "%.4f\n", ($2 > 0 ? $1 / $2 : 0) }' | sort -g |
    awk '{ v[NR] = $1 } END {
      q1 = int((NR + 3) / 4); q3 = NR + 1 - q1
      printf "%.2f (%.2f-%.2f)", v[int((NR + 1) / 2)], v[q1], v[q3] }'
}
sample_native() { wall native "$scratch/plain/$folder" "${program[@]}"; }
sample_odp() { wall odp "$scratch/plain/$folder" "$odp" "${program[@]}"; }
# the floor of any tool that records what ompt-inst records: the runtime
# calling a do-nothing tool for every event ompt-inst asks for
sample_null() { OMP_TOOL_LIBRARIES="$work/null_tool.so" wall null "$scratch/plain/$folder" "${program[@]}"; }
record=${OMPT_INST_RECORD:-full}
sample_run() { rm -rf "$work/run"; wall run "$scratch/plain/$folder" "$cli" run --record "$record" -o "$work/run" -- "${program[@]}"; }
sample_plugin() { rm -rf "$work/plugin"; wall plugin "$scratch/plugin/$folder" "$cli" run --record "$record" -o "$work/plugin" -- "${program[@]}"; }

# the last run of each variant stays in SCRATCH/last/NAME: OMPDataPerf's
# output and ompt-inst's run folders, for `ompt-inst report`
keep_last_runs() { # NAME
  local keep="$scratch/last/$1"
  rm -rf "$keep"
  mkdir -p "$keep"
  cp "$work/native.out" "$keep/native.out"
  cp "$work/odp.out" "$keep/ompdataperf.out"
  mv "$work/run" "$keep/run"
  mv "$work/plugin" "$keep/plugin"
}

# one line of the findings table: the avoidable operations per kind of the
# paper (duplicate transfers, round trips, repeated allocations, unused
# allocations, unused transfers) as OMPDataPerf counts them ("Found N
# potential ...") and as `ompt-inst report` does (the sum of its findings'
# counts; identical content, reported only, apart)
findings_row() { # NAME
  local keep="$scratch/last/$1" variant
  for variant in run plugin; do
    "$cli" report "$keep/$variant" --format json --output "$keep/$variant.json"
  done
  "${PYTHON:-python3}" - "$1" "$keep/ompdataperf.out" "$keep/run.json" "$keep/plugin.json" <<'PY'
import json, re, sys
name, odp_out, *reports = sys.argv[1:]
kinds = ["duplicate_transfer", "round_trip", "repeated_alloc", "unused_alloc", "unused_transfer"]
odp_words = ["duplicate data transfer", "round trip data transfer", "repeated device memory allocation",
             "unused device memory allocation", "unused data transfer"]
text = open(odp_out, errors="replace").read()
odp = []
for words in odp_words:
    found = re.search(r"Found (\d+) potential " + words, text)
    odp.append(found.group(1) if found else "?")
cells = ["/".join(odp)]
for report in reports:
    findings = json.load(open(report))["findings"]
    counts = [sum(f["count"] for f in findings if f["kind"] == kind) for kind in kinds]
    same = sum(f["count"] for f in findings if f["kind"] == "identical_content")
    low = sum(f["count"] for f in findings if f.get("confidence") == "low")
    cells.append("/".join(map(str, counts)) + (f" +{same} same" if same else "") + (f" ({low} low)" if low else ""))
print(f"| {name} | " + " | ".join(cells) + " |")
PY
}

for wanted in "${only[@]}"; do
  printf '%s\n' "${apps[@]}" | grep -q "^$wanted|" ||
    { echo "bench: no row $wanted (rows: $(printf '%s\n' "${apps[@]}" | cut -d'|' -f1 | tr '\n' ' '))" >&2; exit 2; }
done

echo "Median of $runs interleaved runs; wall seconds of the whole command, each tool's exit summary included; ompt-inst's record: $record."
echo
echo "| program | native s | OMPDataPerf s | do-nothing tool s | run s | run, plugin build s | OMPDataPerf / native | do-nothing / native | run / native | plugin / native | run events |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
: > "$work/ratios"
: > "$work/findings"
: > "$work/paired"
for entry in "${apps[@]}"; do
  IFS='|' read -r name folder make_command command result_file result_lines <<< "$entry"
  [ ${#only[@]} -eq 0 ] || [[ " ${only[*]} " == *" $name "* ]] || continue
  echo "bench: $name" >&2
  build_app plain "$folder" "$make_command"
  build_app plugin "$folder" "$make_command"
  read -r -a program <<< "${command//@DATA@/$data}"
  rm -f "$work"/cpu.*
  interleave "$runs" native odp null run plugin
  for variant in odp null run plugin; do
    cmp -s "$work/native.status" "$work/$variant.status" ||
      { cat "$work/$variant.out" >&2; echo "bench: $name exits $(cat "$work/$variant.status") under $variant, $(cat "$work/native.status") natively" >&2; exit 1; }
    cmp -s "$work/native.result" "$work/$variant.result" ||
      { diff "$work/native.result" "$work/$variant.result" | head -20 >&2; echo "bench: $name's result under $variant differs from its native one" >&2; exit 1; }
  done
  keep_last_runs "$name"
  findings_row "$name" >> "$work/findings"
  events=$(sed -n 's/^ompt-inst: \([0-9]*\) events recorded in .*/\1/p' "$work/run.out")
  awk -v t="$name" -v a="${MEDIAN[native]}" -v o="${MEDIAN[odp]}" -v z="${MEDIAN[null]}" \
      -v r="${MEDIAN[run]}" -v p="${MEDIAN[plugin]}" -v e="${events:--}" -v figures="$figures" 'BEGIN {
    printf "| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.2f | %.2f | %.2f | %.2f | %s |\n", t, a, o, z, r, p, o / a, z / a, r / a, p / a, e
    printf "ompdataperf %s run/odp %.2f\nompdataperf %s plugin/odp %.2f\n", t, r / o, t, p / o >> figures }'
  echo "${MEDIAN[native]} ${MEDIAN[odp]} ${MEDIAN[null]} ${MEDIAN[run]} ${MEDIAN[plugin]}" >> "$work/ratios"
  echo "| $name | $(paired samples.run samples.odp) | $(paired samples.plugin samples.odp) |" \
    "$(paired cpu.run cpu.odp) | $(paired cpu.plugin cpu.odp) |" \
    "$(median < "$work/cpu.native") | $(median < "$work/cpu.odp") | $(median < "$work/cpu.run") |" >> "$work/paired"
done
awk '{ o += log($2 / $1); z += log($3 / $1); r += log($4 / $1); p += log($5 / $1); n++ }
  END { printf "| geomean over native | | | | | | %.2f | %.2f | %.2f | %.2f | |\n", exp(o / n), exp(z / n), exp(r / n), exp(p / n) }' "$work/ratios"
echo
echo "ompt-inst against OMPDataPerf round by round: the median over the $runs rounds of each round's ratio (the two ran back to back, so a change in the machine's speed between rounds cancels) and its lower to upper quartile; wall time, and CPU seconds (user + system of the command and its children):"
echo
echo "| program | run / OMPDataPerf, wall | plugin / OMPDataPerf, wall | run / OMPDataPerf, CPU | plugin / OMPDataPerf, CPU | native CPU s | OMPDataPerf CPU s | run CPU s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
cat "$work/paired"
awk -F'|' '{ for (c = 2; c <= 5; c++) g[c] += log($(c + 1) + 0); n++ }
  END { printf "| geomean | %.2f | %.2f | %.2f | %.2f | | | |\n", exp(g[2] / n), exp(g[3] / n), exp(g[4] / n), exp(g[5] / n) }' "$work/paired"
echo
# the verdict on CPU seconds: rows where ompt-inst's lower quartile is
# above OMPDataPerf's (above it beyond the spread)
awk -F'|' '{ for (c = 4; c <= 5; c++) { split($(c + 1), q, /[(-]/); if (q[2] + 0 > 1) above[c] = above[c] " " $2 } }
  END { printf "Above OMPDataPerf in CPU seconds beyond the spread (lower quartile over 1): run:%s; plugin build:%s\n",
    above[4] ? above[4] : " none", above[5] ? above[5] : " none" }' "$work/paired"
echo
echo "Avoidable operations found in each row's last run, duplicate transfers / round trips / repeated allocations / unused allocations / unused transfers (+ identical content for another variable, reported only; low: may have changed on the device, no fix advised):"
echo
echo "| program | OMPDataPerf | run | run, plugin build |"
echo "|---|---|---|---|"
cat "$work/findings"
