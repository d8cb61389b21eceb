# A program that closes descriptors it did not open, or points them all at
# a file of its own: the program's file holds only what it wrote (the trace
# never goes into it), its output and exit status are unchanged, and the
# trace keeps every region (the shim opens it again when its descriptor was
# closed, though the program changed its working folder since) or stops
# with one line when every descriptor is taken. The exit summary reads the
# run folder given relative to the old working folder.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/close_descriptors.c"
n=3000
./prog $n close native.txt > native.out
expected=$(cat native.txt)
./prog $n clobber native.txt > native_clobber.out
expect_eq "$(cat native.txt)" "$expected" "native runs of both modes"

mkdir elsewhere
rc=0
OMPT_INST_QUIET= OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=closed ./prog $n close elsewhere/mine.txt > out 2> err || rc=$?
expect_eq "$rc" 0 "close: exit status"
expect_eq "$(cat elsewhere/mine.txt)" "$expected" "close: the program's file"
cmp -s out native.out || fail "close: output differs: $(cat out)"
expect_eq "$(grep -v '^ompt-inst: prog ran ' err)" "ompt-inst: details: ompt-inst report $(pwd -P)/closed" "close: messages"
expect_eq "$(dumpq closed kind=parallel endpoint=end --count)" $((2 * n)) "close: parallel regions ended"
"$OI" dump --header closed > header.jsonl 2>/dev/null
head -n 1 header.jsonl | grep -q '"complete":true,.*"lost_events":0,' ||
  fail "close: trace not whole: $(head -n 1 header.jsonl)"

rc=0
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=clobbered ./prog $n clobber mine.txt > out 2> err || rc=$?
expect_eq "$rc" 0 "clobber: exit status"
expect_eq "$(cat mine.txt)" "$expected" "clobber: the program's file"
cmp -s out native_clobber.out || fail "clobber: output differs: $(cat out)"
# every descriptor number is the program's: the trace cannot be opened
# again, so it stops with what was written before, with the error and a count
expect_eq "$(cat err)" "ompt-inst: cannot write clobbered/trace.oit: Too many open files; recording stopped, $(sed -n 's/.*recording stopped, \([0-9]*\) events lost$/\1/p' err) events lost" \
  "clobber: message"
[ "$(dumpq clobbered kind=parallel endpoint=end --count)" -gt 1000 ] ||
  fail "clobber: regions before the clobbering lost"
echo ok
