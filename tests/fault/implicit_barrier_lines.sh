# Every implicit barrier of a plugin build on a line (issue 39): the device
# program of tests/coverage, offloading to the host, where the implicit
# barriers of the host device's threads come with no codeptr_ra the
# plugin's sites cover.
. "$OI_SRC/tests/fault/lib_fault.sh"
"$OI" run -o plugin -- "$OI_FAULT_BIN/device.plugin" > /dev/null
expect_sound plugin
without=$("$OI_PYTHON" "$OI_SRC/tests/dumpq.py" plugin.jsonl kind=sync line= --count)
all=$("$OI_PYTHON" "$OI_SRC/tests/dumpq.py" plugin.jsonl kind=sync --count)
expect_eq "$without" 0 "synchronisation events without a line (of $all)"
echo ok
