# omp_target_alloc memory has no host side: its allocations, deletes and
# the device side of copies are never hashed or given a host address. Data
# operations are named by the target region they happen in, if any.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/target_alloc.c" $OI_HOST_OFFLOAD
"$OI" run -o run -- ./prog > out 2>/dev/null
value() { tr ' ' '\n' < out | sed -n "s/^$1=//p"; }
h=$(value h) d1=$(value d1) d2=$(value d2)
expect_eq "$(value 'h\[99\]')" 99 "copied data"

# the library calls belong to no directive
dumpq run kind=data_op construct=other > api.jsonl
dq() { "$OI_PYTHON" "$OI_SRC/tests/dumpq.py" api.jsonl "$@"; }
expect_eq "$(dq op=alloc --fields bytes,host_addr,device_addr | tr '\n' ';')" \
  "800 0x0 $d1;800 0x0 $d2;" "allocations: no host address"
expect_eq "$(dq op=delete --fields host_addr,device_addr | tr '\n' ';')" \
  "0x0 $d1;0x0 $d2;" "deletes: no host address"
expect_eq "$(dq op=alloc hash_valid=true --count)$(dq op=delete hash_valid=true --count)" 00 "no hash without a host side"
# h -> d1 first, d2 -> h last, both hashed on the host side
expect_eq "$(dq op=to_device host_addr=$h device_addr=$d1 hash_valid=true --count)" 1 "copy from h"
expect_eq "$(dq op=from_device host_addr=$h device_addr=$d2 hash_valid=true --count)" 1 "copy to h"
# every transfer's hash is of the same 100 doubles (the runtime stages the
# device-to-device copy through a host buffer, which is host memory)
expect_eq "$(dq hash_valid=true --field hash | sort -u | wc -l)" 1 "one content"
expect_eq "$(dq hash_valid=true --count)" 4 "hashed transfers"

# target enter data: alloc + copy of h; target exit data: its delete
expect_eq "$(dumpq run kind=data_op construct='target enter data' --fields op,bytes,host_addr | tr '\n' ';')" \
  "alloc 800 $h;to_device 800 $h;" "data operations of target enter data"
expect_eq "$(dumpq run kind=data_op construct='target exit data' --field op)" delete "data operations of target exit data"
expect_eq "$(dumpq run kind=data_op --count)" 11 "all data operations (8 + 3)"
