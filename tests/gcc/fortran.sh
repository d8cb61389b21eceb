# gfortran programs on libgomp (issue 52): the Fortran example's constructs
# on their .f90 lines, and Fortran versions of the duplicate and round-trip
# patterns with their C versions' findings, the variables named as the
# directives write them; output and exit code their own, nothing lost.
source "$OI_SRC/tests/lib.sh"

run_gfortran() { # NAME SOURCE: built, run natively and under ompt-inst
  local name=$1 src=$2
  env -u LIBRARY_PATH "$OI" fc --fc=gfortran -O2 -g "$src" -o "$name" # gfortran -fopenmp
  readelf -d "$name" | grep -q 'NEEDED.*\[libgomp\.so\.1\]' || fail "$name links no libgomp.so.1"
  OMP_NUM_THREADS=2 "./$name" > "$name.native" || fail "$name failed natively"
  OMP_NUM_THREADS=2 "$OI" run -o "$name.run" "./$name" > "$name.out" 2> "$name.err" ||
    fail "$name failed under ompt-inst: $(cat "$name.err")"
  expect_eq "$(cat "$name.out")" "$(cat "$name.native")" "$name: the output"
  grep -q "events recorded in $name.run$" "$name.err" || fail "$name: $(cat "$name.err")"
}
findings() { # RUN: one "kind var line count confidence" line per finding, sorted (their
  # order is by time, which clang's runtime measures and inference does not)
  "$OI" report "$1" --format json | "$OI_PYTHON" -c '
import json, sys
for f in json.load(sys.stdin)["findings"]:
    print(f["kind"], f["var"], f["line"], f["count"], f["confidence"])' | sort
}

run_gfortran heat "$OI_SRC/examples/fortran/heat.f90"
"$OI" dump heat.run > heat.jsonl
count() { python3 "$OI_SRC/tests/dumpq.py" heat.jsonl "$@" --count; }
# the parallel do loops at their directives' lines, 20 steps of two
expect_eq "$(count kind=parallel endpoint=begin line=13)" 1 "parallel do at line 13"
expect_eq "$(count kind=parallel endpoint=begin line=21)" 20 "parallel do at line 21"
expect_eq "$(count kind=parallel endpoint=begin line=26)" 20 "parallel do at line 26"
expect_eq "$(count kind=parallel endpoint=begin line=34)" 1 "parallel do reduction at line 34"
expect_eq "$(count kind=construct construct=target endpoint=begin line=40 function=MAIN__)" 1 \
  "the target region at line 40, in the program"
expect_eq "$(count kind=map line=40 var=field map_type=tofrom)" 1 "its map item, as written"

run_gfortran duplicate_transfer "$OI_SRC/examples/patterns/fortran/duplicate_transfer.f90"
expect_eq "$(findings duplicate_transfer.run)" "duplicate_transfer weights 18 8 low
unused_transfer weights 16 1 certain" \
  "the C version's findings: the duplicate (8 of 8, across a kernel a plain build cannot see
into), and the region's first copy, which the update overwrites unread"
run_gfortran round_trip "$OI_SRC/examples/patterns/fortran/round_trip.f90"
expect_eq "$(findings round_trip.run)" "round_trip u 19 5 certain" \
  "the round trip of the C version (5 of 6)"
