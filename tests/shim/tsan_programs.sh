# ThreadSanitizer on the shim inside real OpenMP programs (OMPT_INST_TSAN
# builds only): tasks, locks, atomics, thread churn, offloading, crash and
# flush paths, with the TSan runtime preloaded (an uninstrumented program
# cannot dlopen an instrumented library otherwise). Reports from calls the
# OpenMP runtime itself makes are suppressed (it is not instrumented, so TSan
# cannot see its synchronisation); any report with the shim in it fails.
. "$OI_SRC/tests/lib.sh"
tsan=$(gcc -print-file-name=libtsan.so)
[ -e "$tsan" ] || fail "no libtsan.so (gcc's ThreadSanitizer runtime)"
# the runtime's own calls; and libomptarget's unregistering at exit, which
# unlocks a mutex it locked in an uninstrumented path (no shim code in it)
printf '%s\n' 'called_from_lib:libomp.so' 'called_from_lib:libomptarget.so' \
  'mutex:.omp_offloading.descriptor_unreg' > tsan.supp
export TSAN_OPTIONS="suppressions=$TEST_TMP/tsan.supp:halt_on_error=0:exitcode=66"

run_under_tsan() { # NAME ARGS...: no report, the program's own status
  local name=$1; shift
  set +e
  LD_PRELOAD="$tsan" OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR="run-$name" "$@" > "$name.out" 2> "$name.err"
  local rc=$?
  set -e
  ! grep -q "ThreadSanitizer" "$name.err" || fail "$name: $(grep -A12 -m1 'WARNING: ThreadSanitizer' "$name.err")"
  echo "$rc"
}

cc_plain host "$OI_SRC/tests/shim/programs/host_constructs.c"
cc_plain more "$OI_SRC/tests/shim/programs/more_constructs.c"
cc_plain churn "$OI_SRC/tests/shim/programs/thread_churn.c"
"$OI_CLANG" "${OI_FOPENMP[@]}" -I"$OI_SRC/include" \
  "$OI_SRC/tests/shim/programs/counted_atomics.c" -o atomics
cc_plain crash "$OI_SRC/tests/shim/programs/crash_after_regions.c"
cc_plain copies "$OI_SRC/tests/shim/programs/target_copies.c" $OI_HOST_OFFLOAD "$OI_SRC/shim/aes_hash.c" -I"$OI_SRC" -lxxhash -lpthread
cc_plain kernels "$OI_SRC/tests/shim/programs/kernel_constructs.c" $OI_HOST_OFFLOAD

expect_eq "$(run_under_tsan host ./host 25)" 0 "host constructs"
expect_eq "$(run_under_tsan more ./more)" 0 "more constructs"
expect_eq "$(run_under_tsan churn ./churn)" 0 "thread churn"
expect_eq "$(run_under_tsan atomics ./atomics 2000 enter flush)" 5 "counted atomics, flushed"
expect_eq "$(run_under_tsan copies ./copies)" 0 "target copies"
expect_eq "$(run_under_tsan kernels ./kernels 10)" 0 "constructs counted in kernels"
expect_eq "$(run_under_tsan crash ./crash 300 abort)" 134 "abort after 300 regions"
dirs="host more churn atomics copies kernels crash"
# the test build's bounds (tests/stress): the counted-construct table grown
# and spilled, 64-event buffers flushed on 8 threads
if [ -f "$OI_BUILD/small/libompt-inst.so" ]; then
  "$OI_PYTHON" "$OI_SRC/tests/stress/gen_stress.py" kernels 200 > many_kernels.c
  "$OI_PYTHON" "$OI_SRC/tests/stress/gen_stress.py" sites 300 > many_sites.c
  cc_plain many_kernels many_kernels.c $OI_HOST_OFFLOAD
  cc_plain many_sites many_sites.c
  expect_eq "$(OI_SHIM="$OI_BUILD/small/libompt-inst.so" run_under_tsan small_kernels ./many_kernels 3)" 0 \
    "small bounds: kernel constructs"
  expect_eq "$(OI_SHIM="$OI_BUILD/small/libompt-inst.so" run_under_tsan small_sites ./many_sites 2)" 0 \
    "small bounds: sites on 8 threads"
  dirs="$dirs small_kernels small_sites"
fi
for dir in $dirs; do
  "$OI" dump "run-$dir" > /dev/null 2>&1 || fail "$dir: trace unreadable"
done
echo ok
