# Constructs inside a kernel run on the host device are counted under the
# kernel's target construct, not recorded one by one: exact instances per
# construct (the program counts its own), no event of theirs in the trace,
# nothing of the host's own constructs lost or untimed; with the plugin at
# the nested directive's line; OMPT_INST_TRACE_COUNTED=1 records them all.
. "$OI_SRC/tests/lib.sh"
src="$OI_SRC/tests/shim/programs/kernel_constructs.c"
cc_plain plain "$src" -g $OI_HOST_OFFLOAD
cc_plugin plugin "$src" -g $OI_HOST_OFFLOAD
steps=25
native=$(./plain $steps)
# sum=... criticals=C threads=T host_criticals=H: C and T are counted
# inside the kernels (T: the team's threads, summed over the kernels)
read -r _ criticals threads host_criticals <<< "$(echo "$native" | tr '=' ' ' | awk '{print $2, $4, $6, $8}')"
[ "$threads" -ge $steps ] || fail "program output: $native"
line() { grep -n "$1" "$src" | head -1 | cut -d: -f1; }
target_line=$(line 'omp target map')

# the report's row of a counted construct: instances, threads, no time
counted_row() { grep -Eq "^.{21}$1 +$2 +$3 +- +- +- +-$" "$4" ||
  fail "$4: no counted row '$1 $2 on $3 threads': $(cat "$4")"; }

for build in plain plugin; do
  out=$("$OI" run -o $build.run -- ./$build $steps 2> $build.err) || fail "$build: exit status"
  expect_eq "$out" "$native" "$build: the program's result"
  grep -q "0 events lost\|events recorded" $build.err || fail "$build: no summary: $(cat $build.err)"
  # nothing of the kernels recorded: the host's own region, once
  expect_eq "$(dumpq $build.run kind=parallel endpoint=begin --count)" 1 "$build: parallel events"
  expect_eq "$(dumpq $build.run kind=mutex construct=critical endpoint=begin --count)" \
    "$host_criticals" "$build: the host's critical, recorded"
  expect_eq "$(dumpq $build.run kind=work --count)" 0 "$build: no loop event of a kernel"
  expect_eq "$(dumpq $build.run kind=kernel endpoint=begin --count)" $steps "$build: kernels"
  # the report: counted rows untimed, the host's timed
  "$OI" report $build.run --top 0 > $build.txt || fail "$build: report"
  counted_row parallel $steps 1 $build.txt
  counted_row masked $steps 1 $build.txt
  counted_row for $threads 2 $build.txt
  counted_row "implicit task" $threads 2 $build.txt
  counted_row barrier $((3 * threads)) 2 $build.txt # the loop's, the reduction's, the region's
  counted_row critical $criticals 2 $build.txt
  expect_eq "$(grep -Ec ' +- +- +- +-$' $build.txt)" 6 "$build: counted rows"
  grep -Eq " critical +$host_criticals +[0-9]+ +[0-9.]+ [mun]?s " $build.txt ||
    fail "$build: the host's critical is not timed: $(cat $build.txt)"
done
# plain: all under the target's code address, as its own events are
expect_eq "$(dumpq plain.run kind=construct_count --field offset | sort -u)" \
  "$(dumpq plain.run kind=target construct=target endpoint=begin --field offset | sort -u)" "plain: under the target"
# plugin: the nested directive's line, else the target's (the dump names
# an event by its site's construct)
lines=$(dumpq plugin.run kind=construct_count --fields construct,line | sort -u | tr '\n' ';')
expect_eq "$lines" "critical $(line 'omp critical');for $(line 'omp for');masked $(line 'omp masked');parallel $(line 'omp parallel num_threads');target $target_line;" \
  "plugin: lines of the counted constructs"

# OMPT_INST_TRACE_COUNTED=1: one event each, timed
out=$(OMPT_INST_TRACE_COUNTED=1 "$OI" run -o traced -- ./plain $steps 2> /dev/null)
expect_eq "$out" "$native" "traced: the program's result"
expect_eq "$(dumpq traced kind=construct_count --count)" 0 "traced: no counts"
expect_eq "$(dumpq traced kind=parallel construct=parallel endpoint=begin --count)" $((steps + 1)) \
  "traced: parallel events"
expect_eq "$(dumpq traced kind=mutex construct=critical endpoint=begin --count)" \
  $((criticals + host_criticals)) "traced: critical events"
