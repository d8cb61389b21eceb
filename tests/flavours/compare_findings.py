#!/usr/bin/env python3
"""Compares the findings of two `ompt-inst report --format json` documents.

compare_findings.py REPORT_A.json REPORT_B.json

Each finding is reduced to what a user acts on: kind, variable, count,
partial, total, bytes, line and source file name, and the other end's
variable and line. The two reports must hold the same multiset of these;
prints one line per finding of A, exits 1 naming every difference."""
import json
import os
import sys
from collections import Counter


def findings(path):
    doc = json.load(open(path))
    return Counter(
        (f["kind"], f["var"], f["count"], f.get("partial", 0), f["total"], f["bytes"],
         f["line"], os.path.basename(f["file"]), f["other"].get("var"), f["other"].get("line"))
        for f in doc["findings"])


def main(a_path, b_path):
    a, b = findings(a_path), findings(b_path)
    for f in sorted(a.elements()):
        print(" ".join(str(x) for x in f))
    only_a, only_b = a - b, b - a
    if only_a or only_b:
        lines = [f"only in {a_path}: {f}" for f in sorted(only_a.elements())]
        lines += [f"only in {b_path}: {f}" for f in sorted(only_b.elements())]
        sys.exit("\n".join(lines))


if __name__ == "__main__":
    main(*sys.argv[1:3])
