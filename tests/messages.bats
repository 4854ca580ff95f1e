#!/usr/bin/env bats
# tests/messages.bats - jfmt's own words for each kind of invalid input:
# one table, input -> the exact first line of the message.  Every message
# keeps the form "jfmt: FILE:LINE:COL: what", then the line and a caret.
# tests/messages.md sets each message beside what jq, gojq and json.tool
# say; the last two tests hold it to jfmt and to the messages in src/.

load test_helper

# first_line INPUT [OPTION...]: set FIRST to the first line jfmt writes on
# stderr for INPUT on standard input, after checking that it exits 1 and
# (unless VALID_FIRST is set: the input starts with a valid value) writes
# nothing on standard output.
first_line() {
	local input=$1 rc=0
	shift
	printf '%s' "$input" >"$T/msg_in"
	"$JFMT" "$@" <"$T/msg_in" >"$T/msg_out" 2>"$T/msg_err" || rc=$?
	[ "$rc" -eq 1 ] || { echo "exit $rc for: $input"; return 1; }
	[ -n "${VALID_FIRST:-}" ] || [ ! -s "$T/msg_out" ] ||
		{ echo "output for: $input"; cat "$T/msg_out"; return 1; }
	FIRST=
	IFS= read -r FIRST <"$T/msg_err" || true
}

# check_table: each line of standard input is INPUT<TAB>MESSAGE (what
# follows "jfmt: <stdin>:").  INPUT is read with printf %b: \n and \x01
# stand for a newline and byte 1, \\ for a backslash.  (The rows run
# untraced, in this shell: under bats's debug trap, and with a process
# for each substitution, they cost more than jfmt.)
check_table() {
	untraced check_rows
}

check_rows() {
	local input want fails=0 FIRST
	while IFS=$'\t' read -r input want; do
		[ -n "$input" ] || continue
		printf -v input '%b' "$input"
		first_line "$input" || { fails=$((fails + 1)); continue; }
		if [ "$FIRST" != "jfmt: <stdin>:$want" ]; then
			printf 'input:  %q\nwant:   %s\ngot:    %s\n' "$input" "jfmt: <stdin>:$want" "$FIRST"
			fails=$((fails + 1))
		fi
	done
	[ "$fails" -eq 0 ]
}

@test "structure: commas, colons, brackets" {
	check_table <<'EOF'
[1,]	1:4: trailing comma in an array (--comments accepts it)
{"a":1,}	1:8: trailing comma in an object (--comments accepts it)
[1 2]	1:4: missing ',' between array elements
{"a":1 "b":2}	1:8: missing ',' between object members
{"a" 1}	1:6: missing ':' after the object key
[1}	1:3: '}' cannot close the array opened at 1:1
{"a":1]	1:7: ']' cannot close the object opened at 1:1
{]	1:2: ']' cannot close the object opened at 1:1
]	1:1: ']' closes nothing: no array is open
[1,,2]	1:4: missing value before ','
[,1]	1:2: missing value before ','
{"a":}	1:6: missing value after ':'
{:1}	1:2: missing key before ':'
{"a":1,,}	1:8: missing key before ','
EOF
	# after a first value, which is written
	VALID_FIRST=1 check_table <<'EOF'
{"a":1}}	1:8: '}' closes nothing: no object is open
[1]\n]	2:1: ']' closes nothing: no array is open
1,2	1:2: unexpected ',' after a value (top-level values are separated by white space)
EOF
}

