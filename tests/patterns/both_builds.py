#!/usr/bin/env python3
"""Compares the findings of a plugin build and a plain build of one program.

both_builds.py PLUGIN.json PLAIN.json

Each finding is reduced to kind, count, line and source file name; the two
builds must report the same multiset. A finding the plugin build marks
(may_change: a kernel that may write the variable ran in between, which
only the plugin knows) must still be one the plain build reports, and must
say so: its changed_line and its advice naming that line. Prints one line
per finding, exits 1 naming every difference."""
import json
import os
import sys
from collections import Counter


def key(f):
    return (f["kind"], f["count"], f["line"], os.path.basename(f["file"]))


def main(plugin_path, plain_path):
    plugin = json.load(open(plugin_path))["findings"]
    plain = json.load(open(plain_path))["findings"]
    errors = []
    for f in plugin:
        mark = ""
        if f.get("may_change"):
            line = f.get("changed_line", 0)
            mark = f" (plugin: line {line} writes it in between)"
            if not line or f"line {line}" not in f["suggestion"] or f["confidence"] != "low":
                errors.append(f"{key(f)}: marked may_change without naming the writer: "
                              f"{f['suggestion']!r}")
        print(" ".join(map(str, key(f))) + mark)
    a, b = Counter(map(key, plugin)), Counter(map(key, plain))
    errors += [f"only in the plugin build: {k}" for k in sorted((a - b).elements())]
    errors += [f"only in the plain build: {k}" for k in sorted((b - a).elements())]
    if errors:
        sys.exit("\n".join(errors))


if __name__ == "__main__":
    main(*sys.argv[1:3])
