#!/usr/bin/env python3
"""Checks an `ompt-inst dump` of a program built with the plugin (no -g)
against the program's @site annotations (syntax in probe_check.py).

dump_check.py SOURCE DUMP_JSONL [EXPECT_FILE]

- every annotated construct that runs appears on its exact file, line and
  column with its construct name as written, in events carrying its site
  (without -g only the plugin's site gives a source position): events of
  origin compiler or merged, or native events the shim attributed to it;
- per thread and site, events from the hooks open and close in pairs;
- with EXPECT_FILE (expect-target lines printed by the program), the `map`
  events of each device construct name the variable as written (`var`) and
  carry the host address and size the program computed, in order."""
import json
import sys
from collections import defaultdict

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
from annotations import fail, parse_annotations, parse_expect_targets  # noqa: E402


def main():
    src, dump = sys.argv[1], sys.argv[2]
    expected, _ = parse_annotations(src)
    srcname = src.split("/")[-1]
    events = []
    with open(dump) as f:
        for n, raw in enumerate(f, 1):
            try:
                events.append(json.loads(raw))
            except ValueError as e:
                fail(f"dump line {n} is not JSON: {e}")

    sited = [e for e in events if e.get("site")
             and e.get("file", "").split("/")[-1] == srcname]
    hooked = [e for e in sited if e.get("origin") in ("compiler", "merged")]
    by_line = defaultdict(list)
    for e in sited:
        if not e["file"].startswith("/"):
            fail(f"file not absolute: {e['file']}")
        by_line[e["line"]].append(e)

    for line, exp in sorted(expected.items()):
        evs = by_line.get(line, [])
        where = f"line {line} ({exp['construct']})"
        if exp["sites"] == 0:
            if evs:
                fail(f"{where}: never runs, but has events")
            continue
        if not evs and exp["shim_gap"]:
            print(f"dump_check: note: {where}: nothing recorded (known shim gap)")
            continue
        if not evs:
            fail(f"{where}: no event with its site")
        for e in evs:
            if e["construct"] != exp["construct"]:
                fail(f"{where}: construct {e['construct']!r}")
            if e["col"] != exp["col"]:
                fail(f"{where}: col {e['col']}, expected {exp['col']}")
            if "function" in exp and e.get("function") not in exp["function"]:
                fail(f"{where}: function {e.get('function')!r}")

    balance = defaultdict(int)
    for e in hooked:
        ep = e.get("endpoint")
        if ep in ("begin", "end"):
            key = (e["thread"], e.get("site"), e["kind"])
            balance[key] += 1 if ep == "begin" else -1
            if balance[key] < 0:
                fail(f"end before begin: {e}")
    unbalanced = {k: v for k, v in balance.items() if v}
    if unbalanced:
        fail(f"begins without ends (thread, site, kind): {unbalanced}")

    maps_checked = 0
    if len(sys.argv) > 3:
        for line, records in parse_expect_targets(sys.argv[3]).items():
            maps = [e for e in by_line.get(line, []) if e["kind"] == "map"]
            items = expected[line]["maps"]
            want = []
            for record in records:
                for i, pair in enumerate(record.split()[4:]):
                    addr, size = pair.split(":")
                    addr = 0 if addr == "(nil)" else int(addr, 16)
                    want.append((items[i].split(";", 3)[3], addr, int(size)))
            got = [(e.get("var"), int(e["host_addr"], 16), e["bytes"]) for e in maps]
            if got != want:
                fail(f"maps at line {line}: got {got}, expected {want}")
            maps_checked += len(got)
    print(f"dump_check: {len(expected)} annotated lines, {len(sited)} events "
          f"with a site ({len(hooked)} from hooks), {maps_checked} map items ok")


if __name__ == "__main__":
    main()
