# The pattern programs built with `gcc -fopenmp -O2 -g` give the findings
# (kind, variable, line, count, confidence) of their clang builds without
# the plugin, marked inferred: libgomp runs their target regions on the
# host here (no offload compiler), so the data movement is inferred from
# the map kinds of GCC's calls into it, as on a runtime that reports none;
# their output is their own (issue 52).
source "$OI_SRC/tests/lib.sh"

findings() { # RUN: one "kind var line count confidence" line per finding, sorted (their
  # order is by time, which clang's runtime measures and inference does not)
  "$OI" report "$1" --format json | "$OI_PYTHON" -c '
import json, sys
for f in json.load(sys.stdin)["findings"]:
    print(f["kind"], f["var"], f["line"], f["count"], f["confidence"])' | sort
}
origins() { # RUN: "native inferred interposed" data operations
  "$OI" report "$1" --format json | "$OI_PYTHON" -c '
import json, sys
o = json.load(sys.stdin)["run"]["data_ops_by_origin"]
print(o["native"], o["inferred"] > 0, o["interposed"])'
}

for name in duplicate_transfer round_trip repeated_alloc unused_alloc unused_transfer \
            identical_content clean; do
  src="$OI_SRC/examples/patterns/$name.c"
  # LLVM's runtime folder on the search paths has a libgomp.so that is libomp;
  # `ompt-inst cc --cc=gcc` is gcc -fopenmp
  env -u LIBRARY_PATH -u C_INCLUDE_PATH "$OI" cc --cc=gcc -O2 -g "$src" -o "$name.gcc" -lm
  cc_plain "$name.clang" "$src" -O2 -g -fopenmp-targets=x86_64-pc-linux-gnu -lm
  "$OI" run -o "$name.gcc.run" "./$name.gcc" > "$name.gcc.out" 2> "$name.gcc.err" ||
    fail "$name (gcc): $(cat "$name.gcc.err")"
  "$OI" run -o "$name.clang.run" "./$name.clang" > "$name.clang.out" 2> /dev/null ||
    fail "$name (clang) failed"
  expect_eq "$(cat "$name.gcc.out")" "$(cat "$name.clang.out")" "$name: the output"
  grep -q "events recorded in $name.gcc.run$" "$name.gcc.err" ||
    fail "$name (gcc): events lost: $(cat "$name.gcc.err")"
  expect_eq "$(findings "$name.gcc.run")" "$(findings "$name.clang.run")" "$name: the findings"
  expect_eq "$(origins "$name.gcc.run")" "0 True 0" "$name (gcc): data operations all inferred"
done
# the report says where they come from
"$OI" report duplicate_transfer.gcc.run > report.txt
grep -q "inferred from map clauses" report.txt || fail "the gcc report does not say inferred"
expect_eq "$(findings duplicate_transfer.gcc.run)" "duplicate_transfer weights[0:N] 22 8 low
unused_transfer weights[0:N] 20 1 certain" "the duplicate, named as written, on its line"

# --cc names GCC only, and says what to use for the others
set +e
"$OI" cc --cc="$OI_CLANG" -c "$OI_SRC/examples/patterns/clean.c" -o clean.o 2> err; rc=$?
set -e
expect_eq "$rc" 127 "exit code for a --cc that is not GCC"
expect_eq "$(cat err)" "ompt-inst: --cc=$OI_CLANG is not GCC (its --version says otherwise): \
name clang with --clang=, flang with --flang=" "the message for a --cc that is not GCC"
