# The coverage matrix (docs/coverage.md) and the cases of issue 18 in it: programs/host.c and
# programs/device.c built with and without the plugin, with and without
# -g, run with OMPT (merged), on a runtime without OMPT (OMP_TOOL=disabled)
# and natively; coverage.py checks every construct's instances and every
# event's file, line and end line. Each run prints what the plain build
# prints. The per-construct tables go to the build tree for
# docs/coverage.md (tests/coverage/coverage_table.py).
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/shim/lib_unify.sh"

# line_of PROGRAM TEXT: the one line of programs/PROGRAM.c holding TEXT
line_of() {
  local lines
  lines=$(grep -nF -- "$2" "$OI_SRC/tests/coverage/programs/$1.c" | cut -d: -f1)
  [ "$(echo "$lines" | wc -l)" = 1 ] && [ -n "$lines" ] || fail "line_of $1 '$2': not one line"
  echo "$lines"
}

# The named cases, on the runs the matrix just checked.
host_cases() {
  local line
  if [ "$OI_LLVM" != 14 ]; then
    # 1: error without a message runs (the matrix compared its output);
    # the hook records both, with severity and message; LLVM's runtime is
    # never asked for its error callback (it crashes without a message)
    for run in host-merged host-no_ompt; do
      expect_eq "$(q $run kind=error severity=1 --count)" 2 "$run: error events"
      expect_eq "$(q $run kind=error message=matrix --count)" 1 "$run: error message"
    done
    "$OI" dump --header host-merged > header.jsonl
    head -n 1 header.jsonl | grep -q '"error":0' ||
      fail "host-merged: ompt_callback_error was registered"
    # 2: loop bind(thread), from the hooks, on both threads
    line=$(line_of host "loop bind(thread)")
    expect_eq "$(q host-merged kind=construct line=$line endpoint=begin --count)" 2 "loop bind(thread)"
  fi
  # 2: a plain loop (LLVM 14: inline, no runtime call): both threads
  line=$(line_of host "omp loop // @cover{n=2")
  expect_eq "$(q host-merged line=$line endpoint=begin implicit!=true --count)" 2 "loop"
  # 3: taskwait depend: its region at its line (the runtime reports only
  # the dependences there)
  line=$(line_of host "taskwait depend")
  for run in host-merged host-no_ompt; do
    expect_eq "$(q $run kind=construct line=$line --fields endpoint,origin | tr '\n' ' ')" \
      "begin compiler end compiler " "$run: taskwait depend"
  done
  # 6: parallel over for: end line of the loop, not of the for's pragma
  line=$(line_of host "omp for // @cover{n=2 end=+2}")
  expect_eq "$(q host-merged line=$((line - 1)) kind=parallel --field end_line | sort -u)" \
    "$((line + 2))" "parallel over for: end line"
  # 7: without the plugin (-g): critical ends on every thread, implicit
  # barriers of workers: all on a line
  [ "$(q host-native kind=mutex endpoint=end thread!=0 --count)" -gt 0 ] ||
    fail "host-native: no critical end on a worker"
  expect_eq "$(q host-native kind=mutex endpoint=end line= --count)" 0 "host-native: mutex ends without a line"
  expect_eq "$(q host-native kind=sync implicit=true line= --count)" 0 "host-native: implicit barriers without a line"
  # 7: plugin builds: implicit barriers of workers on the region's line
  expect_eq "$(q host-merged kind=sync implicit=true thread!=0 line= --count)" 0 \
    "host-merged: worker implicit barriers without a line"
}

device_cases() {
  local line
  # 4: target nowait: the target task's creation, the region merged with
  # its site, its kernel and data operations on its line
  line=$(line_of device "nowait depend")
  if [ "$OI_LLVM" != 14 ]; then
    expect_eq "$(q device-merged kind=task_create line=$line --count)" 1 "target nowait: task creation"
    expect_eq "$(q device-merged kind=target line=$line origin=merged --count)" 2 "target nowait: region merged"
    [ "$(q device-merged kind=data_op line=$line --count)" -gt 0 ] || fail "target nowait: data ops off its line"
    # ... each with its variable: `a`, the one map item (the items travel
    # with the target task to the thread that runs it)
    expect_eq "$(q device-merged kind=data_op line=$line --field var | sort -u)" "a" "target nowait: data op variables"
    # 7: without the plugin, a target region's data operations carry its
    # codeptr_ra (clang gives the call no line: docs/coverage.md)
    expect_eq "$(q device-native kind=data_op codeptr= --count)" 0 "device-native: data ops without codeptr"
  fi
  # 5: target constructs run on the host (if(0), the initial device): one
  # instance each, from the hooks
  for text in "if(0)" "device(host)"; do
    line=$(line_of device "map(tofrom: a) $text")
    expect_eq "$(q device-merged line=$line endpoint=begin --fields kind,origin)" \
      "construct compiler" "target $text"
  done
}
out="$OI_BUILD/coverage"
mkdir -p "$out"
quiet=()
[ "$OI_LLVM" = 14 ] && quiet=(-Wno-pass-failed)
for program in host device; do
  src="$OI_SRC/tests/coverage/programs/$program.c"
  flags=()
  [ $program = device ] && flags=("$OI_HOST_OFFLOAD")
  cc_plain "$program-plain" "$src" "${flags[@]}" "${quiet[@]}"
  cc_plain "$program-plain-g" "$src" -g "${flags[@]}" "${quiet[@]}"
  cc_plugin "$program-plugin" "$src" "${flags[@]}" "${quiet[@]}"
  cc_plugin "$program-plugin-g" "$src" -g "${flags[@]}" "${quiet[@]}"
  ./"$program-plain" > expected.out 2>/dev/null
  run() { # run NAME BINARY [ENV...]
    local name=$1 binary=$2; shift 2
    env "$@" "$OI" run -o "$name" -- ./"$binary" > "$name.out" 2>/dev/null ||
      fail "$name: exit status $?"
    cmp -s expected.out "$name.out" || fail "$name: output differs from the plain build"
    "$OI" dump "$name" > "$name.jsonl" || fail "$name: dump failed"
  }
  run "$program-merged" "$program-plugin"
  run "$program-merged-g" "$program-plugin-g"
  run "$program-no_ompt" "$program-plugin" OMP_TOOL=disabled
  run "$program-native" "$program-plain-g"
  run "$program-native-nog" "$program-plain"
  status=0
  modes=(merged merged-g no_ompt native)
  # without the plugin, clang 19 gives the offloading call of a target
  # construct line 0 or the line of a neighbour (docs/coverage.md): only
  # the host program's native lines are asserted
  [ $program = device ] && modes=(merged merged-g no_ompt)
  for mode in "${modes[@]}"; do
    "$OI_PYTHON" "$OI_SRC/tests/coverage/coverage.py" "$program-$mode.jsonl" "$src" \
      "${mode%-g}" --table "$out/$program-$mode-$OI_LLVM.tsv" || status=1
  done
  [ $status = 0 ] || fail "$program: coverage mismatches (above)"
  # the device program's runtime-alone column of docs/coverage.md: written,
  # not asserted (its lines are clang's, some wrong: above)
  if [ $program = device ]; then
    "$OI_PYTHON" "$OI_SRC/tests/coverage/coverage.py" device-native.jsonl "$src" native \
      --table "$out/device-native-$OI_LLVM.tsv" > /dev/null || true
  fi
  ${program}_cases
done
echo ok
