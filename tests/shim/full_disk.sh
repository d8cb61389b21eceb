# A run on a small filesystem that fills up: one line names the full disk
# and the events lost, the program's output and exit status are unchanged,
# every whole record before the failure dumps, and the report marks the
# trace truncated. Needs a 3 MB tmpfs (root); skipped where mount is refused.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/crash_after_regions.c"
mkdir disk
if ! mount -t tmpfs -o size=3m tmpfs disk 2>mount.err; then
  echo "skipped: cannot mount a 3 MB tmpfs here: $(cat mount.err)"
  exit 0
fi
# unmount before lib.sh's clean-up (which keeps the folder of a failure)
trap 'rc=$?; umount "$TEST_TMP/disk"; if [ $rc = 0 ]; then rm -rf "$TEST_TMP"; else echo "kept $TEST_TMP" >&2; fi' EXIT
n=80000 # about 800,000 events: 5 MB of trace (64 MB of 80-byte events)
expected=$(./prog $n)
rc=0
out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=disk/run ./prog $n 2>err) || rc=$?
expect_eq "$rc" 0 "exit status on a full disk"
expect_eq "$out" "$expected" "output on a full disk"
grep -qx "ompt-inst: cannot write disk/run/trace.oit: No space left on device; recording stopped, [0-9]* events lost" err ||
  fail "message: $(cat err)"
lost=$(sed -n 's/.*recording stopped, \([0-9]*\) events lost$/\1/p' err)
[ "$lost" -gt 0 ] || fail "no events counted as lost"
"$OI" dump --header disk/run > dump.jsonl 2> dump.err || fail "dump failed: $(cat dump.err)"
events=$(($(wc -l < dump.jsonl) - 1))
[ "$events" -gt 1000 ] || fail "only $events events before the failure dump"
header=$(head -n 1 dump.jsonl)
echo "$header" | grep -q '"complete":true' || fail "no end record after a full disk: $header"
echo "$header" | grep -q '"write_error":"No space left on device"' || fail "write error not recorded: $header"
echo "$header" | grep -q "\"lost_events\":$lost," || fail "lost count differs from the message ($lost): $header"
"$OI" report disk/run > report.txt 2> report.err || fail "report failed: $(cat report.err)"
grep -q "truncated: No space left on device, $lost events lost$" report.txt ||
  fail "report: $(head -8 report.txt)"
echo "ok: $events events readable, $lost lost"
