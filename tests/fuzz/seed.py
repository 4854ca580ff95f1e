#!/usr/bin/env python3
"""tests/fuzz/seed.py - write an input of the fuzzer (fuzz_jfmt.c) from a
jfmt command line: the document on standard input, the input on standard
output.

    tests/fuzz/seed.py [--read=BYTE] [--run=BYTE] [OPTION...] <DOC >SEED

--read is the input's byte 0 (how the document is read, and -k), --run
its byte 1 (--check, -j3 and its chunks); OPTIONs are layout options of
jfmt's table as the command line takes them (--sort-keys, -S, --indent=4,
--eol=crlf), which become the option bytes, picked as the fuzzer picks
them.  The table comes from `jfmt --list-options` (JFMT=path, else ./jfmt).
"""
import os
import subprocess
import sys

OPTION_BYTES = 8        # FUZZ_OPTION_BYTES in fuzz_jfmt.c


def layout_rows(jfmt):
    """The layout rows of the table, in order: (name, letter, values);
    values is None for a flag."""
    out = subprocess.run([jfmt, '--list-options'], check=True, capture_output=True,
                         text=True).stdout
    rows = []
    for line in out.splitlines():
        name, letter, value, words, examples, flags, _ = line.split('\t')
        flags = flags.split(',')
        if 'layout' in flags and 'alias' not in flags:
            rows.append((name, letter, None if value == 'none' else examples.split('|')))
    return rows


def option_bytes(rows, options):
    """The option bytes that pick `options` ({name: value or None})."""
    bits = at = 0
    for name, _, values in rows:
        choices = 1 + (1 if values is None else len(values))
        n = (choices - 1).bit_length()
        k = 0
        if name in options:
            value = options.pop(name)
            if (value is None) != (values is None) or (values and value not in values):
                sys.exit('seed.py: --%s: no such value among the examples' % name)
            k = 1 if values is None else 1 + values.index(value)
        bits |= k << at
        at += n
    if options:
        sys.exit('seed.py: not layout options of the table, or no such value: %s' %
                 ', '.join(options))
    return bits.to_bytes(OPTION_BYTES, 'little')


def parse(rows, args):
    """--read, --run and the options of `args`."""
    read = run = 0
    options = {}
    by_letter = {letter: name for name, letter, _ in rows if letter != '-'}
    for arg in args:
        if arg.startswith('--read='):
            read = int(arg[7:], 0)
        elif arg.startswith('--run='):
            run = int(arg[6:], 0)
        elif arg.startswith('--'):
            name, _, value = arg[2:].partition('=')
            options[name] = value or None
        elif arg.startswith('-') and len(arg) == 2 and arg[1] in by_letter:
            options[by_letter[arg[1]]] = None
        else:
            sys.exit('seed.py: %s: not an option of the table' % arg)
    return read, run, options


def main():
    rows = layout_rows(os.environ.get('JFMT', './jfmt'))
    read, run, options = parse(rows, sys.argv[1:])
    sys.stdout.buffer.write(bytes([read, run]) + option_bytes(rows, options) +
                            sys.stdin.buffer.read())


if __name__ == '__main__':
    main()
