#!/usr/bin/env python3
# tests/general_inputs.py DIR - write the inputs of tests/general.bats into
# DIR (made if missing): small files, the same bytes on every run (a fixed
# seed), chosen to take every layout fast path and its way out to the
# general one.
#
#   *.json    JSON documents and streams, valid; white space of every kind
#             between tokens, as where a value ends is found in the input
#   *.jsonc   the same with comments in every place (for --comments)
#   *.seq     RFC 7464 text sequences (for --seq)
#   bad-*     invalid input: truncated, a bad token, invalid UTF-8, trailing
#             commas, and broken lines in NDJSON (for -k), so that messages
#             and exit statuses are compared too
#
# What the fast paths hinge on (src/layout/quick.h, layout.h): keys of at
# most 16 ASCII bytes are noted and written with their value; tokens of up
# to 32 bytes and numbers of up to 16 are copied whole; prebuilt
# indentation covers 1024 columns, and room for 64 open containers is made
# at first; output goes out in 64 KiB blocks.
import os
import random
import sys

rng = random.Random(7464)
files = {}


def add(name, data):
    if isinstance(data, str):
        data = data.encode('utf-8', 'surrogatepass')
    files[name] = data


# --- White space and scalars ---

def ws():
    r = rng.random()
    if r < 0.55:
        return ''
    return rng.choice([' ', '  ', '\n', '\t', '\r\n', '\n    ', ' \n\t ', '\n\n'])


ESCAPES = ['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u0000',
           '\\u0001', '\\u001f', '\\u007f', '\\u00e9', '\\u2028', '\\uFFFF',
           '\\ud83d\\ude00', '\\uD834\\uDD1E', '\\ud800', '\\udc00', '\\ud800\\u0041',
           '\\udbff\\udfff', '\\u002F']
NON_ASCII = ['é', 'ü', 'ß', '中文', '日本語', 'ключ', '😀', '🎉', '☃', '\u2028',
             'Ω', '\u00a0', '𝄞', 'ﬁ']
ASCII = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.:,;!?#$%&()*+<=>@[]^`{|}~\''


def plain(n):
    return ''.join(rng.choices(ASCII, k=n))


def string_body():
    """The text between a string's quotes, as it stands in the input."""
    kind = rng.randrange(10)
    if kind < 3:
        return plain(rng.randrange(0, 14))
    if kind == 3:
        return plain(rng.choice([15, 16, 17, 30, 31, 32, 33, 34, 63, 64, 65]))
    if kind == 4:
        return plain(rng.randrange(40, 400))
    if kind == 5:
        return '/'.join(plain(rng.randrange(0, 6)) for _ in range(rng.randrange(1, 6)))
    parts = []
    for _ in range(rng.randrange(1, 8)):
        r = rng.random()
        if r < 0.4:
            parts.append(plain(rng.randrange(0, 12)))
        elif r < 0.7:
            parts.append(rng.choice(ESCAPES))
        else:
            parts.append(rng.choice(NON_ASCII))
    return ''.join(parts)


def key_body(n=None):
    """A key: mostly ASCII of 0 to 40 bytes, else non-ASCII or escaped."""
    r = rng.random()
    if n is not None or r < 0.7:
        return plain(rng.randrange(0, 41) if n is None else n).replace(' ', '_')
    if r < 0.85:
        return plain(rng.randrange(0, 8)) + rng.choice(NON_ASCII)
    return plain(rng.randrange(0, 8)) + rng.choice(ESCAPES) + plain(rng.randrange(0, 8))


NUMBERS = ['0', '-0', '-0.0', '0.0', '1', '-1', '7', '10', '1e400', '-1e400', '1E+2',
           '1e-2', '0.1e-5', '1.5E-300', '123456789012345', '1234567890123456',
           '12345678901234567', '-1234567890123456', '1234567890123456789012345678901234567890',
           '-1234567890123456789012345678901234567890', '3.141592653589793238462643383279',
           '2.5e+10', '9007199254740993', '18446744073709551616', '1e309',
           '0.000000000000000000000000000001', '6.02214076e23', '-9.5E-7']


