# Offloading to the host device: data operations with exact bytes, host and
# device addresses, order, and content hashes of the host side equal to
# the program's own (the definition of the shim's hash function); OMPT_INST_DISABLE_NATIVE switches callback groups off.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/target_copies.c" $OI_HOST_OFFLOAD "$OI_SRC/shim/aes_hash.c" -I"$OI_SRC" -lxxhash -lpthread

"$OI" run -o run -- ./prog > out 2>/dev/null
# the same output as without the tool, but for a's address (ASLR)
plain=$(./prog | sed 's/^a=0x[0-9a-f]*/a=ADDR/')
same_output() { expect_eq "$(sed 's/^a=0x[0-9a-f]*/a=ADDR/' out)" "$plain" "$1"; }
same_output "program output"
grep -q '^a\[999\]=1998$' out || fail "wrong result: $(cat out)"
addr=$(sed -n 's/^a=\(0x[0-9a-f]*\) .*/\1/p' out)
before=$(sed -n 's/^before=//p' out)
between=$(sed -n 's/^between=//p' out)
after=$(sed -n 's/^after=//p' out)

expect_eq "$(dumpq run kind=data_op --fields op,bytes,host_addr | tr '\n' ';')" \
  "alloc 8000 $addr;to_device 8000 $addr;from_device 8000 $addr;delete 8000 $addr;alloc 8000 $addr;to_device 8000 $addr;from_device 8000 $addr;delete 8000 $addr;" \
  "data operations in order (a delete named by the allocation it frees)"
# each region's four operations name one device buffer on device 0
dumpq run kind=data_op --field device_addr > device_addrs
expect_eq "$(head -n 4 device_addrs | sort -u | wc -l)" 1 "one device buffer in region 1"
expect_eq "$(tail -n 4 device_addrs | sort -u | wc -l)" 1 "one device buffer in region 2"
grep -qv '^0x0$' device_addrs || fail "no device address"
expect_eq "$(dumpq run kind=data_op --field device | sort -u)" 0 "device number"
expect_eq "$(dumpq run kind=data_op --field construct | sort -u)" target "construct of the data operations"
expect_eq "$(dumpq run kind=kernel --field construct | sort -u)" target "construct of the kernels"
expect_eq "$(dumpq run kind=data_op op=to_device --field hash | tr '\n' ' ')" "$before $between " "to_device hashes = host data before the copy"
expect_eq "$(dumpq run kind=data_op op=from_device --field hash | tr '\n' ' ')" "$between $after " "from_device hashes = host data after the copy"
[ "$between" = "$before" ] || fail "first kernel changed the data"
[ "$after" != "$between" ] || fail "second kernel did not change the data"
# The whole-hash function: the AES hash where the CPU runs it (VAES and
# AVX2; XXH3 under 2048 bytes), XXH3 on request, named in the run's info
# with the chunks of buffers from 4 MiB (whose value is the chunks'
# combination); the program's own hashes follow the same choice. An
# unknown name: one warning line, the default.
hash_code() { "$OI" dump --header "$1" | "$OI_PYTHON" -c 'import json, sys; print(json.loads(sys.stdin.readline())["info"]["hash_code"])'; }
if grep -qw vaes /proc/cpuinfo && grep -qw avx2 /proc/cpuinfo; then
  case "$(hash_code run)" in
    "oi-aes64 vaes, xxh3-64 "*" under 2048 bytes, by 1024 KiB chunks from 4096 KiB") ;;
    *) fail "hash function where the CPU has VAES: $(hash_code run)" ;;
  esac
else
  case "$(hash_code run)" in "xxh3-64 "*", by 1024 KiB chunks from 4096 KiB") ;; *) fail "hash function: $(hash_code run)" ;; esac
fi
OMPT_INST_HASH_FUNCTION=xxh3 "$OI" run -o xxh3 -- ./prog > xxh3.out 2> /dev/null
case "$(hash_code xxh3)" in "xxh3-64 "*", by 1024 KiB chunks from 4096 KiB") ;; *) fail "OMPT_INST_HASH_FUNCTION=xxh3: $(hash_code xxh3)" ;; esac
expect_eq "$(dumpq xxh3 kind=data_op op=to_device --field hash | tr '\n' ' ')" \
  "$(sed -n 's/^before=//p' xxh3.out) $(sed -n 's/^between=//p' xxh3.out) " "XXH3 hashes on request"
