#!/usr/bin/env bash
# Size and rendering time of `ompt-inst report --format html` for a long run
# (bench/html_report.c, STEPS steps; 60000 give about a million events).
# Prints one table row: events, report time, page size, the timeline's
# slices and rectangles, and two rendering times in headless Chromium: the
# page's own script timer (performance.now() when its script has run and
# layout is forced: parsing, layout, script) and the wall time of a
# screenshot of it less that of an empty page (the browser's start), the
# median of RUNS each.
# Usage: bench/html_report.sh [STEPS] [RUNS]; uses the build in
# $OMPT_INST_BUILD (default build/).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
steps=${1:-60000}
runs=${2:-5}
oi="$build/bin/ompt-inst"
[ -x "$oi" ] || { echo "html_report: $oi not built" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/oi-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
"$oi" cc -O2 -fopenmp-targets=x86_64-pc-linux-gnu "$top/bench/html_report.c" -o prog
OMPT_INST_QUIET=1 "$oi" run -o run -- ./prog "$steps" > /dev/null
"$oi" report run --format json --output run.json
start=$(date +%s.%N)
"$oi" report run --format html --output page.html
report_s=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
echo '<!DOCTYPE html><html><body><p>empty</p></body></html>' > empty.html

chrome() { # PAGE ACTION...: headless Chromium with a fresh profile
  local page=$1; shift
  rm -rf profile
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$work/profile" \
    --window-size=1300,2000 "$@" "file://$work/$page" 2> /dev/null
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
wall() { # PAGE: seconds for a screenshot
  local t0
  t0=$(date +%s.%N)
  chrome "$1" --screenshot="$work/shot.png" > /dev/null
  awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }'
}
script_ms=$(for _ in $(seq "$runs"); do
  chrome page.html --dump-dom | sed -n 's/.*data-script-ms="\([0-9]*\)".*/\1/p' | head -n 1
done | median)
empty_s=$(for _ in $(seq "$runs"); do wall empty.html; done | median)
page_s=$(for _ in $(seq "$runs"); do wall page.html; done | median)
events=$("${PYTHON:-python3}" -c 'import json,sys; print(json.load(open(sys.argv[1]))["run"]["events"])' run.json)
caption=$(sed -n 's/.*<figcaption data-slices="\([0-9]*\)" data-rects="\([0-9]*\)".*/\1 \2/p' page.html)
echo "| events | report | page | slices | rectangles | script timer | screenshot - empty page |"
echo "|---|---|---|---|---|---|---|"
awk -v e="$events" -v r="$report_s" -v size="$(stat -c %s page.html)" -v c="$caption" \
  -v s="$script_ms" -v p="$page_s" -v z="$empty_s" 'BEGIN {
    split(c, n, " ")
    printf "| %s | %.2f s | %.2f MB | %s | %s | %s ms | %.2f s |\n", e, r, size / 1e6, n[1], n[2], s, p - z
  }'
