# Map items past ten times their bounds: 2,560 items of one target data
# region (a construct's items, OI_SITE_ITEMS 256), 2,560 deferred target
# tasks (target nowait) of an item each (the deferred-items ring of 256
# tasks) and one deferred task of 320 items (32 kept per task). Past a
# bound only a variable name is missing: every data operation is recorded
# (alloc, to, from, delete of each item), nothing is lost.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/stress/lib_stress.sh"
n=2560
gen items $n prog.c
cc_plain plain prog.c -g $OI_HOST_OFFLOAD
cc_plugin plugin prog.c -g $OI_HOST_OFFLOAD
native=$(./plain)
expect_eq "$native" "items=$n tasks=$((n + 1))" "native run"
for run in plain-small plain-full plugin-small plugin-full; do
  recorded ${run#*-} $run "$native" ./${run%-*}
  for op in alloc to_device from_device delete; do
    expect_eq "$(dumpq $run kind=data_op op=$op --count)" $((2 * n + n / 8)) "$run: $op"
  done
  expect_eq "$(dumpq $run kind=target endpoint=begin --count)" $((n + 3)) \
    "$run: target regions (the data region's enter and exit, the tasks)"
done
# The items past the bounds name no variable, which the invariant every
# test's folders are held to refuses in the plugin builds.
rm -rf plugin-small plugin-full
