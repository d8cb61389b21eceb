"""The code's layout rules (docs/design.md), checked on the built objects:

- no source file of the repository is over 700 lines;
- the command's files (tools/) form no import circle: file A imports file B
  when A's object uses a symbol B's object defines (nm), so the check sees
  calls, not just #includes; no two files may reach each other;
- the same between the folders of tools/ (cmd, trace, model, analysis,
  report): the folders form layers.

usage: check_layout.py SOURCE_DIR BUILD_DIR"""
import collections
import os
import subprocess
import sys

MAX_LINES = 700
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


def objects_of_tools(src, build):
    """(source path relative to tools/, object path) of every object built
    from tools/ sources (the CMake object layout: .../X.dir/Y.c.o). Objects
    of sources that no longer exist (a build folder older than a move) are
    left out; generated sources live in the build folder."""
    root = os.path.join(build, 'tools')
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if not name.endswith('.c.o') or '.dir' not in folder:
                continue
            relative = os.path.relpath(os.path.join(folder, name), root)
            parts = relative.split(os.sep)
            target = next(i for i, p in enumerate(parts) if p.endswith('.dir'))
            # <folder>/CMakeFiles/<target>.dir/<path>.c.o -> <folder>/<path>.c
            source = '/'.join(parts[:target - 1] + parts[target + 1:])[:-2]
            if not (os.path.isfile(os.path.join(src, 'tools', source)) or
                    os.path.isfile(os.path.join(root, source))):
                continue
            found.setdefault(source, os.path.join(folder, name))
    return found


def symbols(obj):
    out = subprocess.run(['nm', obj], check=True, capture_output=True, text=True).stdout
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


def import_graph(src, build):
    objects = objects_of_tools(src, build)
    definer = {}
    uses = {}
    for source, obj in objects.items():
        defined, used = symbols(obj)
        for name in defined:
            definer.setdefault(name, source)
        uses[source] = used
    edges = collections.defaultdict(set)
    for source, used in uses.items():
        for name in used:
            target = definer.get(name)
            if target and target != source:
                edges[source].add(target)
    return objects, edges


def folder(source):
    return source.split('/')[0] if '/' in source else '.'


def main():
    src, build = sys.argv[1], sys.argv[2]
    problems = long_files(src)
    objects, edges = import_graph(src, build)
    if len(objects) < 20:
        problems.append(f'found only {len(objects)} objects of tools/ under {build}')
    for component in cycles(edges):
        problems.append('import circle among files: ' + ', '.join(component))
    folder_edges = collections.defaultdict(set)
    for source, targets in edges.items():
        for target in targets:
            if folder(source) != folder(target):
                folder_edges[folder(source)].add(folder(target))
    for component in cycles(folder_edges):
        problems.append('import circle among folders of tools/: ' + ', '.join(component))
    for problem in problems:
        print('layout:', problem, file=sys.stderr)
    if problems:
        return 1
    print(f'layout: {len(objects)} objects, {sum(len(t) for t in edges.values())} '
          f'imports, no circle; no source file over {MAX_LINES} lines')
    return 0


if __name__ == '__main__':
    sys.exit(main())
