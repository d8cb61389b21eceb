# The html page of a trace that is not whole says so at its top, and still
# renders: a trace without its end record (the program was killed) and one
# cut short mid-record (html is the one format that reports on it, up to
# the damage). A source that is gone, or changed after the run, is named.
source "$OI_SRC/tests/lib.sh"
source "$OI_SRC/tests/report/lib_html.sh"
check() { "$OI_PYTHON" "$OI_SRC/tests/report/html_check.py" "$@"; }
mkdir src
cp "$OI_SRC/tests/report/programs/regions.c" src/regions.c
cc_plugin prog src/regions.c
# events as 80-byte records: tests/trace_to_older.py rewrites the trace below
OMPT_INST_TRACE_ENCODING=plain "$OI" run -o run ./prog > /dev/null 2>&1 || fail "run failed"

# whole: no banner
"$OI" report run --format html --output whole.html || fail "report failed"
render whole.html > whole.dom
grep -q 'id="trace-state"' whole.dom && fail "banner on a whole trace"
check source whole.dom regions.c ok || fail "source of a whole trace"

# killed: the end record dropped
cp -r run killed
drop_end_record killed/trace.oit
"$OI" report killed --format html --output killed.html 2> err || fail "report of an unfinished trace failed"
grep -q "no end record, the trace is incomplete" err || fail "no warning for an unfinished trace"
render killed.html > killed.dom
check state killed.dom incomplete "Incomplete trace: no end record" || fail "unfinished trace"

# truncated: the last 100 bytes cut off; reported up to the damage, saying so
# (a trace of the first format: in frames a cut tail is a torn record, skipped)
mkdir cut
"$OI_PYTHON" "$OI_SRC/tests/trace_to_older.py" --version 1 run/trace.oit cut/trace.oit
size=$(stat -c %s cut/trace.oit)
truncate -s $((size - 100)) cut/trace.oit
"$OI" report cut --format html --output cut.html 2> err || fail "report of a truncated trace failed"
grep -q "warning: cut/trace.oit: truncated record at byte" err || fail "no warning: $(cat err)"
render cut.html > cut.dom
check state cut.dom damaged "Truncated trace: cut/trace.oit: truncated record at byte" ||
  fail "truncated trace"
"$OI" report cut --format json --output cut.json 2> /dev/null && fail "json of a truncated trace"

# the source changed after the run, then gone
touch -d "+1 hour" src/regions.c
"$OI" report run --format html --output changed.html || fail "report failed"
render changed.html > changed.dom
check source changed.dom regions.c changed || fail "changed source"
rm src/regions.c
"$OI" report run --format html --output missing.html || fail "report failed"
render missing.html > missing.dom
check source missing.dom regions.c missing || fail "missing source"
echo ok
