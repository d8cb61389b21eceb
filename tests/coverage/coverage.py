#!/usr/bin/env python3
"""Checks one run of a coverage-matrix program against its @cover lines.

coverage.py DUMP.jsonl SOURCE MODE [--table OUT]

MODE: `merged` (plugin build, OMPT on), `no_ompt` (plugin build, a runtime
without OMPT) or `native` (no plugin, -g). OI_LLVM selects n14/native14.

Every directive line of SOURCE carrying `@cover{n=K [native=K]
[no_ompt=K] [n14=K] [native14=K] [end=+D]}` is one construct; its end line is the last line of
its statement (or the line D below it). Checked:
- instances: the construct's own events (its kind, begin or point,
  not implicit; the counts of counted sites added up) equal the expected
  number;
- plugin builds: every event but thread begin/end is on a line of SOURCE
  that is an annotated construct, with that construct's end line;
- native: every event in SOURCE lies inside an annotated construct, which
  it is counted to (the innermost).
Events of the runtime's own regions (their code address lies in the
runtime, shown as `module`) are skipped; the invariant over whole traces is
tests/invariant.py's job. --table writes, per construct, the event kinds
and origins seen (for docs/coverage.md). Exit 1 with every mismatch."""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from invariant import location_problem  # noqa: E402

COVER = re.compile(r"#pragma omp (.*?)\s*// @cover\{([^}]*)\}")
NEWER_BEGIN, NEWER_END = "#if OI_NEWER_THAN_CLANG14", "#endif"
ONLY14_BEGIN = "#if OI_INTEROP_RUNS"
DIRECTIVE_WORDS = {
    "parallel", "for", "simd", "sections", "section", "single", "master",
    "masked", "critical", "barrier", "ordered", "flush", "taskyield",
    "cancellation", "point", "cancel", "task", "taskwait", "taskgroup",
    "taskloop", "teams", "distribute", "loop", "scope", "error", "target",
    "data", "enter", "exit", "update", "atomic", "interop"}
STANDALONE = {"barrier", "flush", "taskyield", "cancellation point",
              "taskwait", "target update", "target enter data",
              "target exit data", "error", "cancel", "interop"}
# the event kinds that are instances of a construct, by its first word
INSTANCE_KINDS = {
    "parallel": {"parallel"}, "teams": {"parallel"}, "target": {"target"},
    "for": {"work"}, "loop": {"work"}, "sections": {"work"},
    "single": {"work"}, "distribute": {"work"}, "taskloop": {"work"},
    "scope": {"work"}, "critical": {"mutex"}, "ordered": {"mutex"},
    "barrier": {"sync"}, "taskwait": {"sync"}, "taskgroup": {"sync"},
    "master": {"masked"}, "masked": {"masked"}, "task": {"task_create"},
    "flush": {"flush", "construct_count"}, "cancel": {"cancel"},
    "error": {"error"},
    # counted per site (or code address) and thread: a loop may repeat them
    "atomic": {"construct_count"}, "taskyield": {"construct_count"},
}
TASK_TARGET = 0x08  # ompt_task_target
LEAGUE = 0x40000000  # ompt_parallel_league


def construct_of(text):
    words = []
    for word in re.split(r"[\s(]+", text):
        if word not in DIRECTIVE_WORDS:
            break
        words.append(word)
        if word in ("cancel", "point"):
            break  # the construct type that follows is a clause
    return " ".join(words)


def statement_end(lines, i):
    """0-based index of the last line of the statement starting at line i."""
    text = lines[i].strip()
    if text.startswith("#pragma omp"):
        return statement_end(lines, i + 1)
    if text.startswith("{") or (text.startswith("for") and text.endswith("{")):
        depth = 0
        for j in range(i, len(lines)):
            depth += lines[j].count("{") - lines[j].count("}")
            if depth == 0:
                return j
        sys.exit(f"coverage.py: unbalanced braces from line {i + 1}")
    if text.startswith("for"):
        return statement_end(lines, i + 1)
    return i