OMPT_INST_HASH_FUNCTION=bogus "$OI" run -o bogus -- ./prog > /dev/null 2> bogus.err
grep -qxF "ompt-inst: OMPT_INST_HASH_FUNCTION: unknown function 'bogus' (expected auto, aes or xxh3); using auto" bogus.err ||
  fail "no warning for an unknown hash function: $(cat bogus.err)"
expect_eq "$(hash_code bogus)" "$(hash_code run)" "an unknown hash function falls back to the default"
expect_eq "$(dumpq run kind=data_op op=alloc hash_valid=true --count)" 0 "allocations carry no hash"
expect_eq "$(dumpq run kind=data_op op=delete hash_valid=true --count)" 0 "deletes carry no hash"
expect_eq "$(dumpq run kind=target construct=target endpoint=begin device=0 --count)" 2 "target begins"
expect_eq "$(dumpq run kind=target construct=target endpoint=end device=0 --count)" 2 "target ends"
expect_eq "$(dumpq run kind=kernel endpoint=begin --count)" 2 "kernel begins"
expect_eq "$(dumpq run kind=kernel endpoint=end --count)" 2 "kernel ends"
expect_eq "$(dumpq run kind=device_load --count)" 1 "device image loads"
[ "$(dumpq run kind=device_init --count)" -ge 1 ] || fail "no device_init"
# each data operation lies within its target region, and takes time
dumpq run --fields kind,time_ns,duration_ns,endpoint > timeline
awk '$1 == "target" && $3 == "begin" { open = $2; last = 0 }
     $1 == "data_op" { if (!open || $2 < open || $3 == "") bad++; if ($2 + $3 > last) last = $2 + $3 }
     $1 == "target" && $3 == "end" { if (last > $2) bad++; open = 0 }
     END { exit bad }' timeline || fail "data operation outside its target region"

capability() { # DIR CALLBACK
  "$OI" dump --header "$1" > header.jsonl
  "$OI_PYTHON" -c 'import json,sys; print(json.loads(sys.stdin.readline())["capabilities"][sys.argv[1]])' "$2" < header.jsonl
}
expect_eq "$(capability run target_emi)" 5 "target_emi registered"
expect_eq "$(capability run parallel_begin)" 5 "parallel_begin registered"

# Without the device callbacks (and without the offload calls, which would
# give the data operations back, inferred: below): no device events,
# capabilities say 0.
OMPT_INST_OFFLOAD_CALLS=0 OMPT_INST_DISABLE_NATIVE=target "$OI" run -o no-target -- ./prog > out 2>/dev/null
same_output "output without device callbacks"
for kind in target kernel data_op map device_init device_load device_finalize; do
  expect_eq "$(dumpq no-target kind=$kind --count)" 0 "no-target: $kind events"
done
expect_eq "$(dumpq no-target kind=parallel --count)" 2 "no-target: host events remain"
OMPT_INST_DISABLE_NATIVE=target "$OI" run -o calls-no-target -- ./prog > out 2>/dev/null
same_output "output with the offload calls, without device callbacks"
expect_eq "$(dumpq calls-no-target kind=data_op origin!=inferred --count)" 0 "calls-no-target: data operations inferred"
expect_eq "$(dumpq calls-no-target kind=data_op --fields op,bytes | sort)" "$(dumpq run kind=data_op --fields op,bytes | sort)" \
  "calls-no-target: the runtime's data operations, inferred from the calls"
for cb in target_emi target_data_op_emi target_submit_emi device_initialize target target_data_op; do
  expect_eq "$(capability no-target $cb)" 0 "no-target: capability $cb"
done

# Without host callbacks: device events only; control_tool stays.
OMPT_INST_DISABLE_NATIVE=host "$OI" run -o no-host -- ./prog > /dev/null 2>&1
expect_eq "$(dumpq no-host kind=parallel --count)" 0 "no-host: parallel events"
expect_eq "$(dumpq no-host kind=implicit_task --count)" 0 "no-host: implicit tasks"
expect_eq "$(dumpq no-host kind=data_op --count)" 8 "no-host: data operations"
expect_eq "$(capability no-host parallel_begin)" 0 "no-host: capability parallel_begin"
expect_eq "$(capability no-host control_tool)" 5 "no-host: capability control_tool"

OMPT_INST_DISABLE_NATIVE=all,bogus OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=none ./prog > out 2> err
same_output "output without native callbacks"
expect_eq "$(cat err)" "ompt-inst: OMPT_INST_DISABLE_NATIVE: unknown group 'bogus' (expected host, target or all); ignored" "warning for an unknown group"
expect_eq "$(dumpq none --count)" 0 "all: no events"
