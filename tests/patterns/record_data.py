#!/usr/bin/env python3
"""Checks `ompt-inst run --record data` against the full record of one build.

record_data.py FULL.json DATA.json [DATA.jsonl]

The findings of the two reports must be equal in everything but timings
and addresses; the data run's report must say what it left out; its dump
(when given) must hold device events only: no host construct, task,
synchronisation or thread event. Prints the number of findings, exits 1
naming every difference."""
import json
import sys

# everything a finding (and the other end it names) says but its measured
# time, code address (the load address differs run to run) and the advice
# text that quotes the time
IGNORED = {"time_ns", "codeptr", "suggestion"}
DEVICE_KINDS = {"device_init", "device_finalize", "device_load", "device_unload",
                "target", "kernel", "data_op", "map", "construct", "control_tool"}


def comparable(finding):
    kept = {k: v for k, v in finding.items() if k not in IGNORED}
    if isinstance(kept.get("other"), dict):
        kept["other"] = comparable(kept["other"])
    return kept


def findings(path):
    return sorted(json.dumps(comparable(f), sort_keys=True) for f in json.load(open(path))["findings"])


def main(full_path, data_path, dump_path=None):
    errors = []
    full, data = findings(full_path), findings(data_path)
    errors += [f"only in the full record: {f}" for f in full if f not in data]
    errors += [f"only under --record data: {f}" for f in data if f not in full]
    run = json.load(open(data_path))["run"]
    if run.get("record") != "data" or "host constructs" not in run.get("not_recorded", ""):
        errors.append(f"{data_path}: run does not say what is not recorded: {run}")
    if "record" in json.load(open(full_path))["run"]:
        errors.append(f"{full_path}: the full record names a record mode")
    for line in open(dump_path) if dump_path else []:
        event = json.loads(line)
        kind, construct = event.get("kind"), event.get("construct", "")
        if kind not in DEVICE_KINDS or (kind == "construct" and not construct.startswith("target")):
            errors.append(f"{dump_path}: a host event under --record data: {line.strip()}")
            break
    if errors:
        sys.exit("\n".join(errors))
    print(f"{len(full)} findings, equal")


if __name__ == "__main__":
    main(*sys.argv[1:4])
