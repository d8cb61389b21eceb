# Two programs never write one trace: while a program records into a folder,
# `ompt-inst run -o` into the same folder refuses to start (exit 1, one
# line), and a program given the folder through OMPT_INST_DIR runs
# unrecorded with one warning line, its output and exit code intact. The
# first program's trace stays whole.
. "$OI_SRC/tests/lib.sh"
cc_plain hold "$OI_SRC/tests/shim/programs/hold_folder.c"
"$OI" run -o same -- ./hold started release >first.out 2>first.err &
first=$!
on_exit "touch '$TEST_TMP/release'; wait $first"
for _ in $(seq 500); do [ -e started ] && break; sleep 0.02; done
[ -e started ] || fail "the first program did not start"

rc=0
"$OI" run -o same -- ./hold >second.out 2>second.err || rc=$?
expect_eq "$rc" 1 "exit code of a run into a folder in use"
expect_eq "$(cat second.out)" "" "the refused program did not run"
expect_eq "$(cat second.err)" "ompt-inst: the run folder same is in use by another running program; give each run its own folder" "message"

rc=0
out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=same ./hold 2>third.err) || rc=$?
expect_eq "$rc" 5 "exit code of the unrecorded program"
expect_eq "$out" "sum 1" "output of the unrecorded program"
expect_eq "$(cat third.err)" "ompt-inst: the trace in 'same' is being written by another process; not recording (give each run its own folder)" "warning"

touch release
rc=0
wait $first || rc=$?
expect_eq "$rc" 5 "exit code of the first program"
expect_eq "$(cat first.out)" "sum 1" "output of the first program"
"$OI" report same --format json >first.json || fail "the first trace is unreadable"
"$OI_PYTHON" - first.json <<'PY' || fail "the first trace"
import json, sys
run = json.load(open(sys.argv[1]))["run"]
assert run["complete"] and run["lost_events"] == 0, run
assert "ranks" not in run and "processes" not in run, run
PY
