# omp_control_tool pause/start/flush/end are honoured and recorded.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/control_tool.c"
out=$("$OI" run -o run -- ./prog run 2>/dev/null | tr '\n' ' ')
expect_eq "$out" "pause=0 start=0 flush=0 grew=1 end=0 " "program output"
expect_eq "$(dumpq run kind=mutex construct=critical endpoint=begin --count)" 40 "critical begins recorded"
expect_eq "$(dumpq run kind=mutex construct=critical endpoint=end --count)" 40 "critical ends recorded"
expect_eq "$(dumpq run kind=parallel endpoint=begin --count)" 2 "parallel regions recorded"
expect_eq "$(dumpq run kind=control_tool --fields command,modifier | tr '\n' ';')" "2 0;1 0;3 7;4 0;" "control events"
"$OI" dump --header run > header.jsonl
head -n 1 header.jsonl | grep -q '"complete":true' || fail "trace not complete"
