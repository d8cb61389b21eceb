# Issue 38: the binaries users have, built without the plugin, under
# `ompt-inst run`: debug info split off (.gnu_debuglink) keeps lines and
# names; offload code in a shared library is placed on the library's
# source; without -g a global array is named by its ELF symbol; stripped,
# only module + offset and addresses are left (docs/shim.md's table).
. "$OI_SRC/tests/lib.sh"
src="$OI_SRC/examples/patterns/round_trip.c"
# json_field FILE EXPR: a Python expression over the report `d`
json_field() { "$OI_PYTHON" -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }
data_op_vars() { dumpq "$1" kind=data_op --field var | sort -u | tr '\n' ' '; }

# split debug info: the names and lines come from the program's calls
cc_plain split "$src" -O2 -g $OI_HOST_OFFLOAD -lm
objcopy --only-keep-debug split split.debug
strip -g split
objcopy --add-gnu-debuglink=split.debug split
"$OI" run -o split.run -- ./split > split.out 2>&1 || fail "split: run failed"
expect_eq "$(data_op_vars split.run)" "u[0:N] " "split: the variable as written"
"$OI" report split.run --format json --output split.json
expect_eq "$(json_field split.json '" ".join(str(f[k]) for f in d["findings"] for k in ("kind", "var", "line"))')" \
  "round_trip u[0:N] $(grep -n 'omp target update to' "$src" | cut -d: -f1)" "split: the finding"

# without -g: the global array by its symbol, no line
cc_plain nog "$src" -O2 $OI_HOST_OFFLOAD -lm
"$OI" run -o nog.run -- ./nog > nog.out 2>&1 || fail "nog: run failed"
"$OI" report nog.run --format json --output nog.json
expect_eq "$(json_field nog.json '" ".join(sorted(v["var"] for v in d["variables"]))')" "u" "nog: named by symbol"
expect_eq "$(dumpq nog.run kind=data_op line!= --count)" 0 "nog: no lines"
# (LLVM 14: the data operations are inferred at the call, which has no
# location without -g: nothing places them but the report's symbol names)
[ "${OI_LLVM:-}" = 14 ] ||
  expect_eq "$(dumpq nog.run kind=data_op function!=main --count)" 0 "nog: the function by its symbol"

# stripped: module + offset and addresses only
cp nog stripped
strip stripped
"$OI" run -o stripped.run -- ./stripped > stripped.out 2>&1 || fail "stripped: run failed"
"$OI" report stripped.run --format json --output stripped.json
json_field stripped.json '" ".join(v["var"] for v in d["variables"])' | grep -Eq '^0x[0-9a-f]+ \(32768 bytes\)$' ||
  fail "stripped: expected an address name, got $(json_field stripped.json '[v["var"] for v in d["variables"]]')"
expect_eq "$(dumpq stripped.run kind=data_op function!= --count)" 0 "stripped: no function names"
[ "${OI_LLVM:-}" = 14 ] ||
  expect_eq "$(dumpq stripped.run kind=data_op offset= --count)" 0 "stripped: module and offset on every data operation"

# offload code in a shared library
libdir=$(dirname "$("$OI_CLANG" -print-file-name=libomptarget.so)")
"$OI_CLANG" "${OI_FOPENMP[@]}" $OI_HOST_OFFLOAD -O2 -g -fPIC -shared \
  "$OI_SRC/tests/offload/programs/step_lib.c" -o libstep.so
cc_plain shared "$OI_SRC/tests/offload/programs/step_main.c" -O2 -g $OI_HOST_OFFLOAD \
  -L. -lstep -Wl,-rpath,"$PWD" -Wl,-rpath,"$libdir"
./shared > expected.out
"$OI" run -o shared.run -- ./shared > shared.out 2>/dev/null || fail "shared: run failed"
expect_eq "$(cat shared.out)" "$(cat expected.out)" "shared: the program's result"
lib_line=$(grep -n 'omp target teams' "$OI_SRC/tests/offload/programs/step_lib.c" | cut -d: -f1)
expect_eq "$(dumpq shared.run kind=data_op --fields file,line,var | sed 's|.*/||' | sort -u)" \
  "step_lib.c $lib_line field[0:N]" "shared: the library's pragma and variable"
echo ok
