#!/usr/bin/env python3
"""tests/jobs_check.py [--sample] JFMT [SEED] - jfmt -j against jfmt -j1:
the same stdout, stderr and exit status (and files, with -o and -i), from
files and from a pipe, over generated inputs cut into many small chunks
(JFMT_JOBS_BLOCK), every layout and mode, valid and broken input.

Prints one line per difference and exits 1 if there was any.  The inputs
are made with a fixed seed; their values and elements straddle every cut,
as the chunk sizes run from 1 byte up.  Every input is read from a file in
every layout, and from a pipe in five layouts drawn at random and -c;
with --sample, from a file in every third layout, in turn (each layout
still meets a third of the inputs), and from a pipe in the first two
layouts drawn and -c, and the rest runs as without it: tests/jobs.bats
runs the sample, tests/slow/jobs.bats the whole."""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ARGS = sys.argv[1:]
SAMPLE = ARGS[:1] == ['--sample']
if SAMPLE:
    ARGS = ARGS[1:]
JFMT = os.path.abspath(ARGS[0])
rng = random.Random(int(ARGS[1]) if len(ARGS) > 1 else 7464)

STRINGS = ['', 'plain', 'a,b', '[{', '}]', 'q"uote', 'back\\slash\\', '\\"',
           'line\nbreak', 'tab\t', 'é ü 漢字', '\U0001f600', ',\n', '\\\\"']


def value(depth=0):
    r = rng.random()
    if depth > 3 or r < 0.35:
        return rng.choice([None, True, False, 0, -1, 12345678901234567890,
                           1.5e-7, 3.25, rng.choice(STRINGS)])
    if r < 0.65:
        return {rng.choice(STRINGS) + str(i): value(depth + 1)
                for i in range(rng.randint(0, 4))}
    return [value(depth + 1) for _ in range(rng.randint(0, 4))]


def dumps(v, pretty):
    return json.dumps(v, ensure_ascii=rng.random() < 0.3,
                      indent=2 if pretty else None)


# Comments that look like what they are not: quotes and brackets left
# open, lines that are values, '//' and '*' where they close nothing.
COMMENTS = ['// plain', '/* c */', '/**/', '/* "odd quote */', '// [ { "open',
            '/* multi\n{"looks": "like a value"}\n, 1,\n*/', '// http://x, 2',
            '/* ** / * */', '/* ]}\n*/']


def commented(text):
    """JSON `text` with comments, line breaks and blank lines after its
    structural bytes (outside strings), and trailing commas in places."""
    out, inside, esc = [], False, False
    for c in text:
        out.append(c)
        if inside:
            inside, esc = (not (c == '"' and not esc)), (c == '\\' and not esc)
            continue
        if c == '"':
            inside, esc = True, False
            continue
        if c not in ',:[]{}' or rng.random() < 0.7:
            continue
        r = rng.random()
        if r < 0.1:
            out.append('\n\n')
        elif r < 0.2:
            out.append('\n')
        else:
            com = rng.choice(COMMENTS)
            out.append(' ' + com + ('\n' if com.startswith('//') else rng.choice(['', ' ', '\n'])))
    return ''.join(out)


def jsonc_inputs(vals):
    """JSONC: streams and arrays with comments between and inside their
    values, and a few trailing commas."""
    ins = {}
    lines = []
    for v in vals:
        r = rng.random()
        if r < 0.15:
            lines.append(rng.choice(COMMENTS) + '\n')
        elif r < 0.2:
            lines.append('\n')
        text = commented(dumps(v, rng.random() < 0.3))
        if rng.random() < 0.2:
            text += ' ' + rng.choice(COMMENTS)
        lines.append(text + '\n')
    ins['jsonc-stream'] = ''.join(lines)
    ins['jsonc-lines'] = ''.join(dumps(v, False) + (' // %d\n' % i if i % 3 else '\n')
                                 for i, v in enumerate(vals))
    elems = []
    for v in vals:
        text = commented(dumps(v, False))
        r = rng.random()
        if r < 0.2:
            text = rng.choice(COMMENTS) + '\n  ' + text
        elif r < 0.3:
            text = '\n' + text
        elems.append('  ' + text)
    ins['jsonc-array'] = '[\n' + ',\n'.join(elems) + ',\n]\n'
    ins['jsonc-array-compact'] = commented(dumps(vals, False))
    # a text sequence: comments in records, before and after their
    # values, one record of a comment alone, and in two places one that
    # an RS ends, open (an error) or a line comment
    recs = ['\x1e// a record of a comment alone\n' if i == 30 else '' for i in range(len(vals))]
    for i, v in enumerate(vals):
        text = commented(dumps(v, rng.random() < 0.5))
        if rng.random() < 0.3:
            text += ' ' + rng.choice(COMMENTS)
        if rng.random() < 0.2:
            com = rng.choice(COMMENTS)
            text = com + ('\n' if com.startswith('//') else rng.choice([' ', '\n'])) + text
        if i in (20, 41):
            text += ' /* open' if i == 20 else ' // to the RS'
        recs[i] += '\x1e' + text + ('' if i in (20, 41) else '\n')
    # ... and a record that breaks, then one cut short, in a comment
    # that an RS ends
    ins['jsonc-seq'] = ''.join(recs) + '\x1e\x05]/* <\n\x1e {\x1e['
    return ins


