# The compiler hook receiver, driven by a program that calls the hook table
# directly with hand-written descriptors (no plugin needed).
. "$OI_SRC/tests/lib.sh"
"$OI_CLANG" -fopenmp -I"$OI_SRC/include" "$OI_SRC/tests/shim/programs/hooks_direct.c" -o prog

# Without the shim the program gets no table and runs on.
expect_eq "$(./prog)" "no tool: rc=-2" "without the shim"

# Without native callbacks every hook point is a compiler event.
OMPT_INST_DISABLE_NATIVE=all "$OI" run -o run -- ./prog > out 2>/dev/null
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
# ... carrying the runtime's team size and thread number
expect_eq "$(dumpq run kind=implicit_task origin=compiler endpoint=begin --fields team_size,thread_num | sort | tr '\n' ';')" \
  "4 0;4 1;4 2;4 3;" "team size and thread numbers"
expect_eq "$(count kind=construct construct=barrier site=2 endpoint=begin)" 4 "barrier begins"
expect_eq "$(count kind=construct construct=barrier site=2 endpoint=end)" 4 "barrier ends"
expect_eq "$(dumpq run site=2 --field line | sort -u)" 12 "line from the descriptor"

# 4 threads raced to register 64 new sites: one id per site, seen 4 times
# (atomic sites are counted: one count event per thread and site)
dumpq run origin=compiler kind=construct_count construct=atomic --fields site,count |
  awk '{s[$1] += $2} END {for (k in s) print s[k]}' | sort -u > race_counts
expect_eq "$(cat race_counts)" 4 "instances per raced site"
expect_eq "$(dumpq run origin=compiler construct=atomic --field site | sort -u | wc -l)" 64 "ids of raced sites"
"$OI" dump --header run > header.jsonl
head -n 1 header.jsonl | grep -q '"sites":67}' || fail "site records: $(head -c 300 header.jsonl)"

# target_enter: the construct's begin, then one map event per item (with the
# device; the begin event keeps it in event.device, which the dump omits)
expect_eq "$(count kind=construct site=67 endpoint=begin)" 1 "target construct begin"
expect_eq "$(count kind=construct site=67 endpoint=end)" 1 "target construct end"
expect_eq "$(dumpq run kind=map origin=compiler site=67 --fields var,host_addr,bytes,device | tr '\n' ';')" \
  "a[0:100] $a 800 0;b $b 8 0;" "map items"
expect_eq "$(dumpq run origin=compiler construct=target --count)" 0 "leaf construct spelled by the site"
# no device here: nothing is inferred
expect_eq "$(dumpq run kind=data_op --count)" 0 "inferred data operations without a device"
expect_eq "$(count)" $((2 + 8 + 8 + 4 * 64 + 2 + 2)) "all compiler events"

# With the native callbacks, constructs the runtime reports are merged: the
# runtime's events take the sites, the hooks add nothing of their own.
"$OI" run -o merged -- ./prog > /dev/null 2>&1
expect_eq "$(dumpq merged kind=parallel origin=merged site=1 --count)" 2 "parallel begin/end merged"
expect_eq "$(dumpq merged kind=implicit_task origin=merged site=1 endpoint=begin --field thread | sort -n | tr '\n' ' ')" \
  "0 1 2 3 " "implicit tasks merged on every thread"
expect_eq "$(dumpq merged kind=implicit_task origin=native --count)" 0 "no implicit task left unmerged"
expect_eq "$(dumpq merged kind=sync origin=merged site=2 endpoint=begin --count)" 4 "explicit barriers merged"
expect_eq "$(dumpq merged origin=compiler kind=construct_count construct=atomic --count)" $((4 * 64)) "atomic stays compiler"
expect_eq "$(dumpq merged origin=compiler kind=implicit_task --count)" 0 "no compiler implicit task"
expect_eq "$(dumpq merged origin=compiler kind=construct construct='parallel for' --count)" 0 "no compiler parallel event"
expect_eq "$(dumpq merged origin=compiler kind=construct construct=barrier --count)" 0 "no compiler barrier event"
expect_eq "$(dumpq merged kind=map origin=compiler site=67 --count)" 2 "map items stay compiler"

# the hook-table request is not an event
expect_eq "$(dumpq run kind=control_tool --count)" 0 "control_tool events"
