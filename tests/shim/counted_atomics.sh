# Atomic sites are counted, not traced: one construct_count event per site
# and thread with the exact count, whether the binary reports ENTER and EXIT
# (the plugin before counting) or ENTER only; nothing is lost at exit() from
# a worker or at omp_control_tool(flush); nothing is counted while paused;
# OMPT_INST_TRACE_ATOMIC=1 gives one point event per instance instead.
. "$OI_SRC/tests/lib.sh"
"$OI_CLANG" "${OI_FOPENMP[@]}" -I"$OI_SRC/include" \
  "$OI_SRC/tests/shim/programs/counted_atomics.c" -o prog
n=1000 # site A: 1000 per thread; site B: 250 on thread 0, 500 on thread 1

expect_eq "$(./prog $n enter normal)" "total=2750" "without the shim"

# "thread line sum" per thread and site, summed over the count events
counts() { dumpq "$1" kind=construct_count "${@:2}" --fields thread,line,count |
  awk '{s[$1" "$2]+=$3} END {for (k in s) print k, s[k]}' | sort | tr '\n' ';'; }
expected="0 10 1000;0 20 250;1 10 1000;1 20 500;"

for points in enter-exit enter; do
  out=$("$OI" run -o $points -- ./prog $n $points normal 2>/dev/null)
  expect_eq "$out" "total=2750" "$points: program result"
  expect_eq "$(counts $points)" "$expected" "$points: counts per thread and site"
  # a short run flushes each thread once: one count event per site and thread
  expect_eq "$(dumpq $points kind=construct_count --count)" 4 "$points: count events"
  expect_eq "$(dumpq $points kind=construct_count origin=compiler construct=atomic --count)" 4 \
    "$points: count events are compiler atomics"
  expect_eq "$(dumpq $points construct=atomic kind!=construct_count --count)" 0 \
    "$points: no per-instance atomic events"
done
expect_eq "$(counts enter-exit)" "$(counts enter)" "ENTER+EXIT and ENTER-only binaries"

# exit() on a worker while the other thread waits in a barrier: all counted
rc=0
out=$("$OI" run -o exited -- ./prog $n enter-exit exit 2>/dev/null) || rc=$?
expect_eq "$rc" 7 "exit: exit code"
expect_eq "$out" "exit with total=2750" "exit: program output"
expect_eq "$(counts exited)" "$expected" "exit: counts per thread and site"
"$OI" dump --header exited > header.jsonl
grep -q '"complete":true' header.jsonl || fail "exit: trace not complete: $(head -c 300 header.jsonl)"
grep -q '"lost_events":0' header.jsonl || fail "exit: events lost: $(head -c 300 header.jsonl)"

# omp_control_tool(flush) on thread 0, then one more instance on thread 1,
# then the exit_group system call: only the flushes' counts are in the trace. Thread 1 writes
# its counts at its next event, the barrier after the flush (native events),
# or, when it records nothing else, at its next counted instance, which is
# then included.
rc=0
out=$("$OI" run -o flushed -- ./prog $n enter flush 2>/dev/null) || rc=$?
expect_eq "$rc $out" "5 total=2751" "flush: exit code and output"
expect_eq "$(counts flushed)" "$expected" "flush: counts written by the flushes"
rc=0
out=$(OMPT_INST_DISABLE_NATIVE=all "$OI" run -o flushed-hooks -- ./prog $n enter flush 2>/dev/null) || rc=$?
expect_eq "$rc $out" "5 total=2751" "flush, hooks only: exit code and output"
expect_eq "$(counts flushed-hooks)" "0 10 1000;0 20 250;1 10 1001;1 20 500;" \
  "flush, hooks only: thread 1 flushes at its next counted instance"

# paused: the N more instances of site A on each thread are not counted
out=$("$OI" run -o paused -- ./prog $n enter pause 2>/dev/null)
expect_eq "$out" "total=4751" "pause: program result"
expect_eq "$(counts paused)" "0 10 1000;0 20 250;1 10 1001;1 20 500;" "pause: counts"

# OMPT_INST_TRACE_ATOMIC=1: one compiler point event per instance, with its
# time, whichever points the binary calls; no count events
for points in enter-exit enter; do
  OMPT_INST_TRACE_ATOMIC=1 "$OI" run -o traced-$points -- ./prog $n $points normal > /dev/null 2>&1
  expect_eq "$(dumpq traced-$points kind=construct construct=atomic origin=compiler endpoint= --fields thread,line |
    sort | uniq -c | awk '{print $2, $3, $1}' | tr '\n' ';')" "$expected" "traced $points: events per thread and site"
  expect_eq "$(dumpq traced-$points construct=atomic endpoint!= --count)" 0 "traced $points: no begin/end events"
  expect_eq "$(dumpq traced-$points kind=construct_count --count)" 0 "traced $points: no count events"
done
