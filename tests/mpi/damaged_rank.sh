# A job folder with a rank whose trace is missing and one whose trace is not
# a trace: both are named, the other ranks are still merged. Also a lone
# rank folder without launcher: a program run twice into one folder at the
# same time records once and says why the second does not.
. "$OI_SRC/tests/mpi/mpi_lib.sh"
mpicc_plugin app "$OI_SRC/tests/mpi/programs/mpi_host.c" -O1
OMP_NUM_THREADS=2 mpirun_np 4 "$OI" run -o job -- ./app >out 2>err || fail "mpirun: $(cat err)"
rm job/rank-1/trace.oit
printf 'not a trace at all' >job/rank-3/trace.oit
rc=0
"$OI" report job --format json >job.json 2>err || rc=$?
expect_eq "$rc" 0 "exit code with two ranks left out"
grep -q "^ompt-inst: warning: rank 1 left out: no trace$" err || fail "rank 1 not named: $(cat err)"
grep -q "^ompt-inst: warning: rank 3 left out: .*" err || fail "rank 3 not named: $(cat err)"
"$OI_PYTHON" - job.json <<'PY' || fail "partial job"
import json, sys
run = json.load(open(sys.argv[1]))["run"]
assert run["ranks"] == 2, run
assert [p["rank"] for p in run["processes"]] == [0, 1, 2, 3]
assert run["processes"][1]["problem"] == "no trace" and "pid" not in run["processes"][1]
assert "problem" in run["processes"][3] and "pid" not in run["processes"][3]
assert run["complete"] is False
reduce = [p for p in json.load(open(sys.argv[1]))["constructs"] if p["construct"] == "MPI_Reduce"]
assert [r["rank"] for r in reduce[0]["per_rank"]] == [0, 2], reduce
PY
"$OI" report job >job.txt 2>/dev/null
grep -q "^  ranks     2 ranks (2 of 4 rank folders; see below)$" job.txt || fail "text header: $(head -12 job.txt)"
grep -q "rank 1 *LEFT OUT: no trace" job.txt || fail "rank 1 in the text"
rm -rf job/rank-*/
rc=0
"$OI" report job 2>err || rc=$?
[ "$rc" != 0 ] || fail "a job folder without ranks reported"
