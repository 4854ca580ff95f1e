#!/usr/bin/env bats
# tests/errors.bats - invalid input (the located message, the echoed line and
# the caret; exit 1) and I/O errors (exit 3): missing and unreadable inputs,
# a full device, a closed pipe.

load test_helper

# caret_under LINE2 LINE3 CHAR: the caret line LINE3 points at CHAR in the
# shown line LINE2 (both with their four-space margin).  Counted in
# characters, as a terminal shows them.
caret_under() {
	python3 - "$1" "$2" "$3" <<'EOF'
import sys
shown, caret, want = (a.encode('utf-8', 'surrogateescape').decode('utf-8', 'replace')
                      for a in sys.argv[1:4])
ok = (shown.startswith('    ') and caret.startswith('    ') and caret.endswith('^')
      and caret[:-1].strip(' ') == '' and len(caret) - 1 < len(shown)
      and shown[len(caret) - 1] == want)
if not ok:
    print('caret not under %r:\n%s\n%s' % (want, shown, caret))
sys.exit(0 if ok else 1)
EOF
}

# --- The message, the line and the caret ---

@test "invalid JSON: 'jfmt: <stdin>:LINE:COL: MESSAGE', the line, a caret; exit 1" {
	run -1 --separate-stderr jfmt_in '{"a": [1, 2,, 3]}'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:13: missing value before ','" ]
	[ "${stderr_lines[1]}" = '    {"a": [1, 2,, 3]}' ]
	[ "${stderr_lines[2]}" = "                ^" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
}

@test "a file's errors are located with its name" {
	printf '{"a": [1, 2,, 3]}' >bad.json
	run -1 --separate-stderr "$JFMT" bad.json
	[ "${stderr_lines[0]}" = "jfmt: bad.json:1:13: missing value before ','" ]
	[ "${stderr_lines[1]}" = '    {"a": [1, 2,, 3]}' ]
	[ "${stderr_lines[2]}" = "                ^" ]
	mkdir sub
	printf '[1,]' >sub/bad.json
	run -1 --separate-stderr "$JFMT" sub/bad.json
	[[ "${stderr_lines[0]}" == "jfmt: sub/bad.json:1:4: "* ]]
}

@test "'-' is named <stdin> in messages" {
	run -1 --separate-stderr jfmt_in '[1,]' -
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:4: "* ]]
}

@test "an error at the first byte" {
	run -1 --separate-stderr jfmt_in 'x[1]'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:1: "* ]]
	[ "${stderr_lines[1]}" = "    x[1]" ]
	[ "${stderr_lines[2]}" = "    ^" ]
	run -1 --separate-stderr jfmt_in ']'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:1: "* ]]
	[ "${stderr_lines[2]}" = "    ^" ]
	# in every mode, and with a valid document after it
	local err=$BATS_TEST_TMPDIR/err mode
	for mode in -c "" -n; do
		run -1 bash -c 'printf "]" | "$1" $2 2>"$3"' - "$JFMT" "$mode" "$err"
		message_starts "$err" "jfmt: <stdin>:1:1: "
		run -1 bash -c 'printf "]\n[1]\n" | "$1" $2 2>"$3"' - "$JFMT" "$mode" "$err"
		message_starts "$err" "jfmt: <stdin>:1:1: "
	done
}

@test "an error at the last byte" {
	run -1 --separate-stderr jfmt_in '[1,2}'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:5: "* ]]
	[ "${stderr_lines[1]}" = "    [1,2}" ]
	[ "${stderr_lines[2]}" = "        ^" ]
	run -1 --separate-stderr jfmt_in $'{"a":1}\n{"b":2]\n'
	printf 'stderr:\n%s\n' "$stderr"
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:2:7: "* ]]
	[ "${stderr_lines[1]}" = '    {"b":2]' ]
	[ "${stderr_lines[2]}" = "          ^" ]
	# in every mode
	local err=$BATS_TEST_TMPDIR/err mode
	for mode in -c "" -n; do
		run -1 bash -c 'printf "[1,2,3}" | "$1" $2 2>"$3"' - "$JFMT" "$mode" "$err"
		message_starts "$err" "jfmt: <stdin>:1:7: "
	done
	# and the last byte of a document of three blocks and a bit
	py '
import sys
sys.stdout.write("[" + "1," * 400000 + "1}")' >"$BATS_TEST_TMPDIR/in"
	local size
	size=$(wc -c <"$BATS_TEST_TMPDIR/in")
	for mode in -c "" -n; do
		jf $mode "$BATS_TEST_TMPDIR/in"
		[ "$st" -eq 1 ]
		message_starts "$err" "jfmt: $BATS_TEST_TMPDIR/in:1:$size: "
	done
}

@test "an error on line 3 of a multi-line document" {
	run -1 --separate-stderr jfmt_in $'{\n  "a": [1,\n    2, x],\n  "b": 3\n}\n'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:3:8: unknown word 'x' (JSON has true, false and null)" ]
	[ "${stderr_lines[1]}" = "        2, x]," ]
	[ "${stderr_lines[2]}" = "           ^" ]
}

@test "an error after CR LF line ends: the CR is neither counted nor shown" {
	run -1 --separate-stderr jfmt_in $'[1,\r\n2,\r\n  x]\r\n'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:3:3: "* ]]
	[ "${stderr_lines[1]}" = "      x]" ]
	[ "${stderr_lines[2]}" = "      ^" ]
	run -1 --separate-stderr jfmt_in $'{"a":\r\n  [1,]}\r\n'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:2:6: "* ]]
	[ "${stderr_lines[1]}" = "      [1,]}" ]
	local err=$BATS_TEST_TMPDIR/err
	run -1 bash -c 'printf "{\r\n  \"a\": 1,\r\n  \"b\": x\r\n}\r\n" | "$1" 2>"$2"' - "$JFMT" "$err"
	message_starts "$err" "jfmt: <stdin>:3:8: unknown word 'x' (JSON has true, false and null)"
	[ "$(sed -n 2p "$err")" = '      "b": x' ]
	[ "$(sed -n 3p "$err")" = '           ^' ]
}

@test "CRLF line ends: an error on line 100001, blocks later" {
	local err=$BATS_TEST_TMPDIR/err
	py '
import sys
w = sys.stdout.buffer.write
w(b"[\r\n")
for i in range(100000):
    w(b"  %d,\r\n" % i)
w(b"  tru\r\n]\r\n")' >"$BATS_TEST_TMPDIR/in"
	jf -c "$BATS_TEST_TMPDIR/in"
	[ "$st" -eq 1 ]
	message_starts "$err" "jfmt: $BATS_TEST_TMPDIR/in:100002:"
	jf -n <"$BATS_TEST_TMPDIR/in"
	[ "$st" -eq 1 ]
	message_starts "$err" "jfmt: <stdin>:100002:"
}

@test "tabs in the shown line keep the caret aligned" {
	need_cmd python3
	run -1 --separate-stderr jfmt_in $'[1,\t\t?]'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:6: "* ]]
	caret_under "${stderr_lines[1]}" "${stderr_lines[2]}" '?'
}

@test "an error in the second of several inputs counts lines from 1 again" {
	printf '[\n1\n]\n' >a.json
	printf '[\n1,\n]\n' >b.json
	run -1 --separate-stderr "$JFMT" -c a.json b.json
	[ "${stderr_lines[0]}" = "jfmt: b.json:3:1: trailing comma in an array" ]
	[ "${stderr_lines[1]}" = "    ]" ]
}

@test "an error far into a big input is located (line counting across reads)" {
	need_cmd python3
	python3 -c '
with open("big.json", "w") as f:
    f.write("[\n")
    for i in range(100000):
        f.write("  {\"id\": %d, \"name\": \"item %d\"},\n" % (i, i))
    f.write("  {\"id\": 100000, \"name\": ?},\n")
    f.write("  null\n]\n")
'
	run -1 --separate-stderr "$JFMT" -c big.json
	[[ "${stderr_lines[0]}" == "jfmt: big.json:100002:26: "* ]]
	[ "${stderr_lines[1]}" = '      {"id": 100000, "name": ?},' ]
	caret_under "${stderr_lines[1]}" "${stderr_lines[2]}" '?'
}

@test "an error on a line longer than 300000 bytes: column in bytes, line cut, caret under the byte" {
	need_cmd python3
	python3 -c 'import sys; sys.stdout.write("[" + "1," * 200000 + "x" + ",2" * 1000 + "]")' >long.json
	run -1 --separate-stderr "$JFMT" -c long.json
	[[ "${stderr_lines[0]}" == "jfmt: long.json:1:400002: "* ]]
	shown=${stderr_lines[1]}
	[ "${#shown}" -le 110 ]
	[ "${#shown}" -ge 44 ]
	caret_under "${stderr_lines[1]}" "${stderr_lines[2]}" x
	# column 300001 of a 400000-byte line, in every mode, from a file and a pipe
	py '
import sys
head = "[" + "1," * 149999 + "1"                # 300000 bytes
sys.stdout.write(head + "x" + " " * (400000 - len(head) - 2) + "]")' >"$BATS_TEST_TMPDIR/in"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/in")" -eq 400000 ]
	local mode err=$BATS_TEST_TMPDIR/err
	for mode in -c "" -n; do
		jf $mode "$BATS_TEST_TMPDIR/in"
		[ "$st" -eq 1 ]
		message_starts "$err" "jfmt: $BATS_TEST_TMPDIR/in:1:300001: "
		jf $mode <"$BATS_TEST_TMPDIR/in"
		[ "$st" -eq 1 ]
		message_starts "$err" "jfmt: <stdin>:1:300001: "
		# the caret sits under the x
		[ "$(sed -n 2p "$err" | cut -c "$(($(sed -n 3p "$err" | wc -c) - 1))")" = x ]
	done
}

@test "an error at the end of a line longer than 300000 bytes" {
	need_cmd python3
	python3 -c 'import sys; sys.stdout.write("[" + "1," * 200000 + "x]")' >long.json
	run -1 --separate-stderr "$JFMT" -c long.json
	[[ "${stderr_lines[0]}" == "jfmt: long.json:1:400002: "* ]]
	[ "${#stderr_lines[1]}" -le 110 ]
	caret_under "${stderr_lines[1]}" "${stderr_lines[2]}" x
}

@test "a long line of multi-byte characters: column in bytes, caret in characters" {
	need_cmd python3
	python3 -c 'import sys; sys.stdout.write("[\"" + "\u00e9" * 200000 + "\", x, \"" + "\u20ac" * 100 + "\"]")' >long.json
	run -1 --separate-stderr "$JFMT" -c long.json
	[[ "${stderr_lines[0]}" == "jfmt: long.json:1:400006: "* ]]
	caret_under "${stderr_lines[1]}" "${stderr_lines[2]}" x
}

@test "the end of the input inside a value: what is still open, and where" {
	run -1 --separate-stderr jfmt_in '[1,2'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:5: end of input inside the array opened at 1:1" ]
	[ "${stderr_lines[1]}" = "    [1,2" ]
	[ "${stderr_lines[2]}" = "        ^" ]
	run -1 --separate-stderr jfmt_in $'{"a":\n'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:"*": end of input inside the object opened at 1:1" ]]
	run -1 --separate-stderr jfmt_in '"abc'
	[[ "${stderr_lines[0]}" == *": end of input inside a string (opened at 1:1)" ]]
	# after a complete value too (it used to be dropped)
	run -1 --separate-stderr jfmt_in $'1\n"abc'
	[ "$output" = "1" ]
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:2:5: end of input inside a string (opened at 2:1)" ]]
	run -1 --separate-stderr jfmt_in $'1 tru'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:6: unexpected end of input" ]
}

@test "the end of the input inside a string says where it opened, whatever the size of the input" {
	# past about 100 KB it said "end of input inside the object": the
	# last top-level value had ended out of memory, and with it the
	# point to find the string from
	py '
import json, sys
shapes = {
    "member": lambda n: "{\"a\": [" + ",".join(str(i) for i in range(n)) + "], \"s\": \"abc",
    "strings": lambda n: "[" + ",".join(json.dumps("s\\\"%d\\\\" % i) for i in range(n)) + ", \"abc",
    "nested": lambda n: "[" + ",\n".join("[%d, {\"k\": [\"x\"]}]" % i for i in range(n)) + ", [\"a\\\"bc",
    "comments": lambda n: "[" + ", // \"\n".join("\"s%d\" /* \" */" % i for i in range(n)) + ", /* x */ \"abc",
}
for name, make in shapes.items():
    for size, n in (("small", 100), ("big", 40000)):
        text = make(n)
        assert (len(text) > 200000) == (size == "big"), (name, len(text))
        q = text.rindex("\"abc") if "\"abc" in text else text.rindex("\"a\\\"bc")
        line = text.count("\n", 0, q) + 1
        col = q - (text.rfind("\n", 0, q) + 1) + 1
        end_line = text.count("\n") + 1
        end_col = len(text) - (text.rfind("\n") + 1) + 1
        open("%s-%s.json" % (name, size), "w").write(text)
        open("%s-%s.want" % (name, size), "w").write(
            "%d:%d: end of input inside a string (opened at %d:%d)\n" % (end_line, end_col, line, col))
'
	local f opts
	for f in *.json; do
		opts=-c
		[[ $f == comments-* ]] && opts="-c --comments"
		# shellcheck disable=SC2086
		run -1 --separate-stderr "$JFMT" $opts "$f"
		[ "${stderr_lines[0]}" = "jfmt: $f:$(cat "${f%.json}.want")" ] ||
			{ echo "$f: ${stderr_lines[0]}"; return 1; }
		# handed over in reads of other sizes
		# shellcheck disable=SC2086
		pieces 20000,7 "$JFMT" $opts <"$f" >/dev/null 2>err && return 1
		[ "$(head -n 1 err)" = "jfmt: <stdin>:$(cat "${f%.json}.want")" ] ||
			{ echo "$f in pieces: $(head -n 1 err)"; return 1; }
	done
}

@test "what an error is inside, after reads of strings thick with runs of backslashes" {
	# the point kept for messages is found 64 bytes at a time (scope.c):
	# each run of backslashes is longer than a block, so it crosses a
	# block's edge wherever the blocks start, and the last reads' edges
	# fall in runs, after an odd number of backslashes.  An escape or a
	# string not carried rightly from one block or read to the next puts
	# the point inside a string; an escaped quote would soon set the
	# lexing right again, so the strings of a file's last two reads have
	# none
	py '
READ = 65536
edges = [13 * 30001, 6 * READ]  # where the last read starts: in pieces of 30001, from the file
def runs(i, quoted):
    odd, even = 65 + 2 * (i % 37), 66 + 2 * (i * 7 % 41)
    return ("\"" + "x" * (i % 5) + "\\" * (odd if quoted else even) + ("\"" if quoted else "") +
            "y" + "\\" * even + "\"" + (",\n" if i % 40 == 39 else ","))
text, i = "[", 0
while len(text) < 5 * READ - 2000:
    text += runs(i, True)
    i += 1
while len(text) < 6 * READ + 10000:
    if edges and edges[0] - len(text) < 400:    # 33 backslashes of 66 before it
        text += "\"" + "x" * (edges.pop(0) - 33 - len(text) - 1) + "\\" * 66 + "\","
    text += runs(i, False)
    i += 1
tails = {"string": " \"abc", "close": " {\"k\": [\"\\\\\\\"\", 1}]"}
for name, tail in tails.items():
    doc = text + tail
    q = len(text) + 1 if name == "string" else len(text) + tail.index("[")
    at = len(doc) if name == "string" else len(doc) - 2
    def place(g):
        return "%d:%d" % (doc.count("\n", 0, g) + 1, g - (doc.rfind("\n", 0, g) + 1) + 1)
    open(name + ".json", "w").write(doc)
    open(name + ".want", "w").write(place(at) + (
        ": end of input inside a string (opened at %s)" if name == "string" else
        ": '"'"'}'"'"' cannot close the array opened at %s") % place(q) + "\n")
'
	local f sizes
	for f in string close; do
		run -1 --separate-stderr "$JFMT" -c "$f.json"
		[ "${stderr_lines[0]}" = "jfmt: $f.json:$(cat $f.want)" ] ||
			{ echo "$f: ${stderr_lines[0]}"; return 1; }
		# reads that end elsewhere in the runs
		for sizes in 30001 4097 777,64; do
			pieces "$sizes" "$JFMT" -c <"$f.json" >/dev/null 2>err && return 1
			[ "$(head -n 1 err)" = "jfmt: <stdin>:$(cat $f.want)" ] ||
				{ echo "$f in pieces of $sizes: $(head -n 1 err)"; return 1; }
		done
	done
}

