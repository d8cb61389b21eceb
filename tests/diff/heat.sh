# examples/heat.c against examples/fixed/heat.c (a target data region
# around the time loop), plugin builds with -O2 -g: the same output, every
# finding of heat gone, no new one, and the transfers down to the region's
# (the field in and out, the coefficients in). Timing is measured in
# bench/diff_heat.sh, never asserted here.
. "$OI_SRC/tests/lib.sh"
cc_plugin heat "$OI_SRC/examples/heat.c" -O2 -g $OI_HOST_OFFLOAD
cc_plugin heat_fixed "$OI_SRC/examples/fixed/heat.c" -O2 -g $OI_HOST_OFFLOAD
"$OI" run -o before -- ./heat 5 >before.out 2>/dev/null
"$OI" run -o after -- ./heat_fixed 5 >after.out 2>/dev/null
expect_eq "$(cat after.out)" "$(cat before.out)" "heat's output"
"$OI" diff --format json --fail-on new-findings before after >diff.json || fail "diff failed"
"$OI_PYTHON" - diff.json <<'PY' || fail "the diff of heat"
import json, sys
d = json.load(open(sys.argv[1]))
f, t = d["findings"], d["totals"]
assert len(f) >= 5 and all(x["status"] == "gone" for x in f), f
assert t["fixed"] == len(f) and t["new_findings"] == 0, t
after = d["after"]["runs"][0]
assert after["findings"] == 0, after
# field[0:N] in and out, coef[0:3] in: 800000 + 800000 + 24 bytes
assert after["transfer_bytes"] == 2 * 800000 + 24 and after["transfer_ops"] == 3, after
assert t["saved_bytes"] >= t["predicted_bytes"] > 0, t
# every construct of heat is still there, at its line
unmatched = [c for c in d["constructs"] if not c["matched"]]
assert [(c["construct"], c["after"] is not None) for c in unmatched] == [("target data", True)], unmatched
PY
# the page: both runs side by side, the summary line on standard output
"$OI" diff --format html --output page.html before after >html.out || fail "diff --format html"
grep -q "^ompt-inst diff: [0-9]* of [0-9]* findings fixed, " html.out || fail "no summary: $(cat html.out)"
"$OI_PYTHON" - page.html <<'PY' || fail "the page"
import html.parser, sys
class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.open, self.ids, self.gone = [], set(), 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.ids.add(a.get("id"))
        self.gone += a.get("data-status") == "gone"
        if tag not in ("meta", "br"):
            self.open.append(tag)
    def handle_endtag(self, tag):
        assert self.open.pop() == tag, tag
p = Page()
p.feed(open(sys.argv[1]).read())
assert not p.open, p.open
assert {"diff-summary", "h-before", "h-after", "h-savings", "h-constructs"} <= p.ids, p.ids
assert p.gone >= 5, p.gone
PY
echo ok
