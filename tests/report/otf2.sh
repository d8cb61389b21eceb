# The OTF2 archive reads back with otf2-print: as many ENTER as LEAVE events,
# one pair per slice of the Chrome trace, regions with source lines.
source "$OI_SRC/tests/lib.sh"
src="$OI_SRC/tests/report/programs/transfers.c"
target=$(grep -n 'pragma omp target' "$src" | cut -d: -f1)
cc_plugin prog "$src" -g $OI_HOST_OFFLOAD
"$OI" run -o run ./prog > /dev/null 2>&1
"$OI" report run --format otf2 --output archive
[ -f archive/traces.otf2 ] || fail "no anchor file"
otf2-print archive/traces.otf2 > events.txt || fail "otf2-print failed"
enters=$(grep -c '^ENTER ' events.txt)
leaves=$(grep -c '^LEAVE ' events.txt)
begins=$(dumpq run endpoint=begin kind!=thread --count)
data=$(dumpq run kind=data_op endpoint!=begin --count)
expect_eq "$enters" "$((begins + data))" "ENTER events"
expect_eq "$leaves" "$enters" "LEAVE events"
grep -q 'Region: "kernel @transfers.c:'"$target"'"' events.txt || fail "kernel region"
otf2-print -G archive/traces.otf2 > defs.txt
grep -E '^REGION ' defs.txt > regions.txt
grep -q "kernel @transfers.c:$target.*File: \".*/transfers.c\" <[0-9]*>, Begin: $target, End: $((target + 2))" regions.txt \
  || fail "region with its source line: $(grep -m3 '^REGION' defs.txt)"
expect_eq "$(grep -c '^LOCATION ' defs.txt)" "3" "locations: 2 threads and device 0"
# an existing archive is never overwritten
"$OI" report run --format otf2 --output archive 2> err && fail "overwrote an archive"
grep -q "exists already" err || fail "message for an existing archive: $(cat err)"
echo ok
