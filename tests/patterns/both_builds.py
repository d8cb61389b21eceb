#!/usr/bin/env python3
"""Compares the findings of a plugin build and a plain build of one program.

both_builds.py PLUGIN.json PLAIN.json

Each finding is reduced to kind, operation, variable, count, line and file;
the two builds must report the same multiset. Confidence follows one rule
(issue 49): the same in both builds, except where the plugin proved from a
kernel's write set that it does not write the variable: there the plugin
build is certain and the plain build, which cannot see the kernel's body,
is low, naming that kernel (changed_line) as unseen (changed_unseen). A
low finding names its kernel in its advice in both builds. Prints one line
per finding, exits 1 naming every difference."""
import json
import re
import sys
from collections import Counter, defaultdict


def key(f):
    # a variable named by address has another address in every run
    var = re.sub(r"0x[0-9a-f]+", "ADDR", f["var"])
    return (f["kind"], f["op"], var, f["count"], f["line"], f["file"])


def low_names_kernel(f):
    line = f.get("changed_line", 0)
    return line and f"line {line}" in f["suggestion"]


def main(plugin_path, plain_path):
    plugin = json.load(open(plugin_path))["findings"]
    plain = json.load(open(plain_path))["findings"]
    errors = []
    for build, findings in (("plugin", plugin), ("plain", plain)):
        for f in findings:
            if f["confidence"] == "low" and not low_names_kernel(f):
                errors.append(f"{build}: {key(f)}: low without naming the kernel: "
                              f"{f['suggestion']!r}")
            if f["confidence"] == "low" and f.get("changed_unseen") != (build == "plain"):
                errors.append(f"{build}: {key(f)}: changed_unseen is {f.get('changed_unseen')}")
    a, b = Counter(map(key, plugin)), Counter(map(key, plain))
    errors += [f"only in the plugin build: {k}" for k in sorted((a - b).elements())]
    errors += [f"only in the plain build: {k}" for k in sorted((b - a).elements())]
    confidences = defaultdict(lambda: ([], []))
    for side, findings in enumerate((plugin, plain)):
        for f in findings:
            confidences[key(f)][side].append(f["confidence"])
    for k, (x, y) in sorted(confidences.items()):
        for c_plugin, c_plain in zip(sorted(x), sorted(y)):
            mark = ""
            if c_plugin == c_plain:
                mark = c_plugin
            elif c_plugin == "certain" and c_plain == "low":
                mark = "certain (plugin: by the kernel's write set), low (plain)"
            else:
                errors.append(f"{k}: {c_plugin} in the plugin build, {c_plain} in the plain build")
            print(" ".join(map(str, k)) + " " + mark)
    if errors:
        sys.exit("\n".join(errors))


if __name__ == "__main__":
    main(*sys.argv[1:3])
