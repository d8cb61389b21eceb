"""Checks `ompt-inst diff --format json` of a pattern program against its
fix (tests/diff/pattern.sh): argv[1] the diff, argv[2] the pattern's name,
argv[3] the build (plugin or plain). What each fix must achieve, and where
the achieved saving may differ from the predicted one, and why."""
import json
import sys

diff = json.load(open(sys.argv[1]))
name, build = sys.argv[2], sys.argv[3]
before = diff["before"]["runs"][0]
findings = diff["findings"]
totals = diff["totals"]


def check(condition, what):
    if not condition:
        sys.exit(f"{name} ({build}): {what}")


def saving(var_text, op):
    rows = [s for s in diff["savings"] if s["op"] == op and var_text in s["var"]]
    check(len(rows) == 1, f"one saving row for {var_text} {op}: {diff['savings']}")
    return rows[0]


# every finding of the original is gone, nothing new in the fix
check(findings, "the original has findings")
check(all(f["status"] == "gone" for f in findings), f"not all gone: {findings}")
check(totals["new_findings"] == 0 and totals["fixed"] == len(findings), totals)
check(diff["after"]["runs"][0]["findings"] == 0, "the fix has findings")
# a plain -g build names its variables as written too (its offload calls)
var = "u[0:N]"
achieved_all = totals["saved_bytes"]
predicted_all = totals["predicted_bytes"]
check(achieved_all == before["transfer_bytes"] - diff["after"]["runs"][0]["transfer_bytes"],
      "saved_bytes is the transfer difference")

if name == "round_trip":
    s = saving(var, "to_device")
    check(s["predicted"]["ops"] == 5 and s["achieved"]["ops"] == 5, s)
    check(s["predicted"]["bytes"] == s["achieved"]["bytes"] == 5 * 32768, s)
    check(achieved_all == predicted_all == 5 * 32768, totals)
elif name == "duplicate_transfer":
    # one fix, two findings: dropping the update also makes the region's
    # transfer needed, so 8 of the 9 predicted transfers are saved, exactly
    # the duplicate transfer's bytes
    check(sorted(f["kind"] for f in findings) == ["duplicate_transfer", "unused_transfer"],
          findings)
    dup = next(f for f in findings if f["kind"] == "duplicate_transfer")["before"]
    s = saving("weights[0:N]", "to_device")
    check(s["findings"] == 2 and s["predicted"]["bytes"] == 9 * 32768, s)
    check(s["achieved"]["bytes"] == dup["bytes"] == 8 * 32768 and s["achieved"]["ops"] == 8, s)
    check(achieved_all == dup["bytes"], totals)
elif name == "repeated_alloc":
    # the allocations go, the copies back stay (as target update from)
    s = saving("y[0:N]", "alloc")
    check(s["predicted"]["ops"] == s["achieved"]["ops"] == 4, s)
    check(achieved_all == predicted_all == 0, totals)
elif name == "unused_alloc":
    s = saving("tmp[0:N]", "alloc")
    check(s["predicted"]["ops"] == s["achieved"]["ops"] == 1, s)
    check(not s["achieved"]["matched"] or s["achieved"]["ops"] == 1, s)
    check(achieved_all == predicted_all == 0, totals)
elif name == "unused_transfer":
    # the unused transfer of the region (32768 bytes) and the 8 bytes of the
    # full update that the one-element update overwrote: one send remains
    check(achieved_all == predicted_all == 32768 + 8, totals)
    s = saving("g[0:N]", "to_device")
    check(s["findings"] == 2 and s["predicted"]["bytes"] == 32768 + 8, s)
elif name == "identical_content":
    # two distinct variables: nothing is predicted, the fix saves both sends
    s = saving("vy[0:N]", "to_device")
    check(s["counted"] == 0 and s["predicted"]["bytes"] == 0, s)
    check(s["achieved"]["bytes"] == 32768, s)
    check(predicted_all == 0 and achieved_all == 2 * 32768, totals)
else:
    sys.exit(f"no expectation for {name}")
print("ok")
