# The trace's clock in a real run, TSC (where the machine offers it) and
# OMPT_INST_CLOCK=monotonic: the run info names the clock, and the parallel
# region's begin and end lie between the program's own CLOCK_MONOTONIC
# readings around the region and around the work inside it:
#   before <= begin <= work start, work end <= end <= after.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/clock_bracket.c" -O1

expected_auto=monotonic
if grep -m1 '^flags' /proc/cpuinfo | grep -qw constant_tsc &&
   grep -m1 '^flags' /proc/cpuinfo | grep -qw nonstop_tsc &&
   [ "$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)" = tsc ]; then
  expected_auto=tsc
fi

check_run() { # WHAT EXPECTED-CLOCK [ENV...]
  local what=$1 clock=$2
  shift 2
  env "$@" OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR="$what" ./prog > "$what.out"
  "$OI" dump --header "$what" > "$what.jsonl" || fail "$what: ompt-inst dump failed"
  "$OI_PYTHON" - "$what.jsonl" "$what.out" "$clock" "$what" <<'PY'
import json, sys
dump, out, clock, what = sys.argv[1:]
before, start, end, after = map(int, open(out).read().split())
lines = [json.loads(line) for line in open(dump)]
header = next(l for l in lines if l.get("record") == "header")
if header["info"].get("clock") != clock:
    sys.exit(f"FAIL: {what}: clock {header['info'].get('clock')!r}, expected {clock!r}")
def at(endpoint):
    times = [header["start_time_ns"] + e["time_ns"] for e in lines
             if e.get("kind") == "parallel" and e.get("endpoint") == endpoint]
    if len(times) != 1:
        sys.exit(f"FAIL: {what}: {len(times)} parallel {endpoint} events, expected 1")
    return times[0]
begin, finish = at("begin"), at("end")
order = [("before", before), ("parallel begin", begin), ("work start", start),
         ("work end", end), ("parallel end", finish), ("after", after)]
for (a, x), (b, y) in zip(order, order[1:]):
    if x > y:
        sys.exit(f"FAIL: {what}: {a} {x} > {b} {y} (by {x - y} ns)")
PY
}

check_run auto "$expected_auto"
check_run monotonic monotonic OMPT_INST_CLOCK=monotonic
check_run unknown "$expected_auto" OMPT_INST_CLOCK=bogus 2> err
expect_eq "$(cat err)" "ompt-inst: OMPT_INST_CLOCK: unknown clock 'bogus' (expected auto or monotonic); using auto" "warning for an unknown clock"
