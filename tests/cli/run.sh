# `ompt-inst run` leaves the program's output and exit code alone, names the
# run folder after the program's pid, and says how many events it recorded.
source "$OI_SRC/tests/lib.sh"

cc_plain prog "$OI_SRC/tests/cli/programs/exit_code.c"

# exit code 3, both streams kept
set +e
"$OI" run ./prog 3 > out 2> err; rc=$?
set -e
expect_eq "$rc" 3 "exit code of the program"
pid=$(sed -n 's/^out: 2 threads, pid \([0-9]*\)$/\1/p' out)
[ -n "$pid" ] || fail "stdout changed: $(cat out)"
expect_eq "$(wc -l < out)" 1 "stdout lines"
expect_eq "$(head -1 err)" "err: tool=set" "the program's stderr comes first"
expect_eq "$(wc -l < err)" 2 "stderr lines"
dir="ompt-inst-prog-$pid"
[ -d "$dir" ] || fail "default run folder $dir missing: $(ls)"
# the summary's count is the number of events the dump prints
events=$("$OI" dump "$dir" | wc -l)
[ "$events" -gt 0 ] || fail "no events recorded"
expect_eq "$(tail -1 err)" "ompt-inst: $events events recorded in $dir" "summary line"

# killed by a signal: 128 + signal number (SIGTERM = 15)
set +e
"$OI" run -o killed ./prog 0 15 > out 2> err; rc=$?
set -e
expect_eq "$rc" 143 "exit code of a program killed by SIGTERM"
grep -q '^out: 2 threads' out || fail "stdout of the killed program"
grep -q '^ompt-inst: [0-9]* events recorded in killed; ended by SIGTERM$' err ||
  fail "summary after a signal: $(cat err)"

# -o without a folder name
set +e
"$OI" run -o > out 2> err; rc=$?
set -e
expect_eq "$rc" 2 "exit code of -o without a folder"
expect_eq "$(head -n 1 err)" "ompt-inst run: -o needs a folder name" "message of -o without a folder"

# SIGKILL leaves the tool no chance to finish its trace: reported as such
set +e
"$OI" run -o killed9 ./prog 0 9 > out 2> err; rc=$?
set -e
expect_eq "$rc" 137 "exit code of a program killed by SIGKILL"
grep -q '^ompt-inst: the trace in killed9 is incomplete (no end record): [0-9]* events readable; SIGKILL ended the program, which no tool can answer$' err ||
  fail "summary after SIGKILL: $(cat err)"
"$OI" dump killed9 > /dev/null 2> err || fail "dump of an unfinished trace must succeed"
grep -q "^ompt-inst: warning: killed9/trace.oit: no end record, the trace is incomplete" err ||
  fail "dump warning for an unfinished trace: $(cat err)"

# SIGTERM sent to ompt-inst is passed on to the program, which decides. The
# program says it is ready once its trap is set; it gives up after 30 s and
# is killed when the test ends, whatever the outcome.
"$OI" run -o forwarded -- sh -c 'trap "echo got TERM; exit 7" TERM; echo $$ > ready.tmp; mv ready.tmp ready
  i=0; while [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done; exit 9' > out 2> err &
oi_pid=$!
on_exit 'kill -KILL $oi_pid 2> /dev/null; [ -s ready ] && kill -KILL "$(cat ready)" 2> /dev/null'
for _ in $(seq 400); do [ -s ready ] && break; sleep 0.05; done
[ -s ready ] || fail "the program did not start"
kill -TERM $oi_pid
set +e
wait $oi_pid; rc=$?
set -e
expect_eq "$rc" 7 "exit code after a forwarded SIGTERM"
expect_eq "$(cat out)" "got TERM" "the program saw SIGTERM"

# -o DIR and -- ; the tool library and the runtime folder reach the program
"$OI" run -o "my run" -- sh -c 'echo "$OMP_TOOL_LIBRARIES"; echo "$LD_LIBRARY_PATH"; echo "$OMPT_INST_DIR"' > out 2> err
expect_eq "$(sed -n 1p out)" "$(realpath "$OI_SHIM")" "OMP_TOOL_LIBRARIES"
case "$(sed -n 2p out)" in
  *":$OI_RUNTIME_DIR") ;;
  *) fail "LD_LIBRARY_PATH must end with the runtime folder: $(sed -n 2p out)" ;;
esac
expect_eq "$(sed -n 3p out)" "$TEST_TMP/my run" "OMPT_INST_DIR is absolute"
# sh is no OpenMP program: nothing recorded, said plainly, exit code kept
grep -q "^ompt-inst: no trace was written in my run" err || fail "summary without a trace: $(cat err)"
LD_LIBRARY_PATH= "$OI" run -o d2 -- sh -c 'echo "$LD_LIBRARY_PATH"' > out 2> /dev/null
expect_eq "$(cat out)" "$OI_RUNTIME_DIR" "LD_LIBRARY_PATH when unset"

# a run folder that cannot be made: exit 1, the program does not run
touch a-file
set +e
"$OI" run -o a-file -- sh -c 'echo ran' > out 2> err; rc=$?
set -e
expect_eq "$rc" 1 "exit code when the run folder is a file"
expect_eq "$(cat err)" "ompt-inst: cannot use the run folder a-file: it is not a folder" "message"
[ ! -s out ] || fail "the program must not run without its run folder"

# a program that cannot be run
set +e
"$OI" run -o nothing ./does-not-exist > out 2> err; rc=$?
set -e
expect_eq "$rc" 127 "exit code for a missing program"
expect_eq "$(cat err)" "ompt-inst: cannot run ./does-not-exist: No such file or directory" "message"
[ ! -e nothing ] || fail "an empty run folder is left behind"
touch not-executable
set +e
"$OI" run -o nothing2 ./not-executable 2> err; rc=$?
set -e
expect_eq "$rc" 127 "exit code for a non-executable file"
grep -q 'Permission denied' err || fail "message: $(cat err)"
echo ok
