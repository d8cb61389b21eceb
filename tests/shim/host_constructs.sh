# Host constructs under the shim, in two parts (one test since the shim's
# and the merge's checks of the same constructs were joined):
#
# Alone (no plugin, tests/shim/programs/host_constructs.c): exact instance
# counts, one begin and one end per instance on every thread, waits folded
# into fields, source lines from codeptr_ra with -g.
#
# Three ways (tests/shim/programs/host_constructs_three_ways.c): the
# merged run has exactly the runtime's events, each construct the runtime
# reports merged with its site and nothing twice; atomic, simd and section
# stay compiler events; the plain -g run attributes the runtime's events to
# the pragma lines. OMPT_INST_DISABLE_NATIVE=host shows what the hooks alone
# see, which checks the construct → native kind table of shim/unify.c.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/shim/lib_unify.sh"

# --- alone
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

# --- three ways
build_three "$OI_SRC/tests/shim/programs/host_constructs_three_ways.c"
./plain > expected.out
run_three
OMPT_INST_DISABLE_NATIVE=host "$OI" run -o compiler -- ./plugin > compiler.out 2>/dev/null
expect_eq "$(cat compiler.out)" "$(cat expected.out)" "compiler: program result"

# Every runtime event once: per kind, as many begins (or single events) in
# the merged run as in the native run.
kinds() { q "$1" endpoint!=end kind!=construct kind!=construct_count --field kind | sort | uniq -c; }
expect_eq "$(kinds merged)" "$(kinds native)" "merged and native runs: events per kind"
expect_eq "$(q merged kind=construct origin!=compiler --count)" 0 "construct events come from hooks only"

# line kind merged-begins compiler-begins: a construct the runtime reports
# is `merged` on every thread that runs it, as often as the hooks see it
# (masked: on the one thread that executes the block, in both).
table="10 parallel 1 1
12 work 3 3
15 mutex 3 3
19 sync 3 3
20 work 3 3
22 task_create 1 1
24 sync 1 1
26 masked 1 1
28 work 3 3
35 work 3 3
37 mutex 6 6
40 sync 3 3
42 task_create 3 3
51 parallel 1 1"
while read -r line kind merged compiler; do
  expect_eq "$(q merged line=$line kind=$kind origin=merged endpoint!=end --count)" "$merged" "merged $kind at line $line"
  expect_eq "$(q compiler line=$line kind=construct origin=compiler endpoint=begin --count)" "$compiler" "compiler construct at line $line"
  expect_eq "$(q merged line=$line origin=compiler --count)" 0 "no compiler event at line $line"
done <<< "$table"
# implicit tasks of the two parallel regions, on every thread of the team
expect_eq "$(q merged kind=implicit_task endpoint=begin origin=merged --field line | sort | uniq -c | tr -s ' ' | tr '\n' ';')" \
  " 3 10; 2 51;" "merged implicit tasks"
expect_eq "$(q merged kind=implicit_task origin=native --count)" 0 "no implicit task without its site"

# Only the compiler sees these: atomic (lines 17, 43: counted per thread,
# one count event per thread), section (30, 32), simd (48).
for line in 17 43; do
  expect_eq "$(q merged line=$line kind=construct_count construct=atomic origin=compiler --field count |
    awk '{s += $1} END {print s}')" 3 "compiler atomic instances at line $line"
  expect_eq "$(q merged line=$line kind=construct --count)" 0 "no timed atomic at line $line"
done
for spec in 30:section:1 32:section:1 48:simd:1; do
  IFS=: read -r line construct count <<< "$spec"
  expect_eq "$(q merged line=$line kind=construct construct=$construct origin=compiler endpoint=begin --count)" "$count" "compiler $construct at line $line"
  expect_eq "$(q merged line=$line kind=construct endpoint=end --count)" "$count" "compiler $construct ends at line $line"
done

# Native-only events take the site of the construct they happen in: the
# dispatches of the loop at line 35 and its implicit barrier.
expect_eq "$(q merged kind=dispatch line=35 origin=native --count)" 3 "dispatches at the loop's line"
expect_eq "$(q merged kind=sync line=12 construct=for origin=native endpoint=begin --count)" 3 "implicit barrier of the loop at line 12"

# Explicit tasks run where their creator's site is not: they take it along.
expect_eq "$(q merged kind=task origin=native --fields line,endpoint | sort | uniq -c | tr -s ' ' | tr '\n' ';')" \
  " 1 22 begin; 1 22 end; 3 42 begin; 3 42 end;" "tasks at the lines of their task constructs"

# Plain -g build: the runtime's events at their pragma lines (libdw).
for spec in 10:parallel:1 12:work:3 15:mutex:3 19:sync:3 20:work:3 22:task_create:1 24:sync:1 26:masked:1 28:work:3 37:mutex:6 40:sync:3 42:task_create:3 51:parallel:1; do
  IFS=: read -r line kind count <<< "$spec"
  expect_eq "$(q native kind=$kind line=$line origin=native endpoint!=end --count)" "$count" "native $kind at line $line"
done
expect_eq "$(q native origin!=native --count)" 0 "native: origin"
