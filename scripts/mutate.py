#!/usr/bin/env python3
"""Mutation testing, our own small kind: plants one bug at a time, rebuilds
incrementally, runs the tests that can see it, and says which ones caught it.

scripts/mutate.py [--list FILE] [--build DIR] [--only ID,...] [--check]
                  [--stages unit,e2e] [--markdown OUT]

The list (default scripts/mutants.txt) holds one mutant per block:

    == ID what the bug is
    file: path/in/the/repo.c
    tests: ctest regex of the tests that could catch it
    expect: survives <why no trace or test can reveal it>   (optional)
    - exact text to replace (one or more lines)
    + its replacement (zero or more lines)

The text must occur exactly once in the file (else the mutant is "stale":
the code moved, update the list). Each mutant: write it, `cmake --build`
(a build error makes it "stillborn"), run the matching unit tests, then the
matching end-to-end tests (stopping at the first failure), restore the
file. A mutant is "killed" when a test fails, else it "survived". Files are
restored whatever happens (also on Ctrl-C), and the build is brought back
to the unmutated source at the end. `--stages e2e` runs only the end-to-end
tests: which mutants would a user's run reveal, and which only a unit test. Exit status 1 when a mutant survived
that the list does not explain, or one is stale.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Mutant:
    def __init__(self, ident, what):
        self.ident, self.what = ident, what
        self.file = self.tests = self.expect = None
        self.old, self.new = [], []
        self.result, self.killed_by, self.seconds = None, [], 0.0


def parse(path):
    mutants = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if line.startswith("== "):
            ident, _, what = line[3:].partition(" ")
            mutants.append(Mutant(ident, what))
        elif not line.strip() or line.startswith("#"):
            continue
        elif not mutants:
            sys.exit(f"{path}:{number}: text before the first '== ID' line")
        elif line.startswith("file: "):
            mutants[-1].file = line[6:].strip()
        elif line.startswith("tests: "):
            mutants[-1].tests = line[7:].strip()
        elif line.startswith("expect: "):
            mutants[-1].expect = line[8:].strip()
        elif line.startswith("- ") or line == "-":
            mutants[-1].old.append(line[2:])
        elif line.startswith("+ ") or line == "+":
            mutants[-1].new.append(line[2:])
        else:
            sys.exit(f"{path}:{number}: cannot read '{line}'")
    for m in mutants:
        if not (m.file and m.tests and m.old):
            sys.exit(f"{path}: mutant {m.ident} needs file:, tests: and '-' lines")
    return mutants


def mutated_text(m):
    """The file's text with the mutant planted, or None when stale (the
    code or the whole file moved away)."""
    try:
        text = open(os.path.join(TOP, m.file), encoding="utf-8").read()
    except FileNotFoundError:
        return "", None
    old, new = "\n".join(m.old), "\n".join(m.new)
    if text.count(old) != 1:
        return text, None
    return text, text.replace(old, new, 1)


def run(cmd, timeout):
    try:
        done = subprocess.run(cmd, cwd=TOP, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=timeout)
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout or ""
        return 124, out.decode(errors="replace") if isinstance(out, bytes) else out


def failed_tests(output):
    """Names from ctest's 'The following tests FAILED:' list."""
    return re.findall(r"^\s*\d+ - (\S+) \(", output, re.M)


def build(build_dir, jobs):
    return run(["cmake", "--build", build_dir, "-j", str(jobs)], 1800)


STAGES = {"unit": ["-L", "^unit$"], "e2e": ["-LE", "^unit$", "--stop-on-failure"]}


def test(m, build_dir, jobs, stages):
    """Unit tests first (cheap), then the end-to-end ones; [] if all pass."""
    base = ["ctest", "--test-dir", build_dir, "-R", m.tests, "-j", str(jobs),
            "--timeout", "300"]
    for stage in stages:
        code, output = run(base + STAGES[stage], 3600)
        if code != 0:
            return failed_tests(output) or [f"ctest exit {code}"]
    return []


def try_mutant(m, build_dir, jobs, stages):
    path = os.path.join(TOP, m.file)
    original, mutated = mutated_text(m)
    if mutated is None:
        m.result = "stale"
        return
    start = time.monotonic()
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(mutated)
        code, output = build(build_dir, jobs)
        if code != 0:
            m.result = "stillborn"
            m.killed_by = [line for line in output.splitlines() if "error" in line][:1]
        else:
            m.killed_by = test(m, build_dir, jobs, stages)
            m.result = "killed" if m.killed_by else "survived"
    finally:
        with open(path, "w", encoding="utf-8") as out:
            out.write(original)
        m.seconds = time.monotonic() - start


def verdict(m):
    if m.result == "survived" and m.expect:
        return "survived (explained)"
    return m.result


def markdown(mutants, elapsed):
    counts = {}
    for m in mutants:
        counts[verdict(m)] = counts.get(verdict(m), 0) + 1
    lines = ["| id | file | mutant | result | caught by / why not | s |",
             "|---|---|---|---|---|---|"]
    for m in mutants:
        why = m.expect if verdict(m) == "survived (explained)" else ", ".join(m.killed_by)
        lines.append(f"| {m.ident} | `{m.file}` | {m.what} | {verdict(m)} | "
                     f"{why.replace('|', '/')} | {m.seconds:.0f} |")
    summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    lines.append("")
    lines.append(f"{len(mutants)} mutants: {summary}; {elapsed / 60:.1f} minutes.")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", default=os.path.join(TOP, "scripts", "mutants.txt"))
    ap.add_argument("--build", default=os.environ.get("OMPT_INST_BUILD", os.path.join(TOP, "build")))
    ap.add_argument("--only", help="comma-separated mutant ids")
    ap.add_argument("--check", action="store_true", help="only check that every mutant applies")
    ap.add_argument("--markdown", help="also write the result table here")
    ap.add_argument("--stages", default="unit,e2e", help="unit,e2e (default), or one of them")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    if not args.stages or any(st not in STAGES for st in args.stages.split(",")):
        sys.exit(f"mutate: --stages takes {','.join(STAGES)}")
    mutants = parse(args.list)
    if args.only:
        wanted = set(args.only.split(","))
        mutants = [m for m in mutants if m.ident in wanted]
    if args.check:
        stale = [m.ident for m in mutants if mutated_text(m)[1] is None]
        print(f"{len(mutants)} mutants, stale: {', '.join(stale) or 'none'}")
        return 1 if stale else 0
    # a SIGTERM restores the file through the finally clause, like Ctrl-C
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(130))
    start = time.monotonic()
    code, output = build(args.build, args.jobs)
    if code != 0:
        sys.exit("mutate: the unmutated source does not build:\n" + output[-2000:])
    try:
        for m in mutants:
            try_mutant(m, args.build, args.jobs, args.stages.split(","))
            print(f"{m.ident:5} {verdict(m):22} {m.seconds:5.0f}s  {m.what}"
                  f"  [{', '.join(m.killed_by)}]", flush=True)
    finally:
        build(args.build, args.jobs)  # back to the unmutated source
    table = markdown(mutants, time.monotonic() - start)
    print(table)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as out:
            out.write(table)
    bad = [m for m in mutants if m.result == "stale" or (m.result == "survived" and not m.expect)]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
