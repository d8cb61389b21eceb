# Files that are not what they seem: a FIFO given to `dump` returns at once
# with an error; a FIFO or a planted symbolic link at the trace path is
# refused with one line, never followed or waited on, and the program runs
# on unchanged; a folder of someone else's files is not written into.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/print_env.c"

mkfifo fifo
rc=0
timeout 1 "$OI" dump fifo > out 2> err || rc=$?
expect_eq "$rc" 1 "dump of a FIFO: exit code (124: it hung)"
expect_eq "$(cat err)" "ompt-inst: fifo: not a regular file" "dump of a FIFO: message"

mkdir -m 700 fifo_run && mkfifo fifo_run/trace.oit
rc=0
out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=fifo_run timeout 5 ./prog 2>err) || rc=$?
expect_eq "$rc" 3 "program with a FIFO as its trace: exit code (124: it hung)"
expect_eq "$out" "threads=2 OMPT_INST_DIR=(unset)" "program with a FIFO as its trace: output"
expect_eq "$(cat err)" "ompt-inst: cannot create fifo_run/trace.oit: it is not a regular file; not recording" \
  "FIFO as the trace: message"

echo precious > precious
mkdir -m 700 planted && ln -s ../precious planted/trace.oit
rc=0
out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=planted ./prog 2>err) || rc=$?
expect_eq "$rc" 3 "planted link: exit code"
expect_eq "$(cat precious)" "precious" "the link's target is untouched"
expect_eq "$(cat err)" "ompt-inst: cannot create planted/trace.oit: it is a symbolic link; not recording" \
  "planted link: message"
rc=0
"$OI" dump planted > out 2> err || rc=$?
expect_eq "$rc" 1 "dump through a planted link: exit code"
expect_eq "$(cat err)" "ompt-inst: planted/trace.oit: a symbolic link, not a trace file" "dump through a planted link"

# a folder of other files (the root folder, say) or shared with others
mkdir -m 700 busy && echo mine > busy/notes.txt
rc=0
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=busy ./prog > /dev/null 2>err || rc=$?
expect_eq "$(cat err)" "ompt-inst: cannot use run folder 'busy': it holds files that are not an ompt-inst run's; not recording" "busy folder"
[ ! -e busy/trace.oit ] || fail "wrote into a folder of other files"
mkdir -m 777 shared
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=shared ./prog > /dev/null 2>err || true
expect_eq "$(cat err)" "ompt-inst: cannot use run folder 'shared': it is writable by other users; not recording" "shared folder"

# a fresh folder is private
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=fresh OMPT_INST_TRACE_ENCODING=plain ./prog > /dev/null 2>&1 ||
  true
expect_eq "$(stat -c %a fresh)" 700 "mode of a new run folder"
[ ! -e fresh/trace.reserve ] || fail "the reserve outlived the run"
# a trace whose module path names a FIFO (forged in the first format, which
# has no checksums): dump does not wait on it, it just cannot symbolize
mkfifo module_fifo
mkdir forged
"$OI_PYTHON" "$OI_SRC/tests/trace_to_older.py" --version 1 fresh/trace.oit forged/trace.oit \
  --module-path "$PWD/module_fifo"
rc=0
timeout 5 "$OI" dump --header forged > forged.jsonl 2> err || rc=$?
expect_eq "$rc" 0 "dump of a trace naming a FIFO as its module (124: it hung)"
grep -q "\"path\":\"$PWD/module_fifo\"" forged.jsonl || fail "forged module path not in the header"
echo ok