def parse_sources(path, llvm):
    lines = open(path).read().split("\n")
    constructs, skipped = {}, False
    for i, text in enumerate(lines):
        if text.startswith(NEWER_BEGIN):
            skipped = llvm == "14"
        elif text.startswith(ONLY14_BEGIN):
            skipped = llvm != "14"
        elif skipped and text.startswith(NEWER_END):
            skipped = False
        m = COVER.search(text)
        if not m or skipped:
            continue
        fields = dict(f.split("=", 1) for f in m.group(2).split())
        name = construct_of(m.group(1))
        if "end" in fields:
            end = i + 1 + int(fields["end"])
        elif name in STANDALONE:
            end = i + 1
        else:
            end = statement_end(lines, i + 1) + 1
        constructs[i + 1] = {"name": name, "end": end, "fields": fields,
                             "count": 0, "seen": {}}
    return constructs


def expected_count(c, mode, llvm):
    f = c["fields"]
    keys = ["n"]
    if mode in ("native", "no_ompt"):
        keys.insert(0, mode)
    if llvm == "14":
        keys = [k + "14" for k in keys] + keys
    for key in keys:
        if key in f:
            return int(f[key])
    sys.exit(f"coverage.py: no expected count for {c['name']}")


def is_instance(event, name):
    kinds = INSTANCE_KINDS.get(name.split()[0], set())
    kind = event.get("kind")
    if kind == "construct":
        return event.get("endpoint") != "end"
    if kind not in kinds or event.get("endpoint") == "end" or event.get("implicit"):
        return False
    if kind == "parallel":  # a league for teams; a team's own parallel is not
        return bool(event.get("flags", 0) & LEAGUE) == (name.split()[0] == "teams")
    if kind == "task_create" and event.get("task_flags", 0) & TASK_TARGET:
        return False  # the target task of a target nowait
    return True


def innermost(constructs, line):
    best = None
    for begin, c in constructs.items():
        if begin <= line <= c["end"] and (best is None or begin > best):
            best = begin
    return best


def main(argv):
    dump, source, mode = argv[1], os.path.realpath(argv[2]), argv[3]
    table = argv[argv.index("--table") + 1] if "--table" in argv else None
    llvm = os.environ.get("OI_LLVM", "")
    constructs = parse_sources(source, llvm)
    problems = []
    with open(dump) as f:
        events = [json.loads(line) for line in f]
    for e in events:
        if "record" in e:
            continue
        if e.get("kind") == "thread":
            continue
        problem = location_problem(e, compiler_sites=mode != "native")
        if problem:
            problems.append(f"{problem}: {json.dumps(e)}")
            continue
        if "file" not in e:
            continue  # the runtime's own region
        if os.path.realpath(e["file"]) != source:
            problems.append(f"event in another file: {json.dumps(e)}")
            continue
        line = e["line"]
        if mode == "native":
            begin = innermost(constructs, line)
        else:
            begin = line if line in constructs else None
            if begin and e.get("end_line") != constructs[begin]["end"]:
                problems.append(f"line {line}: end_line {e.get('end_line')}, "
                                f"expected {constructs[begin]['end']}: {json.dumps(e)}")
        if begin is None:
            problems.append(f"event on line {line}, no construct there: {json.dumps(e)}")
            continue
        c = constructs[begin]
        key = f"{e['kind']} ({e['origin']})"
        c["seen"][key] = c["seen"].get(key, 0) + 1
        if is_instance(e, c["name"]):
            if e["kind"] == "construct_count":
                c["count"] += e["count"]
            elif e["kind"] == "target" and c["name"] == "target data":
                c["count"] += 0.5  # the runtime reports its enter and its exit
            else:
                c["count"] += 1
    for begin, c in sorted(constructs.items()):
        want = expected_count(c, mode, llvm)
        if c["count"] != want:
            problems.append(f"line {begin} `{c['name']}`: {c['count']} instances, "
                            f"expected {want} (events: {c['seen']})")
    if table:
        with open(table, "w") as out:
            for begin, c in sorted(constructs.items()):
                kinds = ", ".join(sorted(c["seen"])) or "nothing"
                out.write(f"{os.path.basename(source)}:{begin}\t{c['name']}\t{kinds}\n")
    for p in problems:
        print(f"{mode}: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
