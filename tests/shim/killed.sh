# A program killed with SIGKILL (the OOM killer, a batch system's hard
# limit), which gives no code a chance to run: the events recorded more than
# about a second before are on disk (the shim's flushing thread writes every
# buffer once a second), though the program's own threads never filled a
# buffer; the trace reads as incomplete.
. "$OI_SRC/tests/lib.sh"
cat > sleeper.c <<'C'
#include <stdio.h>
#include <unistd.h>
int main(void) {
  long sum = 0;
  for (int k = 0; k < 100; k++) {
#pragma omp parallel for reduction(+ : sum) num_threads(2)
    for (int i = 0; i < 100; i++)
      sum += i;
  }
  printf("sum=%ld\n", sum);
  fflush(stdout);
  sleep(60);
  return 0;
}
C
cc_plain prog sleeper.c
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=killed ./prog > out 2> err &
pid=$!
# wait for the program's result, then for its regions on disk (30 s at most:
# a loaded machine delays the flushing thread)
for _ in $(seq 300); do grep -q sum= out && break; sleep 0.1; done
grep -q "^sum=495000$" out || fail "the program did not print its result: $(cat out err)"
regions=0
for _ in $(seq 300); do
  regions=$(dumpq killed kind=parallel endpoint=end --count 2>/dev/null || echo 0)
  [ "$regions" = 100 ] && break
  sleep 0.1
done
kill -KILL $pid
wait $pid || true
expect_eq "$regions" 100 "regions on disk while the program sleeps"
expect_eq "$(dumpq killed kind=parallel endpoint=end --count 2>/dev/null)" 100 "regions after SIGKILL"
"$OI" dump --header killed > header.jsonl 2> dump.err
head -n 1 header.jsonl | grep -q '"complete":false' || fail "an end record after SIGKILL? $(head -c 200 header.jsonl)"
echo ok
