# A real 16-rank job oversubscribed on this machine: 16 traces, one merged
# report that counts every rank's MPI and OpenMP events.
. "$OI_SRC/tests/mpi/mpi_lib.sh"
mpicc_plugin app "$OI_SRC/tests/mpi/programs/mpi_host.c" -O1
OMP_NUM_THREADS=2 mpirun_np 16 "$OI" run -o job -- ./app >out 2>err || fail "mpirun: $(cat err)"
expect_eq "$(head -c 9 out)" "ranks 16 " "the program's output"
expect_eq "$(ls job | wc -l)" 16 "rank folders"
"$OI" report job --format json >job.json || fail "report"
"$OI_PYTHON" - job.json <<'PY' || fail "16-rank report"
import json, sys
job = json.load(open(sys.argv[1]))
assert job["run"]["ranks"] == 16
assert sorted(p["rank"] for p in job["run"]["processes"]) == list(range(16))
assert len({p["pid"] for p in job["run"]["processes"]}) == 16
rows = {c["construct"]: c for c in job["constructs"]}
assert rows["parallel for"]["instances"] == 16, rows["parallel for"]
assert rows["MPI_Reduce"]["instances"] == 16 and len(rows["MPI_Reduce"]["per_rank"]) == 16
PY
