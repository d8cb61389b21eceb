# Traces of earlier releases read whole: a run recorded with this tool, its
# trace rewritten as the previous release wrote it (format 2: frames,
# 80-byte events, no TOTALS record) and as the first one did (format 1),
# by tests/trace_to_older.py, which restates the old layouts on its own.
# `dump` gives the same events and header, `report` the same reports as
# the run's own trace, without a warning.
source "$OI_SRC/tests/lib.sh"
cc_plugin prog "$OI_SRC/examples/patterns/duplicate_transfer.c" -g $OI_HOST_OFFLOAD
mkdir -p new/run v2/run v1/run
OMPT_INST_TRACE_ENCODING=plain "$OI" run -o new/run -- ./prog >/dev/null 2>&1 || fail "run failed"

# SIDE (new, v2, v1): its dump and reports, read from inside SIDE so that
# the run folder's name is the same in all
read_side() {
  (cd "$1" && "$OI" dump --header run > ../$1.jsonl 2> ../$1.dump.err) ||
    fail "dump of the $1 trace failed: $(cat $1.dump.err)"
  [ ! -s $1.dump.err ] || fail "dump of the $1 trace warned: $(cat $1.dump.err)"
  for format in text json summary; do
    (cd "$1" && "$OI" report run --format $format > ../$1.$format 2> ../$1.report.err) ||
      fail "report --format $format of the $1 trace failed: $(cat $1.report.err)"
    [ ! -s $1.report.err ] || fail "report of the $1 trace warned: $(cat $1.report.err)"
  done
}
header() { head -n 1 "$1.jsonl" | "$OI_PYTHON" -c "
import json, sys
h = json.load(sys.stdin)
print(h['trace_version'], h['complete'], h['event_count'], h.get('lost_events'))"; }

read_side new
expect_eq "$(header new | cut -d' ' -f1)" 3 "the tool writes format 3"
events=$(($(wc -l < new.jsonl) - 1))
[ "$events" -gt 50 ] || fail "too few events to compare: $events"
for version in 2 1; do
  "$OI_PYTHON" "$OI_SRC/tests/trace_to_older.py" --version $version new/run/trace.oit \
    v$version/run/trace.oit || fail "rewriting as version $version failed"
  read_side v$version
  expect_eq "$(header v$version)" "$version True $events 0" "version $version header"
  tail -n +2 new.jsonl > new.events
  tail -n +2 v$version.jsonl > v$version.events
  cmp -s new.events v$version.events ||
    fail "version $version events differ: $(diff new.events v$version.events | head -n 5)"
  for format in text json summary; do
    cmp -s new.$format v$version.$format ||
      fail "version $version: report --format $format differs: $(diff new.$format v$version.$format | head -n 5)"
  done
done
grep -q "duplicate" new.text || fail "the report has no finding to compare: $(head -n 20 new.text)"
echo ok
