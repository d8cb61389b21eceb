#!/usr/bin/env bash
# Regenerates docs/examples/ from the bundled example examples/heat.c: builds
# ompt-inst, compiles heat.c with `ompt-inst cc` (plugin, -g, host offload),
# runs it under `ompt-inst run` and writes `ompt-inst report` in every format,
# and a screenshot of the html page (docs/images/report.png).
# The Chrome trace and the OTF2 archive are summarised (see
# docs/examples/README.md); everything else is the command's output as is,
# except that the repository and scratch folders are shown as relative paths.
#
#   scripts/regen-doc-examples.sh          (build folder: $OMPT_INST_BUILD or build/)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
out="$top/docs/examples"
cmake -S "$top" -B "$build" > /dev/null
cmake --build "$build" -j2 --target ompt_inst_cli ompt_inst_shim ompt_inst_plugin > /dev/null
oi="$build/bin/ompt-inst"

work=$(mktemp -d "${TMPDIR:-/tmp}/oi-doc-examples.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
"$oi" cc -g -O2 -fopenmp-targets=x86_64-pc-linux-gnu "$top/examples/heat.c" -o heat
"$oi" run -o heat.run ./heat 5 > /dev/null

# machine folders out of the documents: the repository, the scratch folder
relative() { sed -e "s|$top/||g" -e "s|$work/||g" -e "s|$work|.|g"; }

mkdir -p "$out"
"$oi" report heat.run | relative > "$out/report.txt"
"$oi" report heat.run --format annotate | relative > "$out/annotate.txt"
"$oi" report heat.run --format json | relative > "$out/report.json"
"$oi" report heat.run --format html | relative > "$out/report.html"
# what the page looks like in a browser (the README shows it)
mkdir -p "$top/docs/images"
chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$work/chromium" --hide-scrollbars \
  --window-size=1280,2100 --screenshot="$top/docs/images/report.png" "file://$out/report.html" \
  2> /dev/null
"$oi" report heat.run --format chrome --output chrome.json
"$oi" report heat.run --format otf2 --output heat.otf2

# The Chrome trace in full is long: keep the track names and the slices of
# the first time step, as a document that still opens in Perfetto.
python3 - chrome.json <<'PY' | relative > "$out/chrome-first-step.json"
import json, sys
doc = json.load(open(sys.argv[1]))
events = doc["traceEvents"]
meta = [e for e in events if e["ph"] == "M"]
slices = sorted((e for e in events if e["ph"] == "X"), key=lambda e: e["ts"])
steps = [e for e in slices if e["name"].startswith("target teams distribute parallel for @heat.c:")]
# the first step: everything that starts before the second step's first region
cut = steps[2]["ts"] if len(steps) > 2 else float("inf")
first = [e for e in slices if e["ts"] < cut]
doc["traceEvents"] = meta + first
json.dump(doc, sys.stdout, indent=None, separators=(",", ":"))
print()
print(f"{len(first)} of {len(slices)} slices (first time step)", file=sys.stderr)
PY

# The OTF2 archive: its definitions and the first events, as otf2-print shows them.
otf2-print heat.otf2/traces.otf2 > events.txt
{
  echo "# otf2-print -G heat.otf2/traces.otf2 (definitions)"
  otf2-print -G heat.otf2/traces.otf2
  echo
  echo "# otf2-print heat.otf2/traces.otf2: the first 60 lines of $(wc -l < events.txt)" \
       "($(grep -c -E '^(ENTER|LEAVE) ' events.txt) ENTER/LEAVE events)"
  sed -n 1,60p events.txt
} | relative > "$out/otf2-print.txt"
echo "regenerated $out"
