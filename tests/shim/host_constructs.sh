# Host constructs under the shim (no plugin): exact instance counts, one
# begin and one end per instance on every thread, waits folded into fields,
# source lines from codeptr_ra with -g.
. "$OI_SRC/tests/lib.sh"
src="$OI_SRC/tests/shim/programs/host_constructs.c"
cc_plain prog "$src" -g
out=$("$OI" run -o run -- ./prog 25 2>/dev/null)
expect_eq "$out" "sum=200 tasks=6" "program output"

count() { dumpq run "$@" --count; }
expect_eq "$(count kind=mutex construct=critical endpoint=begin)" 100 "critical begins"
expect_eq "$(count kind=mutex construct=critical endpoint=end)" 100 "critical ends"
expect_eq "$(count kind=mutex construct=lock endpoint=begin)" 100 "lock begins"
expect_eq "$(count kind=mutex construct=lock endpoint=end)" 100 "lock ends"
expect_eq "$(count kind=lock_init construct=lock)" 1 "lock_init"
expect_eq "$(count kind=lock_destroy construct=lock)" 1 "lock_destroy"
expect_eq "$(count kind=parallel construct=parallel endpoint=begin)" 1 "parallel begin"
expect_eq "$(count kind=parallel construct=parallel endpoint=end)" 1 "parallel end"
expect_eq "$(count kind=implicit_task endpoint=begin team_size=4)" 4 "implicit task begins"
expect_eq "$(count kind=implicit_task endpoint=end team_size=4 parallel_id!=0)" 4 "implicit task ends (region and size of the begin)"
expect_eq "$(count kind=sync construct=barrier implicit= endpoint=begin)" 4 "explicit barrier begins"
expect_eq "$(count kind=sync construct=barrier implicit= endpoint=end)" 4 "explicit barrier ends"
expect_eq "$(count kind=work construct=for endpoint=begin)" 4 "for begins"
expect_eq "$(count kind=work construct=for endpoint=end)" 4 "for ends"
expect_eq "$(count kind=dispatch construct=for)" 10 "dispatched chunks"
expect_eq "$(dumpq run kind=dispatch construct=for --field chunk_iterations | sort -u)" 10 "chunk size"
expect_eq "$(count kind=work construct=single endpoint=begin)" 4 "single begins"
expect_eq "$(count kind=work construct=single endpoint=end)" 4 "single ends"
expect_eq "$(count kind=task_create construct=task)" 6 "tasks created"
expect_eq "$(count kind=task construct=task endpoint=begin)" 6 "task begins"
expect_eq "$(count kind=task construct=task endpoint=end)" 6 "task ends"
expect_eq "$(count kind=sync construct=taskwait endpoint=begin)" 1 "taskwait begin"
expect_eq "$(count kind=sync construct=taskwait endpoint=end)" 1 "taskwait end"
# waits are fields, never events of their own
expect_eq "$(count kind=sync_wait)" 0 "no separate wait events"
expect_eq "$(count kind=mutex endpoint=end wait_ns!=0)" 0 "mutex end carries no wait"
expect_eq "$(dumpq run kind=mutex endpoint=begin --field wait_ns | grep -vc '^[0-9][0-9]*$' || true)" 0 "every mutex begin has wait_ns"

# Every thread: begins and ends balance for each kind and construct.
unbalanced=$(dumpq run --fields thread,kind,construct,endpoint | awk '
  $NF == "begin" { n[$1 " " $2 " " $3]++ } $NF == "end" { n[$1 " " $2 " " $3]-- }
  END { for (k in n) if (n[k] != 0) print k, n[k] }')
expect_eq "$unbalanced" "" "unbalanced begin/end"
expect_eq "$(dumpq run --fields thread | sort -un | tr '\n' ' ')" "0 1 2 3 " "thread numbers"
expect_eq "$(count kind=thread endpoint=begin thread=0 thread_type=1)" 1 "thread 0 is the initial thread"

# codeptr_ra of a critical section maps to its directive's line
pragma_line=$(grep -n '#pragma omp critical' "$src" | cut -d: -f1)
expect_eq "$(dumpq run kind=mutex construct=critical endpoint=begin --field line | sort -u)" "$pragma_line" "critical line"

# the trace is complete and nothing was lost
"$OI" dump --header run > dump.jsonl
header=$(head -n 1 dump.jsonl)
echo "$header" | grep -q '"complete":true' || fail "trace not complete: $header"
echo "$header" | grep -q '"lost_events":0' || fail "events lost: $header"
echo "$header" | grep -q '"runtime":"LLVM OMP' || fail "no runtime info: $header"
