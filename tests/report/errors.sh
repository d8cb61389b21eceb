# Bad input: one clear line on stderr, exit 1 for input/output problems and 2
# for usage, and never a partial output file.
source "$OI_SRC/tests/lib.sh"
# expect_error CODE MESSAGE-PATTERN ARGS...: exit code and a one-line message
expect_error() {
  local code=$1 pattern=$2; shift 2
  local rc=0
  "$OI" report "$@" > out 2> err || rc=$?
  expect_eq "$rc" "$code" "exit code of report $*"
  [ "$(grep -vc '^ \|^usage' err)" = 1 ] || fail "one line for report $*: $(cat err)"
  grep -q -- "$pattern" err || fail "message of report $*: $(cat err)"
}

cc_plain prog "$OI_SRC/tests/report/programs/regions.c" -g
# events as 80-byte records: tests/trace_to_older.py rewrites the trace below
OMPT_INST_TRACE_ENCODING=plain "$OI" run -o run ./prog > /dev/null 2>&1

mkdir empty
expect_error 1 "empty: not an ompt-inst run folder (no trace.oit)" empty
expect_error 1 "missing: No such file or directory" missing
expect_error 2 "unknown format pdf" run --format pdf
expect_error 2 "missing run folder" --format json
expect_error 2 "missing value for --output" run --output
expect_error 2 "needs --output" run --format otf2
expect_error 2 "--top needs a number, not ten" run --top ten
expect_error 2 "unexpected argument --frobnicate" run --frobnicate
# unwritable: a folder that does not exist, a file where a folder should be
# (paths that fail for root too)
touch afile
expect_error 1 "cannot write nofolder/r.json: No such file or directory" run --format json --output nofolder/r.json
expect_error 1 "cannot write afile/r.txt: Not a directory" run --output afile/r.txt
expect_error 1 "cannot write nofolder/archive: No such file or directory" run --format otf2 --output nofolder/archive
expect_error 1 "cannot write afile/archive: Not a directory" run --format otf2 --output afile/archive
[ ! -e nofolder ] || fail "created the missing folder"
# a folder libotf2 cannot create inside (root may write anywhere, but /proc
# takes no new entries): its first error in the one line, not its dozens
expect_error 1 "cannot write /proc/archive: File or directory does not exist" run --format otf2 --output /proc/archive

# The same trace in the first format (no frames, no checksums), so that
# damage can be forged by hand.
to_version_1() { "$OI_PYTHON" "$OI_SRC/tests/trace_to_older.py" --version 1 "$@"; }

# a truncated version 1 trace: an error, and no output file passed off as whole
mkdir cut
to_version_1 run/trace.oit cut/trace.oit
size=$(stat -c %s cut/trace.oit)
truncate -s $((size - 100)) cut/trace.oit
for format in text json chrome annotate; do
  expect_error 1 "cut/trace.oit: truncated record at byte" cut --format $format --output cut.$format
  [ ! -e cut.$format ] || fail "partial $format file left"
done
expect_error 1 "truncated record" cut --format otf2 --output cut.otf2
[ ! -e cut.otf2 ] || fail "partial archive left"
[ -z "$(ls -A | grep tmp-)" ] || fail "temporary files left: $(ls)"

# a version 2 trace cut inside its last frames: the torn frame is skipped
# and said so, the rest reported as an unfinished trace
cp -r run torn
truncate -s $(($(stat -c %s torn/trace.oit) - 100)) torn/trace.oit
"$OI" report torn > torn.txt 2> err || fail "report of a torn trace failed: $(cat err)"
grep -q "^ompt-inst: warning: torn/trace.oit: [0-9]* bytes of torn records skipped (the first at byte [0-9]*)$" err ||
  fail "warning for a torn trace: $(cat err)"
grep -q "INCOMPLETE" torn.txt || fail "header of a torn trace"

# a trace without its end record (program killed): reported, with a warning
cp -r run killed
drop_end_record killed/trace.oit
"$OI" report killed > killed.txt 2> err || fail "report of an unfinished trace failed"
grep -q "no end record, the trace is incomplete" err || fail "warning for an unfinished trace"
grep -q "INCOMPLETE" killed.txt || fail "header says incomplete"

# an event with an impossible thread number: corrupt, not a crash or a huge
# table (in the first format: a version 2 frame would fail its checksum)
mkdir corrupt
to_version_1 run/trace.oit corrupt/trace.oit
"$OI_PYTHON" - corrupt/trace.oit <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
offset = 32  # after the header: find the first events record
while struct.unpack_from("<I", data, offset)[0] != 1:
    offset += 8 + struct.unpack_from("<I", data, offset + 4)[0]
struct.pack_into("<I", data, offset + 16 + 16, 0xFFFFFFFF)  # first event's thread
open(sys.argv[1], "wb").write(data)
PY
expect_error 1 "event with thread number 4294967295: the trace is corrupt" corrupt --format json --output corrupt.json
[ ! -e corrupt.json ] || fail "output of a corrupt trace"

# --help is not an error
"$OI" report --help > out || fail "report --help failed"
grep -q "^usage: ompt-inst report DIR" out || fail "report --help"
echo ok
