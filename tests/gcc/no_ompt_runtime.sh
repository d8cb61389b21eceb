# A `gcc -fopenmp` program runs on libgomp, which never loads an OMPT tool:
# its calls into libgomp are recorded (tests/gcc/host_constructs.sh); one
# that makes none records nothing, and `ompt-inst run` leaves its output
# and exit code alone and says which runtime it is and why nothing was
# recorded (not "is the program built with -fopenmp?": it is); the run's
# report lists the directives libgomp never saw.
source "$OI_SRC/tests/lib.sh"

cat > hello.c <<'C'
int omp_get_num_threads(void);
#include <stdio.h>
int main(int argc, char **argv) {
  (void)argv;
  int threads = 0;
  if (argc > 1) {
#pragma omp parallel num_threads(2)
#pragma omp single
    threads = omp_get_num_threads();
  }
  printf("threads %d\n", threads);
  return 5;
}
C
# LLVM's runtime folder, which the tests' environment puts on the search
# paths, has a libgomp.so that is libomp: gcc links its own without them.
env -u LIBRARY_PATH -u C_INCLUDE_PATH gcc -fopenmp -O2 -g -o hello hello.c
readelf -d hello | grep -q 'NEEDED.*\[libgomp\.so\.1\]' || fail "hello links no libgomp.so.1"

set +e
"$OI" run -o run ./hello > out 2> err; rc=$?
set -e
expect_eq "$rc" 5 "exit code of the program"
expect_eq "$(cat out)" "threads 0" "the program's stdout"
expect_eq "$(cat err)" "ompt-inst: nothing was recorded in run: the program's OpenMP runtime, \
libgomp.so.1, never called: it implements no OMPT, so only the program's calls into it are \
recorded, and it made none (GCC inlines static loops, master, simd and atomics without calling \
it); its sources hold 2 OpenMP directives it never saw: ompt-inst report run" \
  "the message names the runtime"
"$OI" report run > report || fail "no report of a run that never called libgomp"
expect_eq "$(grep '^  hello.c:' report | tr -s ' ')" " hello.c:7 parallel num_threads(2)
 hello.c:8 single" "the directives libgomp never saw"

# the same program taking its parallel region: recorded
set +e
"$OI" run -o ran ./hello go > out 2> err; rc=$?
set -e
expect_eq "$rc" 5 "exit code of the program that calls libgomp"
expect_eq "$(cat out)" "threads 2" "its stdout"
grep -q "events recorded in ran$" err || fail "not recorded: $(cat err)"
