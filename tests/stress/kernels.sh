# 200 distinct target regions run on the host device, each a parallel region
# of 2 threads with a masked region: about 1,000 distinct kernel constructs,
# over ten times the counted-construct table's bound of the small build (64
# slots; 65,536 in the tool). Every instance is counted, none lost: the
# table grows, and at its bound spills its counts as count events. Plain
# and plugin builds, small and full tools: the same exact counts.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/stress/lib_stress.sh"
kernels=200
steps=3
gen kernels $kernels prog.c
cc_plain plain prog.c -g $OI_HOST_OFFLOAD
cc_plugin plugin prog.c -g $OI_HOST_OFFLOAD
native=$(./plain $steps)
expect_eq "$native" "kernels=$((kernels * steps)) threads=$((2 * kernels * steps))" "native run"
for build in plain plugin; do
  for tool in small full; do
    run=$build-$tool
    recorded $tool $run "$native" ./$build $steps
    expect_eq "$(dumpq $run kind=kernel endpoint=begin --count)" $((kernels * steps)) "$run: kernels"
    expect_eq "$(dumpq $run kind=parallel --count)" 0 "$run: no parallel event of a kernel"
    expect_eq "$(counted $run parallel)" $((kernels * steps)) "$run: parallel instances"
    expect_eq "$(counted $run masked)" $((kernels * steps)) "$run: masked instances"
    expect_eq "$(counted $run "implicit task")" $((2 * kernels * steps)) \
      "$run: implicit task instances"
  done
  # one code address per target region
  expect_eq "$(dumpq $build-small kind=construct_count --field codeptr | sort -u | wc -l)" \
    $kernels "$build: target regions counted"
done
# The plugin build's 600 sites pass the test build's site table (127, see
# stress_sites): the data operations of the targets beyond it name no
# variable, which the invariant every test's folders are held to refuses.
rm -rf plugin-small
