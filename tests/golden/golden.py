#!/usr/bin/env python3
"""Compares the deterministic part of an `ompt-inst report --format json`
with a checked-in expectation (a golden report).

golden.py REPORT.json EXPECTED.json [--write]

What stays: every finding with all its fields (kind, variable, lines, counts,
bytes, suggestion, the other place), the data movement per variable, the
device-side construct rows (target regions and kernels: instances), the
run's devices and data operations per origin, and the potential's counts
and bytes with its per-device rows. What is masked (kept as the key with
the value "<masked>", so a key that disappears still shows): times, code
addresses, host addresses inside text (`0x...`), process ids, paths (files
become their base names), thread counts. Lists the report orders by time
are sorted by their content. Before comparing, the report must agree with
itself: each device's `kernels` equals the instances of its kernel rows.

With --write the expectation is (re)written instead; review its diff like
code (scripts/regen-golden.sh). Exits 1 with a unified diff on a mismatch.
"""
import difflib
import json
import os
import re
import sys

MASK = "<masked>"
HEX = re.compile(r"0x[0-9a-f]+")
# An absolute path inside text (a suggestion naming "/src/x.c:17"): where the
# tree lies is no part of the report's meaning, the file's name is.
ABSOLUTE_PATH = re.compile(r"(?<![\w.])/(?:[^\s/:()]+/)+([^\s/:()]+)")


def text(value):
    """Host and code addresses differ from run to run; folders from tree to tree."""
    if not isinstance(value, str):
        return value
    return ABSOLUTE_PATH.sub(r"\1", HEX.sub("0x?", value))


def base(path):
    return os.path.basename(path) if path else path


def place(p):
    return {"var": text(p.get("var")), "file": base(p.get("file")),
            "line": p.get("line"), "site": p.get("site")}


def finding(f):
    out = {k: text(v) for k, v in f.items()
           if k not in ("other", "file", "codeptr", "time_ns", "module", "offset")}
    out["file"] = base(f["file"])
    out["time_ns"] = MASK
    if "codeptr" in f:
        out["codeptr"] = MASK
    out["other"] = place(f["other"])
    return out


def variable(v):
    ops = {op: {"count": o["count"], "bytes": o["bytes"], "time_ns": MASK}
           for op, o in v["ops"].items()}
    return {"var": text(v["var"]), "transfer_bytes": v["transfer_bytes"],
            "transfer_ops": v["transfer_ops"], "transfer_ns": MASK, "ops": ops}


def device_row(c):
    return {"file": base(c.get("file")), "line": c.get("line"), "end_line": c.get("end_line"),
            "construct": c["construct"], "event_kind": c["event_kind"],
            "seen_by": c["seen_by"], "instances": c["instances"], "unpaired": c["unpaired"]}


def sorted_by_content(rows):
    return sorted(rows, key=lambda r: json.dumps(r, sort_keys=True))


def normalise(doc):
    run = doc["run"]
    p = doc["potential"]
    masked = ("measured_ns", "saved_ns", "predicted_ns", "speedup", "transfer_ns")
    return {
        "schema_version": doc["schema_version"],
        "run": {"complete": run["complete"], "lost_events": run.get("lost_events"),
                "hash": run.get("hash"), "devices": run["devices"],
                "data_ops_by_origin": run["data_ops_by_origin"]},
        "device_constructs": sorted_by_content(
            device_row(c) for c in doc["constructs"]
            if c["event_kind"] in ("target", "kernel")),
        "variables": sorted_by_content(variable(v) for v in doc["variables"]),
        "findings": sorted_by_content(finding(f) for f in doc["findings"]),
        "potential": {k: (MASK if k in masked else v) for k, v in p.items()},
    }


def check_kernels(doc):
    """potential.devices[].kernels must be the kernels the run executed."""
    kernels = sum(c["instances"] for c in doc["constructs"] if c["event_kind"] == "kernel")
    counted = sum(d["kernels"] for d in doc["potential"]["devices"])
    if kernels and counted != kernels:
        sys.exit(f"golden: potential.devices[].kernels add up to {counted}, "
                 f"the kernel rows to {kernels}")


def main(report, expected, write=False):
    doc = json.load(open(report, encoding="utf-8"))
    check_kernels(doc)
    actual = json.dumps(normalise(doc), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if write:
        with open(expected, "w", encoding="utf-8") as out:
            out.write(actual)
        return
    if not os.path.exists(expected):
        sys.exit(f"golden: no expectation {expected} (scripts/regen-golden.sh writes it)")
    want = open(expected, encoding="utf-8").read()
    if actual != want:
        sys.stdout.writelines(difflib.unified_diff(
            want.splitlines(True), actual.splitlines(True),
            os.path.basename(expected), "this run"))
        sys.exit(f"golden: {os.path.basename(expected)} differs (diff above)")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--write"]
    if len(args) != 2:
        sys.exit(__doc__)
    main(args[0], args[1], "--write" in sys.argv[1:])
