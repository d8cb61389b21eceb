"""The same variable reads the same in every format: each finding's variable
as the JSON report names it (and the variable that first held the same
content, for identical content) is the one the text report, the HTML page,
the annotated listing and the finding's advice name.

usage: names_across_formats.py REPORT.json REPORT.txt REPORT.html REPORT.annotate"""
import html
import json
import re
import sys


def main():
    report = json.load(open(sys.argv[1]))
    text = ' '.join(open(sys.argv[2]).read().split())  # unwrapped
    page = open(sys.argv[3]).read()
    annotate = open(sys.argv[4]).read()
    findings = report['findings']
    problems = []
    if not findings:
        problems.append('no findings to compare')
    for k, f in enumerate(findings, 1):
        kind, var = f['kind'], f['var']
        if f'{k}. {kind} of {var} at ' not in text:
            problems.append(f'finding {k}: the text report does not name {var!r}')
        row = re.search(r'<tr id="finding-%d".*?</tr>' % k, page, re.S)
        escaped = html.escape(var, quote=True)
        if not row or f'data-var="{escaped}"' not in row.group(0) or \
                f'<code>{escaped}</code>' not in row.group(0):
            problems.append(f'finding {k}: the html page does not name {var!r}')
        advice = f.get('suggestion', '')
        if var not in advice:
            problems.append(f'finding {k}: the advice does not name {var!r}: {advice!r}')
        other = f.get('other', {}).get('var')
        if kind == 'identical_content':
            if not other or other not in advice:
                problems.append(f'finding {k}: the advice does not name {other!r}')
            elif row and f'<code>{html.escape(other, quote=True)}</code>' not in row.group(0):
                problems.append(f'finding {k}: the html page does not name {other!r}')
    named = {f['var'] for f in findings}
    for line in annotate.splitlines():
        m = re.search(r'\| ! (\w+) of (.*?): \d+ of ', line)
        if m and m.group(2) not in named:
            problems.append(f'annotate names {m.group(2)!r}, no finding of the json does')
    for problem in problems:
        print('names:', problem, file=sys.stderr)
    if problems:
        return 1
    print(f'{len(findings)} findings, each variable named alike in every format')
    return 0


if __name__ == '__main__':
    sys.exit(main())
