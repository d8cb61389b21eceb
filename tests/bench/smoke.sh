#!/usr/bin/env bash
# bench_smoke_PART: runs one benchmark of bench/ with tiny counts and one
# repetition, then checks its table (tests/bench/check_tables.py):
#   host     every row complete and numeric, events per construct instance
#            exactly as the constructs imply on 2 threads
#   threads  bench/threads.sh at 1, 2 and 4 threads: every row numeric,
#            events per instance exactly as the constructs imply
#   offload  the offload table and its hashing table, 8 events per region
#   record   at most 16 trace bytes per event, the same peak memory for a 10 times
#            longer run; the clock-reading table (bench/clock_cost.c)
#   shapes   the kernel-dense and 64 MiB shapes (4 MiB here): both rows
#            numeric, the duplicates found exactly
#   reader   the job report's table, and the reader's peak memory flat as a
#            trace of info records grows 10 times
#   analysis the analysis benchmark's lines, its peak memory flat as the data
#            operations grow 10 times; the real-trace report table
#   dirty_pages  dirty-page tracking against hashing on 16 and 256 KiB: every
#            cell numeric, or "-" under a "not available" line; the program
#            itself fails when a scan misses a written page
# One part per test: together they are several offload compiles and about
# 70 tool runs, more than one test's time limit on a loaded machine.
source "$OI_SRC/tests/lib.sh"
export OMPT_INST_BUILD="$OI_BUILD" OMP_NUM_THREADS=2
part=${1:?usage: smoke.sh host|threads|offload|record|shapes|reader|analysis|dirty_pages}
case $part in
  host|threads|offload|record)
    case $part in
      host) bash "$OI_SRC/bench/host_overhead.sh" 0.05 1 > table.md ;;
      threads) bash "$OI_SRC/bench/threads.sh" 0.05 1 1 2 4 > table.md
        expect_eq "$(grep -c "^| parallel | [124] | " table.md)" 3 "threads: parallel at 1, 2 and 4 threads" ;;
      offload) bash "$OI_SRC/bench/offload_overhead.sh" 0.05 1 > table.md ;;
      record) bash "$OI_SRC/bench/record_cost.sh" 40000 1 > table.md ;;
    esac
    "$OI_PYTHON" "$OI_SRC/tests/bench/check_tables.py" "$part" table.md
    if [ "$part" = record ]; then
      "$OI_BUILD/bin/clock_cost" 100000 > clock.md || fail "clock_cost failed"
      "$OI_PYTHON" "$OI_SRC/tests/bench/check_tables.py" clock clock.md
    fi ;;
  dirty_pages)
    "$OI_BUILD/bin/dirty_pages" --timings 3 --span 4194304 16384 262144 > table.md ||
      fail "dirty_pages failed: $(cat table.md)"
    "$OI_PYTHON" "$OI_SRC/tests/bench/check_tables.py" dirty_pages table.md
    cat table.md ;;
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
# duplicate the start-up region's, decided on whole hashes: 2 of the 2 at
# the loop's region where clang inlines step() twice (19: the start-up
# region has its own code address), 2 of the 3 where it calls step() (22:
# one code address for all three)
assert re.search(r"4 MiB shape, duplicate transfers found in the `run` trace: 2 of [23], exact$", text, re.M), text
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
  analysis)
    # 10x the operations on the same variables: the same peak memory (within
    # 25 % and 4 MB; the analysis kept every memory sample and content, and
    # grew from 133 MB at 1M operations to 676 MB at 10M). The content table
    # grows to its bound (10 MiB) on the way to 300,000 new contents.
    "$OI_BUILD/bin/analysis_throughput" 300000 3000000 > analysis.txt || fail "analysis_throughput failed"
    "$OI_PYTHON" - analysis.txt <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rows = re.findall(r"^(\d+) data ops \(\d+ events\): median [0-9.]+ CPU s of 3 runs .* "
                  r"max RSS ([0-9.]+) MB .* (\d+) findings, (\d+) ns avoidable$", text, re.M)
assert len(rows) == 2, text
(small_ops, small, _, _), (large_ops, large, findings, _) = rows
assert int(large_ops) >= 9 * int(small_ops), text
assert float(large) <= float(small) * 1.25 + 4, f"{small} MB, then {large} MB for 10x the operations"
assert int(findings) > 0, text
print(text)
PY
    bash "$OI_SRC/bench/report_time.sh" 5000 > report.md || fail "report_time.sh failed"
    grep -q "^trace: 1000 steps, [0-9]* events, [0-9]* MB; load average " report.md || fail "report table: $(cat report.md)"
    for format in json text; do
      grep -Eq "^\| --format $format \| [0-9.]+ \| ([0-9.]+|-) \| [0-9]+ MB \|$" report.md ||
        fail "report table, $format: $(cat report.md)"
    done
    cat report.md
    ;;
  *) fail "smoke.sh: unknown part '$part'" ;;
esac