def inputs():
    vals = [value() for _ in range(60)]
    ins = {}
    ins['ndjson'] = ''.join(dumps(v, False) + '\n' for v in vals)
    ins['pretty-stream'] = ''.join(dumps(v, True) + '\n' for v in vals)
    ins['array-pretty'] = dumps(vals, True) + '\n'
    ins['array-compact'] = dumps(vals, False)
    # elements on lines of their own at first, then a line inside an
    # element that looks like one: cut at lines, then by the scan
    ins['array-irregular'] = ('[\n' + ',\n'.join('  ' + dumps(v, False) for v in vals[:30]) +
                              ',\n  {"a": [1,\n  2]},\n' +
                              ',\n'.join('  ' + dumps(v, False) for v in vals[30:]) + '\n]\n')
    ins['array-scalars'] = '[' + ',\n'.join(str(i) for i in range(400)) + ']\n'
    ins['array-stream'] = ''.join(dumps([v, v], False) + '\n' for v in vals)
    # a first array longer than the start looked at for JSON Lines of
    # arrays (64 KiB), cut as an array, then values of every kind
    ins['array-stream-long'] = (dumps(vals * 12, False) + '\n5 "s"\n' + ins['ndjson'] +
                                dumps(vals, True) + '\n')
    ins['seq'] = ''.join('\x1e' + dumps(v, rng.random() < 0.5) + '\n' for v in vals)
    ins['crlf'] = ins['ndjson'].replace('\n', '\r\n')
    ins['bom'] = '\ufeff' + ins['array-pretty']
    ins['blank-lines'] = '\n\n' + ins['ndjson'].replace('\n', '\n  \n') + '\n\n\n'
    ins['escapes'] = ''.join('"\\u00e9\\ud83d\\ude00\\ud800 %d"\n' % i
                             for i in range(300))
    lines = ins['ndjson'].split('\n')
    ins['bad-line'] = '\n'.join(lines[:30] + ['{"a": }'] + lines[30:])
    ins['bad-element'] = ins['array-pretty'].replace('null', 'nul', 1)
    ins['bad-late'] = ins['array-compact'][:-5] + ',]'
    ins['truncated'] = ins['array-pretty'][:-40]
    ins['truncated-comma'] = ins['array-compact'][:ins['array-compact'].rindex(', ') + 1]
    # elements as wide as --width's lines, with and without a comma
    ins['array-widths'] = '[' + ', '.join(
        '[' + ', '.join(str(rng.randint(0, 150)) for _ in range(rng.randint(1, 20))) + ']'
        for _ in range(300)) + ']'
    ins['raw-newline'] = ins['ndjson'].replace('"plain"', '"pl\nain"', 1)
    ins['bad-utf8'] = ins['ndjson']
    ins.update(jsonc_inputs(vals))
    ins['jsonc-bad'] = ins['jsonc-stream'].replace('/*', '/', 1)
    return ins


def table_layouts():
    """Each layout option of jfmt's table of options (jfmt --list-options,
    src/cli/optable.h), with each of its example values: ['--indent=4']..."""
    out = subprocess.run([JFMT, '--list-options'], check=True, capture_output=True).stdout
    layouts = []
    for line in out.decode().splitlines():
        name, _, _, _, examples, flags, _ = line.split('\t')
        flags = flags.split(',')
        if 'layout' in flags and 'alias' not in flags:
            layouts += ([['--' + name]] if examples == '-' else
                        [['--%s=%s' % (name, v)] for v in examples.split('|')])
    assert len(layouts) >= 20, layouts
    return layouts


# every layout option of the table alone, then the other options that
# change how the output is made, and combinations
LAYOUTS = [[]] + table_layouts() + [
    ['--color=always'], ['-w', '40'], ['-k'], ['-c', '-k'],
    ['--buffer-size=0'], ['--buffer-size=1K'], ['-S', '-w', '30', '-c'],
    ['--single'], ['-w', '80', '-S', '--color=always'],
    ['--comments', '-w', '40'], ['--comments', '--tab', '-S'],
    ['--comments', '-c'], ['--comments', '--color=always', '--seq']]
BLOCKS = ['1', '7', '100', '1000']


def run(args, block=None, stdin=None):
    env = dict(os.environ)
    env.pop('JFMT_JOBS_BLOCK', None)
    if block:
        env['JFMT_JOBS_BLOCK'] = block
    p = subprocess.run([JFMT] + args, capture_output=True, env=env, input=stdin)
    return p.returncode, p.stdout, p.stderr


