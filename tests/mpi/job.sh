# An MPI + OpenMP offload job of 4 ranks under `ompt-inst run -o DIR`: one
# trace per rank, each readable alone, and one merged report that knows the
# program's truth (tests/mpi/programs/mpi_offload.c): the duplicate transfer
# on every rank, the rank imbalance of the loop whose work grows with the
# rank (1.6), the MPI calls beside the constructs; Chrome with one process
# per rank, OTF2 with one process location group per rank.
. "$OI_SRC/tests/mpi/mpi_lib.sh"
src="$OI_SRC/tests/mpi/programs/mpi_offload.c"
mpicc_plugin app "$src" -O1 -g "$OI_HOST_OFFLOAD"
send_line=$(grep -n '/\* SEND_TWICE' "$src" | cut -d: -f1)
uneven_line=$(grep -n '/\* UNEVEN' "$src" | cut -d: -f1)

OMP_NUM_THREADS=1 mpirun_np 4 "$OI" run -o job -- ./app >out 2>err ||
  fail "mpirun failed: $(cat err)"
expect_eq "$(cat out)" "ranks 4 total 67092480" "the program's output"
grep -q "^ompt-inst: the job's ranks record into job; \`ompt-inst report job\` merges them$" err ||
  fail "no pointer to the job report: $(cat err)"
expect_eq "$(ls job)" "rank-0
rank-1
rank-2
rank-3" "one folder per rank"

# each rank's trace alone: its own pid; rank, size, host and clock anchor
# in its info records
for rank in 0 1 2 3; do
  "$OI" report job --rank $rank --format json >rank$rank.json || fail "rank $rank alone"
  "$OI" dump --header job/rank-$rank >dump$rank.jsonl || fail "dump of rank $rank"
  head -1 dump$rank.jsonl >header$rank.json
  "$OI_PYTHON" - header$rank.json $rank <<'PY' || fail "rank $rank: info records"
import json, sys
info = json.load(open(sys.argv[1]))["info"]
assert info["rank"] == sys.argv[2] and info["size"] == "4", info
assert info["host"] and int(info["anchor_wall_ns"]) > 1.7e18 and int(info["anchor_trace_ns"]) > 0, info
PY
done

"$OI" report job --format json >job.json || fail "report of the job"
grep '^loop rank ' err >loop_times
"$OI_PYTHON" - job.json rank0.json rank1.json rank2.json rank3.json "$send_line" "$uneven_line" loop_times <<'PY' || fail "job report"
import json, sys
job = json.load(open(sys.argv[1]))
alone = [json.load(open(p)) for p in sys.argv[2:6]]
send_line, uneven_line = int(sys.argv[6]), int(sys.argv[7])
run = job["run"]
assert run["ranks"] == 4, run["ranks"]
procs = run["processes"]
assert [p["rank"] for p in procs] == [0, 1, 2, 3], procs
assert [p["pid"] for p in procs] == [a["run"]["pid"] for a in alone], (procs, [a["run"]["pid"] for a in alone])
assert len({p["pid"] for p in procs}) == 4, procs
assert all(p["complete"] and p["lost_events"] == 0 and p["host"] for p in procs), procs
assert run["events"] == sum(p["events"] for p in procs), run
# the duplicate transfer: on every rank, its count the sum of the ranks'
dups = [f for f in job["findings"] if f["kind"] == "duplicate_transfer" and f["var"] == "a[0:N]"]
assert len(dups) == 1, job["findings"]
assert dups[0]["ranks"] == [0, 1, 2, 3], dups[0]
assert dups[0]["line"] == send_line, dups[0]
assert dups[0]["count"] == 4 and dups[0]["bytes"] == 4 * 4096 * 8, dups[0]
assert dups[0]["time_ns"] == sum(f["time_ns"] for a in alone for f in a["findings"]
                                 if f["kind"] == "duplicate_transfer" and f["var"] == "a[0:N]")
