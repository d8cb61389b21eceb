"""The code's layout rules (docs/design.md), checked on the sources and the
built objects:

- no source file of the repository is over 700 lines;
- the built code (the folders of CODE_FOLDERS: the shim, common/, the
  offload and MPI libraries, the plugin, and each folder of tools/) forms
  no import circle: file A imports file B when A's object uses a symbol B's
  object defines (nm), so the check sees calls, not just #includes; no two
  files may reach each other;
- the same between folders (tools/cmd, tools/model, shim, common, ...):
  the folders form layers;
- the analysis (tools/analysis) and the model of data movement it drives
  call nothing of tools/trace: they read the ids the report model's
  streaming pass resolved once per event (oi_event_facts);
- headers are included by folder ("common/map.h", "model/movement.h"); a
  bare name ("map.h") only for a header of the including file's own folder
  (or one generated into that folder of the build), <system> headers aside;
- unit tests mirror the source tree (docs/testing.md): tests/unit/<folder>/
  test_<name>.c tests <folder>/<name>.c (or .h, .cpp), test_<name>_<aspect>.c
  one aspect of it, for a folder of CODE_FOLDERS; other files there are
  helpers of that folder's tests; tests/unit/ itself holds only helpers
  several folders share and the CMake list that registers every unit test;
  no other folder of tests/ holds a cmocka test or registers a unit test.

usage: check_layout.py SOURCE_DIR BUILD_DIR"""
import collections
import os
import re
import shutil
import subprocess
import sys

MAX_LINES = 700
NM = 'gcc-nm' if shutil.which('gcc-nm') else 'nm'
SOURCE_SUFFIXES = ('.c', '.h', '.cpp', '.py', '.sh', '.js', '.css', '.cmake')


def source_files(src):
    """The repository's files: git's list in a checkout; in an unpacked
    source tree (no .git), every file outside build folders."""
    if os.path.exists(os.path.join(src, '.git')):
        return subprocess.run(['git', '-C', src, 'ls-files'], check=True,
                              capture_output=True, text=True).stdout.split()
    files = []
    for top, dirs, names in os.walk(src):
        dirs[:] = [d for d in dirs if not d.startswith(('build', '.'))]
        files += [os.path.relpath(os.path.join(top, n), src) for n in names]
    return files


def long_files(src):
    files = source_files(src)
    bad = []
    for name in files:
        if not name.endswith(SOURCE_SUFFIXES) or name.startswith('tests/golden/expected/'):
            continue
        path = os.path.join(src, name)
        if not os.path.isfile(path):
            continue
        with open(path, 'rb') as f:
            lines = f.read().count(b'\n')
        if lines > MAX_LINES:
            bad.append(f'{name}: {lines} lines (at most {MAX_LINES})')
    return bad


# The folders whose objects are checked for circles (tools/ by subfolder).
CODE_FOLDERS = ('common', 'shim', 'offload', 'gomp', 'mpi', 'plugin', 'tools')
OBJECT_SUFFIXES = ('.c.o', '.cpp.o')


def objects_of_code(src, build):
    """(source path relative to the repository, object path) of every object
    built from the sources of CODE_FOLDERS (the CMake object layout:
    <folder>/CMakeFiles/<target>.dir/<path>.o, `__` for `..` in <path>).
    A source built into several targets (the shim's test build with small
    bounds) counts once. Objects of sources that no longer exist (a build
    folder older than a move) are left out; generated sources live in the
    build folder."""
    found = {}
    for top in CODE_FOLDERS:
        for folder, dirs, names in os.walk(os.path.join(build, top)):
            dirs.sort()
            for name in sorted(names):
                if not name.endswith(OBJECT_SUFFIXES) or '.dir' not in folder:
                    continue
                parts = os.path.relpath(os.path.join(folder, name), build).split(os.sep)
                target = next(i for i, p in enumerate(parts) if p.endswith('.dir'))
                inside = ['..' if p == '__' else p for p in parts[target + 1:]]
                source = os.path.normpath(os.path.join(*parts[:target - 1], *inside))[:-2]
                if not source.startswith(CODE_FOLDERS) or not (
                        os.path.isfile(os.path.join(src, source)) or
                        os.path.isfile(os.path.join(build, source))):
                    continue
                found.setdefault(source, os.path.join(folder, name))
    return found


