# Every implicit barrier of a plugin build on a line (issue 39): the device
# program of tests/coverage, offloading to the host, whose first `target
# nowait` makes the runtime fork a team of its own (its hidden helper
# threads) at an address inside the runtime: the team's barriers take the
# line of that construct, and the report names the repair.
. "$OI_SRC/tests/fault/lib_fault.sh"
"$OI" run -o plugin -- "$OI_FAULT_BIN/device.plugin" > /dev/null
expect_sound plugin
without=$("$OI_PYTHON" "$OI_SRC/tests/dumpq.py" plugin.jsonl kind=sync line= --count)
all=$("$OI_PYTHON" "$OI_SRC/tests/dumpq.py" plugin.jsonl kind=sync --count)
expect_eq "$without" 0 "synchronisation events without a line (of $all)"
placed=$("$OI_PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["run"].get("repairs", {}).get("runtime_team_placed", 0))' plugin.json)
[ "$placed" -ge 1 ] || fail "the report does not name the runtime's team placed at its construct"
echo ok
