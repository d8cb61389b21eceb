#!/usr/bin/env bash
# A public OpenMP validation suite's offload tests, each built twice (with
# the plugin and plain, -O2 -g, host offload), run under `ompt-inst run`:
# whether each run gives the program's own exit code, and whether the
# builds' findings agree by the rule of tests/patterns/both_builds.py.
# Prints one line per test that has findings or differs, then totals.
#
#   bench/validation_both_builds.sh VV_SOURCE SCRATCH [PATTERN]
#
# VV_SOURCE: a checkout of the suite (tests/ and ompvv/); PATTERN: a grep
# pattern the tests' paths must match (default: those with `target`).
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
set +e # a test that fails to build or run is counted, not fatal
[ $# -ge 2 ] || { echo "usage: bench/validation_both_builds.sh VV_SOURCE SCRATCH [PATTERN]" >&2; exit 2; }
vv=$(cd "$1" && pwd)
scratch=$(mkdir -p "$2" && cd "$2" && pwd)
pattern=${3:-target}
export OMPT_INST_QUIET=1 OMP_WAIT_POLICY=passive
flags=(-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O2 -g -I"$vv/ompvv" -lm)
total=0 agree=0 with_findings=0 exit_same=0
while IFS= read -r src; do
  name=$(echo "${src#$vv/tests/}" | tr '/' '_' | sed 's/\.c$//')
  dir="$scratch/$name"
  mkdir -p "$dir"
  (cd "$dir" && "$clang" "${flags[@]}" "$src" -o plain > build.log 2>&1 &&
    "$clang" "${flags[@]}" -fplugin="$plugin" "$src" -o plugin >> build.log 2>&1) ||
    continue
  total=$((total + 1))
  (cd "$dir" && timeout 60 ./plain > native.out 2>&1); native=$?
  same=1
  for b in plain plugin; do
    rm -rf "$dir/$b.run"
    (cd "$dir" && timeout 120 "$cli" run -o "$b.run" -- "./$b" > "$b.out" 2>&1); status=$?
    [ "$status" = "$native" ] || same=0
    "$cli" report "$dir/$b.run" --format json --output "$dir/$b.json" 2> /dev/null ||
      echo '{"findings": []}' > "$dir/$b.json"
  done
  exit_same=$((exit_same + same))
  n=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$dir/plugin.json")
  if python3 "$top/tests/patterns/both_builds.py" "$dir/plugin.json" "$dir/plain.json" > "$dir/both" 2> "$dir/errors"; then
    agree=$((agree + 1))
    [ "$n" -gt 0 ] && { with_findings=$((with_findings + 1)); echo "agree    $name: $n findings"; }
  else
    echo "DIFFER   $name: $(head -3 "$dir/errors" | tr '\n' ';')"
  fi
  [ "$same" = 1 ] || echo "EXIT     $name: native $native, not kept under the tool"
done < <(find "$vv/tests" -name '*.c' | grep -E "$pattern" | sort)
echo "tests built both ways: $total; exit code kept in both builds: $exit_same; findings agree: $agree ($with_findings with findings)"
