# More host constructs under the shim, in two parts (one test since the
# shim's and the merge's checks of the same constructs were joined):
#
# Three ways (tests/shim/programs/more_constructs_three_ways.c), merged and
# native: loop, master, flush, taskloop, cancel (with and without
# OMP_CANCELLATION), host teams and distribute; taskyield and cancellation
# point stay compiler events; flush and taskyield are counted per site (or,
# natively, code address) and thread, not recorded per instance.
#
# Alone (no plugin, tests/shim/programs/more_constructs.c), exact instance
# counts: sections, ordered, masked, taskgroup, taskloop, dependent tasks,
# nest lock, flush, cancel, teams on the host; begin and end balance on
# every thread. Not in the LLVM 14 build: its program puts atomic directly
# inside teams, OpenMP 5.1, which clang 14 rejects.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/shim/lib_unify.sh"

# --- three ways
build_three "$OI_SRC/tests/shim/programs/more_constructs_three_ways.c"
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

# --- alone
if [ "$OI_LLVM" = 14 ]; then
  echo "LLVM 14: the part without the plugin is left out (atomic directly inside teams is OpenMP 5.1, rejected by clang 14)"
  exit 0
fi
cc_plain prog "$OI_SRC/tests/shim/programs/more_constructs.c"
export OMP_CANCELLATION=true
out=$("$OI" run -o run -- ./prog 2>/dev/null)
expect_eq "$out" "sum=11 ordered=8 masked=1 x=1 y=2 red=2 teams=2" "program output"

both() { # KIND CONSTRUCT N: N begin and N end events
  expect_eq "$(dumpq run kind="$1" construct="$2" endpoint=begin --count)" "$3" "$1 $2 begins"
  expect_eq "$(dumpq run kind="$1" construct="$2" endpoint=end --count)" "$3" "$1 $2 ends"
}
count() { dumpq run "$@" --count; }
both work sections 2          # one instance per thread of the team
both mutex ordered 8
both masked masked 1
both sync taskgroup 2         # the explicit one and the taskloop's own
both work taskloop 1
both task task 6              # 4 from the taskloop, 2 dependent ones
expect_eq "$(count kind=task_create construct=task)" 6 "tasks created"
expect_eq "$(count kind=dependence dep_count=1)" 2 "tasks with one dependence each"
dependent=$(dumpq run kind=dependence dep_count=1 --field task_id | tr '\n' ' ')
expect_eq "$(dumpq run kind=dependence sink_task_id!=0 --fields task_id,sink_task_id)" "${dependent% }" "task dependence edge"
expect_eq "$(count kind=lock_init construct=nest_lock)" 1 "nest lock init"
both mutex nest_lock 1        # first acquisition and last release
both nest_lock nest_lock 1    # the nested acquisition and its release
expect_eq "$(count kind=lock_destroy construct=nest_lock)" 1 "nest lock destroy"
# flush is counted per code address and thread (a spin-wait repeats it
# millions of times), not recorded per instance
expect_eq "$(count kind=flush construct=flush)" 0 "flush: no event per instance"
expect_eq "$(dumpq run kind=construct_count construct=flush --field count)" 1 "flush: counted"
expect_eq "$(count kind=cancel construct=cancel cancel_flags=20)" 1 "cancel activated (loop)"
both parallel teams 1
both parallel parallel 4      # 2 by the program, 1 per team by the runtime
expect_eq "$(count kind=parallel construct=teams endpoint=begin team_size=2)" 1 "teams size"

unbalanced=$(dumpq run --fields thread,kind,construct,endpoint | awk '
  $NF == "begin" { n[$1 " " $2 " " $3]++ } $NF == "end" { n[$1 " " $2 " " $3]-- }
  END { for (k in n) if (n[k] != 0) print k, n[k] }')
expect_eq "$unbalanced" "" "unbalanced begin/end"
