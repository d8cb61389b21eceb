# A file-size limit (`ulimit -f`) under the trace: the program keeps its
# output and exit status (it is not killed by SIGXFSZ), one line names the
# limit and the events lost, every whole record before it dumps, and the
# report marks the trace truncated. Also a limit too small for any event.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/crash_after_regions.c"
n=80000 # about 800,000 events: 5 MB of trace (64 MB of 80-byte events)
expected=$(./prog $n)
for blocks in 2048 64; do
  rc=0
  out=$(ulimit -f $blocks; OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=run$blocks ./prog $n 2>err) || rc=$?
  expect_eq "$rc" 0 "exit status under ulimit -f $blocks"
  expect_eq "$out" "$expected" "output under ulimit -f $blocks"
  grep -qx "ompt-inst: cannot write run$blocks/trace.oit: File too large; recording stopped, [0-9]* events lost" err ||
    fail "message under ulimit -f $blocks: $(cat err)"
  lost=$(sed -n 's/.*recording stopped, \([0-9]*\) events lost$/\1/p' err)
  [ "$lost" -gt 0 ] || fail "no events counted as lost"
  size=$(stat -c %s run$blocks/trace.oit)
  [ "$size" -le $((blocks * 1024)) ] || fail "trace of $size bytes beyond the limit"
  "$OI" dump --header run$blocks > dump.jsonl 2> dump.err || fail "dump failed: $(cat dump.err)"
  header=$(head -n 1 dump.jsonl)
  echo "$header" | grep -q '"complete":true' || fail "no end record under ulimit -f $blocks: $header"
  echo "$header" | grep -q '"write_error":"File too large"' || fail "write error not recorded: $header"
  echo "$header" | grep -q "\"lost_events\":$lost," || fail "lost count differs from the message ($lost): $header"
  "$OI" report run$blocks > report.txt 2> report.err || fail "report failed: $(cat report.err)"
  grep -q "truncated: File too large, $lost events lost$" report.txt ||
    fail "report: $(head -8 report.txt)"
  echo "ulimit -f $blocks: $(($(wc -l < dump.jsonl) - 1)) events readable, $lost lost"
done
# under 2 MiB most of the run fits
[ "$(grep -c '"kind"' <("$OI" dump run2048))" -gt 10000 ] || fail "too few events under ulimit -f 2048"
echo ok
