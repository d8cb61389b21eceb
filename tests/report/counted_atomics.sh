# Counted atomics in every report: a program built with the plugin runs two
# atomic statements 2 x 3000 and 2 x 1000 times among enough other events
# that each thread writes its counts several times. The text, annotated and
# JSON reports give the exact instances per site and thread and say the
# time was not measured ("-", "not timed", null); Chrome and OTF2 traces
# leave them out (no instance has a time). OMPT_INST_TRACE_ATOMIC=1 gives
# the same instance counts.
source "$OI_SRC/tests/lib.sh"
q() { "$OI_PYTHON" "$OI_SRC/tests/report/reportq.py" "$@"; }
src="$OI_SRC/tests/report/programs/atomics.c"
first=$(grep -n 'pragma omp atomic' "$src" | sed -n 1p | cut -d: -f1)
second=$(grep -n 'pragma omp atomic' "$src" | sed -n 2p | cut -d: -f1)
cc_plugin prog "$src" -g
"$OI" run -o run ./prog > out 2> /dev/null
expect_eq "$(cat out)" "6000 2000 6000" "program output"
[ "$(dumpq run kind=construct_count line=$first --count)" -gt 2 ] \
  || fail "counts written at several flushes per thread"
expect_eq "$(dumpq run construct=atomic kind!=construct_count --count)" 0 "no per-instance atomic events"

for dir in run traced; do
  [ $dir = traced ] && OMPT_INST_TRACE_ATOMIC=1 "$OI" run -o traced ./prog > /dev/null 2>&1
  # text: instances and threads exact, the time columns not measured
  "$OI" report $dir --top 0 > report.txt
  q rows report.txt > rows.txt
  grep -qx "atomics.c:$first|\[c\] atomic|6000|2" rows.txt || fail "$dir: first atomic row: $(cat rows.txt)"
  grep -qx "atomics.c:$second|\[c\] atomic|2000|2" rows.txt || fail "$dir: second atomic row: $(cat rows.txt)"
  expect_eq "$(grep "^atomics.c:$first " report.txt | tr -s ' ' | cut -d' ' -f6-)" "- - - -" \
    "$dir: total, mean, max, imbalance of the atomic row"
  grep -q "critical .* [0-9.]* [nmu]*s " report.txt || fail "$dir: the critical row is timed"

  # JSON: the same counts, per thread too; times null
  "$OI" report $dir --format json --output report.json
  "$OI_PYTHON" - report.json "$first" "$second" <<'PY' || fail "$dir: JSON atomic rows"
import json, sys
d = json.load(open(sys.argv[1]))
first, second = int(sys.argv[2]), int(sys.argv[3])
rows = {c["line"]: c for c in d["constructs"] if c["construct"] == "atomic"}
assert sorted(rows) == [first, second], rows
for line, per_thread in ((first, 3000), (second, 1000)):
    r = rows[line]
    assert r["event_kind"] == "construct" and r["seen_by"] == "compiler", r
    assert r["instances"] == 2 * per_thread and r["threads"] == 2 and r["unpaired"] == 0, r
    for key in ("total_ns", "mean_ns", "max_ns", "imbalance"):
        assert key in r and r[key] is None, (key, r)
    assert [(t["instances"], t["total_ns"]) for t in r["per_thread"]] == [(per_thread, None)] * 2, r
critical = [c for c in d["constructs"] if c["construct"] == "critical"]
assert critical and all(isinstance(c["total_ns"], int) for c in critical), critical
PY

  # annotated listing: the count in the margin, "not timed" in the details
  "$OI" report $dir --format annotate > annotated.txt
  expect_eq "$(q annotate annotated.txt $first)" "6000|#pragma omp atomic" "$dir: annotate margin"
  grep -q "\^ \[c\] atomic: 6000 on 2 threads, not timed$" annotated.txt \
    || fail "$dir: annotate details: $(grep -m2 'atomic' annotated.txt)"

  # Chrome and OTF2: no atomic slice, the rest as before
  "$OI" report $dir --format chrome --output trace.json
  q chrome trace.json > summary || fail "$dir: chrome trace"
  grep -q "^atomic @" summary && fail "$dir: atomic slices in the Chrome trace"
  grep -q "^critical @atomics.c:" summary || fail "$dir: critical slices in the Chrome trace"
  rm -rf archive
  "$OI" report $dir --format otf2 --output archive
  otf2-print archive/traces.otf2 > events.txt || fail "$dir: otf2-print failed"
  grep -q '^ENTER .*Region: "atomic @' events.txt && fail "$dir: atomic regions entered in OTF2"
  grep -q '^ENTER .*Region: "critical @' events.txt || fail "$dir: critical regions in OTF2"
done
echo ok
