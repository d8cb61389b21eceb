# After fork() the child records nothing into the parent's trace (it shares
# the file and copies of the buffers): the parent's trace holds its own 40
# critical sections, ends once and is complete.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/fork_child.c"
out=$("$OI" run -o run -- ./prog 2>/dev/null)
expect_eq "$out" "before=20 after=20 child=5" "program output"
expect_eq "$(dumpq run kind=mutex construct=critical endpoint=begin --count)" 40 "critical begins (parent only)"
expect_eq "$(dumpq run kind=parallel endpoint=begin --count)" 2 "parallel regions (parent only)"
"$OI" dump --header run > header.jsonl
header=$(head -n 1 header.jsonl)
echo "$header" | grep -q '"complete":true' || fail "trace not complete: $header"
echo "$header" | grep -q '"event_count":'"$(dumpq run --count)"',' || fail "event count: $header"
expect_eq "$(ls -d ompt-inst-* 2>/dev/null | wc -l)" 0 "no folder for the child"
