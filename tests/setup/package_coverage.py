#!/usr/bin/env python3
"""Every program the build, the tests and `ompt-inst` run must come from a
Debian package that scripts/setup.sh installs.

It is not enough that a program exists on this machine: a package installed
by hand hides the gap a new user hits at the first command. So each program is
mapped to the package that owns it (dpkg -S) and that package must be in
setup's list or in what the list pulls in through Depends/Pre-Depends (setup
installs without recommends), or be part of every Debian system (Essential or
Priority: required).

The programs come from the tools themselves, not from a list kept by hand:
  - what `ompt-inst cc`/`c++` (clang's driver and its offload tools), `run`
    and `report` really execute, traced with strace;
  - the compilers, make and CMake programs recorded in the build's cache;
  - the commands that the repository's shell and Python scripts call;
  - with --strace-log, the programs a traced command executed (the .deb test
    passes cpack's).

usage: package_coverage.py --src SRC [--build BUILD] [--strace-log LOG...]
                           [--prove-omitting PACKAGE...]
--prove-omitting: check again with PACKAGE left out of setup's list, and fail
unless that names a program of PACKAGE (installed here all the same).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


def run(argv, **kwargs):
    return subprocess.run(argv, check=True, text=True, capture_output=True, **kwargs).stdout


# --- which packages setup installs -------------------------------------------

def installed_packages():
    """name -> (provides, dependency groups, priority, essential)."""
    fmt = "${Package}\t${Provides}\t${Depends}\t${Pre-Depends}\t${Priority}\t${Essential}\t${Status}\n"
    table = {}
    for line in run(["dpkg-query", "-W", "-f", fmt]).splitlines():
        name, provides, depends, predepends, priority, essential, status = line.split("\t")
        if not status.endswith(" installed"):
            continue
        groups = [g for g in (depends + "," + predepends).split(",") if g.strip()]
        table[name] = (package_names(provides), groups, priority, essential == "yes")
    return table


def package_names(field):
    """'a (>= 1), b:any' -> ['a', 'b']"""
    return [re.split(r"[\s:(]", item.strip())[0] for item in field.split(",") if item.strip()]


def closure(roots, table):
    """The packages apt installs for `roots` without recommends: each
    dependency's first alternative; a virtual one by its installed providers."""
    providers = {}
    for name, (provides, _, _, _) in table.items():
        for virtual in provides:
            providers.setdefault(virtual, []).append(name)
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name not in table:
            for provider in providers.get(name, []):
                todo.append(provider)
            continue
        for group in table[name][1]:
            todo.append(package_names(group.split("|")[0])[0])
    return seen


def setup_packages(src):
    out = run(["bash", os.path.join(src, "scripts", "setup.sh"), "--list"])
    return [line.strip() for line in out.splitlines() if line.strip()]


# --- which programs run --------------------------------------------------------

def traced_programs(log_path):
    """Programs a strace -f -e trace=execve log shows executed successfully."""
    programs = set()
    with open(log_path, errors="replace") as log:
        for line in log:
            match = re.search(r'execve\("([^"]+)".*\) = 0', line)
            if match:
                programs.add(match.group(1))
    return programs


