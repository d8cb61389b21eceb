# The text report of real runs: exact instances and threads per construct,
# --top, 100 columns with ellipses, and data movement per variable.
source "$OI_SRC/tests/lib.sh"
q() { "$OI_PYTHON" "$OI_SRC/tests/report/reportq.py" "$@"; }
src="$OI_SRC/tests/report/programs/regions.c"
line_of() { grep -n "$1" "$2" | head -1 | cut -d: -f1; }
par=$(line_of 'pragma omp parallel' "$src")
bar=$(line_of 'pragma omp barrier' "$src")
crit=$(line_of 'pragma omp critical' "$src")

# uninstrumented -g: rows found through return addresses
cc_plain regions "$src" -g
"$OI" run -o run ./regions > out 2> /dev/null
expect_eq "$(cat out)" "30.0 20" "program output"
"$OI" report run --top 0 > report.txt 2> err.txt
expect_eq "$(cat err.txt)" "" "stderr of a report that is not on a terminal"
rows=$(q rows report.txt | sort)
expected=$(sort <<ROWS
regions.c:$par|parallel|10|1
regions.c:$par|implicit task|20|2
regions.c:$par|barrier|20|2
regions.c:$bar|barrier|20|2
regions.c:$crit|critical|20|2
ROWS
)
expect_eq "$rows" "$expected" "construct rows (-g, no plugin)"
grep -q "threads 2 " report.txt || fail "header: threads"
grep -q "complete, 0 events lost" report.txt || fail "header: complete trace"
grep -q "no inefficient data movement found" report.txt || fail "no findings on a host program"
[ "$(q width report.txt)" -le 100 ] || fail "report wider than 100 columns"

# --top: the most costly rows only, default 10
expect_eq "$("$OI" report run --top 2 > top.txt && q rows top.txt | wc -l)" "2" "--top 2 rows"
grep -q "^Constructs (2 of 5, by total time)" top.txt || fail "--top title"

# a long file name is cut with an ellipsis to keep 100 columns, its line
# kept whole, so that the constructs of one file stay apart
long=a_source_file_with_a_name_much_longer_than_the_site_column.c
cp "$src" "$long"
cc_plain longname "$long" -g
"$OI" run -o runlong ./longname > /dev/null 2>&1
"$OI" report runlong --top 0 > long.txt
q rows long.txt > long.rows
site_of() { local suffix=":$1"; echo "${long:0:$((20 - ${#suffix} - 1))}…$suffix"; }
grep -qxF "$(site_of "$par")|parallel|10|1" long.rows || fail "ellipsis in the site column, parallel's line kept"
grep -qxF "$(site_of "$crit")|critical|20|2" long.rows || fail "ellipsis in the site column, critical's line kept"
[ "$(q width long.txt)" -le 100 ] || fail "long names widen the report"

# with the plugin: the same counts, now also from the compiler hooks
cc_plugin regions_p "$src" -g
"$OI" run -o runp ./regions_p > /dev/null 2>&1
"$OI" report runp --top 0 > plugin.txt
q rows plugin.txt > plugin.rows
grep -Eq "^regions.c:$par[|](\[c\] )?parallel[|]10[|]1$" plugin.rows || fail "parallel row (plugin)"
grep -Eq "^regions.c:$crit[|](\[c\] )?critical[|]20[|]2$" plugin.rows || fail "critical row (plugin)"

# data movement per variable: names from the map clauses, exact operation counts
cc_plugin transfers "$OI_SRC/tests/report/programs/transfers.c" -g $OI_HOST_OFFLOAD
"$OI" run -o runt ./transfers > out 2> /dev/null
expect_eq "$(cat out)" "999.0" "offload program output"
"$OI" report runt > transfers.txt
expect_eq "$(q variables transfers.txt)" "b[0:N]|20|10|10|10|10
a[0:N]|10|10|0|10|10" "variables: var|transfers|to|from|alloc|delete"
# a finding as the user reads it: kind, variable, place, count of total,
# bytes (the time varies), and the suggestion
target=$(line_of 'pragma omp target' "$OI_SRC/tests/report/programs/transfers.c")
finding() { grep -A2 "^[0-9]\. $1 at transfers.c:$target: " transfers.txt | sed 's/^[0-9]\. //; s/, [0-9.]* [mun]*s$//'; }
expect_eq "$(finding 'duplicate_transfer of a\[0:N\]')" \
"duplicate_transfer of a[0:N] at transfers.c:$target: 9 of 10 to_device avoidable, 72.0 kB
    a[0:N] is sent again and again with the same content at line $target: map it once with \`target data
    map(to: a[0:N])\` around the loop that repeats line $target" "duplicate finding in text"
expect_eq "$(finding 'round_trip of b\[0:N\]' | head -1)" \
  "round_trip of b[0:N] at transfers.c:$target: 9 of 10 to_device avoidable, 72.0 kB" "round trip finding in text"
echo ok
