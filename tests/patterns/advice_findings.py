#!/usr/bin/env python3
"""The findings of a JSON report, one line each, as the advice tests compare
them: kind, operation, variable, file, line, count, confidence and, for a
low finding, the kernel's line and whether its body went unseen.

advice_findings.py REPORT.json"""
import json
import sys


def line(f):
    words = [f["kind"], f["op"], f["var"], f["file"], str(f["line"]), str(f["count"]),
             f["confidence"]]
    if f.get("may_change"):
        words.append(f"kernel@{f.get('changed_line', 0)}")
        if f.get("changed_unseen"):
            words.append("unseen")
    return " ".join(words)


if __name__ == "__main__":
    for text in sorted(line(f) for f in json.load(open(sys.argv[1]))["findings"]):
        print(text)
