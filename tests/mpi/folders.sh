# Where the ranks record: without -o in one job folder named from the job id
# the launcher exports; with the shim loaded the standard way
# (OMP_TOOL_LIBRARIES, OMPT_INST_DIR) in DIR/rank-<N> as well; the PMPI
# library linked explicitly records MPI calls without `ompt-inst run`.
. "$OI_SRC/tests/mpi/mpi_lib.sh"
mpicc_plugin app "$OI_SRC/tests/mpi/programs/mpi_host.c" -O1

mkdir plain && cd plain
OMP_NUM_THREADS=2 mpirun_np 2 "$OI" run -- ../app >out 2>err || fail "mpirun: $(cat err)"
jobs=(ompt-inst-app-job-*)
expect_eq "${#jobs[@]}" 1 "job folders"
[[ "${jobs[0]}" =~ ^ompt-inst-app-job-[0-9]+$ ]] || fail "job folder name: ${jobs[0]}"
expect_eq "$(ls "${jobs[0]}")" "rank-0
rank-1" "rank folders of the job"
"$OI" report "${jobs[0]}" --format json >job.json || fail "report"
grep -q '"ranks":2' job.json || fail "not 2 ranks: $(head -c 400 job.json)"
cd ..

mpicc_plugin linked "$OI_SRC/tests/mpi/programs/mpi_host.c" -O1 -L"$OI_BUILD/lib" \
  -Wl,-rpath,"$OI_BUILD/lib" -lompt-inst-mpi
OMPT_INST_DIR=direct OMP_TOOL_LIBRARIES="$OI_SHIM" OMP_NUM_THREADS=2 mpirun_np 2 ./linked \
  >out 2>err || fail "mpirun: $(cat err)"
expect_eq "$(ls direct)" "rank-0
rank-1" "rank folders with the shim loaded by the runtime"
"$OI" report direct --format json >direct.json || fail "report"
"$OI_PYTHON" - direct.json <<'PY' || fail "direct job"
import json, sys
job = json.load(open(sys.argv[1]))
assert job["run"]["ranks"] == 2
mpi = {c["construct"]: c["instances"] for c in job["constructs"] if c["event_kind"] == "mpi"}
assert mpi == {"MPI_Init": 2, "MPI_Reduce": 2, "MPI_Finalize": 2}, mpi
PY
