# More host constructs with exact instance counts: sections, ordered,
# masked, taskgroup, taskloop, dependent tasks, nest lock, flush, cancel,
# teams on the host; begin and end balance on every thread.
. "$OI_SRC/tests/lib.sh"
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
