#!/usr/bin/env python3
"""Compares a run under injected faults with the same program's run without.

compare_runs.py BASE.jsonl BASE.json FAULT.jsonl FAULT.json [--counts]
(the `ompt-inst dump` and `ompt-inst report --format json` of each run)

- findings: every finding of the base run is in the fault run with the same
  kind, variable, line and counts; a finding of the fault run that the base
  run lacks, or whose counts differ, must be marked uncertain (probable);
- balance: per thread, kind and construct, the begins and ends balance in
  the fault run wherever they balance in the base run;
- --counts: the events the faults must not change (data operations, target
  constructs, kernels, mutexes, explicit barriers) counted per kind,
  construct, endpoint, op and line are the same in both runs (for faults that
  lose nothing the runtime reported: dup, swap, delay, garble_codeptr).
Prints what differs, exits 1 if anything does."""
import collections
import json
import sys

COUNTED = {"data_op", "target", "kernel", "mutex"}


def events(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def key(finding):
    return (finding["kind"], finding["var"], finding["op"], finding["line"])


def numbers(finding):
    return (finding["count"], finding.get("partial", 0), finding["total"], finding["bytes"])


def compare_findings(base, fault, errors):
    got = {key(f): f for f in fault["findings"]}
    for f in base["findings"]:
        other = got.pop(key(f), None)
        if other is None:
            errors.append(f"finding lost: {f['kind']} of {f['var']} at line {f['line']}")
        elif numbers(other) != numbers(f) and not other.get("probable"):
            errors.append(f"finding changed: {f['kind']} of {f['var']} at line {f['line']}: "
                          f"(count, partial, total, bytes) {numbers(other)}, "
                          f"without faults {numbers(f)}")
    for f in got.values():
        if not f.get("probable"):
            errors.append(f"finding added: {f['kind']} of {f['var']} at line {f['line']} "
                          f"({f['count']} of {f['total']})")


def alive_at_end(stream):
    """Threads the trace saw begin and not end: the runtime ended them after
    the trace's end (at exit it reaps its helper threads in no fixed order
    with the tool's finalize; under load, seen once in CI with
    copy_back_nowait), so what they had open is open in the trace too,
    faults or not."""
    ends = {ev.get("thread") for ev in stream if ev["kind"] == "thread" and ev.get("endpoint") == "end"}
    return {ev.get("thread") for ev in stream
            if ev["kind"] == "thread" and ev.get("endpoint") == "begin"} - ends


def unbalanced(stream):
    """(thread, kind, construct) whose begins and ends do not balance, but
    on threads alive at the end, and but for regions still open when their
    thread's implicit task ended: the runtime's own (LLVM's hidden helper
    team leaves its `masked` open; whether its thread's end reaches the
    trace depends on the exit's timing, so it is alive at the end in one
    run and not in another)."""
    alive = alive_at_end(stream)
    n = collections.Counter()
    open_regions = collections.defaultdict(collections.Counter)
    for ev in stream:
        thread = ev.get("thread")
        if thread in alive:
            continue
        step = {"begin": 1, "end": -1}.get(ev.get("endpoint"))
        if ev["kind"] == "implicit_task" and step == -1:
            for region, left in open_regions.pop(thread, {}).items():
                n[region] -= left  # closed with the task that held them
        if step:
            region = (thread, ev["kind"], ev.get("construct"))
            n[region] += step
            if ev["kind"] not in ("implicit_task", "parallel", "thread"):
                open_regions[thread][region] += step
    return {k for k, v in n.items() if v}


def counted(stream):
    return collections.Counter(
        (ev["kind"], ev.get("construct"), ev.get("endpoint"), ev.get("op"),
         f"line {ev.get('line') or 0}")
        for ev in stream
        if ev["kind"] in COUNTED or (ev["kind"] == "sync" and ev.get("construct") == "barrier"
                                     and not ev.get("implicit")))


def main(base_dump, base_report, fault_dump, fault_report, *flags):
    errors = []
    compare_findings(json.load(open(base_report)), json.load(open(fault_report)), errors)
    base, fault = events(base_dump), events(fault_dump)
    for k in sorted(unbalanced(fault) - unbalanced(base), key=str):
        errors.append(f"begins and ends do not balance: thread {k[0]}, {k[1]} {k[2]}")
    if "--counts" in flags:
        want, got = counted(base), counted(fault)
        for k in sorted(set(want) | set(got), key=str):
            if want[k] != got[k]:
                errors.append(f"{' '.join(str(p) for p in k if p)}: {got[k]} events, "
                              f"without faults {want[k]}")
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
