# A program that leaves without exit() — _exit, _Exit, quick_exit, the exec
# family — under `ompt-inst run`: exit status and output as without the tool,
# and a whole trace with every region (before, all events were lost). An
# image run by exec records into a folder of its own, never over the first.
# A vforked child's _exit leaves the parent's trace alone.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/leave_without_exit.c"
n=500

whole() { # folder, regions expected
  expect_eq "$(dumpq "$1" kind=parallel endpoint=end --count)" "$2" "$1: parallel regions ended"
  "$OI" dump --header "$1" > header.jsonl 2>/dev/null
  head -n 1 header.jsonl | grep -q '"complete":true,.*"lost_events":0,' ||
    fail "$1: trace not whole: $(head -c 300 header.jsonl)"
}

for how in _exit _Exit quick_exit; do
  rc=0; ./prog $n $how > native.out || rc=$?
  expect_eq "$rc" 5 "$how: native exit status"
  rc=0; "$OI" run -o $how -- ./prog $n $how > out 2> err || rc=$?
  expect_eq "$rc" 5 "$how: exit status"
  cmp -s out native.out || fail "$how: output differs: $(cat out)"
  whole $how $n
done

for how in execv execlp execle; do
  # natively from a folder of its own (argv[0] is ../prog)
  mkdir native-$how
  rc=0; (cd native-$how && ../prog $n $how > ../native.out) || rc=$?
  expect_eq "$rc" 6 "$how: native exit status"
  rc=0; "$OI" run -o $how -- ./prog $n $how > out 2> err || rc=$?
  expect_eq "$rc" 6 "$how: exit status (the exec'd image's)"
  cmp -s out native.out || fail "$how: output differs: $(cat out)"
  whole $how $n
  # the exec'd image, same pid, recorded on its own: the default folder
  again=$(ls -d ompt-inst-prog-* 2>/dev/null | head -n 1)
  [ -n "$again" ] || fail "$how: no folder for the exec'd image"
  whole "$again" 1
  rm -rf "$again"
done

rc=0; ./prog $n vfork > native.out || rc=$?
"$OI" run -o vforked -- ./prog $n vfork > out 2> err || rc=$?
expect_eq "$rc" 0 "vfork: exit status"
cmp -s out native.out || fail "vfork: output differs: $(cat out)"
whole vforked $((2 * n))
echo ok
