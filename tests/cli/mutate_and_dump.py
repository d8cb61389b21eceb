#!/usr/bin/env python3
"""Damages a trace in many seeded ways and checks that `ompt-inst dump`
never crashes: exit code 0 or 1, at most three lines on stderr (skipped
torn frames, dropped records, then the damage or a missing end), each an
ompt-inst message, every stdout
line valid JSON. Usage: mutate_and_dump.py OMPT_INST TRACE WORKDIR ROUNDS"""
import json
import os
import random
import subprocess
import sys


def main(oi, trace, workdir, rounds):
    original = open(trace, "rb").read()
    rng = random.Random(20261122)
    run_dir = os.path.join(workdir, "mutated")
    os.makedirs(run_dir, exist_ok=True)
    failures = 0
    for n in range(rounds):
        data = bytearray(original)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        if rng.random() < 0.3:
            data = data[: rng.randrange(len(data))]
        with open(os.path.join(run_dir, "trace.oit"), "wb") as f:
            f.write(data)
        result = subprocess.run([oi, "dump", "--header", run_dir], capture_output=True)
        problem = None
        if result.returncode not in (0, 1):
            problem = f"exit code {result.returncode}"
        elif len(result.stderr.splitlines()) > 3 or any(
                not line.startswith(b"ompt-inst: ") for line in result.stderr.splitlines()):
            problem = "more than three lines on stderr, or a line not from ompt-inst"
        else:
            try:
                for line in result.stdout.decode("utf-8").splitlines():
                    json.loads(line)
            except ValueError as e:
                problem = f"invalid output: {e}"
        if problem:
            failures += 1
            print(f"round {n}: {problem}: {result.stderr[:200]!r}", file=sys.stderr)
    return failures


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])) else 0)
