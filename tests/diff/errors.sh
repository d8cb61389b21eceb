# Bad input to `ompt-inst diff`: one line naming the problem and exit 1,
# never a crash: a missing folder, a folder that is not a run, a run
# against a job folder. A job folder against a job folder is compared, and
# a run in the first trace format (an earlier release's) against a new one.
. "$OI_SRC/tests/lib.sh"
cc_plugin clean "$OI_SRC/examples/patterns/clean.c" -g $OI_HOST_OFFLOAD
"$OI" run -o run -- ./clean >/dev/null 2>&1
OMPT_INST_TRACE_ENCODING=plain "$OI" run -o plain -- ./clean >/dev/null 2>&1
mkdir old
"$OI_PYTHON" "$OI_SRC/tests/trace_to_older.py" --version 1 plain/trace.oit old/trace.oit
mkdir empty job job/rank-0
cp run/trace.oit job/rank-0/

# expect_error ARGS... -- MESSAGE: exit 1 and exactly that one line
expect_error() {
  local args=() code=0
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  "$OI" diff "${args[@]}" >out 2>err || code=$?
  expect_eq "$code" 1 "diff ${args[*]}: exit code"
  expect_eq "$(cat err)" "$2" "diff ${args[*]}: message"
  [ ! -s out ] || fail "diff ${args[*]}: wrote a report"
}
expect_error run missing -- "ompt-inst: missing: No such file or directory"
expect_error empty run -- "ompt-inst: empty: not an ompt-inst run folder (no trace.oit)"
expect_error run job -- "ompt-inst: cannot compare run, a run folder, with job, a job folder: diff jobs with jobs and runs with runs (--rank N of report names one rank)"
"$OI" diff job job >job.txt || fail "a job against itself"
grep -q "(job of 1 ranks)" job.txt || fail "the job is not named a job: $(head -n 3 job.txt)"
"$OI" diff old run >old.txt || fail "a version 1 trace against a new one"
grep -q "none: every construct and variable has its match" old.txt ||
  fail "version 1 rows not matched: $(sed -n '/^Not matched/,/^Totals/p' old.txt)"
echo ok
