# The naming service (tools/model/names.h): a finding's variable reads the
# same in the text report, the JSON, the HTML page, the annotated listing
# and the advice, for the plugin build and the plain -g build of two
# programs of examples/patterns (names_across_formats.py).
. "$OI_SRC/tests/lib.sh"
for name in identical_content round_trip; do
  src="$OI_SRC/examples/patterns/$name.c"
  cc_plugin "$name.plugin" "$src" -O2 -g $OI_HOST_OFFLOAD -lm
  cc_plain "$name.plain" "$src" -O2 -g $OI_HOST_OFFLOAD -lm
  for build in plugin plain; do
    run="$name.$build"
    "$OI" run -o "$run.run" -- "./$run" > "$run.out" 2>&1 ||
      fail "$run failed: $(tail -3 "$run.out")"
    for format in json text html annotate; do
      "$OI" report "$run.run" --format "$format" --output "$run.$format" ||
        fail "$run: report --format $format failed"
    done
    "$OI_PYTHON" "$OI_SRC/tests/patterns/names_across_formats.py" \
      "$run.json" "$run.text" "$run.html" "$run.annotate" ||
      fail "$run: a variable reads differently across formats"
  done
done
echo ok