@test "keys and strings: quotes, escapes, control characters" {
	check_table <<'EOF'
['a']	1:2: single-quoted string: JSON needs double quotes
{'a':1}	1:2: single-quoted key: JSON needs double quotes
{a:1}	1:2: unquoted key 'a': keys need double quotes
{"a":1, b:2}	1:9: unquoted key 'b': keys need double quotes
"a\nb"	1:3: unterminated string: a newline in a string must be written \n
"a\x01b"	1:3: raw control character 0x01 in a string (write \u0001)
"a\tb"	1:3: raw control character 0x09 in a string (write \t)
"a\rb"	1:3: raw control character 0x0d in a string (write \r)
"a\x08b"	1:3: raw control character 0x08 in a string (write \b)
"\\x"	1:2: invalid escape: 'x' cannot follow '\'
"\\u12g4"	1:6: invalid \u escape: 'g' is not a hex digit
"a\xffb"	1:3: invalid UTF-8 in a string (byte 0xff)
EOF
	# JSON's short escape, where it has one (a form feed reaches the
	# string with --comments only: JSON takes it for a banned blank)
	run -1 --separate-stderr jfmt_in $'"a\fb"' --comments
	[ "${stderr_lines[0]}" = 'jfmt: <stdin>:1:3: raw control character 0x0c in a string (write \f)' ]
}

@test "numbers and words" {
	check_table <<'EOF'
[NaN]	1:2: NaN is not a JSON value
[Infinity]	1:2: Infinity is not a JSON value
[-Infinity]	1:2: -Infinity is not a JSON value
[undefined]	1:2: undefined is not a JSON value
[tru]	1:2: unknown word 'tru' (JSON has true, false and null)
[True]	1:2: unknown word 'True' (JSON has true, false and null)
[01]	1:3: leading zero in a number
[-01]	1:4: leading zero in a number
[+1]	1:2: a number cannot start with '+'
[.5]	1:2: a number cannot start with '.'
[1.]	1:3: a digit must follow the decimal point
[1.e5]	1:3: a digit must follow the decimal point
[-]	1:2: a digit must follow '-'
[1e]	1:3: a digit must follow the exponent
EOF
}

@test "values that run together: the first is written, the second is an error" {
	VALID_FIRST=1 check_table <<'EOF'
truefalse	1:5: missing white space between two values
1true	1:2: missing white space between two values
00	1:2: leading zero in a number
1-2	1:2: missing white space between two values
nulltrue	1:5: missing white space between two values
EOF
	run -1 --separate-stderr jfmt_in '1true'
	[ "$output" = "1" ]
}