def located(result):
    """A run's status, output and messages without the lines they show
    and without where an open container or string began: from a pipe, how
    much of a line is shown, and whether the start of what is still open
    is in memory to be named, depend on how much of the input had come
    when the message was written, one thread or not."""
    rc, out, err = result
    return rc, out, [re.sub(rb' ?\(?opened at [0-9]+:[0-9]+\)?', b'', l)
                     for l in err.split(b'\n') if not l.startswith(b'    ')]


def main():
    bad = 0
    with tempfile.TemporaryDirectory() as d:
        paths = {}
        for name, text in inputs().items():
            data = text.encode()
            if name == 'bad-utf8':
                data = data.replace(b'plain', b'pl\xffain', 1)
            paths[name] = os.path.join(d, name + '.json')
            with open(paths[name], 'wb') as f:
                f.write(data)
        runs = [(lay, [p], i % 3 == k % 3)
                for i, p in enumerate(paths.values()) for k, lay in enumerate(LAYOUTS)]
        runs.append(([], [paths['ndjson'], paths['array-pretty'], paths['bad-line'],
                          paths['seq']], True))
        for lay, files, sampled in runs:
            block = rng.choice(BLOCKS)     # drawn for every run: a sample
            if SAMPLE and not sampled:     # runs what the whole runs
                continue
            want = run(['-j1'] + lay + files)
            got = run(['-j3'] + lay + files, block)
            if want != got:
                bad += 1
                print('differs: JFMT_JOBS_BLOCK=%s jfmt -j3 %s %s' %
                      (block, ' '.join(lay), ' '.join(os.path.basename(f) for f in files)))
        # standard input from a pipe, read ahead a part of a few chunks at
        # a time: values cut by a part's end, parts that grow to hold one
        for name, path in sorted(paths.items()):
            with open(path, 'rb') as f:
                data = f.read()
            for k, lay in enumerate(rng.sample(LAYOUTS, 5) + [['-c']]):
                block = rng.choice(BLOCKS)
                if SAMPLE and 2 <= k <= 4:     # (drawn as by the whole)
                    continue
                want = located(run(['-j1'] + lay, stdin=data))
                got = located(run(['-j3'] + lay, block, stdin=data))
                if want != got:
                    bad += 1
                    print('differs: JFMT_JOBS_BLOCK=%s jfmt -j3 %s < %s (a pipe)' %
                          (block, ' '.join(lay), name))
        # a text sequence with comments that an RS ends, from a pipe in
        # parts of every size
        with open(paths['jsonc-seq'], 'rb') as f:
            data = f.read()
        for block in BLOCKS:
            want = located(run(['-j1', '--comments', '-c'], stdin=data))
            got = located(run(['-j3', '--comments', '-c'], block, stdin=data))
            if want != got:
                bad += 1
                print('differs: JFMT_JOBS_BLOCK=%s jfmt -j3 --comments -c < jsonc-seq '
                      '(a pipe)' % block)
        # --check, -l, -d, and -i on copies: the same words and files
        import shutil
        names = ['ndjson', 'array-pretty', 'bad-line', 'array-compact']
        for lay in [['--check'], ['-l'], ['-d'], ['-c', '-d'], ['-i'], ['-i', '-l', '-c']]:
            block = rng.choice(BLOCKS)
            res = []
            for jobs in ['-j1', '-j3']:
                sub = os.path.join(d, 'cmp' + jobs)
                shutil.rmtree(sub, ignore_errors=True)
                os.mkdir(sub)
                for n in names:
                    shutil.copy(paths[n], os.path.join(sub, n + '.json'))
                env = dict(os.environ, JFMT_JOBS_BLOCK=block)
                p = subprocess.run([JFMT, jobs] + lay + [n + '.json' for n in names],
                                   capture_output=True, env=env, cwd=sub)
                files = [open(os.path.join(sub, n + '.json'), 'rb').read() for n in names]
                res.append((p.returncode, p.stdout, p.stderr, files))
            if res[0] != res[1]:
                bad += 1
                print('differs: JFMT_JOBS_BLOCK=%s jfmt -j3 %s' % (block, ' '.join(lay)))
        # -o FILE, and standard input that is a regular file
        out1, out2 = os.path.join(d, 'o1'), os.path.join(d, 'o2')
        for name in ['ndjson', 'array-pretty', 'bad-element']:
            want = run(['-j1', '-o', out1, paths[name]])
            got = run(['-j2', '-o', out2, paths[name]], '50')
            # (the names, not any 'o1' in the temporary directory's)
            same = want[0] == got[0] and want[2].replace(out1.encode(), out2.encode()) == got[2]
            if same and want[0] == 0:
                same = open(out1, 'rb').read() == open(out2, 'rb').read()
            if not same:
                bad += 1
                print('differs: jfmt -j2 -o FILE', name)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