def number():
    r = rng.random()
    if r < 0.6:
        return rng.choice(NUMBERS)
    if r < 0.8:
        return str(rng.randrange(-10 ** rng.randrange(1, 45), 10 ** rng.randrange(1, 45)))
    return '%s%d.%d%s' % (rng.choice(['', '-']), rng.randrange(1000), rng.randrange(10 ** 6),
                          rng.choice(['', 'e5', 'E-12', 'e+7']))


def scalar():
    r = rng.random()
    if r < 0.35:
        return '"%s"' % string_body()
    if r < 0.7:
        return number()
    return rng.choice(['true', 'false', 'null'])


# --- Containers, written with white space between tokens ---

def value(depth, budget, container=False):
    """A value; `budget` bounds how many elements a container may have."""
    r = rng.random()
    if container:
        r = 0.45 + r * 0.55
    elif depth > 12 or budget < 1 or r < 0.45:
        return scalar()
    n = rng.choice([0, 1, 1, 2, 3, 4, 5, 8, rng.randrange(1, max(2, budget))])
    if r < 0.7:
        items = [ws() + value(depth + 1, budget // 2) + ws() for _ in range(n)]
        return '[' + ','.join(items) + (ws() if n == 0 else '') + ']'
    items = [ws() + '"%s"' % key_body() + ws() + ':' + ws() + value(depth + 1, budget // 2) + ws()
             for _ in range(n)]
    return '{' + ','.join(items) + (ws() if n == 0 else '') + '}'


def short_scalar():
    r = rng.random()
    if r < 0.4:
        return '"%s"' % plain(rng.randrange(0, 20))
    if r < 0.5:
        return '"%s"' % string_body()
    if r < 0.8:
        return rng.choice(NUMBERS[:16])
    return rng.choice(['true', 'false', 'null'])


def record():
    """A line of NDJSON: short ASCII keys, as logs have."""
    keys = ['id', 'ts', 'level', 'msg', 'user', 'tags', 'ok', 'n', 'x', 'geo', 'a_key_of_16_byte']
    items = []
    for k in rng.sample(keys, rng.randrange(3, 8)):
        items.append('"%s":%s%s' % (k, rng.choice(['', ' ']),
                                     value(0, 3) if rng.random() < 0.2 else short_scalar()))
    return ('{' + ','.join(items) + '}').replace('\r', ' ').replace('\n', ' ')


def deep(n, key_every=1):
    """Containers n deep, arrays and objects in turn, each holding values
    before and after the next one in."""
    head, tail = [], []
    for d in range(n):
        if d % 2 == 0 or d % key_every:
            head.append('[' + ws() + scalar() + ',' + ws())
            tail.append(',' + ws() + scalar() + ']')
        else:
            head.append('{"k%d":%s,"%s":' % (d, scalar(), key_body()))
            tail.append(',"z":' + scalar() + '}')
    return ''.join(head) + '"bottom"' + ''.join(reversed(tail))


# --- Valid JSON ---

for i in range(1, 5):
    doc = ''
    while len(doc) < 1000 * i:      # not a small one by chance
        doc = value(0, 12 * i, True)
    add('mixed-%d.json' % i, doc + ws() + '\n')

add('records.json', ''.join(record() + '\n' for _ in range(400)))

stream = []
for _ in range(120):
    stream.append(ws() + scalar() + rng.choice([' ', '\n', '\t', '\r\n', '  \n']))
add('scalars.json', ''.join(stream))
add('one-number.json', '-1234567890123456789012345678901234567890')
add('one-word.json', 'true')
add('one-string.json', '"%s"' % ''.join(ESCAPES + NON_ASCII))

add('strings.json', '[\n' + ',\n'.join(
    ['"%s"' % e for e in ESCAPES] +
    ['"%s"' % c for c in NON_ASCII] +
    ['"%s"' % plain(n) for n in range(0, 70)] +
    ['"%s%s"' % (plain(n), e) for n in (14, 15, 16, 29, 30, 31, 32, 33) for e in ('\\n', 'é', '😀', '/', '\\ud800')] +
    ['"%s"' % string_body() for _ in range(150)] +
    ['"%s"' % ('é' * 40), '"%s"' % ('😀' * 30), '"%s"' % ('/' * 50), '"\\/\\/\\/"',
     '"http://example.com/a/b?c=d"', '"</script>"', '"a\\u0000b"']) + '\n]\n')

keys = []
for n in range(0, 41):
    for v in ('1', '"s"', 'true', 'null', '[]', '{}', '[1]', '{"a":2}', '-1234567890123456789'):
        keys.append('"%s":%s%s' % (key_body(n), ws(), v))
for k in NON_ASCII + ESCAPES + ['', 'a', 'ab', 'a\\u0000', 'A', 'b', 'aa', 'é', 'e', '\\u00e9']:
    keys.append('"%s": %s' % (k, scalar()))
keys.append('"dup": 1, "dup": 2, "dup": {"dup": 3, "dup": 4}')
rng.shuffle(keys)
add('keys.json', '{' + ','.join(ws() + k + ws() for k in keys) + '}\n' +
    ''.join('{"%s":%s}\n' % (key_body(n), scalar()) for n in range(0, 41)))

add('numbers.json', '[' + ','.join(ws() + n for n in NUMBERS) + ']\n' +
    '{' + ','.join('"n%d":%s%s' % (i, ws(), n) for i, n in enumerate(NUMBERS)) + '}\n' +
    '\n'.join(NUMBERS) + '\n' + ' '.join(number() for _ in range(60)) + '\n')

add('empty.json', '[]\n{}\n[ ]\n{ \n }\n[[]]\n[{}]\n{"a":[]}\n{"a":{}}\n[[],{},[[]],{"b":{}}]\n'
    '{"":{"":[{}]}}\n[\n\n]\n' + '[' * 20 + ']' * 20 + '\n' + '{"a":' * 20 + '{}' + '}' * 20 + '\n')

add('deep-9.json', deep(9) + '\n')
add('deep-12.json', deep(12, 3) + '\n')
add('deep-75.json', deep(75) + '\n')
add('deep-140.json', deep(140, 2) + '\n' + '[' * 150 + '1' + ']' * 150 + '\n')

# Output that spans the 64 KiB output block many times, the blocks ending
# anywhere; and single tokens larger than a block.
add('big.json', '[' + ','.join(ws() + value(2, 6, True) for _ in range(250)) + ']\n')
add('big-tokens.json', '{"long":"%s","%s":[%s],"esc":"%s"}\n' % (
    plain(66000).replace('\\', '/'), plain(66000).replace('"', "'").replace('\\', '/'),
    '1' * 66000, '\\n\\u00e9/é' * 6000))

# Arrays and objects about 40 and 80 columns wide (for --width).
widths = []
for n in range(1, 30):
    widths.append('[' + ','.join(str(rng.randrange(1000)) for _ in range(n)) + ']')
    widths.append('{' + ','.join('"%s":%s' % (plain(rng.randrange(1, 6)).replace(' ', '_'), rng.randrange(100))
                                for _ in range(n // 2 + 1)) + '}')
    widths.append('["%s", ["%s"], {"k": "%s"}]' % ('é' * n, '😀' * n, '中' * n))
add('widths.json', '[' + ','.join(widths) + ']\n' + '\n'.join(widths) + '\n')

add('adjacent.json', '[]{}[[]]{"a":{}}[1]"a""b"[1]2 1"a"{"k":1}{"k":"v"}{"k":true}[true]"s"{"key":null}')
add('bom.json', '\ufeff{"a": [1, "b", null]}\n')
add('crlf.json', '{\r\n  "a": 1,\r\n  "b": [\r\n    true,\r\n    "x"\r\n  ]\r\n}\r\n')
add('slashes.json', '{"/": "/", "a/b": ["/", "//", "\\/", "/\\/", "</x>", "%s"]}\n' % ('a/' * 40))

# --- Comments (--comments) ---

C = ['/* c */', '// line\n', '/**/', '/* multi\n   line */', '//\n', '/* / * // */', '// é 😀\n',
     '/* "quoted" */']


def cm():
    return rng.choice(['', ' ', '\n']) + rng.choice(C) + rng.choice(['', ' ', '\n'])


add('comments.jsonc', cm() + '{' + cm() + '"a"' + cm() + ':' + cm() + '1' + cm() + ',' + cm() +
    '"b": [' + cm() + '1,' + cm() + '2' + cm() + ',' + cm() + ']' + cm() + ',\n'
    '"empty_a": [' + cm() + '], "empty_o": {' + cm() + '},\n'
    '"n": {' + cm() + '"x"' + cm() + ':' + cm() + '{"y":' + cm() + 'null' + cm() + '}' + cm() + '}' + cm() + ',\n'
    '"long key of more than sixteen bytes"' + cm() + ':' + cm() + '"v"' + cm() + ',\n'
    '"é"' + cm() + ':' + cm() + 'true,' + cm() + '}' + cm() + '\n' +
    cm() + '[' + cm() + ']' + cm() + '\n' + cm() + '42' + cm() + '\n' + '// the end, no newline')
stream = []
for _ in range(40):
    v = value(0, 6)
    stream.append(cm() + v + cm())
add('comments-stream.jsonc', '\n'.join(stream) + '\n')
add('comments-trailing.jsonc', '{"a": [1, 2, ], "b": {"c": 1, }, }\n[1, // x\n]\n')
add('comments-starslash.jsonc', '[1, // a */ b\n2]\n')


# Lines of JSONC as editors write them, that the comment pass takes a
# line at a time (src/read/jsonc_lines.h) but for what may queue an entry:
# lines that '{' ends, blank lines (of white space, with a carriage
# return), a comma on a line of its own or first, trailing commas across
# blank lines, a comment now and then, and lines longer than the scan's
# 64 bytes.
def gap():
    return rng.choice(['\n', '\n', '\n', '\n', '\n\n', '\n  \n', '\r\n', '\r\n\r\n',
                       '\n \t\n\n', ' \n'])


def lines_value(depth):
    pad = '  ' * depth
    r = rng.random()
    if depth > 4 or r < 0.4:
        return rng.choice([number(), '"%s"' % plain(rng.randrange(0, 90)), 'true', 'null', '"a{"'])
    opening, closing = ('{', '}') if r < 0.75 else ('[', ']')
    out = opening + rng.choice(['', ' ', '  ', '\t'])
    n = rng.randrange(0, 6)
    for k in range(n):
        comma = rng.random()                # where the comma before it stands
        if k and comma < 0.85:
            out += ','
        if rng.random() < 0.05:
            out += rng.choice([' // c', ' /* c */'])
        out += gap() + pad + '  '
        if k and comma >= 0.85:             # first on the line, or alone
            out += ',' + rng.choice([' ', gap() + pad + '  '])
        if opening == '{':
            out += '"%s": ' % plain(rng.randrange(1, 12)).replace('"', '').replace('\\', '')
        out += lines_value(depth + 1)
    if n and rng.random() < 0.2:
        out += ','                          # trailing, blank lines may follow
    return out + gap() + pad + closing


add('lines.jsonc', ''.join(lines_value(0) + gap() for _ in range(30)))

# --- Text sequences (--seq) ---

RS = '\x1e'
add('records.seq', ''.join(RS + ws() + value(1, 8) + '\n' for _ in range(60)) + RS + '1' + RS + '\n' + RS + '"x"')
add('bad-records.seq', RS + '{"a":1}\n' + RS + '{"a":\n' + RS + '[1,2]\n' + RS + 'tru\n' + RS + '"end"\n')

# --- Invalid input ---

doc = value(0, 30, True)
add('bad-truncated.json', doc[:len(doc) * 2 // 3])
add('bad-truncated-key.json', '{"abc":1,"de')
add('bad-truncated-number.json', '[1, 2, 123')
add('bad-token.json', '[1, 2, tru, 4]\n')
add('bad-token-member.json', '{"a": 1, "b": nul, "c": 3}\n')
add('bad-utf8.json', b'["ok", "bad \xff here", "x"]\n')
add('bad-utf8-key.json', b'{"k\xc3": 1}\n')
add('bad-utf8-surrogate.json', b'["\xed\xa0\x80"]\n')
add('bad-utf8-overlong.json', b'["\xc0\xaf"]\n')
add('bad-trailing-comma.json', '[1, 2, 3,]\n')
add('bad-trailing-comma-object.json', '{"a": 1, "b": 2,}\n')
add('bad-control.json', '["a\x01b"]\n')
add('bad-unclosed-string.json', '{"a": "abc')
add('bad-extra-close.json', '[1]]\n')
add('bad-after-value.json', '{"a": 1} x\n')
add('bad-missing-colon.json', '{"abc" 1}\n')
add('bad-missing-value.json', '{"abc": }\n')
add('bad-after-wide-key.json', '{"%s": 1, "b": tru}\n' % ('a' * 90))
add('bad-number.json', '[01]\n')
add('bad-number-end.json', '[1., 2]\n')
add('bad-escape.json', '["\\x"]\n')
add('bad-short-escape.json', '["\\u12"]\n')
add('bad-adjacent.json', '{"a":1}{"b":2}1true\n')
add('bad-empty.json', '')
add('bad-blank.json', ' \n\t\n')
add('bad-utf16.json', '\ufeff[1, "a"]\n'.encode('utf-16-le'))
add('bad-deep.json', deep(75)[:-40] + ' ! ')
add('bad-late.json', '[' + ','.join(value(2, 6, True) for _ in range(180)) + ', oops]\n')
add('bad-comment.jsonc', '{"a": 1 /* unterminated\n')
lines = [record().encode('utf-8', 'surrogatepass') for _ in range(30)]
for i, bad in [(3, b'{"a":1,}'), (7, b'[1,2'), (8, b'{"b": tru}'), (12, b'"\xfe"'), (15, b'}'),
               (20, b'{"k" 1}'), (22, b'[1 2]'), (25, b'"unclosed')]:
    lines[i] = bad
add('bad-ndjson.json', b'\n'.join(lines) + b'\n')

# Where a member's literal and a document end, found in the input
# (src/layout/valueend.h): blanks before a literal, then a missing comma;
# an object without members after objects with them, then an error at
# the first byte of a value, which -k goes on past once; documents that
# all end so.
add('bad-after-literal.json', '{"a" :  false  "b": 1}\n')
add('bad-after-documents.json', '{"x":1}\n{"a": true,"b":"c"}\n{}\n-x\n{"b" : 2 }\n{"c":\tnull }\n')
add('documents.json', '{"a":1}\n{"b":"x"}{"c": true}\n{"d" :null\n}\n{"e":[1],"f":-0.5e3 }')

# Random documents cut short or with one byte changed.
for i in range(6):
    d = value(0, 10, True).encode('utf-8', 'surrogatepass')
    if i % 2:
        d = d[:rng.randrange(1, len(d))]
    else:
        at = rng.randrange(len(d))
        d = d[:at] + bytes([rng.choice(b'{}[],:"\\x\x00\x80')]) + d[at + 1:]
    add('bad-random-%d.json' % i, d)

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for name, data in files.items():
    with open(os.path.join(out, name), 'wb') as f:
        f.write(data)
