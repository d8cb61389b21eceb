# The injected helpers and inserted code never warn in user builds: C at
# c99/c11/gnu17 and C++17/20 with -Wall -Wextra -pedantic -Werror, with and
# without <omp.h>; a compile without -fopenmp is left untouched.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
strict=(-Wall -Wextra -pedantic -Werror -c)
for std in c99 c11 gnu17; do
  cc_plugin "k-$std.o" "$PLUGIN_TESTS/constructs.c" -std="$std" "${strict[@]}" 2> "k-$std.err" \
    || fail "C $std: $(cat "k-$std.err")"
  [ ! -s "k-$std.err" ] || fail "C $std printed: $(cat "k-$std.err")"
done
cc_plugin offload.o "$PLUGIN_TESTS/offload.c" -std=c11 "${strict[@]}" 2> offload.err \
  || fail "offload.c: $(cat offload.err)"
[ ! -s offload.err ] || fail "offload.c printed: $(cat offload.err)"
cc_plugin macros.o "$PLUGIN_TESTS/macros.c" -std=c11 "${strict[@]}" 2> macros.err \
  || fail "macros.c: $(cat macros.err)"
for std in c++17 c++20; do
  cxx_plugin "x-$std.o" "$PLUGIN_TESTS/cxx.cpp" -std="$std" "${strict[@]}" 2> "x-$std.err" \
    || fail "C++ $std: $(cat "x-$std.err")"
  [ ! -s "x-$std.err" ] || fail "C++ $std printed: $(cat "x-$std.err")"
done
# No OpenMP: nothing injected (no helper symbol in the object).
printf 'int f(int x) { return x + 1; }\n' > plain.c
"$OI_CLANG" -fplugin="$OI_PLUGIN" -Wall -Wextra -Werror -c plain.c -o plain.o
if nm plain.o | grep -q __ompt_inst; then fail "helpers injected without -fopenmp"; fi
# The injected text includes no system header and leaves no name of its own
# behind but the helpers': a program may use the names of <stdint.h> types
# for itself. The hook every construct calls is weak and hidden.
cat > names.c <<'C'
typedef double uint64_t;
int main(void) {
  uint64_t half = 0.5;
  int int32_t = 4, uint32_t = 0;
#pragma omp parallel num_threads(2) reduction(+ : uint32_t)
  uint32_t += 1;
  return (int)(half * int32_t) + uint32_t == 4 ? 0 : 1;
}
C
cc_plugin names.o names.c -std=c99 "${strict[@]}" 2> names.err || fail "names.c: $(cat names.err)"
[ ! -s names.err ] || fail "names.c printed: $(cat names.err)"
"$OI_CLANG" -fopenmp names.o -o names || fail "names.c does not link"
./names || fail "names.c: wrong result"
expect_eq "$(nm names.o | awk '$3 == "__ompt_inst_point" {print $2}')" W "hook symbol type"
