# Every field of `ompt-inst dump` on a synthetic trace whose values are known.
source "$OI_SRC/tests/lib.sh"

dir=$("$OI_BUILD/tests/cli/write_synthetic_trace")
mv "$dir" run
q() { dumpq run "$@"; }

expect_eq "$(q --count)" 8 "events"
# file order: thread 0's record, then thread 3's
expect_eq "$(q --field kind | tr '\n' ' ')" \
  "target data_op data_op map parallel flush data_op thread " "order"

# site attribution, and the construct as written
expect_eq "$(q kind=target --fields endpoint,origin,construct,line,col,function,end_line,site,codeptr,time_ns,target_id,device,thread)" \
  "begin merged target teams distribute parallel for 12 3 main 40 7 0x401234 5000 1 4 0" "target event"
expect_eq "$(q kind=target --field file)" '/src/we"ird\app.c' "escaped file name"

# data operations: the map item, its map type, the hash only when valid
expect_eq "$(q kind=data_op site=7 --fields op,origin,bytes,host_addr,device_addr,device,var,map_type,map_modifiers,hash,hash_valid,duration_ns)" \
  "to_device inferred 800 0x7ffd0000 0x5000 4 a[0:n] tofrom  0xabc true 1500
delete inferred 800 0x7ffd0000 0x5000 4 b to always   1500" "data ops"
expect_eq "$(q kind=map --fields var,map_type,target_id,device,host_addr,bytes,endpoint)" \
  "b to 1 -1 0x7ffd0100 4 " "map event"
expect_eq "$(q kind=data_op site=99 --fields var,var_index,file)" " 1 " "unknown site"

# flags as booleans, no endpoint/construct/location when there is none
expect_eq "$(q kind=parallel --fields implicit,nowait,async,team_size,file,site)" "true true  2  " "flags"
expect_eq "$(q kind=flush --fields construct,endpoint,module,offset,codeptr)" \
  "  /nonexistent/libfoo.so 0xabc 0x10000abc" "module fallback"
expect_eq "$(q kind=thread --fields thread,thread_type,time_ns)" "3 2 100" "thread event"

# keys that must be absent, not empty
"$OI" dump run > all.jsonl
grep -q '"construct":""' all.jsonl && fail "empty construct printed"
grep -q '"hash":' <(sed -n 3p all.jsonl) && fail "invalid hash printed"

# --header: info (repeated keys as arrays), capabilities by name, threads
"$OI" dump --header run > with_header.jsonl
expect_eq "$(wc -l < with_header.jsonl)" 9 "header + events"
"$OI_PYTHON" - with_header.jsonl <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
h = json.loads(lines[0])
assert h["record"] == "header", h
assert h["info"]["program"] == '/bin/app "quoted"\ttab', h["info"]
assert h["info"]["argv"] == ["app", "-n"], h["info"]
assert h["capabilities"] == {"parallel_begin": 5, "target_map": 1}, h["capabilities"]
assert [t["os_tid"] for t in h["threads"]] == [1001, 1004], h["threads"]
assert h["complete"] is True and h["event_count"] == 8 and h["lost_events"] == 0, h
assert h["sites"] == 1 and h["modules"][0]["path"] == "/nonexistent/libfoo.so", h
assert h["pid"] == 4242 and h["duration_ns"] == 999999, h
PY
echo ok