# the loop whose work grows with the rank: time 1:2:3:4, imbalance 4/2.5
loops = [c for c in job["constructs"] if c.get("line") == uneven_line and c["construct"] == "parallel for"]
assert len(loops) == 1, [(c["construct"], c.get("line")) for c in job["constructs"]]
loop = loops[0]
per = {r["rank"]: r["total_ns"] for r in loop["per_rank"]}
assert sorted(per) == [0, 1, 2, 3], loop["per_rank"]
assert loop["total_ns"] == sum(per.values()), loop
# each rank's loop region lies between the program's own readings inside
# and outside it (a busy machine may wake a rank late: the program sees it
# too); the ranks' order holds
measured = {}
for line in open(sys.argv[8]):
    _, _, rank, _, inside, outside, _ = line.split()
    measured[int(rank)] = (int(inside), int(outside))
assert sorted(measured) == [0, 1, 2, 3], measured
assert all(measured[r][0] <= per[r] <= measured[r][1] for r in per), (per, measured)
assert all(measured[r][1] >= (r + 1) * 150e6 for r in per), measured
assert per[0] < per[1] < per[2] < per[3], per
assert abs(loop["rank_imbalance"] - max(per.values()) * 4 / sum(per.values())) < 1e-3, loop
# MPI time per rank beside the constructs
mpi = {c["construct"]: c for c in job["constructs"] if c["event_kind"] == "mpi"}
for call in ("MPI_Init", "MPI_Barrier", "MPI_Allreduce", "MPI_Finalize"):
    assert call in mpi, sorted(mpi)
    assert mpi[call]["instances"] == 4, mpi[call]
    assert [r["instances"] for r in mpi[call]["per_rank"]] == [1, 1, 1, 1], mpi[call]
assert mpi["MPI_Allreduce"]["file"].endswith("mpi_offload.c"), mpi["MPI_Allreduce"]
PY

"$OI" report job >job.txt || fail "text report of the job"
grep -q "^  ranks     4 ranks$" job.txt || fail "no '4 ranks' header: $(head -12 job.txt)"
# a finding's line may wrap, its next lines indented: look at the
# findings as one line
tr -s '\n ' ' ' <job.txt | grep -q "duplicate_transfer of a\[0:N\] at mpi_offload.c:$send_line: 4 of 8 to_device avoidable, [^,]*, [^,]*, on 4 of 4 ranks" ||
  fail "no finding on 4 of 4 ranks: $(cat job.txt)"
grep -q "rimb$" job.txt || fail "no rank imbalance column"

"$OI" report job --format chrome >trace.json || fail "chrome"
"$OI_PYTHON" - trace.json job.json <<'PY' || fail "chrome trace of the job"
import json, sys
trace, job = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
names = {e["pid"]: e["args"]["name"] for e in trace["traceEvents"] if e["name"] == "process_name"}
pids = {p["pid"]: p for p in job["run"]["processes"]}
assert sorted(names) == sorted(pids), (names, pids)
for pid, name in names.items():
    assert name == "rank %d (%s)" % (pids[pid]["rank"], pids[pid]["host"]), name
assert {e["pid"] for e in trace["traceEvents"]} == set(pids)
PY

"$OI" report job --format otf2 --output archive || fail "otf2"
otf2-print -G archive/traces.otf2 >defs.txt || fail "otf2-print"
expect_eq "$(grep -c '^LOCATION_GROUP .*Type: PROCESS' defs.txt)" 4 "OTF2 process location groups"
for rank in 0 1 2 3; do
  grep -q "^LOCATION_GROUP .*Name: \"rank $rank (.*)\".*Type: PROCESS" defs.txt || fail "no group of rank $rank"
done

"$OI" report job --format annotate >annotate.txt || fail "annotate"
# 2 target instances on each of 4 ranks
grep -q "^ *8 .*| #pragma omp target map(to : a\[0:N\])" annotate.txt ||
  fail "annotate: the target line's instances summed over ranks: $(grep -n 'SEND_TWICE' annotate.txt)"

# the html page sums the job like the other formats and says it is one
"$OI" report job --format html >job.html || fail "html"
grep -q 'data-field="trace">MPI job: 4 ranks merged of 4<' job.html || fail "html: not a job"