@test "a message at the end of the input shows the read before it, after a long token grew that read" {
	# a string spanning reads grows its block past 256 KiB (a mapping of
	# its own); the next read made it the read before, and the read after
	# that, finding the end of the input, let it go while a message was
	# still to show it: jfmt died of SIGSEGV.  (The first read is half a
	# block: a shorter one is followed by a read onto its end.)
	py '
import sys
head = "[\"" + "x" * 8
body = "x" * (262144 - 21 + 32758) + "\"" + ",1" * 10
sys.stdout.write(head + body + ",2,2,2,2,2,2,2,2,2,2,2,2,2,2, \"ab")' >in.json
	local st=0
	pieces 32768,65536,65536,65536,65536,33 "$JFMT" -c <in.json >/dev/null 2>err || st=$?
	[ "$st" -eq 1 ] || { echo "exit $st"; cat err; return 1; }
	[ "$(head -n 1 err)" = "jfmt: <stdin>:1:294946: end of input inside a string (opened at 1:294943)" ]
	[ "$(sed -n 2p err)" = '    1,1,1,1,2,2,2,2,2,2,2,2,2,2,2,2,2,2, "ab' ]
}

@test "empty or blank input: no JSON value, exit 1" {
	run -1 --separate-stderr jfmt_in ''
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:"*"no JSON value"* ]]
	[ -z "$output" ]
	run -1 --separate-stderr jfmt_in $'  \n\t \r\n'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:"*"no JSON value"* ]]
	[ -z "$output" ]
	: >empty.json
	run -1 --separate-stderr "$JFMT" empty.json
	[[ "${stderr_lines[0]}" == "jfmt: empty.json:"*"no JSON value"* ]]
	run -1 --separate-stderr "$JFMT" -n empty.json
	[[ "${stderr_lines[0]}" == *"no JSON value"* ]]
}

