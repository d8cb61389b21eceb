# Every event of a plugin build's runtime team on a line (issues 39, 53): the device
# program of tests/coverage, offloading to the host, whose first `target
# nowait` makes the runtime fork a team of its own (its hidden helper
# threads) at an address inside the runtime: the team's region, implicit
# tasks and barriers take the line of that construct, and the report names
# the repair.
. "$OI_SRC/tests/fault/lib_fault.sh"
"$OI" run -o plugin -- "$OI_FAULT_BIN/device.plugin" > /dev/null
expect_sound plugin
# the team's barriers (issue 39), and its region's begin and end and its
# implicit tasks (issue 53)
for kind in sync parallel implicit_task; do
  without=$("$OI_PYTHON" "$OI_SRC/tests/dumpq.py" plugin.jsonl kind=$kind line= --count)
  all=$("$OI_PYTHON" "$OI_SRC/tests/dumpq.py" plugin.jsonl kind=$kind --count)
  expect_eq "$without" 0 "$kind events without a line (of $all)"
done
placed=$("$OI_PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["run"].get("repairs", {}).get("runtime_team_placed", 0))' plugin.json)
[ "$placed" -ge 1 ] || fail "the report does not name the runtime's team placed at its construct"
echo ok
