# A `gcc -fopenmp` program runs on libgomp, which never loads an OMPT tool:
# its calls into libgomp are recorded (tests/gcc/host_constructs.sh); one
# that makes none leaves no trace, and `ompt-inst run` leaves its output
# and exit code alone and says which runtime it is and why nothing was
# recorded (not "is the program built with -fopenmp?": it is).
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
expect_eq "$(cat err)" "ompt-inst: no trace was written in run (the program runs on GCC's \
OpenMP runtime, libgomp.so.1, which implements no OMPT: only its calls into it are recorded, \
and it made none; GCC inlines static loops, master, simd and atomics without calling it)" \
  "the message names the runtime"

# the same program taking its parallel region: recorded
set +e
"$OI" run -o ran ./hello go > out 2> err; rc=$?
set -e
expect_eq "$rc" 5 "exit code of the program that calls libgomp"
expect_eq "$(cat out)" "threads 2" "its stdout"
grep -q "events recorded in ran$" err || fail "not recorded: $(cat err)"