@test "values on one line: separated by white space or a plain boundary, else an error" {
	run -0 --separate-stderr jfmt_in '1 2' -c
	[ "$output" = $'1\n2' ]
	run -0 --separate-stderr jfmt_in '[][]{"a":true} "x"' -c
	[ "$output" = $'[]\n[]\n{"a":true}\n"x"' ]
	run -0 --separate-stderr jfmt_in $'[1]\n2 3\n' -c
	[ "$output" = $'[1]\n2\n3' ]
	msg="missing white space between two values"
	run -1 --separate-stderr jfmt_in '1true'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:2: $msg" ]
	[ "${stderr_lines[2]}" = "     ^" ]
	run -1 --separate-stderr jfmt_in $'[1]\n2-3\n'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:2: $msg" ]
}

@test "documents on separate lines are fine" {
	run -0 --separate-stderr jfmt_in $'1\n2\n[]\n[]\n{"a":true}\n"x"' -c
	[ "$output" = $'1\n2\n[]\n[]\n{"a":true}\n"x"' ]
	[ -z "$stderr" ]
	run -0 --separate-stderr jfmt_in $'1 \t\n\n  2' -c
	[ "$output" = $'1\n2' ]
}

@test "values that run together are an error even across a read boundary" {
	need_cmd python3
	# the first value ends exactly where a 64 KiB read ends
	python3 -c 'import sys; sys.stdout.write("[" + "1," * (32768 - 2) + "11]" + " 2\n")' >two.json
	[ "$(head -c 65536 two.json | tail -c 1)" = "]" ]
	run -0 --separate-stderr "$JFMT" -c two.json
	[ "${lines[1]}" = "2" ]
	# a number that ends exactly there, and a word that touches it
	python3 -c 'import sys; sys.stdout.write(" " * 65535 + "1" + "true\n")' >run.json
	run -1 --separate-stderr "$JFMT" -c run.json
	[ "$output" = "1" ]
	[[ "${stderr_lines[0]}" == "jfmt: run.json:1:65537: missing white space between two values" ]]
}

