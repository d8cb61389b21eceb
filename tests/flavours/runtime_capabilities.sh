# A target program built by `ompt-inst cc` of the clang 14 build runs on the
# privately unpacked LLVM 14 runtime; that runtime refuses every device
# callback, which `report --capabilities` shows, and the dump's data
# operations are then all inferred from the map clauses, with the variables
# as written and their exact bytes.
. "$OI_SRC/tests/lib.sh"
# `ompt-inst cc` and `run` must find the private runtime by themselves
unset LD_LIBRARY_PATH LIBRARY_PATH C_INCLUDE_PATH CPLUS_INCLUDE_PATH
src="$OI_SRC/tests/report/programs/transfers.c"
"$OI" cc -O1 $OI_HOST_OFFLOAD "$src" -o prog
ldd ./prog > prog.ldd
for lib in libomp.so.5 libomptarget.so; do
  grep -q "^[[:space:]]*$lib => $OI_RUNTIME_DIR/$lib " prog.ldd ||
    fail "$lib does not come from the private runtime: $(cat prog.ldd)"
done
"$OI" run -o run ./prog > prog.out || fail "ompt-inst run failed"
expect_eq "$(cat prog.out)" "999.0" "program output"

"$OI" report run --capabilities > caps.txt || fail "report --capabilities failed"
# callback=answer for each kind: the device side is refused (never = 1)
for row in "device_init device_initialize=never" "target target_emi=never" \
           "kernel target_submit_emi=never" "data_op target_data_op_emi=never" \
           "map target_map_emi=never" "dispatch dispatch=never" \
           "parallel parallel_begin=always" "work work=always"; do
  set -- $row
  expect_eq "$(awk -v k="$1" '$1 == k { print $2 }' caps.txt)" "$2" "capability of $1"
done
expect_eq "$(awk '$1 == "data_op" { print $3, $4, $5, $6, $7, $8 }' caps.txt)" "0 0 0 70 0 inferred" \
  "data_op origins (native compiler merged inferred interposed source)"

# 10 rounds of map(to: a[0:N]) map(tofrom: b[0:N]), N = 1000 doubles
expect_eq "$(dumpq run kind=data_op origin!=inferred --count)" 0 "data ops not inferred"
dumpq run kind=data_op --fields op,var,bytes,line | sort | uniq -c |
  awk '{ $1 = $1; print }' > ops.txt
expect_eq "$(cat ops.txt)" "10 alloc a[0:N] 8000 14
10 alloc b[0:N] 8000 14
10 delete a[0:N] 8000 14
10 delete b[0:N] 8000 14
10 from_device b[0:N] 8000 14
10 to_device a[0:N] 8000 14
10 to_device b[0:N] 8000 14" "inferred data ops"
# no target or kernel event from the runtime at all
expect_eq "$(dumpq run origin=native kind=target --count)" 0 "native target events"
expect_eq "$(dumpq run origin=native kind=kernel --count)" 0 "native kernel events"
# and the report says so
"$OI" report run > report.txt
grep -q '^  data ops  inferred from map clauses (the runtime reports none)$' report.txt ||
  fail "text report does not say the data operations were inferred"
"$OI" report run --format json | "$OI_PYTHON" -c '
import json, sys
o = json.load(sys.stdin)["run"]["data_ops_by_origin"]
sys.exit(0 if o == {"native": 0, "compiler": 0, "merged": 0, "inferred": 70, "interposed": 0}
         else f"origins {o}")'

# The primary build's `ompt-inst run` runs it on its own runtime too: the
# program's RUNPATH names LLVM 14's folder, which an LD_LIBRARY_PATH entry
# for LLVM 19 would override (the data operations would come from 19's).
OI_19="$OI_BUILD_19/bin/ompt-inst"
[ -x "$OI_19" ] || fail "no primary build at $OI_BUILD_19"
"$OI_19" run -o run19 ./prog > prog19.out || fail "the primary ompt-inst run failed"
"$OI_19" report run19 --capabilities > caps19.txt || fail "report --capabilities failed"
expect_eq "$(awk '$1 == "data_op" { print $2 }' caps19.txt)" "target_data_op_emi=never" \
  "the primary ompt-inst runs a clang 14 program on LLVM 14's runtime"
echo ok
