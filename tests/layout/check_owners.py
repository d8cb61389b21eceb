"""The owners of docs/design.md's decisions, checked on the sources where a
review once found a decision in two places (issue 55):

- merging: no runtime event is made `merged` outside shim/unify.c (the
  placement every callback, repair and count asks);
- aliases: the runtime's other names for a construct (master as masked, a
  loop construct as for or distribute, target data as enter and exit) are
  written only in the REPORTED_AS column of include/ompt-inst/events.def:
  no other source names a construct and its alias together;
- the thread: shim/thread.h composes the families' state and declares no
  state type of its own; each family's *_state.h is plain state that
  includes no other shim header but bounds.h; record.h (the buffer)
  includes no family header;
- naming: a variable's name is made only in tools/model/names.c (the one
  memory of names: no second table of names per address);
- the streaming pass: the report model and the analysis look an event's
  site up in the trace only in tools/model/profile.c, once per event.

usage: check_owners.py SOURCE_DIR"""
import os
import re
import sys

C_FOLDERS = ('common', 'shim', 'offload', 'gomp', 'mpi', 'tools', 'plugin')
PLACEMENT_OWNER = 'shim/unify.c'
ALIASES = (('MASTER', 'MASKED'), ('LOOP', 'FOR'), ('LOOP', 'DISTRIBUTE'),
           ('TARGET_DATA', 'TARGET_ENTER_DATA'), ('TARGET_DATA', 'TARGET_EXIT_DATA'))
ALIAS_SPELLINGS = (('"master"', 'MASKED'), ('"target data"', 'TARGET_ENTER_DATA'),
                   ('"target data"', 'TARGET_EXIT_DATA'), ('"loop"', 'FOR'))
WINDOW = 4  # lines: an alias written as one condition spans a few


def sources(src):
    for top in C_FOLDERS:
        for folder, dirs, names in os.walk(os.path.join(src, top)):
            dirs.sort()
            for name in sorted(names):
                if name.endswith(('.c', '.h', '.cpp')):
                    path = os.path.join(folder, name)
                    yield os.path.relpath(path, src), open(path, encoding='utf-8').read()


def code_lines(text):
    """The lines without comments (a comment may name an alias)."""
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)
    return [re.sub(r'//.*', '', line) for line in text.split('\n')]


def merged_outside_owner(name, lines):
    if name == PLACEMENT_OWNER or not name.startswith(('shim/', 'offload/', 'mpi/')):
        return []
    return [f'{name}:{i + 1}: sets the `merged` origin; placement is {PLACEMENT_OWNER}\'s'
            for i, line in enumerate(lines) if 'OI_ORIGIN_MERGED' in line]


def has(word, text):
    """`word` in `text`, an identifier as a whole word."""
    return re.search(re.escape(word) + (r'\b' if word[-1].isalnum() else ''), text) is not None


def aliases_outside_table(name, lines):
    bad = []
    pairs = [(f'OI_CONSTRUCT_{a}', f'OI_CONSTRUCT_{b}') for a, b in ALIASES]
    pairs += [(a, f'OI_CONSTRUCT_{b}') for a, b in ALIAS_SPELLINGS]
    for i in range(len(lines)):
        window = '\n'.join(lines[i:i + WINDOW])
        for a, b in pairs:
            if has(a, window) and has(b, window) and (has(a, lines[i]) or has(b, lines[i])):
                bad.append(f'{name}:{i + 1}: names {a} with its alias {b}; '
                           'the aliases are the REPORTED_AS column of events.def')
    return sorted(set(bad))


def thread_composition(src):
    bad = []
    shim = os.path.join(src, 'shim')
    thread = open(os.path.join(shim, 'thread.h'), encoding='utf-8').read()
    for typedef in re.findall(r'typedef struct (\w+)', thread):
        if typedef != 'oi_thread':
            bad.append(f'shim/thread.h declares {typedef}: a family declares its state '
                       'in its own header')
    for name in sorted(os.listdir(shim)):
        if not name.endswith('_state.h'):
            continue
        text = open(os.path.join(shim, name), encoding='utf-8').read()
        for header in re.findall(r'#include "([^"/]+)"', text):
            if header != 'bounds.h':
                bad.append(f'shim/{name} includes {header}: family state is plain state')
        if f'#include "{name}"' not in thread:
            bad.append(f'shim/thread.h does not compose shim/{name}')
    record = open(os.path.join(shim, 'record.h'), encoding='utf-8').read()
    for header in re.findall(r'#include "([^"]+)"', record):
        if header.endswith('_state.h') or header in ('construct_stack.h', 'landing_hashes.h',
                                                      'repairs.h'):
            bad.append(f'shim/record.h includes {header}: the buffer knows no family '
                       '(thread.h composes them)')
    return bad


NAME_MAKERS = ('oi_name_variable', 'oi_symbolize_data')
NAMING_OWNER = 'tools/model/names.c'
SITE_LOOKUP = 'oi_reader_site'
STREAMING_PASS = 'tools/model/profile.c'


def resolved_outside_owner(name, lines):
    """Names made, or sites looked up, by the report side outside their owner."""
    if not name.endswith('.c') or not name.startswith(('tools/model/', 'tools/analysis/',
                                                        'tools/report/')):
        return []
    bad = []
    for i, line in enumerate(lines):
        for maker in NAME_MAKERS:
            if name != NAMING_OWNER and has(maker, line):
                bad.append(f'{name}:{i + 1}: makes a name ({maker}); naming is {NAMING_OWNER}\'s')
        if name != STREAMING_PASS and has(SITE_LOOKUP, line):
            bad.append(f'{name}:{i + 1}: looks a site up ({SITE_LOOKUP}); the streaming pass, '
                       f'{STREAMING_PASS}, resolves it once per event')
    return bad


def main():
    src = sys.argv[1]
    bad = []
    for name, text in sources(src):
        lines = code_lines(text)
        bad += merged_outside_owner(name, lines)
        bad += aliases_outside_table(name, lines)
        bad += resolved_outside_owner(name, lines)
    bad += thread_composition(src)
    for line in bad:
        print(line)
    if bad:
        print(f'check_owners: {len(bad)} decisions outside their owner (docs/design.md)')
        return 1
    print('check_owners: every checked decision in its owner')
    return 0


if __name__ == '__main__':
    sys.exit(main())
