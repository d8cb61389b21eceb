# Rendering html reports in a real browser (sourced after tests/lib.sh).

# render PAGE [QUERY] > DOM: the document headless Chromium builds from
# file://PAGE?QUERY once its scripts have run. Fails when the page logs
# anything to the console (a script error, or a resource it could not load:
# the network is made unreachable) or its script did not run to its end.
render() {
  local page=$1 query=${2:+?$2} profile
  profile=$(mktemp -d "$TEST_TMP/chromium-profile.XXXXXX")
  chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --enable-logging=stderr \
    --proxy-server=127.0.0.1:9 --host-resolver-rules="MAP * ~NOTFOUND" \
    --dump-dom "file://$(realpath "$page")$query" > "$TEST_TMP/.dom" 2> "$TEST_TMP/.chromium.log" ||
    fail "chromium could not render $page: $(tail -n 3 "$TEST_TMP/.chromium.log")"
  rm -rf "$profile"
  if grep ":CONSOLE" "$TEST_TMP/.chromium.log" >&2; then
    fail "$page$query logged to the browser console (above)"
  fi
  grep -q '<html[^>]* data-ready="1"' "$TEST_TMP/.dom" ||
    fail "the script of $page$query did not run to its end"
  cat "$TEST_TMP/.dom"
}
