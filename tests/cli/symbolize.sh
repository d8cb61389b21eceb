# Native events of an uninstrumented -g program are attributed through their
# return address: the parallel regions carry the file and line of the pragma.
# Without -g a report names places by module and offset, and looks for debug
# files on this machine only: it never loads libdw's debuginfod client. It
# opens only the modules that hold a place, not every library the run mapped.
source "$OI_SRC/tests/lib.sh"

src="$OI_SRC/tests/cli/programs/parallel_lines.c"
cc_plain prog "$src" -g -O1
"$OI" run -o run ./prog > out 2> /dev/null
expect_eq "$(cat out)" "4950" "program output"

lines() { grep -n "$1" "$src" | cut -d: -f1; }
pragma_in_main=$(lines 'pragma omp parallel for num_threads(2)$')
pragma_in_sum=$(lines 'pragma omp parallel for reduction')

# one parallel region per pragma, begin and end, on the initial thread
for end in begin end; do
  got=$(dumpq run kind=parallel endpoint=$end origin=native --fields file,line,function)
  expected="$src $pragma_in_main main
$src $pragma_in_sum sum"
  expect_eq "$got" "$expected" "parallel $end events"
done

cc_plain prog_nodebug "$src" -O1
"$OI" run -o run_nodebug ./prog_nodebug > /dev/null 2> /dev/null
strace -f -e trace=openat -o opened "$OI" report run_nodebug > report_nodebug
grep -q 'prog_nodebug+0x' report_nodebug ||
  fail "a report without -g names places by module and offset"
grep -q 'openat(.*prog_nodebug' opened || fail "strace saw the report open the program"
"$OI" dump --header run_nodebug | sed -n 1p | grep -q 'libomp\.so' ||
  fail "the trace lists the OpenMP runtime among its modules"
! grep -q 'openat(.*libomp\.so' opened ||
  fail "the report opened a module that holds no place: $(grep 'libomp\.so' opened | head -1)"
! grep -q debuginfod opened || fail "the report loaded a debuginfod client: $(grep debuginfod opened | head -1)"
echo ok
