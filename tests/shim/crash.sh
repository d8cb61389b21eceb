# A program that dies of a signal after N parallel regions: the trace holds
# all N, ends with a record naming the signal, the exit status is the one
# without the tool, and the report names the signal and the construct each
# thread was in. A SIGSEGV handler the program installed still runs.
. "$OI_SRC/tests/lib.sh"
# the sanitizer runtime (sanitized builds) would take SIGSEGV and SIGABRT
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:handle_segv=0:handle_abort=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0"
cc_plain prog "$OI_SRC/tests/shim/programs/crash_after_regions.c" -g
n=1000

for how in segv abort term; do
  rc_native=0
  ./prog $n $how > native.out 2>/dev/null || rc_native=$?
  rc=0
  OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=$how ./prog $n $how > tool.out 2> err || rc=$?
  expect_eq "$rc" "$rc_native" "$how: exit status (native $rc_native)"
  [ "$rc" -gt 128 ] || fail "$how: the program did not die of a signal ($rc)"
  cmp -s native.out tool.out || fail "$how: output differs"
  signal=$(kill -l $((rc - 128)))
  expect_eq "$(cat err)" "ompt-inst: SIG$signal ended the program; its trace is in $how" "$how: message"
  expect_eq "$(dumpq $how kind=parallel endpoint=end --count)" $n "$how: parallel regions ended"
  # a worker may not have ended its last implicit task when the program died
  expect_eq "$(dumpq $how kind=implicit_task endpoint=begin --count)" $((2 * n)) "$how: implicit tasks begun"
  "$OI" dump --header $how > header.jsonl 2>/dev/null
  header=$(head -n 1 header.jsonl)
  echo "$header" | grep -q "\"complete\":true" || fail "$how: no end record: $header"
  echo "$header" | grep -q "\"signal\":$((rc - 128))," || fail "$how: signal not recorded: $header"
  "$OI" report $how > report.txt 2> report.err || fail "$how: report failed: $(cat report.err)"
  grep -q "^  trace     .*, ended by SIG$signal$" report.txt || fail "$how: report: $(head -12 report.txt)"
  "$OI" report $how --format json --output report.json 2> /dev/null || fail "$how: json report failed"
  grep -q "\"signal\":$((rc - 128))," report.json || fail "$how: signal not in the json report"
  # the initial thread had left its last parallel region; the worker may
  # still be in its barrier
  grep -q "^  thread 0   had left parallel at .*crash_after_regions.c:36$" report.txt ||
    fail "$how: last construct of thread 0: $(head -12 report.txt)"
done

# a stack overflow leaves no stack to run a handler on: the tool's handler
# runs on an alternate stack it gave the thread, on the initial thread and on
# a worker alike
for how in overflow overflow-worker; do
  rc_native=0
  ./prog $n $how > native.out 2>/dev/null || rc_native=$?
  expect_eq "$rc_native" 139 "$how: native exit status"
  rc=0
  OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=$how ./prog $n $how > tool.out 2> err || rc=$?
  expect_eq "$rc" 139 "$how: exit status"
  expect_eq "$(cat err)" "ompt-inst: SIGSEGV ended the program; its trace is in $how" "$how: message"
  expect_eq "$(dumpq $how kind=parallel endpoint=end --count)" $n "$how: parallel regions ended"
  "$OI" dump --header $how > header.jsonl 2>/dev/null
  header=$(head -n 1 header.jsonl)
  echo "$header" | grep -q '"complete":true,.*"signal":11,' ||
    fail "$how: no end record naming SIGSEGV: $header"
done

# a runtime without OMPT (OMP_TOOL=disabled): the plugin's hooks start the
# shim, and a fatal signal still ends the trace with its regions
# (the sanitizer subsets build no plugin)
if [ -e "$OI_PLUGIN" ]; then
  cc_plugin prog_hooks "$OI_SRC/tests/shim/programs/crash_after_regions.c" -g
  rc=0
  OMP_TOOL=disabled "$OI" run -o no_ompt -- ./prog_hooks $n segv > out 2> err || rc=$?
  expect_eq "$rc" 139 "without OMPT: exit status"
  grep -qx "ompt-inst: SIGSEGV ended the program; its trace is in .*/no_ompt" err ||
    fail "without OMPT: message: $(cat err)"
  expect_eq "$(dumpq no_ompt kind=construct construct=parallel endpoint=end --count)" $n "without OMPT: parallel regions ended"
  "$OI" dump --header no_ompt > header.jsonl 2>/dev/null
  head -n 1 header.jsonl | grep -q '"complete":true,.*"signal":11,' ||
    fail "without OMPT: no end record naming SIGSEGV: $(head -c 300 header.jsonl)"
fi

# a handler of the program's own runs (it exits 42); the buffers are
# written before it, so the regions are there though no end record is
rc=0
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=handled ./prog $n handled > out 2> err || rc=$?
expect_eq "$rc" 42 "exit status with the program's handler"
expect_eq "$(tail -n 1 out)" "handled" "the program's handler ran"
expect_eq "$(dumpq handled kind=parallel endpoint=end --count)" $n "handled: parallel regions ended"
echo ok
