#!/usr/bin/env bash
# The findings of both builds side by side, per program, after a run of
# bench/ompdataperf.sh (which keeps each row's last runs in
# SCRATCH/last/NAME/run, the plain build, and .../plugin): per build the
# findings by confidence, and whether the two agree by the rule of
# tests/patterns/both_builds.py (the same findings; the same confidence,
# except certain in the plugin build by a kernel's write set where the
# plain build, which cannot see the kernel, says low). Prints Markdown,
# then each disagreement and each certain finding of the plugin build
# with its advice, to check against the source by hand.
#
#   bench/findings_per_build.sh SCRATCH
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cli=${OMPT_INST_BUILD:-$top/build}/bin/ompt-inst
[ $# -eq 1 ] && [ -d "$1/last" ] || { echo "usage: bench/findings_per_build.sh SCRATCH (after bench/ompdataperf.sh)" >&2; exit 2; }
scratch=$(cd "$1" && pwd)
last=$scratch/last
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the helpers that read a JSON report
cat > "$work/read.py" <<'PY'
import collections, json, sys
findings = json.load(open(sys.argv[2]))["findings"]
if sys.argv[1] == "counts":
    c = collections.Counter(f["confidence"] for f in findings)
    print("%d/%d/%d" % (c["certain"], c["probable"], c["low"]))
else:  # the plugin build's certain findings, with their advice
    for f in findings:
        if f["confidence"] == "certain":
            print("    %s %s %s:%d (%d of %d): %s" % (f["kind"], f["var"], f["file"].rsplit("/", 1)[-1],
                                                     f["line"], f["count"], f["total"], f["suggestion"]))
PY
counts() { python3 "$work/read.py" counts "$1"; }
echo "| program | plugin build: certain/probable/low | plain build: certain/probable/low | certain only by a write set | agree |"
echo "|---|---|---|---|---|"
details=()
for dir in "$last"/*/; do
  name=$(basename "$dir")
  for b in run plugin; do
    "$cli" report "$dir/$b" --format json --output "$work/$name.$b.json" 2> /dev/null ||
      echo '{"findings": []}' > "$work/$name.$b.json"
    # each build compiled its own copy of the sources: one tree's paths
    sed -i -e "s#$scratch/plugin/##g" -e "s#$scratch/plain/##g" "$work/$name.$b.json"
  done
  if python3 "$top/tests/patterns/both_builds.py" "$work/$name.plugin.json" "$work/$name.run.json" \
    > "$work/$name.both" 2> "$work/$name.errors"; then
    agree=yes
  else
    agree="no ($(wc -l < "$work/$name.errors") lines)"
    details+=("### $name: disagreements" "$(sed 's/^/    /' "$work/$name.errors")")
  fi
  proven=$(grep -c "by the kernel's write set" "$work/$name.both" || true)
  echo "| $name | $(counts "$work/$name.plugin.json") | $(counts "$work/$name.run.json") | $proven | $agree |"
  certain=$(python3 "$work/read.py" certain "$work/$name.plugin.json")
  [ -z "$certain" ] || details+=("### $name: certain findings (plugin build)" "$certain")
done
for d in "${details[@]}"; do printf '\n%s\n' "$d"; done
