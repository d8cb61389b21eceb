# The shape of a mini-app of 34 files: 178 target regions over 33 files of
# kernels and a main.c, run for 2 timesteps on the host device: 801 distinct
# kernel constructs (parallel, implicit task, for, masked, single, barrier),
# over ten times the counted-construct table's bound of the test build (64
# slots). Plain and plugin builds, small and full tools: complete, nothing
# lost, every instance counted, the same findings in both builds.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/stress/lib_stress.sh"
kernels=178
steps=2
"$OI_PYTHON" "$OI_SRC/tests/stress/gen_stress.py" miniapp $kernels src
expect_eq "$(ls src/*.c | wc -l)" 34 "translation units"
cc_plain plain src/main.c src/kernels*.c -g $OI_HOST_OFFLOAD
cc_plugin plugin src/main.c src/kernels*.c -g $OI_HOST_OFFLOAD
# the kernels alternate between a body with a loop and a masked block
# (even) and one with a single block and a barrier (odd)
even=$(((kernels + 1) / 2)) odd=$((kernels / 2))
native=$(./plain $steps)
case $native in
  "kernels=$((kernels * steps)) masked=$((even * steps)) singles=$((odd * steps)) sum="*) ;;
  *) fail "native run: $native" ;;
esac
for build in plain plugin; do
  for tool in small full; do
    run=$build-$tool
    recorded $tool $run "$native" ./$build $steps
    expect_eq "$(dumpq $run kind=kernel endpoint=begin --count)" $((kernels * steps)) "$run: kernels"
    expect_eq "$(counted $run parallel)" $((kernels * steps)) "$run: parallel instances"
    expect_eq "$(counted $run "implicit task")" $((2 * kernels * steps)) \
      "$run: implicit task instances"
    expect_eq "$(counted $run for)" $((2 * even * steps)) "$run: for instances"
    expect_eq "$(counted $run masked)" $((even * steps)) "$run: masked instances"
    expect_eq "$(counted $run single)" $((2 * odd * steps)) "$run: single instances"
  done
done
# every kernel construct counted at its own address: 5 in an even kernel, 4
# in an odd one (the barriers of a region share an address), read from the
# count events the small tool's table spills (the plain build's: the plugin
# build names some constructs by their site)
expect_eq "$(dumpq plain-small kind=construct_count --fields codeptr,construct | sort -u | wc -l)" \
  $((5 * even + 4 * odd)) "plain-small: distinct kernel constructs"
# the full tool's findings: the two builds' by the one rule of both builds
for build in plain plugin; do
  "$OI" report $build-full --format json --output $build-full.json || fail "$build-full: report"
done
"$OI_PYTHON" "$OI_SRC/tests/patterns/both_builds.py" plugin-full.json plain-full.json > both.txt ||
  fail "the two builds' findings differ"
[ "$(wc -l < both.txt)" -gt 0 ] || fail "no finding to compare"
# As in stress_kernels: the plugin build's sites pass the test build's site
# table, and the data operations beyond it name no variable, which the
# invariant every test's folders are held to refuses.
rm -rf plugin-small
