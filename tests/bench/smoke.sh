#!/usr/bin/env bash
# bench_smoke: runs the host, offload and recorder benchmarks with tiny
# counts and one repetition, then checks their tables (tests/bench/
# check_tables.py): every row complete and numeric, events per construct
# instance exactly as the constructs imply on 2 threads, 80 trace bytes per
# event, and the same peak memory for a 10 times longer run.
source "$OI_SRC/tests/lib.sh"
export OMPT_INST_BUILD="$OI_BUILD" OMP_NUM_THREADS=2
bash "$OI_SRC/bench/host_overhead.sh" 0.05 1 > host.md
bash "$OI_SRC/bench/offload_overhead.sh" 0.05 1 > offload.md
bash "$OI_SRC/bench/record_cost.sh" 40000 1 > record.md
"$OI_PYTHON" "$OI_SRC/tests/bench/check_tables.py" host.md offload.md record.md
bash "$OI_SRC/bench/job_report.sh" 3 1000 1 > job.md
grep -q "^| text | 3 | 3000 | [0-9.]* | [0-9.]* M | [0-9.]* MB |$" job.md || fail "job report table: $(cat job.md)"
grep -q "^| json | 3 | 3000 | " job.md || fail "job report table: $(cat job.md)"
