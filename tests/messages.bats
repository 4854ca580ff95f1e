#!/usr/bin/env bats
# tests/messages.bats - jfmt's own words for each kind of invalid input:
# one table, input -> the exact first line of the message.  Every message
# keeps the form "jfmt: FILE:LINE:COL: what", then the line and a caret.
# (tests/messages.md keeps, by hand, what jq, gojq and json.tool say.)

load test_helper

# first_line INPUT [OPTION...]: the first line jfmt writes on stderr for
# INPUT on standard input, after checking that it exits 1 and (unless
# VALID_FIRST is set: the input starts with a valid value) writes nothing
# on standard output.
first_line() {
	local input=$1
	shift
	printf '%s' "$input" >"$T/msg_in"
	"$JFMT" "$@" <"$T/msg_in" >"$T/msg_out" 2>"$T/msg_err"
	local rc=$?
	[ "$rc" -eq 1 ] || { echo "exit $rc for: $input"; return 1; }
	[ -n "${VALID_FIRST:-}" ] || [ ! -s "$T/msg_out" ] ||
		{ echo "output for: $input"; cat "$T/msg_out"; return 1; }
	head -n 1 "$T/msg_err"
}

# check_table: each line of standard input is INPUT<TAB>MESSAGE (what
# follows "jfmt: <stdin>:").  INPUT is read with printf %b: \n and \x01
# stand for a newline and byte 1, \\ for a backslash.
check_table() {
	local input want got fails=0
	while IFS=$'\t' read -r input want; do
		[ -n "$input" ] || continue
		input=$(printf '%b' "$input")
		got=$(first_line "$input") || { echo "$got"; fails=$((fails + 1)); continue; }
		if [ "$got" != "jfmt: <stdin>:$want" ]; then
			printf 'input:  %q\nwant:   %s\ngot:    %s\n' "$input" "jfmt: <stdin>:$want" "$got"
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
"\\x"	1:2: invalid escape: 'x' cannot follow '\'
"\\u12g4"	1:6: invalid \u escape: 'g' is not a hex digit
"a\xffb"	1:3: invalid UTF-8 in a string (byte 0xff)
EOF
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