def symbols(obj):
    # gcc-nm reads the symbols of GCC's link-time-optimised objects too
    out = subprocess.run([NM, obj], check=True, capture_output=True, text=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 2 and fields[0] == 'U':
            used.add(fields[1])
        elif len(fields) == 3 and fields[1] in 'TDBR':
            defined.add(fields[2])
    return defined, used


def cycles(edges):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def c_library_names():
    """What the C library defines: a file of ours defining one of them
    (the shim's _exit and execv) interposes on the library; the callers of
    the name import the library, not that file."""
    try:
        path = subprocess.run(['cc', '-print-file-name=libc.so.6'], check=True,
                              capture_output=True, text=True).stdout.strip()
        out = subprocess.run(['nm', '-D', '--defined-only', path], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return set()
    return {line.split()[-1].split('@')[0] for line in out.splitlines() if line.strip()}


def import_graph(src, build):
    objects = objects_of_code(src, build)
    interposed = c_library_names()
    definer = {}
    uses = {}
    for source, obj in objects.items():
        defined, used = symbols(obj)
        for name in defined - interposed:
            definer.setdefault(name, source)
        uses[source] = used
    edges = collections.defaultdict(set)
    why = {}  # (file, file it imports) -> one symbol that makes the import
    for source, used in uses.items():
        for name in sorted(used):
            target = definer.get(name)
            if target and target != source:
                edges[source].add(target)
                why.setdefault((source, target), name)
    return objects, edges, why


# The files that read the facts of events and never the trace.
TRACE_FREE = ('tools/analysis/', 'tools/model/movement.c', 'tools/model/holders.c',
              'tools/model/transfers.c', 'tools/model/versions.c',
              'tools/model/kernel_writes.c', 'tools/model/transfer_places.c')


def trace_readers(edges, why):
    """Calls from the analysis or the model of data movement into tools/trace."""
    return [f'{source} uses {why[source, target]} of {target}: the analysis reads the '
            'facts the report model resolved, not the trace'
            for source, targets in sorted(edges.items()) if source.startswith(TRACE_FREE)
            for target in sorted(targets) if target.startswith('tools/trace/')]


def folder(source):
    """The layer a file belongs to: tools/<folder>, or the top folder."""
    parts = source.split('/')
    return '/'.join(parts[:2]) if parts[0] == 'tools' and len(parts) > 2 else parts[0]


INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
INCLUDING_SUFFIXES = ('.c', '.h', '.cpp', '.hpp', '.inc', '.def')


def bare_includes(src, build):
    """Quoted includes of a bare name that is not a header of the including
    file's own folder (nor generated into that folder of the build): they
    work only while that other folder is on the include path."""
    bad = []
    files = source_files(src)
    by_base = collections.defaultdict(list)
    for name in files:
        by_base[os.path.basename(name)].append(name)
    for name in files:
        if not name.endswith(INCLUDING_SUFFIXES):
            continue
        path = os.path.join(src, name)
        if not os.path.isfile(path):
            continue
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
        own = os.path.dirname(name)
        for header in INCLUDE.findall(text):
            if '/' in header:
                if header.startswith('..') or '/../' in header:
                    bad.append(f'{name}: #include "{header}" climbs folders; '
                               'include by folder from the top')
                continue
            if os.path.isfile(os.path.join(src, own, header)) or generated(build, own, header):
                continue
            # the header's own folder and name, as the include path has it
            by_folder = ' or '.join(f'"{"/".join(c.split("/")[-2:])}"' for c in by_base[header])
            bad.append(f'{name}: #include "{header}" by bare name, not a header of {own or "."}/; '
                       f'include it by folder ({by_folder or "no such header in the repository"})')
    return bad


def generated(build, own, header):
    for folder, _, names in os.walk(os.path.join(build, own)):
        if header in names and 'CMakeFiles' not in folder:
            return True
    return False


UNIT = 'tests/unit/'
TEST_SUFFIXES = ('.c', '.cpp')
CODE_SUFFIXES = ('.c', '.h', '.cpp')
CMOCKA = re.compile(r'^\s*#\s*include\s*<cmocka\.h>', re.M)
REGISTERS_UNIT_TEST = re.compile(r'^\s*oi_add_unit_test\s*\(', re.M)


def mirrors(src, folder, name):
    """Whether test_<name> of tests/unit/<folder>/ names a source file of
    <folder>: <name> is the file's stem, or the stem and an aspect."""
    try:
        entries = os.listdir(os.path.join(src, folder))
    except OSError:
        return False
    stems = {os.path.splitext(e)[0] for e in entries if e.endswith(CODE_SUFFIXES)}
    return any(name == stem or name.startswith(stem + '_') for stem in stems)


def unit_test_layout(src, files=None):
    """Where the unit tests lie: the rule of the module's docstring."""
    bad = []
    for name in sorted(files if files is not None else source_files(src)):
        if not name.startswith('tests/') or not os.path.isfile(os.path.join(src, name)):
            continue
        base = os.path.basename(name)
        if name.startswith(UNIT):
            folder = os.path.dirname(name[len(UNIT):])
            is_test = base.startswith('test_') and base.endswith(TEST_SUFFIXES)
            if not folder:
                if is_test:
                    bad.append(f'{name}: a unit test goes in the folder that mirrors the '
                               f'source it tests ({UNIT}<folder>/test_<name>.c)')
                continue
            if (folder.split('/')[0] not in CODE_FOLDERS or
                    not os.path.isdir(os.path.join(src, folder))):
                bad.append(f'{name}: {UNIT}{folder}/ mirrors no source folder '
                           f'(one of {", ".join(CODE_FOLDERS)} or a folder inside)')
            elif is_test and not mirrors(src, folder, os.path.splitext(base)[0][5:]):
                bad.append(f'{name}: no {folder}/{os.path.splitext(base)[0][5:]}.c (.h, .cpp) '
                           f'it tests: test_<name>[_<aspect>] names a file of {folder}/')
            continue
        if not name.endswith(('.c', '.cpp', '.h', 'CMakeLists.txt', '.cmake')):
            continue
        with open(os.path.join(src, name), encoding='utf-8', errors='replace') as f:
            text = f.read()
        if name.endswith(('.c', '.cpp', '.h')) and CMOCKA.search(text):
            bad.append(f'{name}: a cmocka test outside {UNIT}: it goes in {UNIT}<folder>/, '
                       'the folder that mirrors the source it tests')
        if (name.endswith(('CMakeLists.txt', '.cmake')) and name != 'tests/CMakeLists.txt'
                and REGISTERS_UNIT_TEST.search(text)):
            bad.append(f'{name}: registers a unit test; unit tests are registered in '
                       f'{UNIT}CMakeLists.txt')
    return bad


def circle_text(component, edges):
    """A circle, each step with what makes it: a -> b (symbol) -> ... -> a."""
    inside = set(component)
    start = component[0]
    # shortest way back to start through the component, by breadth first
    previous, queue = {start: None}, [start]
    while queue:
        at = queue.pop(0)
        for nxt in sorted(edges.get(at, ())):
            if nxt in inside and nxt not in previous:
                previous[nxt] = at
                queue.append(nxt)
    closing = next(v for v in component if start in edges.get(v, ()) and v in previous)
    path = [closing]
    while previous[path[-1]] is not None:
        path.append(previous[path[-1]])
    path.reverse()
    return ' -> '.join(path + [start])


def main():
    src, build = sys.argv[1], sys.argv[2]
    problems = long_files(src)
    problems += bare_includes(src, build)
    problems += unit_test_layout(src)
    objects, edges, why = import_graph(src, build)
    tops = {source.split('/')[0] for source in objects}
    for top in ('common', 'shim', 'tools'):
        if top not in tops:
            problems.append(f'found no object of {top}/ under {build}')
    problems += trace_readers(edges, why)
    for component in cycles(edges):
        steps = circle_text(component, edges)
        problems.append(f'import circle among files: {", ".join(component)}\n'
                        f'    for example {steps}, where\n' +
                        '\n'.join(f'      {a} uses {why[a, b]} of {b}'
                                  for a, b in zip(steps.split(' -> '), steps.split(' -> ')[1:])))
    folder_edges = collections.defaultdict(set)
    folder_why = {}
    for source, targets in edges.items():
        for target in targets:
            if folder(source) != folder(target):
                folder_edges[folder(source)].add(folder(target))
                folder_why.setdefault((folder(source), folder(target)),
                                      f'{source} uses {why[source, target]} of {target}')
    for component in cycles(folder_edges):
        steps = circle_text(component, folder_edges)
        problems.append(f'import circle among folders: {", ".join(component)}\n'
                        f'    for example {steps}, where\n' +
                        '\n'.join(f'      {folder_why[a, b]}'
                                  for a, b in zip(steps.split(' -> '), steps.split(' -> ')[1:])))
    for problem in problems:
        print('layout:', problem, file=sys.stderr)
    if problems:
        return 1
    print(f'layout: {len(objects)} objects in {len(set(map(folder, objects)))} folders, '
          f'{sum(len(t) for t in edges.values())} imports, no circle, no call from the analysis '
          f'into tools/trace; no bare include of '
          f'another folder\'s header; no source file over {MAX_LINES} lines; unit tests '
          f'mirror the source tree')
    return 0


if __name__ == '__main__':
    sys.exit(main())
