# 1,000 POSIX threads created and ended one after the other, each running a
# parallel region: every thread's events and one THREAD record each reach
# the trace (a retired thread's memory goes to the next), with a buffer of
# 64 events in the small tool and 4,096 in the tool.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/stress/lib_stress.sh"
n=1000
gen threads $n prog.c
cc_plain prog prog.c -g -lpthread
for tool in small full; do
  recorded $tool $tool "regions=$n" ./prog
  expect_eq "$(dumpq $tool kind=parallel endpoint=begin --count)" $n "$tool: parallel begins"
  expect_eq "$(dumpq $tool kind=parallel endpoint=end --count)" $n "$tool: parallel ends"
  expect_eq "$(dumpq $tool kind=implicit_task endpoint=begin --count)" $n \
    "$tool: implicit tasks (each region's)"
  "$OI_PYTHON" - $tool.jsonl $n <<'PY' || fail "$tool: thread records"
import json, sys
header = json.loads(open(sys.argv[1]).readline())
threads = [t["thread"] for t in header["threads"]]
# one per POSIX thread, each once (main makes no OpenMP call)
assert len(threads) == len(set(threads)) == int(sys.argv[2]), len(threads)
PY
done
