# 1,280 distinct critical sections, each entered by 8 threads on 2 cores:
# ten times the small tool's site table (127 sites), exact mutex events in
# both builds and both tools; in the small tool the plugin build's sites
# beyond its table, whose hook calls are not recorded, are counted under
# their own name in the report, not as lost events.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/stress/lib_stress.sh"
n=1280
rounds=2
gen sites $n prog.c
cc_plain plain prog.c -g
cc_plugin plugin prog.c -g
native=$(./plain $rounds)
expect_eq "$native" "criticals=$((8 * n * rounds))" "native run"
# plugin-small: the sites beyond the test build's table of 127 (the
# parallel region's is first) are named with their hook calls, 2 an
# instance; the events of the others exact
beyond=0
for build in plain plugin; do
  for tool in small full; do
    run=$build-$tool
    recorded $tool $run "$native" ./$build $rounds
    if [ $run = plugin-small ]; then
      line=$(grep '^  sites ' $run.txt) || fail "$run: no line of the sites beyond the table"
      read -r _ beyond _ _ _ _ bound _ calls _ <<< "$line"
      expect_eq "$bound" "127:" "$run: the table's bound"
      expect_eq "$beyond" $((n + 1 - 127)) "$run: sites beyond"
      expect_eq "$calls" $((2 * 8 * rounds * beyond)) "$run: their hook calls"
      kept=$((n - beyond))
      "$OI" report $run --format json > $run.json || fail "$run: json report"
      expect_eq "$("$OI_PYTHON" -c 'import json, sys; b = json.load(open(sys.argv[1]))["run"]["sites_beyond_bound"]; print(b["sites"], b["bound"], b["hook_calls"])' $run.json)" \
        "$beyond 127 $calls" "$run: json sites_beyond_bound"
    else
      ! grep -q '^  sites ' $run.txt || fail "$run: sites beyond the table: $(grep '^  sites ' $run.txt)"
      kept=$n
    fi
    expect_eq "$(dumpq $run kind=mutex construct=critical endpoint=begin --count)" \
      $((8 * kept * rounds)) "$run: critical begins"
    expect_eq "$(dumpq $run kind=mutex construct=critical endpoint=end --count)" \
      $((8 * kept * rounds)) "$run: critical ends"
    # by line: LLVM's runtime now and then gives a critical's begin a return
    # address inside itself (no line)
    expect_eq "$(dumpq $run kind=mutex construct=critical endpoint=begin line!= --field line | sort -u | wc -l)" \
      $kept "$run: distinct critical sections"
  done
done
