# 41 root threads, one after the other: every thread's events and exactly
# one THREAD record reach the trace (threads are retired at their end and
# their memory reused; see test_shim_record_buffers for the reuse itself).
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/thread_churn.c"
out=$("$OI" run -o run -- ./prog 2>/dev/null)
expect_eq "$out" "sum=820" "program output"
expect_eq "$(dumpq run kind=mutex construct=critical endpoint=begin --count)" 820 "critical begins"
expect_eq "$(dumpq run kind=mutex construct=critical endpoint=end --count)" 820 "critical ends"
begins=$(dumpq run kind=thread endpoint=begin --count)
expect_eq "$(dumpq run kind=thread endpoint=end --count)" "$begins" "thread ends"
"$OI" dump --header run > header.jsonl
"$OI_PYTHON" - "$begins" <<'PY' || fail "thread records"
import json, sys
header = json.loads(open("header.jsonl").readline())
threads = [t["thread"] for t in header["threads"]]
assert header["complete"] and header["lost_events"] == 0, header
# one record per thread, one thread per thread_begin event
assert len(threads) == len(set(threads)) == int(sys.argv[1]), threads
PY
