# `ompt-inst diff` of two MPI jobs (2 ranks each): the job of
# tests/mpi/programs/mpi_offload.c against the same program with a target
# data region around its two sends of a[0:N] (made here with sed): the
# duplicate transfer found on every rank is gone, one send per rank is
# saved exactly as predicted, no new finding, the same output.
. "$OI_SRC/tests/mpi/mpi_lib.sh"
src="$OI_SRC/tests/mpi/programs/mpi_offload.c"
sed 's|^  for (int repeat = 0; repeat < 2; repeat++) {$|#pragma omp target data map(to : a[0:N])\n&|' \
  "$src" >mpi_offload.c
grep -q "^#pragma omp target data" mpi_offload.c || fail "the fix was not applied"
mpicc_plugin before "$src" -O1 -g "$OI_HOST_OFFLOAD"
mpicc_plugin after mpi_offload.c -O1 -g "$OI_HOST_OFFLOAD"
OMP_NUM_THREADS=1 mpirun_np 2 "$OI" run -o job_before -- ./before >before.out 2>err ||
  fail "mpirun: $(cat err)"
OMP_NUM_THREADS=1 mpirun_np 2 "$OI" run -o job_after -- ./after >after.out 2>err ||
  fail "mpirun: $(cat err)"
expect_eq "$(cat after.out)" "$(cat before.out)" "the program's output"
"$OI" diff --fail-on new-findings --format json job_before job_after >diff.json ||
  fail "diff of the jobs"
"$OI_PYTHON" - diff.json <<'PY' || fail "the diff of the jobs"
import json, sys
d = json.load(open(sys.argv[1]))
assert [r["ranks"] for r in d["before"]["runs"] + d["after"]["runs"]] == [2, 2], d["before"]
dup = [f for f in d["findings"] if f["kind"] == "duplicate_transfer" and f["var"] == "a[0:N]"]
assert len(dup) == 1 and dup[0]["status"] == "gone", d["findings"]
assert dup[0]["before"]["count"] == 2 and dup[0]["before"]["bytes"] == 2 * 4096 * 8, dup
s = [s for s in d["savings"] if s["var"] == "a[0:N]" and s["op"] == "to_device"]
assert len(s) == 1 and s[0]["achieved"]["bytes"] == s[0]["predicted"]["bytes"] == 2 * 4096 * 8, s
assert s[0]["achieved"]["ops"] == s[0]["predicted"]["ops"] == 2, s
assert d["totals"]["new_findings"] == 0, d["totals"]
PY
"$OI" diff job_before job_after | tail -n 1 | grep -q "^summary: .* no new finding;" ||
  fail "summary line"
echo ok
