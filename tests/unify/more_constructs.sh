# More host constructs (tests/unify/programs/more_constructs.c), merged and
# native: loop, master, flush, taskloop, cancel (with and without
# OMP_CANCELLATION), host teams and distribute; taskyield and cancellation
# point stay compiler events; flush and taskyield are counted per site (or,
# natively, code address) and thread, not recorded per instance.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/unify/lib_unify.sh"
build_three "$OI_SRC/tests/unify/programs/more_constructs.c"
./plain > expected.out
export OMP_CANCELLATION=true
run_three

kinds() { q "$1" endpoint!=end origin!=compiler kind!=construct_count --field kind | sort | uniq -c; }
counted() { # RUN [FILTER...]: instances of counted constructs
  q "$@" kind=construct_count --field count | awk '{ n += $1 } END { print n + 0 }'
}
expect_eq "$(kinds merged)" "$(kinds native)" "merged and native runs: runtime events per kind"

# line kind count: the runtime's events merged with the sites (the loop at
# line 26 runs on one thread, so its cancellation is deterministic: the
# cancellation points of iterations 0-19 run, iteration 20 cancels).
# clang 14 runs the `loop` at line 12 inline, without a runtime call: there
# it is the hooks' construct, on both threads.
loop_runtime="12 work 2"
[ "$OI_LLVM" = 14 ] && loop_runtime=
table="10 parallel 1
$loop_runtime
15 masked 1
18 work 2
19 work 1
26 parallel 1
31 cancel 1
35 parallel 1
36 work 2"
while read -r line kind count; do
  [ -n "$line" ] || continue
  expect_eq "$(q merged line=$line kind=$kind origin=merged endpoint!=end --count)" "$count" "merged $kind at line $line"
  expect_eq "$(q merged line=$line kind=construct --count)" 0 "no compiler event at line $line"
done <<< "$table"
expect_eq "$(counted merged line=17 construct=flush origin=compiler)" 2 "merged: flush at line 17 counted"
expect_eq "$(q merged kind=flush --count)" 0 "merged: no flush event per instance"
expect_eq "$(counted native construct=flush origin=native)" 2 "native: flushes counted by code address"
expect_eq "$(q native kind=flush --count)" 0 "native: no flush event per instance"
expect_eq "$(counted merged line=24 construct=taskyield)" 2 "taskyield at line 24 counted"
# the runtime reports neither these nor a league's initial tasks
loop_hooks=
[ "$OI_LLVM" = 14 ] && loop_hooks=12:construct:loop:2
for spec in $loop_hooks 33:construct:'cancellation point':20 35:implicit_task:teams:2; do
  IFS=: read -r line kind construct count <<< "$spec"
  expect_eq "$(q merged line=$line kind=$kind construct="$construct" origin=compiler endpoint=begin --count)" "$count" "compiler $construct at line $line"
done

# the tasks of the taskloop run with its site
expect_eq "$(q merged kind=task endpoint=begin line=19 construct=taskloop --count)" 4 "taskloop's tasks"

# Cancellation off: the runtime ignores `cancel` and reports nothing, so the
# hook reports it.
OMP_CANCELLATION=false "$OI" run -o off -- ./plugin > off.out 2>/dev/null
expect_eq "$(cat off.out)" "$(cat expected.out)" "cancellation off: program result"
expect_eq "$(q off line=31 kind=construct construct=cancel origin=compiler endpoint=begin --count)" 1 "cancellation off: compiler cancel"
expect_eq "$(q off kind=cancel --count)" 0 "cancellation off: no runtime cancel"
