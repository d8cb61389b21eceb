# The compiler hook receiver, driven by a program that calls the hook table
# directly with hand-written descriptors (no plugin needed).
. "$OI_SRC/tests/lib.sh"
"$OI_CLANG" -fopenmp -I"$OI_SRC/include" "$OI_SRC/tests/shim/programs/hooks_direct.c" -o prog

# Without the shim the program gets no table and runs on.
expect_eq "$(./prog)" "no tool: rc=-2" "without the shim"

"$OI" run -o run -- ./prog > out 2>/dev/null
value() { tr ' ' '\n' < out | sed -n "s/^$1=//p"; }
a=$(value a) b=$(value b)
parallel=$(value parallel) barrier=$(value barrier) target=$(value target)
race=$(value race) rejected=$(value rejected)
expect_eq "$(head -n 1 out)" "abi=1 size=1" "hook table"
expect_eq "$parallel $barrier $race $rejected" "1 2 64 1" "site ids (first seen, first numbered; bad sites rejected)"
expect_eq "$target" 67 "target site id"

count() { dumpq run origin=compiler "$@" --count; }
# ENTER/EXIT of any site: construct begin/end on the encountering thread
expect_eq "$(count kind=construct construct='parallel for' site=1 endpoint=begin thread=0)" 1 "parallel enter"
expect_eq "$(count kind=construct construct='parallel for' site=1 endpoint=end thread=0)" 1 "parallel exit"
# BEGIN/END of a parallel site: an implicit task on every thread
expect_eq "$(count kind=implicit_task site=1 endpoint=begin)" 4 "implicit task begins"
expect_eq "$(count kind=implicit_task site=1 endpoint=end)" 4 "implicit task ends"
expect_eq "$(dumpq run kind=implicit_task origin=compiler endpoint=begin --field thread | sort -n | tr '\n' ' ')" "0 1 2 3 " "implicit tasks' threads"
# ... carrying the runtime's ids: each matches the native implicit task
ids=thread,endpoint,parallel_id,team_size,thread_num,task_id
dumpq run kind=implicit_task origin=compiler --fields $ids | sort > compiler_ids
dumpq run kind=implicit_task origin=native --fields $ids | sort > native_ids
expect_eq "$(cat compiler_ids)" "$(cat native_ids)" "ids of compiler and native implicit tasks"
expect_eq "$(awk '$4 == 4 && $6 != 0' compiler_ids | wc -l)" 8 "team size and task ids filled"
expect_eq "$(count kind=construct construct=barrier site=2 endpoint=begin)" 4 "barrier begins"
expect_eq "$(count kind=construct construct=barrier site=2 endpoint=end)" 4 "barrier ends"
expect_eq "$(dumpq run site=2 --field line | sort -u)" 12 "line from the descriptor"

# 4 threads raced to register 64 new sites: one id per site, seen 4 times
dumpq run origin=compiler construct=single --field site | sort -n | uniq -c | awk '{print $1}' | sort -u > race_counts
expect_eq "$(cat race_counts)" 4 "events per raced site"
expect_eq "$(dumpq run origin=compiler construct=single --field site | sort -u | wc -l)" 64 "ids of raced sites"
"$OI" dump --header run > header.jsonl
head -n 1 header.jsonl | grep -q '"sites":67}' || fail "site records: $(head -c 300 header.jsonl)"

# target_enter: the construct's begin, then one map event per item (with the
# device; the begin event keeps it in event.device, which the dump omits)
expect_eq "$(count kind=construct site=67 endpoint=begin)" 1 "target construct begin"
expect_eq "$(count kind=construct site=67 endpoint=end)" 1 "target construct end"
expect_eq "$(dumpq run kind=map origin=compiler site=67 --fields var,host_addr,bytes,device | tr '\n' ';')" \
  "a[0:100] $a 800 0;b $b 8 0;" "map items"
expect_eq "$(dumpq run origin=compiler construct=target --count)" 0 "leaf construct spelled by the site"
expect_eq "$(count)" $((2 + 8 + 8 + 4 * 64 + 2 + 2)) "all compiler events"

# the hook-table request is not an event
expect_eq "$(dumpq run kind=control_tool --count)" 0 "control_tool events"
