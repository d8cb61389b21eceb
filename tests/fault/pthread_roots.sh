# A program whose OpenMP work runs only in POSIX threads that end: the
# first becomes the runtime's thread 0, and LLVM 19's runtime crashes in
# __kmpc_end_critical once it has ended, under any tool registering
# mutex_released (docs/shim.md, "Runtime repairs"). Under the shim it runs
# to completion: mutex_released is switched off when that thread ends, and
# the repair is counted.
. "$OI_SRC/tests/fault/lib_fault.sh"
cc_plain pthread_roots "$OI_SRC/tests/fault/programs/pthread_roots.c" -g -lpthread
out=$("$OI" run -o run -- ./pthread_roots) || fail "pthread_roots under ompt-inst run: exit code $?"
expect_eq "$out" "pthread_roots: sum 19800" "program output"
expect_sound run
head -n 1 run.header.jsonl | grep -q '"repairs":"[^"]*mutex_released_off:1' ||
  fail "mutex_released_off not counted: $(head -c 400 run.header.jsonl)"
echo ok
