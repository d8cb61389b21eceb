#!/usr/bin/env bash
# bench_smoke_PART: runs one benchmark of bench/ with tiny counts and one
# repetition, then checks its table (tests/bench/check_tables.py):
#   host     every row complete and numeric, events per construct instance
#            exactly as the constructs imply on 2 threads
#   offload  the offload table and its hashing table, 8 events per region
#   record   at most 16 trace bytes per event, the same peak memory for a 10 times
#            longer run
#   shapes   the kernel-dense and 64 MiB shapes (4 MiB here): both rows
#            numeric, the duplicates found exactly
#   reader   the job report's table, and the reader's peak memory flat as a
#            trace of info records grows 10 times
# One part per test: together they are several offload compiles and about
# 70 tool runs, more than one test's time limit on a loaded machine.
source "$OI_SRC/tests/lib.sh"
export OMPT_INST_BUILD="$OI_BUILD" OMP_NUM_THREADS=2
part=${1:?usage: smoke.sh host|offload|record|shapes|reader}
case $part in
  host|offload|record)
    case $part in
      host) bash "$OI_SRC/bench/host_overhead.sh" 0.05 1 > table.md ;;
      offload) bash "$OI_SRC/bench/offload_overhead.sh" 0.05 1 > table.md ;;
      record) bash "$OI_SRC/bench/record_cost.sh" 40000 1 > table.md ;;
    esac
    "$OI_PYTHON" "$OI_SRC/tests/bench/check_tables.py" "$part" table.md ;;
  shapes)
    bash "$OI_SRC/bench/shapes.sh" 0.005 1 4 > shapes.md
    "$OI_PYTHON" - shapes.md <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
        for line in text.splitlines() if re.match(r"\| (kernel_dense|big_maps) \|", line)}
assert sorted(rows) == ["big_maps", "kernel_dense"], text
for name, cells in rows.items():
    for cell in cells:
        assert re.fullmatch(r"-?\d+(\.\d+)?(, -?\d+(\.\d+)?)?", cell), f"{name}: '{cell}' in {text}"
# steps = 2 for big_maps: the 2 `to` transfers of the loop's region both
# duplicate the start-up region's (its own line: step() is inlined twice),
# decided on whole hashes
assert "4 MiB shape, duplicate transfers found in the `run` trace: 2 of 2, exact" in text, text
print(text)
PY
    ;;
  reader)
    bash "$OI_SRC/bench/job_report.sh" 3 1000 1 > job.md
    grep -q "^| text | 3 | 3000 | [0-9.]* | [0-9.]* M | [0-9.]* MB |$" job.md || fail "job report table: $(cat job.md)"
    grep -q "^| json | 3 | 3000 | " job.md || fail "job report table: $(cat job.md)"
    # the reader's memory as a trace of info records grows 10x: flat (within
    # 25 % and 4 MB), which the reader's old habit of keeping every info
    # record (627 MB for a 64 MB trace) fails by far
    bash "$OI_SRC/bench/reader_memory.sh" 20 > reader.md
    "$OI_PYTHON" - reader.md <<'PY'
import sys
rows = [line.split("|")[1:-1] for line in open(sys.argv[1]) if line.startswith("| ") and "MB |" in line]
assert len(rows) == 2, rows
for column, what in ((3, "dump"), (4, "report")):
    small, large = (float(r[column].split()[0]) for r in rows)
    assert large <= small * 1.25 + 4, f"{what}: {small} MB, then {large} MB for 10x the trace"
print(open(sys.argv[1]).read())
PY
    ;;
  *) fail "smoke.sh: unknown part '$part'" ;;
esac
