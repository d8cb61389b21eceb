# ompt-inst's usage messages and exit codes (no program is run).
source "$OI_SRC/tests/lib.sh"

set +e
"$OI" > out 2> err; rc=$?
set -e
expect_eq "$rc" 2 "no arguments: exit code"
grep -q '^usage: ompt-inst COMMAND' err || fail "no arguments: usage on stderr"
[ ! -s out ] || fail "no arguments: stdout must stay empty"

"$OI" --help > out 2> err
grep -q '^usage: ompt-inst COMMAND' out || fail "--help: usage on stdout"
grep -q '127 program not' out || fail "--help: exit codes documented"
# every command line form and report format, from the command table
grep -q '^  report DIR --capabilities  *per event kind' out || fail "--help: report --capabilities"
grep -q '^  *text, annotate, json, html, chrome, otf2, summary$' out || fail "--help: report formats"
for command in run dump report cc c++; do
  grep -q "^  $command " out || fail "--help: $command"
done
[ ! -s err ] || fail "--help: stderr must stay empty"
"$OI" -h > out
grep -q '^usage: ompt-inst COMMAND' out || fail "-h: usage on stdout"

# --version: the release, then every flavour `ompt-inst cc` drives, this
# build's first, each with its clang, runtime and plugin
"$OI" --version > version.txt
expect_eq "$(head -n 2 version.txt)" "ompt-inst 0.1.0 (LLVM $OI_LLVM)
flavours (ompt-inst cc --clang=clang-N):" "--version"
expect_eq "$(sed -n 3p version.txt)" "  LLVM $OI_LLVM  this build's own" "--version: the own flavour first"
grep -qx "           clang   $OI_CLANG" version.txt || fail "--version: no clang line: $(cat version.txt)"
grep -qx "           runtime $OI_RUNTIME_DIR" version.txt || fail "--version: no runtime line"
grep -qx "           plugin  $OI_PLUGIN" version.txt || fail "--version: no plugin line"
registered=$(ls "$OI_BUILD/lib/ompt-inst-flavours" | grep -vcx "$OI_LLVM" || true)
expect_eq "$(grep -c '^  LLVM .* registered$' version.txt)" "$registered" "--version: registered flavours"

set +e
"$OI" frobnicate > out 2> err; rc=$?
set -e
expect_eq "$rc" 2 "unknown command: exit code"
expect_eq "$(head -1 err)" "ompt-inst: unknown command 'frobnicate'" "unknown command: message"

# subcommands: missing and unknown arguments are usage errors, --help is not
for args in "dump" "dump a b" "dump --bogus x" "run" "run -o" "run --bogus prog"; do
  set +e
  "$OI" $args > out 2> err; rc=$?
  set -e
  expect_eq "$rc" 2 "'$args': exit code"
  grep -q "^usage: ompt-inst ${args%% *}" err || fail "'$args': usage on stderr"
done
"$OI" dump --help | grep -q '^usage: ompt-inst dump' || fail "dump --help"
"$OI" run --help | grep -q '^usage: ompt-inst run' || fail "run --help"
echo ok
