# `ompt-inst cc` / `c++`: clang with -fopenmp and the plugin, an rpath to the
# OpenMP runtime when linking; offloading programs run without LD_LIBRARY_PATH.
source "$OI_SRC/tests/lib.sh"

# the driver command line (-### only prints the jobs)
echo 'int main(void) { return 0; }' > x.c
cp x.c x.cpp
"$OI" cc -### -O2 x.c -o x 2> jobs
grep -q -- "-fopenmp" jobs || fail "cc: -fopenmp missing"
grep -q -- "\"-load\" \"$(realpath "$OI_PLUGIN")\"" jobs || fail "cc: plugin not loaded: $(cat jobs)"
grep -q -- "\"-rpath\" \"$OI_RUNTIME_DIR\"" jobs || fail "cc: rpath missing when linking"
grep -q -- '"-lstdc++"' jobs && fail "cc on a .c file must not link C++"
"$OI" cc -### -c x.c 2> jobs
grep -q -- "-rpath" jobs && fail "cc -c must not pass an rpath"
"$OI" cc -### x.cpp 2> jobs
grep -q -- '"-lstdc++"' jobs || fail "cc on a .cpp file must drive clang++"
"$OI" c++ -### x.c 2> jobs
grep -q -- '"-lstdc++"' jobs || fail "c++ must drive clang++"
"$OI" cc -### -o out.cc x.c 2> jobs
grep -q -- '"-lstdc++"' jobs && fail "an output named .cc is no C++ source"

# a real offloading program, built and run without LD_LIBRARY_PATH
"$OI" cc -O2 $OI_HOST_OFFLOAD "$OI_SRC/tests/cli/programs/offload.c" -o offload
expect_eq "$(env -u LD_LIBRARY_PATH ./offload)" "sum 4032" "offload program output"
# ... and instrumented: under `run`, its map clause is named in the dump
"$OI" run -o run ./offload > out 2> /dev/null
expect_eq "$(cat out)" "sum 4032" "offload program output under run"
pragma=$(grep -n 'pragma omp target' "$OI_SRC/tests/cli/programs/offload.c" | cut -d: -f1)
expect_eq "$(dumpq run kind=map --fields var,map_type,line,bytes)" "a[0:64] tofrom $pragma 256" \
  "map item of the target construct"

# a compiler error keeps clang's exit code
echo 'int main(void) { return undeclared; }' > bad.c
set +e
"$OI" cc bad.c -o bad 2> err; rc=$?
set -e
expect_eq "$rc" 1 "exit code of a failed compile"
grep -q "undeclared" err || fail "clang's diagnostic must reach stderr"
echo ok
