#!/usr/bin/env python3
"""tests/guides_check.py WHAT [TOP [GUIDE]] - hold a guide for developers
to the tree it describes, where a command can tell (tests/guides.bats).

  floors    src/README.md's table of floors: one row per folder of src/,
            in order from 0, each header it says to start with there
  includes  src/README.md's table of what each folder includes: the
            edges its own command prints (its first sh block), no more, no
            fewer, each going down a floor
  hacking   HACKING.md: every file it names exists, every function
            (`name()`) and constant (`NAME`) it names in backticks is in
            the code, and defined in the file it names after it ("`f()`
            (dir/f.c)"),
            every `make TARGET` is a target of the Makefile

TOP is the source tree (default: the one this script is in); GUIDE, the
file to read instead of TOP's src/README.md or HACKING.md (so that a test
can show that a check fails).  Prints one line per disagreement and exits
1 if there is any, 0 if none, 2 on a usage error."""
import os
import re
import subprocess
import sys

NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight',
                'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen',
                'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty']

# Files HACKING.md names that are not in the tree, by design: the corpus
# lives in ../shared (HACKING.md says so), and build/ is made.
NOT_IN_TREE = {'twitter.json', 'citm_catalog.json', 'canada.json'}

# Where the code is, for names in backticks: not the guides themselves,
# nor this check and its test, which name what is not there.
CODE_DIRS = ['src', 'tests', 'bench', '.ci', 'debian', 'completions', 'editors']
CODE_FILES = ['Makefile']
NOT_CODE = {'README.md', 'guides.bats', 'guides_check.py'}

problems = []


def problem(msg):
    problems.append(msg)


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def folders(top):
    src = os.path.join(top, 'src')
    return sorted(d for d in os.listdir(src) if os.path.isdir(os.path.join(src, d)))


def floor_rows(readme):
    """The first table: (floor, folder, start-with cell), in order."""
    return [(int(m.group(1)), m.group(2), m.group(3))
            for m in re.finditer(r'^\| (\d+) \| `([a-z]+)/` \|.*\| ([^|]*) \|$', readme, re.M)]


def check_floors(top, readme):
    rows = floor_rows(readme)
    have = folders(top)
    named = [r[1] for r in rows]
    for d in have:
        if d not in named:
            problem(f'src/{d}/ has no row in the table of floors')
    for d in named:
        if d not in have:
            problem(f'the table of floors names {d}/, which is not a folder of src/')
    if len(set(named)) != len(named):
        problem('the table of floors names a folder twice')
    for i, (floor, d, _) in enumerate(rows):
        if floor != i:
            problem(f'{d}/ is floor {floor} in the table, row {i}: floors count from 0, in order')
    for _, d, cell in rows:
        for name in re.findall(r'`([A-Za-z0-9_]+\.[ch])`', cell):
            if not os.path.isfile(os.path.join(top, 'src', d, name)):
                problem(f'the table of floors says to start with {d}/{name}, which is not there')
    m = re.search(r'into (\w+) folders', readme)
    if not m:
        problem('src/README.md no longer says how many folders there are ("into N folders")')
    elif len(have) >= len(NUMBER_WORDS) or m.group(1) != NUMBER_WORDS[len(have)]:
        problem(f'src/README.md says "{m.group(1)}" folders; src/ has {len(have)}')


def edges_by_command(top, readme):
    """The edges the README's own command prints, as it shows it."""
    m = re.search(r'```sh\n(.*?)```', readme, re.S)
    if not m:
        problem('src/README.md shows no command for the edges (an sh block)')
        return set()
    out = subprocess.run(['bash', '-c', m.group(1)], cwd=top, capture_output=True,
                         text=True, check=False)
    if out.returncode != 0 or not out.stdout:
        problem(f'src/README.md\'s command for the edges failed: {out.stderr.strip()}')
        return set()
    edges = set()
    for line in out.stdout.splitlines():
        a, arrow, b = line.split()
        assert arrow == '->', line
        edges.add((a, b))
    return edges


def edges_by_table(readme):
    m = re.search(r'^\| Folder \| Includes from \|\n\|[-:| ]+\|\n((?:\|.*\|\n)+)', readme, re.M)
    if not m:
        problem('src/README.md has no table of what each folder includes')
        return set(), []
    edges, rows = set(), []
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip('|').split('|')]
        a = re.fullmatch(r'`([a-z]+)/`', cells[0])
        if not a:
            problem(f'a row of the table of includes names no folder: {line}')
            continue
        rows.append(a.group(1))
        # the folders before any parenthesis: "`text/` (`ESCAPE_POST_MAX`, ...)"
        for b in re.findall(r'`([a-z]+)/`', re.sub(r'\([^)]*\)', '', cells[1])):
            edges.add((a.group(1), b))
    return edges, rows


