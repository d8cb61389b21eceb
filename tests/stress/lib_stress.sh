# Helpers of the stress tests (tests/stress/*.sh), sourced after tests/lib.sh.
# OI_SMALL: the tool built with the lowered bounds of shim/bounds.h.
OI_SMALL="$OI_BUILD/small/libompt-inst.so"
[ -f "$OI_SMALL" ] || fail "no $OI_SMALL (configure with -DOMPT_INST_SMALL_BOUNDS=ON)"

# gen SHAPE N OUT.c: a generated stress program (gen_stress.py).
gen() { "$OI_PYTHON" "$OI_SRC/tests/stress/gen_stress.py" "$1" "$2" > "$3"; }

# run_small DIR PROGRAM [ARGS...]: PROGRAM under the small-bounds tool, as
# `ompt-inst run` attaches it (named and preloaded); prints its output.
run_small() {
  local dir=$1; shift
  OMP_TOOL_LIBRARIES="$OI_SMALL" LD_PRELOAD="$OI_SMALL" OMPT_INST_DIR="$dir" "$@"
}

# run_full DIR PROGRAM [ARGS...]: the same under the installed tool.
run_full() {
  local dir=$1; shift
  "$OI" run -o "$dir" -- "$@" 2> "$dir.err"
}

# recorded small|full DIR EXPECTED PROGRAM [ARGS...]: PROGRAM under that
# tool into DIR; it exits with 0, prints EXPECTED, and nothing is lost.
recorded() {
  local tool=$1 dir=$2 expected=$3 out
  shift 3
  out=$(run_$tool "$dir" "$@") || fail "$dir: exit status"
  expect_eq "$out" "$expected" "$dir: the program's result"
  nothing_lost "$dir"
}

# nothing_lost DIR: the report says the trace is complete with 0 events
# lost, and the dump reads back exactly the END record's event count.
nothing_lost() {
  "$OI" report "$1" --top 0 > "$1.txt" || fail "$1: report"
  grep -q "complete, 0 events lost" "$1.txt" || fail "$1: $(grep -m1 'trace ' "$1.txt")"
  "$OI" dump --header "$1" > "$1.jsonl" || fail "$1: dump"
  "$OI_PYTHON" - "$1.jsonl" <<'PY' || fail "$1: dumped events"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
header = json.loads(lines[0])
assert header["complete"] and header["lost_events"] == 0, header
assert header["event_count"] == len(lines) - 1, (header["event_count"], len(lines) - 1)
PY
}

# counted DIR CONSTRUCT: the instances of CONSTRUCT's counted rows (no
# time: `-`) of the report nothing_lost wrote, summed over their lines.
counted() {
  grep -E "^.{21}$2 +[0-9]+ +[0-9]+ +- +- +- +-$" "$1.txt" |
    awk -v skip="$(echo "$2" | wc -w)" '{s += $(1 + skip + 1)} END {print s + 0}'
}
