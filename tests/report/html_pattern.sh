# examples/patterns/NAME.c, built with the plugin (a merged run) and plain
# with -g (a native run): each run's html report, rendered by headless
# Chromium, shows exactly the findings of `--format json` of the same run,
# each linked to its source line, which is marked; the summary, the plots
# and the annotated source agree with the JSON; the page loads nothing and
# logs no error. Then the query string's filter, sort and time window.
source "$OI_SRC/tests/lib.sh"
source "$OI_SRC/tests/report/lib_html.sh"
name=$1
src="$OI_SRC/examples/patterns/$name.c"
cc_plugin plugin "$src" $OI_HOST_OFFLOAD -lm
cc_plain plain "$src" -g $OI_HOST_OFFLOAD -lm
"$OI" run -o merged -- ./plugin > /dev/null 2>&1 || fail "merged run failed"
"$OI" run -o native -- ./plain > /dev/null 2>&1 || fail "native run failed"
check() { "$OI_PYTHON" "$OI_SRC/tests/report/html_check.py" "$@"; }
for run in merged native; do
  "$OI" report $run --format json --output $run.json || fail "$run: json report failed"
  "$OI" report $run --format html --output $run.html || fail "$run: html report failed"
  size=$(stat -c %s $run.html)
  [ "$size" -lt 1000000 ] || fail "$run: page of $size bytes"
  render $run.html > $run.dom
  check page $run.json $run.dom $run.html || fail "$run: the page differs from the JSON report"
  check offline $run.html || fail "$run: the page refers to something outside itself"
  # the first finding's kind and variable, most bytes last, the first half of the run
  query=$(check query $run.json) || fail "$run: no query"
  render $run.html "$query" > $run-query.dom
  check view $run.json $run-query.dom "$query" || fail "$run: the page ignores ?$query"
done
echo ok
