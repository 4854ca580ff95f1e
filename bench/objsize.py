#!/usr/bin/env python3
"""objsize.py FILE... - print the size in bytes of the largest JSON object in
each FILE (the text from its '{' to its '}', nested values included).

jfmt -S holds one object at a time, so its memory is judged against this.
The files must be valid JSON (or NDJSON); nothing is checked.
"""
import re
import sys

# A string (skipped whole, so braces inside it do not count) or a brace.
TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[{}]', re.S)


def largest_object(data):
    opens, best = [], 0
    for m in TOKEN.finditer(data):
        c = data[m.start()]
        if c == 0x7B:            # {
            opens.append(m.start())
        elif c == 0x7D:          # }
            best = max(best, m.end() - opens.pop())
    return best


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__.strip().splitlines()[0])
    for path in argv[1:]:
        with open(path, "rb") as f:
            print(largest_object(f.read()))


if __name__ == "__main__":
    main(sys.argv)
