# A `gcc -fopenmp -O2 -g` program on libgomp, which has no OMPT: each
# construct GCC lowers to a libgomp call is recorded from the call
# (libompt-inst-gomp.so, origin `interposed`) at its source line, the
# program's output and exit code are its own, nothing is lost (issue 52).
source "$OI_SRC/tests/lib.sh"

src="$OI_SRC/tests/gcc/programs/host_constructs.c"
# LLVM's runtime folder, which the tests' environment puts on the search
# paths, has a libgomp.so that is libomp: gcc links its own without them.
env -u LIBRARY_PATH -u C_INCLUDE_PATH gcc -fopenmp -O2 -g "$src" -o host
readelf -d host | grep -q 'NEEDED.*\[libgomp\.so\.1\]' || fail "host links no libgomp.so.1"

set +e
OMP_NUM_THREADS=2 ./host > native.out; native_rc=$?
OMP_NUM_THREADS=2 "$OI" run -o run ./host > out 2> err; rc=$?
set -e
expect_eq "$rc" "$native_rc" "exit code of the program"
expect_eq "$(cat out)" "$(cat native.out)" "the program's stdout"
grep -q "events recorded in run$" err || fail "not recorded, or events lost: $(cat err)"
# the exit summary, which reads only the device events, names the runtime
"$OI" report run --format summary > summary.txt
grep -q "^ompt-inst: runtime without OMPT (GCC's libgomp): the program's calls into it, interposed$" \
  summary.txt || fail "the exit summary does not name the runtime: $(cat summary.txt)"

"$OI" dump run > events.jsonl
count() { python3 "$OI_SRC/tests/dumpq.py" events.jsonl origin=interposed "$@" --count; }
# every event is the interposer's: libgomp reports nothing itself
expect_eq "$(python3 "$OI_SRC/tests/dumpq.py" events.jsonl kind!=thread origin!=interposed --count)" 0 \
  "events not from libgomp's calls"
expect_eq "$(count kind=implicit_task endpoint=begin)" 10 \
  "implicit tasks: 4 teams of 2, and the two teams' one-thread regions"
expect_eq "$(count kind=construct construct=ordered endpoint=begin)" 10 "ordered blocks"
# begins and ends pair up
expect_eq "$(count endpoint=begin)" "$(count endpoint=end)" "begins and ends"

# each construct a row at its directive's line: the dump has the lines of
# GCC's line table at the calls, which the report moves to the directive
# nearby; parallel regions, tasks and taskloops are at their outlined
# bodies' (a team of 2 passes each worksharing construct twice)
"$OI" report run --format json | "$OI_PYTHON" -c '
import json, sys
rows = {(c["construct"], c.get("line", 0)): c["instances"]
        for c in json.load(sys.stdin)["constructs"]}
for key in sorted(rows, key=lambda k: (k[1], k[0])):
    print(key[1], key[0], rows[key])' > rows.txt
for row in "10 parallel 1" "12 for 2" "14 for 2" "16 for 2" "20 barrier 2" "21 critical 2" \
           "23 critical 2" "25 single 1" "27 sections 2" "38 single 1" "40 task 1" \
           "42 taskwait 1" "43 taskgroup 1" "45 task 1" "49 for 2" "55 parallel 1" "55 for 2" \
           "57 parallel 1" "59 taskloop 1" "61 parallel 1" "61 for 2" "63 teams 1" "64 parallel 2" "66 parallel 1" \
           "67 single 1" "69 task 4"; do
  grep -qx "$row" rows.txt || fail "no row '$row' (line construct instances): $(cat rows.txt)"
done
# libgomp's own calls of its entry points (a task-reduction region's
# barrier) are not the program's constructs: every row has a line
grep -q "^0 " rows.txt && fail "a row without a line: $(grep "^0 " rows.txt)"

# the report: the runtime is named, the regions are rows on their lines
"$OI" report run --top 50 > report.txt
grep -q "^  runtime   runtime without OMPT (GCC's libgomp): the program's calls into it, interposed$" \
  report.txt || fail "report header: $(sed -n 3p report.txt)"
grep -Eq "^host_constructs.c:57 +parallel +1 +1 " report.txt || fail "no parallel row at line 57"
grep -Eq "^host_constructs.c:21 +critical +2 +2 " report.txt || fail "no critical row at line 21"
"$OI" report run --capabilities > caps.txt
grep -q "GCC inlines these, which never call it and are not recorded:" caps.txt ||
  fail "capabilities do not say what GCC inlines"