@test "the end of the input: what is still open, and where it opened" {
	check_table <<'EOF'
[1	1:3: end of input inside the array opened at 1:1
{"a":[1,{	1:10: end of input inside the object opened at 1:9
{"a":\n  [1,\n   2	3:5: end of input inside the array opened at 2:3
{"a"	1:5: end of input inside the object opened at 1:1
"abc	1:5: end of input inside a string (opened at 1:1)
[1, "ab	1:8: end of input inside a string (opened at 1:5)
EOF
}

@test "not JSON text at all: other encodings, binary data, nothing" {
	run -1 --separate-stderr "$JFMT" < <(printf '\xff\xfe[\x001\x00]\x00')
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:1: the input is UTF-16LE, not UTF-8 (convert it first: iconv -f UTF-16LE -t UTF-8)" ]
	run -1 --separate-stderr "$JFMT" < <(printf '[\x001\x00]\x00')
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:1: the input is UTF-16LE, not UTF-8 (convert it first: iconv -f UTF-16LE -t UTF-8)" ]
	run -1 --separate-stderr "$JFMT" < <(printf '\x00[\x001\x00]')
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:1: the input is UTF-16BE, not UTF-8 (convert it first: iconv -f UTF-16BE -t UTF-8)" ]
	run -1 --separate-stderr "$JFMT" < <(printf '[\x00\x00\x00]\x00\x00\x00')
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:1: the input is UTF-32LE, not UTF-8 (convert it first: iconv -f UTF-32LE -t UTF-8)" ]
	run -1 --separate-stderr "$JFMT" < <(printf '{"a":\x00\x01\x02}')
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:6: NUL byte: this is binary data, not JSON text" ]
	run -1 --separate-stderr "$JFMT" < <(printf '[\x01]')
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:2: control character (byte 0x01) outside a string" ]
	run -1 --separate-stderr "$JFMT" < <(printf '[\xc3\xa9]')
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:2: unexpected 'é'" ]
	run -1 --separate-stderr "$JFMT" < <(printf '[\xff]')
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:2: invalid UTF-8 (byte 0xff) outside a string" ]
	run -1 --separate-stderr "$JFMT" </dev/null
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:1: no JSON value" ]
}

@test "no message uses yajl's own words" {
	local input
	for input in '[1,]' '{"a":1,}' "['a']" '{a:1}' '{"a" 1}' '[1 2]' '{"a":1 "b":2}' \
		'[1}' ']' '"abc' '"\x"' '"\u12g4"' '[NaN]' '[01]' '[+1]' '[.5]' '[1.]' '[tru]' \
		'[1,,2]' '{:1}' '{"a":}' '[1' '"a
b"'; do
		if printf '%s' "$input" | "$JFMT" 2>"$T/err" >/dev/null; then
			echo "accepted: $input"
			return 1
		fi
		if grep -Ei 'json text|unallowed token|I expect|must be separated by a colon|invalid object key|malformed number|occurs before|non-hex|premature EOF|lexical|parse error' "$T/err"; then
			echo "for: $input"
			return 1
		fi
	done
}

@test "every message is followed by the line and a caret" {
	run -1 --separate-stderr jfmt_in '{"a":
  [1, 2 3]}'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:9: missing ',' between array elements" ]
	[ "${stderr_lines[1]}" = "      [1, 2 3]}" ]
	[ "${stderr_lines[2]}" = "            ^" ]
}

# --- tests/messages.md ---

# md_check WHAT: run the check WHAT ("rows" or "sources") of tests/messages.md.
#   rows     each jfmt cell is the first line jfmt writes for the row's input
#            (with the options the case names), and its exit status
#   sources  every message for a place in an input that src/ can write has
#            a row: the formats of snprintf(msg, ...), the msg_* strings and
#            the strings given to parser_report() and note_error(), each
#            matched against what jfmt writes for the rows' inputs (a message
#            that fits several formats counts for the one with the most text)
md_check() {
	python3 - "$1" "$JFMT" "$TESTS_DIR/messages.md" "$TESTS_DIR/../src" <<'PY'
import glob, os, re, subprocess, sys

what, jfmt, md, src = sys.argv[1:]

# Formats no input reaches, with the reason.
UNREACHED = {
    "invalid JSON": "explain()'s fallback, after a switch that returns for every kind",
    "%s inside a comment (opened at %llu:%llu)":
        "an input that ends in a comment is reported by jsonc.c (comment is not closed)",
    "string with escapes is too long to keep exactly":
        "the reader keeps a string's first byte in memory (blocks.h)",
}

def decode(cell):
    """The bytes a table's input cell stands for."""
    if cell == "(empty)":
        return b""
    text = cell[1:-1]
    if text.endswith(" ..."):            # the start of a longer input
        text = text[:-4]
    out, i = bytearray(), 0
    while i < len(text):
        if text.startswith("<LF>", i):
            out += b"\n"; i += 4
        elif re.match(r"<[0-9a-f]{2}>", text[i:i + 4]):
            out.append(int(text[i + 1:i + 3], 16)); i += 4
        else:
            out += text[i].encode(); i += 1
    return bytes(out)

rows = []
for n, line in enumerate(open(md, encoding="utf-8"), 1):
    if not line.startswith("| ") or line.startswith("| case |"):
        continue
    cells = [c.strip() for c in line.strip()[2:-2].split(" | ")]
    m = re.fullmatch(r"`(jfmt: .*)` \(exit (\d+)\)", cells[2])
    if len(cells) != 6 or not m:
        sys.exit("messages.md:%d: not a row of six cells with a jfmt message: %s" % (n, line))
    opts = re.search(r", with `(-[^`]*)`$", cells[0])
    rows.append((n, cells[0], decode(cells[1]), opts.group(1).split() if opts else [],
                 m.group(1), int(m.group(2))))

fails, said = [], []
for n, case, data, opts, cell, status in rows:
    p = subprocess.run([jfmt] + opts, input=data, capture_output=True)
    first = p.stderr.decode("utf-8", "replace").split("\n")[0]
    said.append(first)
    shown = first if len(first) <= 90 else first[:87] + "..."
    if what == "rows" and (shown != cell or p.returncode != status):
        fails.append("messages.md:%d (%s): jfmt writes %r (exit %d); the table says %r (exit %d)"
                     % (n, case, shown, p.returncode, cell, status))

if what == "sources":
    def literals(text):
        """The C string literals of text, adjacent ones joined, escapes undone."""
        groups, last = [], None
        for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', text):
            s = re.sub(r"\\(.)", lambda e: {"n": "\n", "t": "\t"}.get(e.group(1), e.group(1)), m.group(1))
            if last is not None and text[last:m.start()].strip() == "":
                groups[-1] += s
            else:
                groups.append(s)
            last = m.end()
        return groups

    def call(text, i):
        """The text of the call whose '(' is at i, to its ')'."""
        depth = 0
        for j in range(i, len(text)):
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            if depth == 0:
                return text[i + 1:j]
        return text[i + 1:]

    formats = {}
    for path in sorted(glob.glob(src + "/**/*.[ch]", recursive=True)):
        name = "src/" + os.path.relpath(path, src)
        # comments blanked out (not the strings: "(// or /*)" is one)
        text = re.sub(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|(/\*.*?\*/|//[^\n]*)',
                      lambda c: " " * len(c.group(0)) if c.group(1) else c.group(0),
                      open(path, encoding="utf-8").read(), flags=re.S)
        for m in re.finditer(r"\bsnprintf(?=\(msg,)", text):
            args = call(text, m.end())
            found = literals(args.split(",", 2)[2]) if args.count(",") >= 2 else []
            if found:
                formats.setdefault(found[0], name)
        for m in re.finditer(r"\b(parser_report|note_error)\(", text):
            if text[:m.start()].rstrip().endswith("void"):
                continue                # its declaration or definition
            for s in literals(call(text, m.end() - 1)):
                formats.setdefault(s, name)
        for m in re.finditer(r'\bconst char msg_\w+\[\] =((?:\s*"(?:[^"\\\n]|\\.)*")+)\s*;', text):
            for s in literals(m.group(1)):
                formats.setdefault(s, name)
    if len(formats) < 30:
        sys.exit("only %d messages found in src/: has the way they are written changed? %r"
                 % (len(formats), sorted(formats)))

    def pattern(fmt):
        out, i = "", 0
        for m in re.finditer(r"%(%|[-0-9.*]*(?:ll|l|z)?[sdcux])", fmt):
            out += re.escape(fmt[i:m.start()])
            conv = m.group(1)
            out += ("%" if conv == "%" else "." if conv.endswith("c") else
                    "[0-9a-f]+" if conv.endswith("x") else "[0-9]+" if conv[-1] in "du" else ".+")
            i = m.end()
        return re.compile(out + re.escape(fmt[i:]))

    def weight(fmt):
        return len(re.sub(r"%[-0-9.*]*(?:ll|l|z)?[sdcux%]", "", fmt))

    pats = {f: pattern(f) for f in formats}
    shown_for = {f: [] for f in formats}
    for first in said:
        # standard input, or a name given by --stdin-filename
        m = re.match(r"jfmt: [^: ]+:\d+:\d+: (.*)", first)
        fits = [f for f in formats if m and pats[f].fullmatch(m.group(1))]
        if fits:
            shown_for[max(fits, key=weight)].append(first)
    for f in sorted(formats):
        if not shown_for[f] and f not in UNREACHED:
            fails.append("%s: %r has no row in tests/messages.md" % (formats[f], f))
    for f in UNREACHED:
        if f not in formats:
            fails.append("%r is no longer in src/: take it out of UNREACHED" % f)
        elif shown_for[f]:
            fails.append("%r is reached by a row: take it out of UNREACHED" % f)
    print("%d rows, %d messages in src/ (%d unreached)" % (len(rows), len(formats), len(UNREACHED)))

print("\n".join(fails))
sys.exit(1 if fails else 0)
PY
}

@test "messages.md: each jfmt cell is what jfmt writes for its input" {
	run md_check rows
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "messages.md: every message for a place in an input, in src/, has a row" {
	# Adding a message to src/ without adding it to messages.md fails here.
	run md_check sources
	echo "$output"
	[ "$status" -eq 0 ]
}
