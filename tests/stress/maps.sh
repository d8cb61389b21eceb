# 1,280 distinct map items, each mapped to the host device by a target
# data region of its own: exactly 4 data operations each (alloc, to, from,
# delete), every item at its own address and named, nothing lost; plain
# build under both tools, plugin build under the tool (the test build's
# 127 sites would leave the plugin build's items beyond them unnamed, see
# stress_sites).
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/stress/lib_stress.sh"
n=1280
gen maps $n prog.c
cc_plain plain prog.c -g $OI_HOST_OFFLOAD
cc_plugin plugin prog.c -g $OI_HOST_OFFLOAD
for run in plain-small plain-full plugin-full; do
  recorded ${run#*-} $run "maps=$n" ./${run%-*}
  for op in alloc to_device from_device delete; do
    expect_eq "$(dumpq $run kind=data_op op=$op --count)" $n "$run: $op"
  done
  expect_eq "$(dumpq $run kind=data_op op=alloc --field host_addr | sort -u | wc -l)" $n "$run: items"
  # the tool names each (the plain build through libompt-inst-offload.so,
  # which `ompt-inst run` preloads)
  [ $run = plain-small ] ||
    expect_eq "$(dumpq $run kind=data_op op=alloc --field var | sort -u | wc -l)" $n "$run: items named"
done
