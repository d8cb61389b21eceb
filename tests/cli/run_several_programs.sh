# `ompt-inst run` of a script that runs several OpenMP programs, one after
# the other and side by side: the first keeps the given folder, every other
# one records beside it in <folder>-<program>-<pid> with one line saying so,
# no trace overwrites another (before, each program truncated the last one's
# trace), the script's exit status is kept, and each program's exit summary
# is printed once: the first's by `ompt-inst run`, the others' by their shim.
. "$OI_SRC/tests/lib.sh"
unset OMPT_INST_QUIET
cc_plain prog "$OI_SRC/tests/cli/programs/exit_code.c"
cat > several.sh <<'SCRIPT'
./prog 0 > one.out 2>&1
./prog 0 > two.out 2>&1
./prog 0 > three.out 2>&1 & ./prog 0 > four.out 2>&1 & wait
exit 3
SCRIPT
rc=0
"$OI" run -o job -- sh several.sh 2> err || rc=$?
expect_eq "$rc" 3 "exit status of the script"
expect_eq "$(ls -d job* | wc -l)" 4 "run folders: $(ls -d job*)"
for folder in job job-prog-*; do
  "$OI" dump --header "$folder" > header.jsonl 2> dump.err || fail "$folder: dump: $(cat dump.err)"
  head -n 1 header.jsonl | grep -q '"complete":true,.*"lost_events":0,' ||
    fail "$folder: trace not whole: $(head -c 300 header.jsonl)"
  expect_eq "$(dumpq "$folder" kind=parallel endpoint=end --count)" 1 "$folder: its program's region"
done
# each program's pid (it prints it) names one folder, the first's aside
pids=$(sed -n 's/^out: 2 threads, pid \([0-9]*\)$/\1/p' one.out two.out three.out four.out | sort)
expect_eq "$(echo "$pids" | wc -l)" 4 "four programs ran"
beside=$(ls -d job-prog-* | sed 's/^job-prog-//' | sort)
expect_eq "$(comm -13 <(echo "$pids") <(echo "$beside"))" "" "every folder is one program's"
# (each program's stderr went to its own .out file)
expect_eq "$(cat one.out two.out three.out four.out | grep -c "^ompt-inst: '$(pwd -P)/job' holds the trace of an earlier program of this run; recording prog into '$(pwd -P)/job-prog-[0-9]*'$")" 3 \
  "one line per program beside the first: $(cat one.out two.out three.out four.out)"
details='^ompt-inst: details: ompt-inst report '
expect_eq "$(grep -c "$details" err)" 1 "summaries on the command's stderr: $(cat err)"
grep -q "$details$(pwd -P)/job\$" err || fail "the first program's summary: $(cat err)"
expect_eq "$(cat one.out two.out three.out four.out | grep -c "$details")" 3 \
  "summaries on the programs' stderr: $(cat one.out two.out three.out four.out)"
expect_eq "$(cat two.out three.out four.out | grep -c "$details$(pwd -P)/job-prog-[0-9]*\$")" 3 \
  "the summaries of the programs beside the first: $(cat two.out three.out four.out)"
echo ok