def check_includes(top, readme):
    floor = {d: n for n, d, _ in floor_rows(readme)}
    by_command = edges_by_command(top, readme)
    by_table, rows = edges_by_table(readme)
    for d in folders(top):
        if d not in rows:
            problem(f'src/{d}/ has no row in the table of includes')
    for a, b in sorted(by_command - by_table):
        problem(f'{a}/ includes from {b}/, which the table of includes does not say')
    for a, b in sorted(by_table - by_command):
        problem(f'the table of includes says {a}/ includes from {b}/, which it does not')
    for a, b in sorted(by_command):
        if a in floor and b in floor and floor[b] >= floor[a]:
            problem(f'{a}/ (floor {floor[a]}) includes from {b}/ (floor {floor[b]}), '
                    'which is not below it')


def tree_files(top):
    """Every file of the tree, by its path from TOP, outside build/ and .git."""
    paths = set()
    for root, dirs, files in os.walk(top):
        rel = os.path.relpath(root, top)
        if rel == '.':
            dirs[:] = [d for d in dirs if d not in ('build', '.git')]
        dirs[:] = [d for d in dirs if d != 'node_modules']
        for f in files:
            paths.add(os.path.normpath(os.path.join(rel, f)))
    return paths


def code_text(top):
    texts = []
    for d in CODE_DIRS:
        for root, dirs, files in os.walk(os.path.join(top, d)):
            dirs[:] = [x for x in dirs if x != 'node_modules']
            for f in files:
                if f in NOT_CODE:
                    continue
                try:
                    texts.append(read(os.path.join(root, f)))
                except (UnicodeDecodeError, OSError):
                    pass
    for f in CODE_FILES:
        texts.append(read(os.path.join(top, f)))
    return '\n'.join(texts)


def check_hacking(top, guide):
    paths = tree_files(top)
    names = {os.path.basename(p) for p in paths}
    text = re.sub(r'https?://\S+', '', guide)
    ext = r'(?:c|h|bats|bash|py|mjs|md|txt|json|el|vim|yaml|1)'
    for name in sorted(set(re.findall(r'(?<![\w./-])([\w.-]*[\w-](?:/[\w.-]+)*\.' + ext + r')\b',
                                      text))):
        if name.startswith('build/') or name in NOT_IN_TREE:
            continue
        if '/' in name:
            if not any(os.path.normpath(os.path.join(base, name)) in paths
                       for base in ('.', 'src', 'tests')):
                problem(f'HACKING.md names {name}, which is not in the tree')
        elif name not in names:
            problem(f'HACKING.md names {name}, which no file of the tree is called')
    code = code_text(top)
    called = set(re.findall(r'\b([A-Za-z_]\w*)\(', code))
    words = set(re.findall(r'\w+', code))
    for fn in sorted(set(re.findall(r'`([a-z_][a-z0-9_]*)\(\)`', text))):
        if fn not in called:
            problem(f'HACKING.md names {fn}(), which is not in the code')
    for const in sorted(set(re.findall(r'`([A-Z][A-Z0-9_]{2,})`', text))):
        if const not in words and const not in names:
            problem(f'HACKING.md names {const}, which is not in the code')
    for fn, path in sorted(set(re.findall(r'`([a-z_][a-z0-9_]*)\(\)`\s+\(([\w/]+\.[ch])\b', text))):
        where = os.path.join(top, 'src', path)
        # declared or defined there: named at the start of a line
        if os.path.isfile(where) and not re.search(r'^[A-Za-z_].*\b' + fn + r'\(',
                                                   read(where), re.M):
            problem(f'HACKING.md places {fn}() in {path}, which does not define it')
    makefile = read(os.path.join(top, 'Makefile'))
    targets = set()
    for m in re.finditer(r'^([^\s:=#][^:=]*?):(?!=)', makefile, re.M):
        targets.update(m.group(1).split())
    for t in sorted(set(re.findall(r'(?:^|`)make ([a-z][a-z0-9-]*)', text, re.M))):
        if t not in targets:
            problem(f'HACKING.md says `make {t}`, which the Makefile has no target for')


def main(argv):
    if len(argv) < 1 or argv[0] not in ('floors', 'includes', 'hacking') or len(argv) > 3:
        print(__doc__.split('\n\n')[0], file=sys.stderr)
        return 2
    top = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
    what = argv[0]
    default = 'HACKING.md' if what == 'hacking' else os.path.join('src', 'README.md')
    guide = read(argv[2] if len(argv) > 2 else os.path.join(top, default))
    {'floors': check_floors, 'includes': check_includes, 'hacking': check_hacking}[what](
        top, guide)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
