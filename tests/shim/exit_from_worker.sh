# exit() from a worker thread loses nothing: the critical sections recorded
# before it are the same as in a normal run, the trace is complete, and the
# program's output and exit code are unchanged.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/exit_from_worker.c"
n=3000 # 4 x 3000 x 2 events: several full buffers per thread

out=$("$OI" run -o normal -- ./prog $n 2>/dev/null)
expect_eq "$out" "sum=12000" "normal output"
rc=0
out=$("$OI" run -o exited -- ./prog $n exit 2>/dev/null) || rc=$?
expect_eq "$rc" 7 "exit code"
expect_eq "$out" "exit with sum=12000" "output of the exiting run"
rc=0
out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=exited-preloaded ./prog $n exit) || rc=$?
expect_eq "$rc" 7 "exit code with OMP_TOOL_LIBRARIES"

for dir in normal exited exited-preloaded; do
  expect_eq "$(dumpq $dir kind=mutex construct=critical endpoint=begin --count)" 12000 "$dir: critical begins"
  expect_eq "$(dumpq $dir kind=mutex construct=critical endpoint=end --count)" 12000 "$dir: critical ends"
  # everything before the barrier happened before exit(); what other threads
  # do after it races with exit() and is not asserted
  expect_eq "$(dumpq $dir kind=sync construct=barrier implicit= endpoint=begin --count)" 4 "$dir: barrier begins"
  "$OI" dump --header $dir > header.jsonl
  header=$(head -n 1 header.jsonl)
  echo "$header" | grep -q '"complete":true' || fail "$dir: trace not complete: $header"
  echo "$header" | grep -q '"lost_events":0' || fail "$dir: events lost: $header"
done
