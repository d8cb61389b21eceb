# Data mapping three ways (tests/shim/programs/mappings.c): the merged run
# names every native operation's variable and site, the inferred run (no
# device callbacks) replays the same operations from the map clauses, the
# plain -g run names them from its calls into the offload runtime, and
# without those shows what the runtime alone reports.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/shim/lib_unify.sh"
build_three "$OI_SRC/tests/shim/programs/mappings.c" $OI_HOST_OFFLOAD
./plain > expected.out
run_three

# What LLVM 19 does, construct by construct (line: operations).
expected="alloc 2048 a a 34
to_device 2048 a a 34
alloc 2048 b b 34
alloc 2048 c c 34
to_device 2048 c c 34
from_device 2048 c c 34
from_device 2048 b b 34
delete 2048 c c 34
delete 2048 b b 34
delete 2048 a a 34
alloc 2048 a a 42
to_device 2048 a a 42
alloc 2048 b b 42
to_device 2048 b b 42
to_device 2048 b b 48
from_device 2048 b b 51
to_device 8 b b[0:1] 53
from_device 2048 b b 42
delete 2048 b b 42
delete 2048 a a 42
alloc 2048 d d 57
to_device 2048 d d 57
from_device 2048 d d 63
delete 2048 d d 63
alloc 1024 c c[0:HALF] 64
delete 1024 c c[0:HALF] 65
alloc 2056 s.v s.v[0:N] 68
to_device 2048 s.v s.v[0:N] 68
from_device 2048 s.v s.v[0:N] 68
delete 2056 s.v s.v[0:N] 68"
for r in 1 2 3; do
  expected="$expected
alloc 2048 a a[0:N] 74
to_device 2048 a a[0:N] 74
from_device 2048 a a[0:N] 74
delete 2048 a a[0:N] 74"
done
expected="$expected
alloc 2048 c c 81
to_device 2048 c c 81
delete 2048 c c 82
alloc 1024 d d[0:HALF] 85
delete 1024 d d[0:HALF] 85"

# Merged: each operation once, from the runtime, with its variable and the
# line of its construct (the present a and b of lines 44/48 move nothing
# but what `always` and `update` force).
expect_eq "$(data_ops merged op,bytes,host_addr,var,line)" "$expected" "merged: operations with variables"
expect_eq "$(q merged kind=data_op origin!=native --count)" 0 "merged: data operations come from the runtime"
expect_eq "$(q merged kind=data_op var= --count)" 0 "merged: every operation names its variable"
expect_eq "$(q merged kind=target endpoint=begin origin=merged --count)" 23 "merged: target regions merged with their sites"
expect_eq "$(q merged kind=target origin=native --count)" 0 "merged: no target region without its site"
# the hooks report only the if(false) target at line 83: the runtime does not
expect_eq "$(q merged kind=construct --fields line,endpoint,origin | tr '\n' ';')" "83 begin compiler;83 end compiler;" "merged: no compiler construct event twice"
expect_eq "$(q merged kind=target line=83 --count)" 0 "merged: no runtime region for if(false)"
# its begin carries the hook's if() value (false) and map item count; the end neither
expect_eq "$(q merged kind=construct line=83 --fields endpoint,if_value,nitems | tr '\n' ';')" "begin 0 1;end  ;" "merged: the if(false) region's if_value and nitems"
# a target data region is two runtime regions, at its start and its end
expect_eq "$(q merged kind=target line=42 --fields endpoint | tr '\n' ' ')" "begin end begin end " "merged: target data"

# Inferred: the same operations, in the same order, from the map clauses.
expect_eq "$(data_ops inferred op,bytes,host_addr,var,line)" "$expected" "inferred: operations equal the runtime's"
expect_eq "$(q inferred kind=data_op origin!=inferred --count)" 0 "inferred: origin"
expect_eq "$(q inferred kind=target --count)" 0 "inferred: no native target region"
expect_eq "$(q inferred kind=construct endpoint=begin origin=compiler construct='target update' --count)" 2 "inferred: compiler constructs"
# host data hashed as the runtime's copies are: before a copy to the device,
# after a copy back (the program is deterministic, so both runs agree)
expect_eq "$(q inferred kind=data_op --fields op,hash | grep -c _device)" 21 "inferred: transfers"
expect_eq "$(q inferred kind=data_op --fields op,hash)" "$(q merged kind=data_op --fields op,hash)" "inferred: hashes equal the runtime's"
# timing: the hook's time, no duration of its own
expect_eq "$(q inferred kind=data_op --field duration_ns | sort -u)" 0 "inferred: duration"

# Native (plain -g): the runtime's operations, named and placed from the
# program's calls into the offload runtime (libompt-inst-offload.so) as the
# merged run's are. Without that library (OMPT_INST_OFFLOAD_CALLS=0) the
# runtime alone has the same operations, without variables or sites.
expect_eq "$(data_ops native op,bytes,host_addr,var,line)" "$expected" "native: operations with variables"
OMPT_INST_OFFLOAD_CALLS=0 "$OI" run -o runtime_only -- ./plain > runtime_only.out 2>/dev/null
expect_eq "$(last_line runtime_only.out)" "$(last_line expected.out)" "runtime_only: program result"
expect_eq "$(data_ops runtime_only op,bytes,host_addr)" "$(echo "$expected" | cut -d' ' -f1-3)" "runtime_only: operations"
expect_eq "$(q runtime_only kind=data_op var!= --count)" 0 "runtime_only: no variables"
expect_eq "$(q runtime_only kind=data_op site!= --count)" 0 "runtime_only: no sites"

# ompt-inst report --capabilities: where each kind came from in each run
source_of() { "$OI" report "$1" --capabilities | awk -v k="$2" '$1 == k { print $2, $NF }'; }
expect_eq "$(source_of merged data_op)" "target_data_op_emi=always runtime" "capabilities: merged data_op"
expect_eq "$(source_of merged target)" "target_emi=always both" "capabilities: merged target"
expect_eq "$(source_of merged map)" "target_map_emi=never compiler" "capabilities: merged map"
expect_eq "$(source_of inferred data_op)" "target_data_op_emi=disabled inferred" "capabilities: inferred data_op"
expect_eq "$(source_of inferred construct)" "- compiler" "capabilities: inferred construct"
expect_eq "$(source_of native data_op)" "target_data_op_emi=always runtime" "capabilities: native data_op"
# the map events of a plain build come through the hook table as the
# plugin's do, from its calls into the offload runtime: labelled compiler
expect_eq "$(source_of native map)" "target_map_emi=never compiler" "capabilities: native map"
expect_eq "$(source_of runtime_only map)" "target_map_emi=never -" "capabilities: runtime_only map"
"$OI" report merged --capabilities --top 3 2> err && fail "--capabilities with another option"
expect_eq "$(cat err)" "ompt-inst report: --capabilities takes only the run folder, not --top" "capabilities: usage error"
