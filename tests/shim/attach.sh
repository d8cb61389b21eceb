# The shim attaches the three documented ways and records the same events:
# OMP_TOOL_LIBRARIES (dlopen), LD_PRELOAD and `ompt-inst run`.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/host_constructs.c"

check_run() { # DIR HOW
  expect_eq "$(dumpq "$1" kind=mutex construct=critical endpoint=begin --count)" 40 "$2: critical begins"
  expect_eq "$(dumpq "$1" kind=mutex construct=critical endpoint=end --count)" 40 "$2: critical ends"
  expect_eq "$(dumpq "$1" kind=implicit_task endpoint=begin --count)" 4 "$2: implicit tasks"
  expect_eq "$(dumpq "$1" kind=thread endpoint=begin thread=0 thread_type=1 --count)" 1 "$2: initial thread is 0"
}

out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=by-tool-libraries ./prog 10)
expect_eq "$out" "sum=140 tasks=6" "output with OMP_TOOL_LIBRARIES"
check_run by-tool-libraries OMP_TOOL_LIBRARIES

out=$(LD_PRELOAD="$OI_SHIM" OMPT_INST_DIR=by-preload ./prog 10)
expect_eq "$out" "sum=140 tasks=6" "output with LD_PRELOAD"
check_run by-preload LD_PRELOAD

out=$("$OI" run -o by-run -- ./prog 10 2>/dev/null)
expect_eq "$out" "sum=140 tasks=6" "output with ompt-inst run"
check_run by-run "ompt-inst run"

# Without the shim nothing is recorded and no folder appears.
out=$(./prog 10)
expect_eq "$out" "sum=140 tasks=6" "output without the shim"
expect_eq "$(ls -d ompt-inst-* 2>/dev/null | wc -l)" 0 "folders without the shim"

# The default run folder: ompt-inst-<prog>-<pid> in the current directory.
OMP_TOOL_LIBRARIES="$OI_SHIM" ./prog 10 > /dev/null
dirs=$(ls -d ompt-inst-prog-* 2>/dev/null)
[[ "$dirs" =~ ^ompt-inst-prog-[0-9]+$ ]] || fail "default run folder: '$dirs'"
check_run "$dirs" "default folder"
