#!/usr/bin/env bash
# The suite repeated under load (issue 24): every test of a build run until
# it has passed REPEATS times or failed once, with a CPU hog (`yes`) beside
# it, the load average sampled each minute. Prints one line per test that
# did not pass REPEATS times, then a summary; exit 0 only if every test
# passed every repetition.
#
#   scripts/repeat-under-load.sh BUILD [REPEATS] [ctest arguments...]
#     (REPEATS default 20; e.g. -R '^shim_' to repeat some tests only)
#
# It takes long: 20 repetitions of the clang-19 suite need about two and a
# half hours of a 2-core machine that runs nothing else (docs/testing.md).
# The logs stay in BUILD/Testing/repeat/: ctest.log (every run), load.log.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: scripts/repeat-under-load.sh BUILD [REPEATS] [ctest arguments...]" >&2; exit 2; }
build=$(cd "$1" && pwd)
repeats=${2:-20}
shift $(($# >= 2 ? 2 : 1))
[ -f "$build/CTestTestfile.cmake" ] || { echo "repeat: $build is no build folder (run scripts/build.sh)" >&2; exit 1; }
logs=$build/Testing/repeat
mkdir -p "$logs"

yes > /dev/null &
hog=$!
(while sleep 60; do echo "$(date -u +%H:%M) $(cut -d' ' -f1-3 /proc/loadavg)"; done) > "$logs/load.log" &
sampler=$!
trap 'kill $hog $sampler 2>/dev/null' EXIT

start=$(date +%s)
status=0
ctest --test-dir "$build" --repeat until-fail:"$repeats" -j"$(nproc)" --timeout 600 \
  --output-on-failure "$@" > "$logs/ctest.log" 2>&1 || status=$?
minutes=$((($(date +%s) - start + 59) / 60))

# passes per test, from ctest's "Test #N: name ... Passed" lines
grep -E "Test +#[0-9]+: .*(Passed|\*\*\*)" "$logs/ctest.log" |
  sed -E 's/.*Test +#[0-9]+: ([^ ]+) .*(Passed|\*\*\*[A-Za-z]+).*/\1 \2/' |
  awk -v n="$repeats" '
    $2 == "Passed" { passed[$1]++; next }
    { failed[$1] = tolower(substr($2, 4)) }
    END {
      for (t in failed) printf "%s: %s after %d passes\n", t, failed[t], passed[t]
      for (t in passed) if (!(t in failed) && passed[t] < n) printf "%s: %d of %d passes\n", t, passed[t], n
      tests = 0; for (t in passed) tests++
      for (t in failed) if (!(t in passed)) tests++
      ok = 0; for (t in passed) if (passed[t] >= n && !(t in failed)) ok++
      printf "repeat: %d of %d tests passed %d times", ok, tests, n
    }'
loads=$(awk '{print $2}' "$logs/load.log" | sort -n | sed -n '1p;$p' | paste -sd- -)
echo " in $minutes min, load average ${loads:-n/a}; ctest exit $status; logs in $logs"
exit $status