@test "a form feed or vertical tab is rejected at its position, in or between tokens" {
	local c what
	for c in $'\f' $'\v'; do
		what="form feed"
		[ "$c" = $'\v' ] && what="vertical tab"
		run -1 --separate-stderr jfmt_in "[1,${c}2]"
		[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:4: $what is not allowed here" ]
		[ "${stderr_lines[2]}" = "       ^" ]
		run -1 --separate-stderr jfmt_in "${c}[1]"
		[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:1: $what is not allowed here" ]
		run -1 --separate-stderr jfmt_in $'{"a":\n '"$c"' 1}'
		[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:2: $what is not allowed here" ]
		run -1 --separate-stderr jfmt_in $'\n\n'"$c"'[1]'
		[ "${stderr_lines[0]}" = "jfmt: <stdin>:3:1: $what is not allowed here" ]
		run -1 --separate-stderr jfmt_in "\"a${c}b\""
		[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:3: $what is not allowed here" ]
		run -1 --separate-stderr jfmt_in "[1,${c}2]" -n
		[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:4: $what is not allowed here" ]
	done
}

@test "form feeds and vertical tabs are found at each boundary of a long input" {
	need_cmd python3
	# each lands at a different place within the reads and within the
	# stretches the scan looks at together (slow/boundaries.bats: on both
	# sides of each boundary)
	ctrl_at 1 16 128 8064 65535 65536 200000
}

@test "invalid UTF-8 in a string: exit 1, located at the bad byte" {
	run -1 --separate-stderr jfmt_in $'["ok","ab\xff"]'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:10: "* ]]
	run -1 --separate-stderr jfmt_in $'"a\xc3"'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:3: "* ]]
	run -1 --separate-stderr jfmt_in $'"\xc0\xaf"'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:2: "* ]]
	# an encoded surrogate is not UTF-8
	run -1 --separate-stderr jfmt_in $'"ab\xed\xa0\x80"'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:4: "* ]]
	run -1 --separate-stderr jfmt_in $'{"k\xfe":1}'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:4: "* ]]
	run -1 --separate-stderr jfmt_in $'["ok","ab\xff"]' -n
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:10: "* ]]
}

@test "the caret points at the offending token or byte" {
	# input (a printf format), then the columns that are right for it;
	# every case is tried, and every wrong one shown (untraced: the loop
	# costs more than jfmt under bats's trap; stderr_lines as run makes it)
	each_caret() {
		local doc cols col st err=$T/err stderr_lines
		bad=0
		while IFS='|' read -r doc cols; do
			st=0
			# shellcheck disable=SC2059
			printf "$doc" | "$JFMT" >/dev/null 2>"$err" || st=$?
			IFS=$'\n' read -d '' -r -a stderr_lines <"$err" || true
			col=
			[[ ${stderr_lines[0]-} =~ ^"jfmt: <stdin>:1:"([0-9]*)": " ]] && col=${BASH_REMATCH[1]}
			if [ "$st" -ne 1 ]; then
				echo "for $doc: exit $st, expected 1"
				bad=1
			elif [[ " $cols " != *" $col "* ]]; then
				echo "for $doc: column $col, expected ${cols// / or } (${stderr_lines[0]-})"
				bad=1
			elif [ "${#stderr_lines[2]}" -ne $((4 + col)) ]; then
				echo "for $doc: the caret is not under column $col"
				bad=1
			fi
		done
	}
	untraced each_caret <<'END'
{"b":2]|7
{"b":"s"]|9
{"a":1 "b"}|8
[true}|6
[1,2}|5
[1 2]|4
{"a" 1}|6
{1:2}|2
{"a",1}|5
["ab\x01"]|5
["\x1f"]|3
["\\q"]|3 4
["\\u12g4"]|3 7
[00]|3
[1-2]|3
[7777-777]|6
[-0-0]|4
[1e5-1]|5
[1.5e+3-2.0]|8
[truefalse]|6
[1true]|3
[nullnull]|6
{"a":1-1}|7
{"a":truenull}|10
END
	[ "$bad" -eq 0 ]
}

@test "control bytes in the shown line are replaced" {
	run -1 --separate-stderr jfmt_in $'["a\x01b"]'
	printf 'stderr:\n%s\n' "$stderr"
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:"* ]]
	[[ "${stderr_lines[1]}" != *$'\x01'* ]]
	[ "${#stderr_lines[1]}" -eq 11 ]
}

# --- I/O errors ---

@test "a missing file: 'jfmt: NAME: No such file or directory', exit 3" {
	run -3 --separate-stderr "$JFMT" no-such.json
	[ "$stderr" = "jfmt: no-such.json: No such file or directory" ]
	[ -z "$output" ]
}

@test "a missing file does not stop the others" {
	printf '[1]' >a.json
	printf '{"b":2}' >b.json
	run -3 --separate-stderr "$JFMT" -c a.json no-such.json b.json
	[ "$output" = $'[1]\n{"b":2}' ]
	[ "$stderr" = "jfmt: no-such.json: No such file or directory" ]
}

@test "the exit status is the worst of all inputs" {
	printf '[1]' >ok.json
	printf '[1,]' >bad.json
	run -3 --separate-stderr "$JFMT" -c bad.json no-such.json ok.json
	printf 'stdout:\n%s\n' "$output"
	# ok.json's value comes out whole, on a line of its own
	[ "${lines[${#lines[@]}-1]}" = "[1]" ]
	run -3 --separate-stderr "$JFMT" -c no-such.json bad.json
	run -1 --separate-stderr "$JFMT" -c ok.json bad.json ok.json
}

@test "a directory as input: exit 3, naming it" {
	mkdir dir
	printf '[1]' >ok.json
	run -3 --separate-stderr "$JFMT" dir ok.json
	[[ "${stderr_lines[0]}" == "jfmt: dir: "* ]]
	[ "$output" = $'[\n  1\n]' ]
}

@test "an unreadable file: exit 3, naming it" {
	skip_if_root
	printf '[1]' >secret.json
	chmod 000 secret.json
	printf '[2]' >ok.json
	run -3 --separate-stderr "$JFMT" -c secret.json ok.json
	[ "$stderr" = "jfmt: secret.json: Permission denied" ]
	[ "$output" = "[2]" ]
}

@test "an invalid file among valid ones is reported and the rest processed, exit 1" {
	printf '[1]' >a.json
	printf '{"x":}' >b.json
	printf '[3]' >c.json
	run -1 --separate-stderr "$JFMT" -c a.json b.json c.json
	printf 'stdout:\n%s\n' "$output"
	[[ "${stderr_lines[0]}" == "jfmt: b.json:1:6: "* ]]
	[ "${lines[0]}" = "[1]" ]
	# c.json's value comes out whole, on a line of its own
	[ "${lines[${#lines[@]}-1]}" = "[3]" ]
}

@test "a full output device: 'jfmt: write error: No space left on device', exit 3" {
	[ -w /dev/full ] || skip "/dev/full is not available"
	printf '[1]' >small.json
	run -3 --separate-stderr bash -c '"$JFMT" small.json >/dev/full'
	[ "$stderr" = "jfmt: write error: No space left on device" ]
}

@test "a full output device with an output larger than the buffer" {
	[ -w /dev/full ] || skip "/dev/full is not available"
	need_cmd python3
	python3 -c 'print("[" + ",".join(str(i) for i in range(500000)) + "]")' >big.json
	run -3 --separate-stderr bash -c '"$JFMT" big.json >/dev/full'
	[ "$stderr" = "jfmt: write error: No space left on device" ]
}

@test "a closed pipe ends jfmt quietly" {
	need_cmd python3
	python3 -c '
import json
with open("big.json", "w") as f:
    f.write(json.dumps([{"id": i, "text": "some words to fill the line", "n": [1, 2, 3]} for i in range(60000)]))
'
	[ "$(wc -c <big.json)" -gt 3000000 ]
	run -0 --separate-stderr bash -c 'set -o pipefail; "$JFMT" big.json | head -c 10; true'
	[ "$output" = $'[\n  {\n    ' ]
	[ -z "$stderr" ]
	run --separate-stderr bash -c '"$JFMT" big.json 2>err.txt | head -c 10 >/dev/null; echo "${PIPESTATUS[0]}"'
	[ ! -s err.txt ]
	[ "$output" -ne 0 ]
}
