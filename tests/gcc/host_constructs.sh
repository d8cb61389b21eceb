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
# the three parallel regions, on their own lines (the outlined body's
# entry: GCC gives all three calls line 10 at -O2), a team of 2 each
for line in 10 55 57; do
  expect_eq "$(count kind=parallel endpoint=begin line=$line)" 1 "parallel at line $line"
done
expect_eq "$(count kind=implicit_task endpoint=begin)" 6 "implicit tasks: 3 teams of 2"
# each thread of a team passes each of these once
expect_eq "$(count kind=construct construct=critical endpoint=begin line=21)" 2 "critical"
expect_eq "$(count kind=construct construct=critical endpoint=begin line=23)" 2 "critical(named)"
expect_eq "$(count kind=construct construct=barrier endpoint=begin line=20)" 2 "explicit barrier"
expect_eq "$(count kind=construct construct=for endpoint=begin line=15)" 2 "guided loop"
expect_eq "$(count kind=construct construct=for endpoint=begin line=17)" 2 "runtime loop with reduction"
expect_eq "$(count kind=construct construct=for endpoint=begin line=50)" 2 "ordered loop"
expect_eq "$(count kind=construct construct=for endpoint=begin line=55)" 2 "the parallel for's loop"
expect_eq "$(count kind=construct construct=ordered endpoint=begin)" 10 "ordered blocks"
expect_eq "$(count kind=construct construct=sections endpoint=begin)" 2 "sections"
# one thread runs each single; tasks at their bodies' lines
expect_eq "$(count kind=construct construct=single)" 2 "single blocks run"
expect_eq "$(count kind=construct construct=task endpoint=begin line=41)" 1 "task"
expect_eq "$(count kind=construct construct=task endpoint=begin line=46)" 1 "task in taskgroup"
expect_eq "$(count kind=construct construct=taskwait endpoint=begin)" 1 "taskwait"
expect_eq "$(count kind=construct construct=taskgroup endpoint=begin)" 1 "taskgroup"
expect_eq "$(count kind=construct construct=taskloop endpoint=begin line=59)" 1 "taskloop"
# begins and ends pair up
expect_eq "$(count endpoint=begin)" "$(count endpoint=end)" "begins and ends"

# the report: the runtime is named, the regions are rows on their lines
"$OI" report run --top 50 > report.txt
grep -q "^  runtime   runtime without OMPT (GCC's libgomp): the program's calls into it, interposed$" \
  report.txt || fail "report header: $(sed -n 3p report.txt)"
grep -Eq "^host_constructs.c:57 +parallel +1 +1 " report.txt || fail "no parallel row at line 57"
grep -Eq "^host_constructs.c:21 +critical +2 +2 " report.txt || fail "no critical row at line 21"
"$OI" report run --capabilities > caps.txt
grep -q "GCC inlines these, which never call it and are not recorded:" caps.txt ||
  fail "capabilities do not say what GCC inlines"
