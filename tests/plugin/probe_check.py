#!/usr/bin/env python3
"""Checks what the probe tool (probe_tool.c) recorded for a program built
with the plugin against annotations in the program's source.

probe_check.py SOURCE PROBE_OUT [EXPECT_FILE]

Each construct the plugin must instrument carries a comment on the line the
site is attributed to (the #pragma, the _Pragma, or the macro invocation):
  // @site{parallel for} enter=1 exit=1 begin=0 end=0 [sites=N] [col=C]
  //   [function=f,g] [clauses=text-without-spaces-or-{...}] [end_line=L]
//   [nowait=1] [depend=1] [name=critical-name] [shim-gap] [@map{...}...]
Counts are totals over all threads and all sites on that line (omitted = 0);
`col` defaults to the column of `#pragma` / `_Pragma` on that line; each
@map{...} is one expected `map=` line, in order. Lines with `@none` must have
no site. `shim-gap` marks a site the shim records nothing for (only
dump_check.py reads it). Every site seen must be annotated. Per thread, ENTER/EXIT and
BEGIN/END must nest properly (every begin has its end), except for constructs
that get an ENTER point only (`atomic`: the shim counts its instances), which
must have no other point.

EXPECT_FILE (written by the program itself) holds lines
  expect-target LINE device D if V ADDR:BYTES ...
one per execution of the device construct at LINE, in execution order; they
must equal the probe's `target` records for that site, field for field."""
import sys
from collections import defaultdict

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
from annotations import fail, parse_annotations, parse_expect_targets  # noqa: E402

ENTER_ONLY = {"atomic", "flush", "taskyield"}  # counted: the plugin gives no closing point


def parse_probe(path):
    sites, points, targets = {}, [], defaultdict(list)
    with open(path) as f:
        for raw in f:
            parts = raw.rstrip("\n").split(" ", 4)
            if parts[0] == "site":
                desc = parts[4].split("|")
                if desc[0] != "ompt-inst-site 1":
                    fail(f"bad descriptor magic: {desc[0]!r}")
                if parts[3] != "1":
                    fail(f"site abi {parts[3]}")
                d = {"map": []}
                for kv in desc[1:]:
                    if not kv:
                        continue
                    k, v = kv.split("=", 1)
                    if k == "map":
                        d["map"].append(v)
                    else:
                        d[k] = v
                sites[int(parts[1])] = d
            elif parts[0] == "point":
                points.append((int(parts[1]), parts[2], int(parts[3])))
            elif parts[0] == "target":
                f2 = raw.split()
                targets[int(f2[1])].append(" ".join(f2[2:4] + f2[4:6] + f2[8:]))
            else:
                fail(f"unexpected probe line {raw!r}")
    return sites, points, targets


def main():
    src, probe = sys.argv[1], sys.argv[2]
    expected, none_lines = parse_annotations(src)
    sites, points, targets = parse_probe(probe)
    srcname = src.split("/")[-1]

    by_line = defaultdict(list)
    for sid, d in sites.items():
        if not d.get("file", "").startswith("/"):
            fail(f"site {sid}: file not absolute: {d.get('file')}")
        if d["file"].split("/")[-1] != srcname:
            continue
        by_line[int(d["line"])].append(sid)

    counts = defaultdict(lambda: defaultdict(int))
    stacks = defaultdict(list)
    pair = {"EXIT": "ENTER", "END": "BEGIN"}
    for sid, point, thread in points:
        counts[sid][point] += 1
        if sites.get(sid, {}).get("construct") in ENTER_ONLY:
            if point != "ENTER":
                fail(f"thread {thread}: {point} of enter-only site {sid}")
            continue
        if point in ("ENTER", "BEGIN"):
            stacks[thread].append((sid, point))
        else:
            top = stacks[thread].pop() if stacks[thread] else None
            if top != (sid, pair[point]):
                fail(f"thread {thread}: {point} of site {sid} closes {top}")
    for thread, stack in stacks.items():
        if stack:
            fail(f"thread {thread}: unclosed {stack}")

    for line, sids in by_line.items():
        if line not in expected:
            d = sites[sids[0]]
            fail(f"unexpected site at line {line}: {d.get('construct')}")
    for line in none_lines:
        if line in by_line:
            fail(f"line {line} is @none but has a site")

    for line, exp in sorted(expected.items()):
        sids = by_line.get(line, [])
        where = f"line {line} ({exp['construct']})"
        if len(sids) != exp["sites"]:
            fail(f"{where}: {len(sids)} sites, expected {exp['sites']}")
        total = defaultdict(int)
        functions = []
        for sid in sids:
            d = sites[sid]
            if d["construct"] != exp["construct"]:
                fail(f"{where}: construct {d['construct']!r}")
            if int(d["col"]) != exp["col"]:
                fail(f"{where}: col {d['col']}, expected {exp['col']}")
            if "end_line" in exp and int(d["end_line"]) != exp["end_line"]:
                fail(f"{where}: end_line {d['end_line']}, expected {exp['end_line']}")
            if int(d["end_line"]) < line:
                fail(f"{where}: end_line {d['end_line']} before line")
            if "clauses" in exp and d["clauses"].replace(" ", "") != exp["clauses"]:
                fail(f"{where}: clauses {d['clauses']!r}")
            for flag in ("nowait", "depend", "name"):
                if d.get(flag) != exp[flag]:
                    fail(f"{where}: {flag}={d.get(flag)}, expected {exp[flag]}")
            if d["map"] != exp["maps"]:
                fail(f"{where}: maps {d['map']}, expected {exp['maps']}")
            functions.append(d["function"])
            for p, n in counts[sid].items():
                total[p] += n
        if "function" in exp and sorted(functions) != exp["function"]:
            fail(f"{where}: functions {sorted(functions)}")
        for p, n in exp["counts"].items():
            if total[p] != n:
                fail(f"{where}: {total[p]} {p}, expected {n}")

    if len(sys.argv) > 3:
        want = parse_expect_targets(sys.argv[3])
        for line, records in want.items():
            sids = by_line.get(line, [])
            got = [r for sid in sids for r in targets[sid]]
            if got != records:
                fail(f"target values at line {line}: got {got}, expected {records}")
    print(f"probe_check: {len(expected)} annotated lines, {len(sites)} sites, "
          f"{len(points)} points ok")


if __name__ == "__main__":
    main()
