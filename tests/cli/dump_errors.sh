# `ompt-inst dump` on folders that are not runs, and on damaged traces: one
# clear line on stderr with the file and byte offset, exit 1, and the events
# before the damage still printed.
source "$OI_SRC/tests/lib.sh"

expect_dump_error() { # DIR EXPECTED-STDERR
  set +e
  "$OI" dump "$1" > out 2> err; rc=$?
  set -e
  expect_eq "$rc" 1 "dump $1: exit code"
  expect_eq "$(cat err)" "$2" "dump $1: message"
}

mkdir empty
expect_dump_error empty "ompt-inst: empty: not an ompt-inst run folder (no trace.oit)"
expect_dump_error missing "ompt-inst: missing: No such file or directory"

cc_plain prog "$OI_SRC/tests/cli/programs/exit_code.c"
"$OI" run -o run ./prog > /dev/null 2>&1
trace=run/trace.oit
size=$(stat -c %s $trace)
"$OI" dump run > full.jsonl
full=$(wc -l < full.jsonl)
[ "$full" -gt 0 ] || fail "the real trace has no events"

# A cut in the middle of the frame that spans the trace's middle byte (a
# cut at a frame boundary would be a shorter, whole trace).
middle=$("$OI_PYTHON" -c '
import struct, sys
data = open(sys.argv[1], "rb").read()
at = struct.unpack_from("<I", data, 12)[0]  # header_size
while True:
    size = struct.unpack_from("<I", data, at + 8)[0]  # frame: magic, type, encoding, size
    if at + 16 + size > len(data) // 2:
        print(at + 4)
        break
    at += 16 + size' $trace)

# cut at several places: the torn frame is skipped with a warning naming its
# offset (a frame start before the cut), the events before it are printed
for cut in $((size - 1)) $middle 40; do
  mkdir cut$cut
  head -c $cut $trace > cut$cut/trace.oit
  set +e
  "$OI" dump cut$cut > out 2> err; rc=$?
  set -e
  expect_eq "$rc" 0 "cut at $cut: exit code"
  offset=$(sed -n "s|^ompt-inst: warning: cut$cut/trace.oit: [0-9]* bytes of torn records skipped (the first at byte \([0-9]*\))$|\1|p" err)
  [ -n "$offset" ] || fail "cut at $cut: message: $(cat err)"
  [ "$offset" -lt "$cut" ] && [ "$offset" -ge 32 ] || fail "cut at $cut: offset $offset"
  # the events printed are the first ones of the full dump (their source may
  # differ: module records written after the cut are not trusted)
  n=$(wc -l < out)
  [ "$n" -le "$full" ] || fail "cut at $cut: more events than the full trace"
  ids=kind,endpoint,thread,time_ns,codeptr
  head -n "$n" full.jsonl > full_prefix.jsonl
  cmp -s <("$OI_PYTHON" "$OI_SRC/tests/dumpq.py" out --fields $ids) \
         <("$OI_PYTHON" "$OI_SRC/tests/dumpq.py" full_prefix.jsonl --fields $ids) ||
    fail "cut at $cut: events before the cut differ"
done
# the last cut lands in the first record: nothing before it
expect_eq "$(wc -l < out)" 0 "events before a cut in the first record"

# a changed type in the first frame (header is 32 bytes, the frame's type at
# +4) fails its checksum: that frame is skipped, every event still printed
mkdir corrupt
cp $trace corrupt/trace.oit
printf '\xff\x00' | dd of=corrupt/trace.oit bs=1 seek=36 conv=notrunc status=none
"$OI" dump corrupt > out 2> err || fail "dump of a trace with a corrupt frame failed"
grep -q "^ompt-inst: warning: corrupt/trace.oit: [0-9]* bytes of torn records skipped (the first at byte 32)$" err ||
  fail "corrupt frame: message: $(cat err)"
expect_eq "$(wc -l < out)" "$full" "events of a trace with a corrupt info frame"

# a trace written by a newer ompt-inst (version field at byte 8)
mkdir newer
cp $trace newer/trace.oit
printf '\x04\x00\x00\x00' | dd of=newer/trace.oit bs=1 seek=8 conv=notrunc status=none
expect_dump_error newer \
  "ompt-inst: newer/trace.oit: trace format version 4 is newer than this ompt-inst (3); upgrade ompt-inst"

# not a trace at all
mkdir foreign
echo "hello" > foreign/trace.oit
expect_dump_error foreign "ompt-inst: foreign/trace.oit: not an ompt-inst trace (bad magic)"
echo ok
