#!/usr/bin/env bash
# The stress programs of tests/stress at full size, under the tool itself:
# KERNELS target regions run on the host device (4 distinct counted kernel
# constructs each: 2,500 give 10,000), SITES distinct critical sections
# (plugin build: a site each) on 8 threads, THREADS POSIX threads created
# and ended, and with EVENTS > 0 a run of about EVENTS events in the plain
# encoding (80 bytes an event: 100 M make an 8 GB trace) read back whole by
# `report` and `dump`; then the shape of a mini-app (MINIAPP target regions
# over 34 files: 178 give 801 distinct kernel constructs, STEPS timesteps on
# the host device), the depths program of tests/stress (320 deep, 81,920
# regions) and a program linked with MODULES shared objects. Each must end `complete, 0 events lost` with the
# program's own counts; prints a Markdown table of the events, the wall
# time of the run and its peak memory (GNU time).
#
#   bench/stress.sh [KERNELS [SITES [THREADS [EVENTS [MINIAPP [STEPS [MODULES]]]]]]]
#   (default 2500 10000 1000 0 178 200 10240; 0 leaves a program out)
. "$(dirname "$0")/lib.sh"
kernels=${1:-2500} sites=${2:-10000} threads=${3:-1000} events=${4:-0}
miniapp=${5:-178} steps=${6:-200} modules=${7:-10240}
gen() { python3 "$top/tests/stress/gen_stress.py" "$1" "$2" > "$work/$1.c"; }
fail() { echo "bench: $*" >&2; exit 1; }
# measure NAME EXPECTED PROGRAM [ARGS...]: run it under the tool, check it
measure() {
  local name=$1 expected=$2 out kb start end
  shift 2
  start=$(date +%s%N)
  out=$(/usr/bin/time -f "%M" -o "$work/time" "$cli" run -o "$work/$name.run" -- "$@" 2>/dev/null) ||
    fail "$name: exit status"
  end=$(date +%s%N)
  [ "$out" = "$expected" ] || fail "$name: printed '$out', expected '$expected'"
  read -r kb < "$work/time"
  "$cli" report "$work/$name.run" --top 0 > "$work/$name.txt" || fail "$name: report"
  grep -q "complete, 0 events lost" "$work/$name.txt" || fail "$name: $(grep -m1 'trace ' "$work/$name.txt")"
  local events distinct=0
  events=$(sed -n 's/.* events \([0-9]*\) .*/\1/p' "$work/$name.txt" | head -1)
  # counted constructs: the report's rows without time, one per construct
  # at a line
  [[ $name != kernels* && $name != miniapp* ]] ||
    distinct=$(grep -cE ' +- +- +- +-$' "$work/$name.txt")
  awk -v n="$name" -v e="$events" -v d="$distinct" -v s=$((end - start)) -v m="$kb" \
    'BEGIN { printf "| %s | %d | %d | %.2f | %.1f MB |\n", n, e, d, s / 1e9, m / 1024 }'
}
echo "| program | events | counted constructs | run s | peak memory |"
echo "|---|---|---|---|---|"
if [ "$kernels" -gt 0 ]; then
  gen kernels "$kernels"
  "$clang" -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu "$work/kernels.c" -o "$work/kernels"
  measure "kernels-$kernels" "kernels=$((3 * kernels)) threads=$((6 * kernels))" "$work/kernels" 3
fi
if [ "$sites" -gt 0 ]; then
  gen sites "$sites"
  "$clang" -O2 -fopenmp -fplugin="$plugin" "$work/sites.c" -o "$work/sites"
  measure "sites-$sites" "criticals=$((8 * sites))" "$work/sites" 1
fi
if [ "$threads" -gt 0 ]; then
  gen threads "$threads"
  "$clang" -O2 -fopenmp "$work/threads.c" -o "$work/threads" -lpthread
  measure "threads-$threads" "regions=$threads" "$work/threads"
fi
if [ "$miniapp" -gt 0 ]; then
  python3 "$top/tests/stress/gen_stress.py" miniapp "$miniapp" "$work/miniapp"
  "$clang" -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu "$work"/miniapp/*.c -o "$work/miniapp/prog"
  # the program's own sum, from a run without the tool
  expected=$("$work/miniapp/prog" "$steps")
  measure "miniapp-$miniapp" "$expected" "$work/miniapp/prog" "$steps"
fi
python3 "$top/tests/stress/gen_stress.py" depths 320 > "$work/depths.c"
"$clang" -O2 -fopenmp "$work/depths.c" -o "$work/depths"
measure depths-320 "groups=320 levels=320 locks=960 failed=320 regions=81920" "$work/depths"
if [ "$modules" -gt 0 ]; then
  python3 "$top/tests/stress/gen_stress.py" modules "$modules" > "$work/modules.c"
  mkdir "$work/lib"
  echo 'int module_one(void) { return 1; }' > "$work/module.c"
  # no start files: a module with no symbol to look up, so that the loader
  # does not search every other module for each at the start
  "$clang" -shared -fPIC -nostdlib "$work/module.c" -o "$work/lib/libmodule0.so"
  for ((i = 1; i < modules; i++)); do cp "$work/lib/libmodule0.so" "$work/lib/libmodule$i.so"; done
  "$clang" -O2 -fopenmp "$work/modules.c" -o "$work/modules" -L"$work/lib" -Wl,--no-as-needed \
    $(seq -f '-lmodule%g' 0 $((modules - 1))) -Wl,-rpath,"$work/lib"
  measure "modules-$modules" "modules=$modules one=1" "$work/modules"
  "$cli" dump --header "$work/modules-$modules.run" > "$work/modules.jsonl"
  python3 - "$work/modules.jsonl" <<'PY'
import collections, json, sys
paths = collections.Counter(m["path"] for m in json.loads(open(sys.argv[1]).readline())["modules"])
assert max(paths.values()) == 1, "a module written twice"
print("modules in the trace:", len(paths), file=sys.stderr)
PY
fi
[ "$events" -gt 0 ] || exit 0
# 100 critical sections on 8 threads, 2 events an instance
rounds=$(( (events + 1599) / 1600 ))
gen sites 100
"$clang" -O2 -fopenmp "$work/sites.c" -o "$work/big"
export OMPT_INST_TRACE_ENCODING=plain
measure "events-$events" "criticals=$((800 * rounds))" "$work/big" "$rounds"
echo
echo "trace: $(du -h "$work/events-$events.run/trace.oit" | cut -f1)"
for command in report dump; do
  start=$(date +%s%N)
  lines=$(/usr/bin/time -f %M -o "$work/time" "$cli" $command "$work/events-$events.run" | wc -l)
  end=$(date +%s%N)
  echo "$command: $lines lines, $(awk -v s=$((end - start)) 'BEGIN { printf "%.1f", s / 1e9 }') s, peak memory $(( $(cat "$work/time") / 1024 )) MB"
done
