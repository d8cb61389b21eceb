#!/usr/bin/env python3
"""Writes the table of docs/coverage.md from the coverage matrix's runs.

coverage_table.py BUILD_19 BUILD_14 BUILD_22 > table.md

Reads the per-construct tables that tests/coverage/matrix.sh leaves in
BUILD/coverage/ (PROGRAM-MODE-LLVM.tsv: `file:line`, construct, the event
kinds and origins seen) and prints one markdown row per construct: what
is recorded, and from where, by the runtime alone (no plugin, -g), by the
plugin alone (a runtime without OMPT), merged (both, LLVM 19), and merged
on LLVM 14 and on LLVM 22."""
import os
import sys

COLUMNS = [("native", "19", "runtime alone (-g)"),
           ("no_ompt", "19", "plugin alone (no OMPT)"),
           ("merged", "19", "merged"),
           ("merged", "14", "LLVM 14 (merged)"),
           ("merged", "22", "LLVM 22 (merged)")]


def read(build, program, mode, llvm):
    path = os.path.join(build, "coverage", f"{program}-{mode}-{llvm}.tsv")
    rows = {}
    if os.path.exists(path):
        for line in open(path):
            where, construct, kinds = line.rstrip("\n").split("\t")
            rows[where] = (construct, kinds)
    return rows


def cell(rows, where):
    if where not in rows:
        return "—"
    kinds = rows[where][1]
    return "**nothing**" if kinds == "nothing" else kinds


def main(argv):
    builds = {"19": argv[1], "14": argv[2], "22": argv[3]}
    print("| directive | " + " | ".join(c[2] for c in COLUMNS) + " |")
    print("|---" * (len(COLUMNS) + 1) + "|")
    for program in ("host", "device"):
        tables = [read(builds[llvm], program, mode, llvm) for mode, llvm, _ in COLUMNS]
        places = sorted({w for t in tables for w in t},
                        key=lambda w: int(w.split(":")[1]))
        for where in places:
            construct = next(t[where][0] for t in tables if where in t)
            print(f"| `{construct}` ({where}) | " +
                  " | ".join(cell(t, where) for t in tables) + " |")


if __name__ == "__main__":
    main(sys.argv)
