#!/usr/bin/env python3
"""Checks the findings of `ompt-inst report --format json` against a table.

findings.py REPORT.json RUN SOURCE < TABLE   (RUN names the run in messages)

TABLE has one expected finding a line, columns split by '|' (blank lines
and '#' lines skipped):
    kind | var | size | count | partial | total | bytes | at | other
`var` is the map item as written (`u[0:N]`) and `size` its bytes, in every
origin: a build without the plugin names it from the runtime's map names
and the pragma's text (libompt-inst-offload.so). `at` and `other` are
patterns: the one line of SOURCE containing that text gives the expected
line; `=N` is line N itself, `-` "the same place as at" (then `other`
must also name the same variable).
The report must hold exactly these findings, no more, all on device 0;
every finding's file must be SOURCE (none at line 0). With no findings
expected, nothing may count as saved. Prints one line per finding, exits 1
on a mismatch."""
import json
import os
import sys


def line_of(source_lines, text):
    if text.startswith("="):
        return int(text[1:])  # a line number as such (0: no line known)
    hits = [i + 1 for i, l in enumerate(source_lines) if text in l]
    if len(hits) != 1:
        sys.exit(f"findings.py: '{text}' is on {len(hits)} lines of the source, need 1")
    return hits[0]


def variable_size_ok(doc, var, size):
    """The report's variable row of `var` moves `size` bytes an operation."""
    for row in doc.get("variables", []):
        if row["var"] == var:
            return any(op["count"] and op["bytes"] == size * op["count"]
                       for op in row["ops"].values())
    return False


def main(report, origin, source):
    src = open(source, encoding="utf-8").read().split("\n")
    doc = json.load(open(report))
    found = doc["findings"]
    expected = []
    for raw in sys.stdin:
        raw = raw.strip()
        if raw and not raw.startswith("#"):
            kind, var, size, count, partial, total, nbytes, at, other = (c.strip() for c in raw.split("|"))
            at_line = line_of(src, at)
            other_line = at_line if other == "-" else line_of(src, other)
            expected.append((kind, var, int(size), int(count), int(partial), int(total),
                             int(nbytes), at_line, other_line, other == "-"))
    errors = []
    for f in found:
        print(f"{f['kind']} {f['var']} count={f['count']} partial={f.get('partial', 0)} "
              f"total={f['total']} bytes={f['bytes']} line={f['line']} "
              f"other={f['other'].get('var')}@{f['other'].get('line')}")
    unmatched = list(found)
    for e in expected:
        kind, var, size, count, partial, total, nbytes, at_line, other_line, other_same = e
        match = [f for f in unmatched
                 if f["kind"] == kind and f["var"] == var
                 and f["line"] == at_line]
        if len(match) != 1:
            errors.append(f"expected one {kind} of {var} at line {at_line}, found {len(match)}")
            continue
        f = match[0]
        unmatched.remove(f)
        # line 0: no line known, and then no file either
        file_ok = (f["file"] == "" if at_line == 0 else
                   os.path.basename(f["file"]) == os.path.basename(source))
        got = (f["count"], f.get("partial", 0), f["total"], file_ok, f["other"].get("line"),
               f["device"])
        want = (count, partial, total, True, other_line, 0)  # the one (host) device
        if got != want:
            errors.append(f"{kind} {var}: (count, partial, total, file ok, other line, device) "
                          f"{got}, expected {want}")
        # the report names `var` through its variables, `other` through the
        # analysis: for one place both must name the same variable
        if other_same and f["other"].get("var") != f["var"]:
            errors.append(f"{kind} {var}: other place names {f['other'].get('var')}")
        if not variable_size_ok(doc, var, size):
            errors.append(f"{kind} {var}: no variable row of {size} bytes an operation")
        if f["bytes"] != nbytes:
            errors.append(f"{kind} {var}: bytes {f['bytes']}, expected {nbytes}")
    for f in unmatched:
        errors.append(f"unexpected finding {f['kind']} {f['var']} at line {f['line']}")
    if not expected and doc["potential"]["saved_bytes"] != 0:
        errors.append(f"no findings but saved_bytes {doc['potential']['saved_bytes']}")
    if errors:
        sys.exit(f"findings ({origin}): " + "; ".join(errors))


if __name__ == "__main__":
    main(*sys.argv[1:4])