def trace(argv, cwd, env=None):
    log = os.path.join(cwd, "strace-%d.log" % len(os.listdir(cwd)))
    result = subprocess.run(["strace", "-f", "-qq", "-e", "trace=execve", "-e", "signal=none",
                             "-o", log] + argv, cwd=cwd, env=env, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode != 0:
        sys.exit("FAIL: '%s' failed (%d): %s" % (" ".join(argv), result.returncode,
                                               result.stderr.strip()[-2000:]))
    return traced_programs(log)


def ompt_inst_programs(build, scratch):
    """What compiling (C and C++, with host offloading), running and reporting
    a program with this build really executes."""
    oi = os.path.join(os.path.abspath(build), "bin", "ompt-inst")
    with open(os.path.join(scratch, "x.c"), "w") as f:
        f.write("int main(void) {\n  int a[4] = {0};\n"
                "#pragma omp target map(tofrom: a[0:4])\n  a[1] = 1;\n  return a[0];\n}\n")
    with open(os.path.join(scratch, "y.cpp"), "w") as f:
        f.write("#include <vector>\nint main() {\n  std::vector<int> v(4);\n  int *p = v.data();\n"
                "#pragma omp target map(tofrom: p[0:4])\n  p[1] = 1;\n  return p[0];\n}\n")
    offload = "-fopenmp-targets=x86_64-pc-linux-gnu"
    env = dict(os.environ, OMPT_INST_QUIET="0")
    programs = set()
    programs |= trace([oi, "cc", "-O1", offload, "x.c", "-o", "x"], scratch)
    programs |= trace([oi, "c++", "-O1", offload, "y.cpp", "-o", "y"], scratch)
    programs |= trace([oi, "run", "-o", "run", "./x"], scratch, env)
    programs |= trace([oi, "report", "run"], scratch)
    return programs


def cached_programs(build):
    """Compilers and build programs CMake found (CMakeCache.txt)."""
    keys = ("CMAKE_C_COMPILER", "CMAKE_CXX_COMPILER", "CMAKE_MAKE_PROGRAM",
            "CMAKE_COMMAND", "CMAKE_CTEST_COMMAND", "CMAKE_CPACK_COMMAND")
    programs = set()
    with open(os.path.join(build, "CMakeCache.txt")) as cache:
        for line in cache:
            key, _, value = line.strip().partition("=")
            if key.split(":")[0] in keys and value.startswith("/"):
                programs.add(value)
    for internal in ("cmake", "ctest", "cpack"):
        path = shutil.which(internal)
        if path:
            programs.add(path)
    return programs


# A command word: at the start of a line or after an operator, past any
# VAR=value prefixes, and followed by a blank, an operator or the line's end.
SHELL_COMMAND = re.compile(
    r"(?:^|[;&|`{]|\$\(|(?:^|(?<=[\s;&|]))\(|\b(?:then|do|else|exec|time)\b|!)\s*"
    r"(?:[A-Za-z_][A-Za-z0-9_]*=(?:\"[^\"]*\"|\S*)\s+)*"
    r"([A-Za-z0-9][A-Za-z0-9_.+-]*)(?=[\s;&|)]|$)")
SHELL_FUNCTION = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_-]*)\s*\(\)", re.M)
HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?.*?\n.*?\n\s*\1\s*$", re.M | re.S)
SINGLE_QUOTED = re.compile(r"'[^']*'", re.S)
# Double-quoted text runs nothing unless it holds a command substitution.
PLAIN_DOUBLE_QUOTED = re.compile(r'"(?:[^"\\$`]|\\.|\$(?!\())*"')
# A program named by its absolute path, in any script (time_command=/usr/bin/time).
ABSOLUTE_PROGRAM = re.compile(r"(?<![\w/.-])((?:/usr)?/s?bin/[A-Za-z0-9][A-Za-z0-9_.+-]*)")
# Python: the program of an argument list (["prog", ...]) or of shutil.which().
PYTHON_PROGRAM = re.compile(r"(?:(?<![\w\])])\[\s*|which\(\s*)[\"']([A-Za-z0-9][A-Za-z0-9_.+-]*)[\"']")


def script_words(path):
    """Words in command position. Code in other languages inside a script
    (awk or Python in single quotes or here-documents) and the script's own
    functions are not commands."""
    with open(path, errors="replace") as f:
        text = f.read()
    absolute = set(ABSOLUTE_PROGRAM.findall(re.sub(r"^\s*#.*$", "", text, flags=re.M)))
    if path.endswith(".py"):
        return set(PYTHON_PROGRAM.findall(text)) | absolute
    functions = set(SHELL_FUNCTION.findall(text))
    text = re.sub(r"^\s*#.*$", "", text, flags=re.M)  # comments may hold apostrophes
    text = HEREDOC.sub("\n", text)
    text = text.replace("\\`", "")
    text = SINGLE_QUOTED.sub("''", text)
    words = set()
    for line in text.splitlines():
        line = PLAIN_DOUBLE_QUOTED.sub('""', line)
        line = re.sub(r"(^|\s)#.*", "", line)
        words.update(SHELL_COMMAND.findall(line))
    return (words - functions) | absolute


