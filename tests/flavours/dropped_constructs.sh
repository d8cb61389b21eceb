# Clang 15 and 16 parse `parallel loop`, `teams loop`, `target teams loop`,
# `target parallel loop`, `parallel masked` and the masked taskloops, and
# emit no code for them: the statement never runs, with or without the
# plugin. The plugin says so at each one's line (a remark: a warning would
# break -Werror builds), the program's output is the plain build's, and a
# construct clang does emit gets no such remark.
. "$OI_SRC/tests/lib.sh"
dropped=("parallel loop" "teams loop" "target teams loop" "target parallel loop"
         "parallel masked" "parallel masked taskloop")
{
  echo '#include <stdio.h>'
  echo 'int main(void) {'
  echo '  int v[64] = {0};'
  for d in "${dropped[@]}" "parallel for"; do
    echo "#pragma omp $d"
    echo '  for (int i = 0; i < 64; i++)'
    echo '    v[i] += 1;'
  done
  echo '  printf("%d\n", v[63]);'
  echo '  return 0;'
  echo '}'
} > dropped.c
"$OI" cc $OI_HOST_OFFLOAD -fopenmp-version=51 -Wall -Werror dropped.c -o dropped 2> cc.err ||
  fail "ompt-inst cc failed: $(cat cc.err)"
line=4
for d in "${dropped[@]}"; do
  grep -qxF "dropped.c:$line:1: remark: ompt-inst: clang $OI_LLVM emits no code for this '$d': its statement never runs, with or without ompt-inst (a clang bug: write the constructs it combines, such as 'parallel' and 'for', or use a newer clang)" cc.err ||
    fail "no remark for '$d' at line $line: $(cat cc.err)"
  line=$((line + 3))
done
expect_eq "$(grep -c 'remark: ompt-inst' cc.err)" ${#dropped[@]} "remarks (none for 'parallel for')"
# the plain build computes the same: only the `parallel for` ran
"$OI_CLANG" "${OI_FOPENMP[@]}" $OI_HOST_OFFLOAD ${OI_RUNTIME_INCLUDE_DIR:+-I"$OI_RUNTIME_INCLUDE_DIR"} \
  -L"$OI_RUNTIME_DIR" -Wl,-rpath,"$OI_RUNTIME_DIR" dropped.c -o plain 2> /dev/null ||
  fail "the plain build failed"
expect_eq "$(./plain)" 1 "the plain build's output"
"$OI" run -o r ./dropped > out 2> err || fail "the run failed: $(cat err)"
expect_eq "$(cat out)" 1 "the plugin build's output"
echo ok
