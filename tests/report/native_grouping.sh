# A build without the plugin groups findings by place (and names them from
# its calls into the offload runtime): one `target data`
# line meeting 4000 fresh heap addresses (tests/report/programs/fresh_heap.c)
# gives one unused_alloc finding per variable of the line, each with the
# count of every round, not one finding per host address.
source "$OI_SRC/tests/lib.sh"
"$OI_CLANG" -g -O1 -fopenmp $OI_HOST_OFFLOAD "$OI_SRC/tests/report/programs/fresh_heap.c" -o fresh_heap
"$OI" run -o run -- ./fresh_heap > run.out
expect_eq "$(cat run.out)" 1999000 "program result"
expect_eq "$(dumpq run kind=data_op op=alloc --count)" 4000 "allocations recorded"
"$OI" report run --format json --output run.json
"$OI_PYTHON" - run.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
found = sorted((f["kind"], f["op"], f["count"], f["total"], f["bytes"]) for f in d["findings"])
# tmp[0:N] (8192 bytes) and aux[0:M] (2048 bytes), 2000 allocations each
want = [("unused_alloc", "alloc", 2000, 2000, 0), ("unused_alloc", "alloc", 2000, 2000, 0)]
if found != want:
    sys.exit(f"findings {found}, expected {want}")
names = sorted(f["var"] for f in d["findings"])
if names != ["aux[0:M]", "tmp[0:N]"]:
    sys.exit(f"one finding per variable: {names}")
PY
check_invariant
echo ok
