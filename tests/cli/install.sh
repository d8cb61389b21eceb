# An installed ompt-inst finds its plugin and shim in <prefix>/lib.
source "$OI_SRC/tests/lib.sh"

cmake --install "$OI_BUILD" --prefix "$TEST_TMP/prefix" > /dev/null
P="$TEST_TMP/prefix"
for f in bin/ompt-inst lib/ompt-inst.so lib/libompt-inst.so; do
  [ -e "$P/$f" ] || fail "$f not installed"
done

"$P/bin/ompt-inst" run -o env -- sh -c 'echo "$OMP_TOOL_LIBRARIES"' > out 2> /dev/null
expect_eq "$(cat out)" "$P/lib/libompt-inst.so" "installed run uses the installed shim"
echo 'int main(void) { return 0; }' > x.c
"$P/bin/ompt-inst" cc -### x.c 2> jobs
grep -q -- "\"-load\" \"$P/lib/ompt-inst.so\"" jobs || fail "installed cc uses the installed plugin"

cc_plain prog "$OI_SRC/tests/cli/programs/exit_code.c"
set +e
"$P/bin/ompt-inst" run -o run ./prog 5 > out 2> err; rc=$?
set -e
expect_eq "$rc" 5 "exit code through the installed command"
events=$("$P/bin/ompt-inst" dump run | wc -l)
[ "$events" -gt 0 ] || fail "no events recorded by the installed shim"
expect_eq "$(tail -1 err)" "ompt-inst: $events events recorded in run" "summary line"
echo ok
