# Issue 37: Fortran, honestly. examples/fortran/heat.f90 built by
# `ompt-inst fc` (flang of this flavour with -fopenmp and its runtime; no
# plugin: flang has none) and by `ompt-inst-fc` in separate compile and
# link steps, as a build system runs it; `ompt-inst run` then gives the
# per-construct profile on the .f90 lines, from the runtime's events alone.
# Runs in the clang 22 build (flang-22; flang 19 cannot lower the composite
# distribute parallel do: docs/fortran.md).
. "$OI_SRC/tests/lib.sh"
# flang's reductions reach the runtime without a return address (codeptr_ra
# NULL), which the attribution invariant rejects (docs/fortran.md)
OI_INVARIANT_SKIP="flang passes no return address for reductions"
unset LD_LIBRARY_PATH LIBRARY_PATH
export OMP_NUM_THREADS=2
src="$OI_SRC/examples/fortran/heat.f90"
"$OI" fc -g "$src" -o heat 2> fc.err || fail "ompt-inst fc failed: $(cat fc.err)"
"$OI_BUILD/bin/ompt-inst-fc" -g -c "$src" -o heat.o || fail "ompt-inst-fc -c failed"
"$OI_BUILD/bin/ompt-inst-fc" heat.o -o heat2 || fail "ompt-inst-fc link failed"
grep -q "libomp.so.5 => $OI_RUNTIME_DIR/" <(ldd ./heat) ||
  fail "heat does not load this flavour's runtime: $(ldd ./heat)"
expected_output="heat: total  1000.0000, halved   500.0000"
for prog in heat heat2; do
  "$OI" run -o "$prog.run" "./$prog" > "$prog.out" 2> "$prog.err" ||
    fail "$prog: ompt-inst run failed: $(cat "$prog.err")"
  expect_eq "$(cat "$prog.out")" "$expected_output" "$prog: output"
  "$OI" report "$prog.run" --top 100 > "$prog.report" || fail "$prog: report failed"
  # site, construct, instances of every construct row
  awk '$1 ~ /^[^ ]+:[0-9]+$/ && NF >= 8 { print $1, $2, $3 }' "$prog.report" | sort -u > "$prog.rows"
  grep -v '^heat.f90:' "$prog.rows" && fail "$prog: rows outside heat.f90"
  # each loop's work at its directive's line (the runtime's return address),
  # the time steps' loops and regions 20 times, the work on both threads
  for row in "heat.f90:13 for" "heat.f90:21 for 40" "heat.f90:26 for 40" "heat.f90:34 for" \
             "heat.f90:40 teams" "heat.f90:40 distribute" "heat.f90:36 reduction"; do
    grep -q "^$row" "$prog.rows" || fail "$prog: no row '$row': $(cat "$prog.rows")"
  done
  # flang places a parallel region's fork inside the loop body, a line on
  expect_eq "$(awk '$2 == "parallel" && $3 == 20 { print $1 }' "$prog.rows" | tr '\n' ' ')" \
    "heat.f90:23 heat.f90:28 " "$prog: the time steps' parallel regions"
done

# Issue 52: flang runs a target region without a device inline, on the
# host, never calling the runtime, which then never starts and loads no
# tool; the run still has a report, naming the directives it never saw.
cat > inline.f90 <<'F'
program inline
  implicit none
  integer :: i
  real :: a(100)
  a = 1.0
  !$omp target map(tofrom: a)
  do i = 1, 100
    a(i) = a(i) * 2.0
  end do
  !$omp end target
  !$omp target update &
  !$omp& from(a)
  print '(f8.1)', sum(a)
end program inline
F
"$OI" fc -g inline.f90 -o inline 2> fc.err || fail "ompt-inst fc inline.f90: $(cat fc.err)"
"$OI" run -o inline.run ./inline > inline.out 2> inline.err || fail "inline: $(cat inline.err)"
expect_eq "$(tr -d ' ' < inline.out)" "200.0" "inline: output"
grep -q "^ompt-inst: nothing was recorded in inline.run: the program's OpenMP runtime, libomp.so.5, never started: .*; its sources hold 2 OpenMP directives it never saw: ompt-inst report inline.run$" inline.err ||
  fail "inline: $(cat inline.err)"
"$OI" report inline.run > inline.report || fail "inline: no report"
expect_eq "$(grep '^  inline.f90:' inline.report | tr -s ' ')" " inline.f90:6 target map(tofrom: a)
 inline.f90:11 target update from(a)" "inline: the directives the runtime never saw"
echo ok
