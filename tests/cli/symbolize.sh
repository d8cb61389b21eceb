# Native events of an uninstrumented -g program are attributed through their
# return address: the parallel regions carry the file and line of the pragma.
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
echo ok