def script_programs(src):
    """Commands the repository's scripts call that resolve to files under
    /usr or /bin (shell builtins and the project's own programs do not)."""
    programs = {}
    for top in ("scripts", "tests", "bench", ".ci"):
        for folder, _, files in os.walk(os.path.join(src, top)):
            for name in files:
                path = os.path.join(folder, name)
                if not (name.endswith((".sh", ".py")) or top == ".ci"):
                    continue
                for word in script_words(path):
                    found = word if os.path.isabs(word) and os.access(word, os.X_OK) \
                        else shutil.which(word)
                    if found and found.startswith(("/usr/", "/bin/", "/sbin/")):
                        programs.setdefault(found, os.path.relpath(path, src))
    return programs


# --- mapping programs to packages ----------------------------------------------

def file_owners():
    """path -> package, from dpkg's own file lists (one pass: `dpkg -S` per
    program would take a second each)."""
    owners = {}
    info = "/var/lib/dpkg/info"
    for name in os.listdir(info):
        if name.endswith(".list"):
            package = name[:-len(".list")].split(":")[0]
            with open(os.path.join(info, name), errors="replace") as listing:
                for line in listing:
                    owners.setdefault(line.rstrip("\n"), package)
    return owners


def owning_package(path, owners):
    """The package that ships `path`, through alternatives and symlinks
    (Debian 12 merges /bin into /usr/bin: dpkg may know either spelling)."""
    for candidate in (path, os.path.realpath(path)):
        for spelling in (candidate, candidate.replace("/usr/bin/", "/bin/", 1),
                         candidate.replace("/bin/", "/usr/bin/", 1),
                         candidate.replace("/usr/lib/", "/lib/", 1)):
            if spelling in owners:
                return owners[spelling]
    return None


def missing_packages(programs, covered, table, owners, build_dir):
    """One line per program whose package setup does not install."""
    problems = []
    for program, who in sorted(programs.items()):
        if not os.path.isabs(program):
            continue  # a program the test itself built, run from its folder
        real = os.path.realpath(program)
        if build_dir and real.startswith(build_dir + os.sep):
            continue  # the project's own programs and test programs
        if real.startswith(tempfile.gettempdir() + os.sep):
            continue
        package = owning_package(program, owners)
        if package is None:
            problems.append("%s (run by %s) belongs to no Debian package" % (program, who))
            continue
        _, _, priority, essential = table.get(package, ((), (), "", False))
        if package in covered or essential or priority == "required":
            continue
        problems.append("%s (run by %s) comes from the package %s, which scripts/setup.sh "
                        "does not install: add it to its list" % (program, who, package))
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--src", required=True)
    parser.add_argument("--build")
    parser.add_argument("--strace-log", action="append", default=[])
    parser.add_argument("--prove-omitting", action="append", default=[])
    args = parser.parse_args()

    table = installed_packages()
    listed = setup_packages(args.src)
    covered = closure(listed, table)

    programs = {}  # path -> who runs it
    for log in args.strace_log:
        for program in traced_programs(log):
            programs.setdefault(program, "traced: " + os.path.basename(log))
    if args.build:
        with tempfile.TemporaryDirectory(prefix="oi-packages.") as scratch:
            for program in ompt_inst_programs(args.build, scratch):
                programs.setdefault(program, "ompt-inst cc/c++/run/report")
        for program in cached_programs(args.build):
            programs.setdefault(program, "the build (CMakeCache.txt)")
        for program, script in script_programs(args.src).items():
            programs.setdefault(program, script)

    build_dir = os.path.realpath(args.build) if args.build else None
    owners = file_owners()
    problems = missing_packages(programs, covered, table, owners, build_dir)
    for problem in problems:
        print("FAIL: " + problem, file=sys.stderr)
    if problems:
        return 1
    print("ok: %d programs, all from packages scripts/setup.sh installs (%d listed, %d with "
          "their dependencies)" % (len(programs), len(listed), len(covered)))
    # The check must not pass just because a package is installed here: with
    # one listed package left out, the programs it brings must be named.
    for omitted in args.prove_omitting:
        without = closure([p for p in listed if p != omitted], table)
        named = [p for p in missing_packages(programs, without, table, owners, build_dir)
                 if "the package %s," % omitted in p]
        if not named:
            print("FAIL: without %s in setup's list the check names no program of it"
                  % omitted, file=sys.stderr)
            return 1
        print("ok: without %s in setup's list the check fails: %s" % (omitted, named[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
