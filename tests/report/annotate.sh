# The annotated listing shows the program's lines with the counts of what ran
# on them, and finds moved sources through --source-dir.
source "$OI_SRC/tests/lib.sh"
q() { "$OI_PYTHON" "$OI_SRC/tests/report/reportq.py" "$@"; }
mkdir -p src/deep
cp "$OI_SRC/tests/report/programs/transfers.c" "$OI_SRC/tests/report/programs/regions.c" src/deep/
target=$(grep -n 'pragma omp target' src/deep/transfers.c | cut -d: -f1)
par=$(grep -n 'pragma omp parallel' src/deep/regions.c | cut -d: -f1)
bar=$(grep -n 'pragma omp barrier' src/deep/regions.c | cut -d: -f1)

cc_plugin prog "$TEST_TMP/src/deep/transfers.c" -g $OI_HOST_OFFLOAD
"$OI" run -o run ./prog > /dev/null 2>&1
"$OI" report run --format annotate > listing.txt
expect_eq "$(q annotate listing.txt "$target")" \
  "10|#pragma omp target map(to: a[0:N]) map(tofrom: b[0:N])" "target line: 10 instances"
grep -q "^ *10 .*240.0 kB | #pragma omp target" listing.txt || fail "bytes moved on the target line"
grep -q "! duplicate_transfer of a\[0:N\]: 9 of 10 to_device avoidable" listing.txt \
  || fail "finding under its line"
expect_eq "$(q annotate listing.txt 1)" \
  "|/* Offloaded loop with known data movement: \`a\` is sent unchanged 10 times" "first line unannotated"

cc_plain regions "$TEST_TMP/src/deep/regions.c" -g
"$OI" run -o runr ./regions > /dev/null 2>&1
"$OI" report runr --format annotate > regions.txt
expect_eq "$(q annotate regions.txt "$par" | cut -d'|' -f1)" "10" "parallel line: 10 regions"
expect_eq "$(q annotate regions.txt "$bar" | cut -d'|' -f1)" "20" "barrier line: 2 threads x 10"

# two constructs on one line: the line ran as often as the more frequent one
cc_plugin two "$OI_SRC/tests/report/programs/two_on_a_line.c" -g
"$OI" run -o runtwo ./two > /dev/null 2>&1
"$OI" report runtwo --format annotate > two.txt
both=$(grep -n 'omp atomic.*omp flush' "$OI_SRC/tests/report/programs/two_on_a_line.c" | cut -d: -f1)
expect_eq "$(q annotate two.txt "$both" | cut -d'|' -f1)" "20" "atomic 20 times and flush 6 times on one line"
grep -q '^ *| ^ \[c\] atomic: 20 on 2 threads' two.txt || fail "atomic row under the line"
grep -q '^ *| ^ \[c\] flush: 6 on 2 threads' two.txt || fail "flush row under the line"

# sources moved away: a clear message, then found again through --source-dir
mv src moved
"$OI" report runr --format annotate > lost.txt
grep -q "source not found: .*src/deep/regions.c is not where it was compiled; try --source-dir D" lost.txt \
  || fail "message for a moved source"
grep -Eq "^ +10 .*\| \(line $par\)$" lost.txt || fail "counts still listed by line"
for dir in moved moved/deep; do
  "$OI" report runr --format annotate --source-dir "$dir" > found.txt
  expect_eq "$(q annotate found.txt "$par" | cut -d'|' -f2)" \
    "#pragma omp parallel num_threads(2) reduction(+ : sum)" "found in --source-dir $dir"
done
echo ok
