#!/usr/bin/env bats
# keepgoing.bats - what -k (and a text sequence, which always goes on at
# its next record) leave of a stream with invalid values in it: each
# broken value is skipped whole, with one message, and nothing else is
# lost.  With --comments the output is what --strip-comments gives, plus
# every comment that was not inside a skipped value.

load test_helper

RS=$'\x1e'

@test "-k --comments: the values around a skipped one stay on lines of their own" {
	run -1 --separate-stderr jfmt_in $'1\n[x]\n2\n' -k --comments -c
	[ "$output" = $'1\n2' ]
	run -1 --separate-stderr jfmt_in $'1\n[x]\n2\n' -k --strip-comments -c
	[ "$output" = $'1\n2' ]
	run -1 --separate-stderr jfmt_in $'"a"\n[x]\n"b"\n' -k --comments
	[ "$output" = $'"a"\n"b"' ]
}

@test "a text sequence with --comments: a skipped record keeps the records around it apart" {
	printf '\x1e1\n\x1e[x]\n\x1e2\n' >s
	"$JFMT" --comments -c s >out 2>/dev/null && return 1
	printf '1\n2\n' >want
	same_bytes want out
	printf '\x1e"a"\n\x1e[x]\n\x1e"b"\n' >s
	"$JFMT" --comments -c s >out 2>/dev/null && return 1
	printf '"a"\n"b"\n' >want
	same_bytes want out
	printf '\x1e1\n\x1e[x]\n\x1e2\n' >s
	"$JFMT" --comments -c --seq s >out 2>/dev/null && return 1
	printf '\x1e1\n\x1e2\n' >want
	same_bytes want out
}

@test "-k --comments: the comments before and after a skipped value are kept, those inside dropped" {
	run -1 --separate-stderr jfmt_in $'1 // c1\n// own\n[x]\n2 // c3\n' -k --comments
	[ "$output" = $'1 // c1\n// own\n2 // c3' ]
	run -1 --separate-stderr jfmt_in $'1 // c1\n// own\n[x]\n2 // c3\n' -k --strip-comments
	[ "$output" = $'1\n2' ]
	run -1 --separate-stderr jfmt_in $'[x, /* in */ 1]\n// before 2\n2\n' -k --comments -c
	[ "$output" = $'/* before 2 */2' ]
	printf '\x1e1 // one\n\x1e[x, /* in */\n\x1e2\n' >s
	run -1 --separate-stderr "$JFMT" --comments s
	[ "$output" = $'1 // one\n2' ]
}

@test "--comments: the message about a value comes on a line of its own" {
	run -1 jfmt_in $'1\n[x]\n' --comments
	[ "${lines[0]}" = "1" ]
	[[ "${lines[1]}" == "jfmt: <stdin>:2:2: "* ]]
	run -1 jfmt_in $'1 // a\n[x]\n' --comments -c
	[ "${lines[0]}" = "1/* a */" ]
	[[ "${lines[1]}" == "jfmt: <stdin>:2:2: "* ]]
}

@test "-k skips a broken pretty-printed document whole: one message, no pieces of it" {
	run -1 --separate-stderr jfmt_in $'{\n  "a": [\n    1,\n    2\n  ],\n  "b": x\n}\n{"ok":1}\n' -k -c
	[ "$output" = '{"ok":1}' ]
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:6:8: unknown word 'x' (JSON has true, false and null)" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	# an indented line inside it never begins a value, whatever it holds
	run -1 --separate-stderr jfmt_in $'[\n  1,\n  2 x\n  [3]\n]\n[4]\n' -k -c
	[ "$output" = '[4]' ]
	[ "${#stderr_lines[@]}" -eq 3 ]
}

@test "-k goes on at a line that begins a value where the error is" {
	# {"a":1, runs into the next line, which begins a value
	run -1 --separate-stderr jfmt_in $'{"a":1,\n{"b":2}\n{"c":3}\n' -k -c
	[ "$output" = $'{"b":2}\n{"c":3}' ]
	[ "${#stderr_lines[@]}" -eq 3 ]
}

@test "-k goes on at a value whose first token reads cut, as when read whole" {
	# the error shows only once "false" is whole: by then its first
	# bytes came in reads before
	local doc cut cases=() k
	doc=$'[1,[]\nfalse\n[1\n"abc" 2\n'
	run -1 --separate-stderr jfmt_in "$doc" -k -c
	[ "$output" = $'false\n"abc"\n2' ]
	[ "${#stderr_lines[@]}" -eq 6 ]
	printf '%s' "$output" >want
	# (the line a message shows ends where its read does)
	printf '%s\n' "${stderr_lines[@]}" | grep '^jfmt: ' >want_err
	for cut in 1 2 3 4 5 7 8 9; do
		cases+=("$cut" "-k -c" "$doc")
	done
	run -0 pieces_runs "${cases[@]}"
	for k in 1 2 3 4 5 6 7 8; do
		[[ ${lines[k - 1]} == 1$'\t'* ]] || { echo "cut ${cases[3 * k - 3]}: ${lines[k - 1]}"; return 1; }
		printf '%s' "$(cat "$T/pieces_out.$k")" >got
		same_bytes want got || { echo "cut ${cases[3 * k - 3]}"; return 1; }
		grep '^jfmt: ' "$T/pieces_err.$k" >got_err
		same_bytes want_err got_err || { echo "cut ${cases[3 * k - 3]}"; return 1; }
	done
}

@test "--comments: a comment is queued once, whichever reads cut the input" {
	# a comma held back for more input, after the comments were all taken
	local opts="-c --comments --escape-slash -k" cut doc cases=() k
	printf -v doc '//ahe d\n{"a": 1, // one\n  /* {"z": 1, //%% z\n //a \n "a": [2 /* x": { /* in */ }'
	printf '%s' "$doc" >in
	# shellcheck disable=SC2086
	"$JFMT" $opts in >want
	[ "$(grep -o '/\* one \*/' want | wc -l)" -eq 1 ]
	for cut in 1 5 12 13 20; do
		cases+=("$cut" "$opts" "$doc")
	done
	run -0 pieces_runs "${cases[@]}"
	for k in 1 2 3 4 5; do
		[[ ${lines[k - 1]} == 0$'\t'* ]] || { echo "cut ${cases[3 * k - 3]}: ${lines[k - 1]}"; return 1; }
		same_bytes want "$T/pieces_out.$k" || { echo "cut ${cases[3 * k - 3]}"; return 1; }
	done
}

@test "-k: a string cut by its line's end does not hide the comments of the next lines" {
	run -1 --separate-stderr jfmt_in $'["abc\n1 // one\n' -k --comments
	[ "$output" = '1 // one' ]
}

@test "a text sequence read in pieces: a record after one skipped at a read's last byte is read" {
	# the RS that ends a broken record was the last byte of a read, and
	# the record after it was skipped too
	local opts size doc cases=() k
	printf -v doc '\x1e"""\x1e"\n\x1e""'
	printf '\x1e""\n\x1e""\n' >want
	for opts in "-c --seq --comments" "-c --seq --strip-comments" "-c --seq"; do
		for size in 1 2 3; do
			cases+=("$size" "$opts" "$doc")
		done
	done
	pieces_runs "${cases[@]}" >/dev/null
	for ((k = 1; k <= 9; k++)); do
		same_bytes want "$T/pieces_out.$k" ||
			{ echo "with ${cases[3 * k - 2]} in pieces of ${cases[3 * k - 3]}"; return 1; }
	done
}

@test "-k --comments: a comment that cannot be read skips its value, and reading goes on" {
	local opt
	for opt in --comments --strip-comments; do
		# a '/' that begins no comment
		run -1 --separate-stderr jfmt_in $'1\n/ 2\n3\n' -k $opt -c
		[ "$output" = $'1\n3' ]
		[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:1: '/' does not start a comment (// or /*)" ]
		[ "${#stderr_lines[@]}" -eq 3 ]
		# invalid UTF-8 in a comment inside a value: the value goes
		run -1 --separate-stderr jfmt_in $'1\n[2, /* \xff */ 4]\n3\n' -k $opt -c
		[ "$output" = $'1\n3' ]
		[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:8: invalid UTF-8 in comment" ]
		[ "${#stderr_lines[@]}" -eq 3 ]
		# one message for a value however many bad comments it holds
		run -1 --separate-stderr jfmt_in $'[/ / /* \xff */\n /]\n{"a": 1}\n' -k $opt -c
		[ "$output" = '{"a":1}' ]
		[ "${#stderr_lines[@]}" -eq 3 ]
	done
	# a value before the comment on its line is whole, and kept
	run -1 --separate-stderr jfmt_in $'1\n2 /* \xff */\n3 // c\n' -k --comments -c
	[ "$output" = $'1\n2\n3/* c */' ]
	# without -k the input stops there, as before
	run -1 --separate-stderr jfmt_in $'1\n/ 2\n3\n' --comments -c
	[ "$output" = '1' ]
	# read in pieces of a byte or two, the same
	put in.json $'1 // a\n[2, /* \xff\n */ 4] /\n// b\n3 /* c */\n/\n[5, / 6]\n7\n'
	"$JFMT" -k --comments <in.json >whole 2>whole.err && return 1
	[ "$(grep -c '^jfmt: ' whole.err)" -eq 3 ]
	printf '1 // a\n// b\n3 /* c */\n7\n' >want
	same_bytes want whole
	pieces 1,2 "$JFMT" -k --comments <in.json >got 2>got.err && return 1
	same_bytes whole got
	same_bytes whole.err got.err
}

@test "-k: a form feed inside a value being skipped adds no message" {
	run -1 --separate-stderr jfmt_in $'[x \f]\n1\n' -k
	[ "$output" = '1' ]
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:2: unknown word 'x' (JSON has true, false and null)" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	run -1 --separate-stderr jfmt_in $'[1, \v x]\n2\n' -k -c
	[ "$output" = '2' ]
	[ "${#stderr_lines[@]}" -eq 3 ]
}

@test "a text sequence with --comments: a record with a comment that cannot be read is skipped" {
	printf '\x1e1\n\x1e[/ 2]\n\x1e3 // c\n' >s
	run -1 --separate-stderr "$JFMT" --comments -c s
	[ "$output" = $'1\n3/* c */' ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	# a comment holding an RS cannot be written in a text sequence
	run -1 --separate-stderr jfmt_in $'1\n[2, /* a \x1e */ 4]\n3\n' -k --comments --seq -c
	[ "$output" = $'\x1e1\n\x1e3' ]
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:2:10: a comment holding an RS byte"* ]]
	# an RS ends its record before anything is read of it, and so a
	# comment open in it: the records after it are read as they are
	# without --comments (a comment of a skipped record hides nothing)
	run -1 --separate-stderr jfmt_in $'\x1e[x // a \x1e b\n2\n' -c
	[ "$output" = "" ]
	[ "${stderr_lines[3]}" = "jfmt: <stdin>:1:12: unknown word 'b' (JSON has true, false and null)" ]
	local plain1=$stderr
	run -1 --separate-stderr jfmt_in $'\x1e[x /* \xff \x1e */ 3\n\x1e4\n' -c
	[ "$output" = "4" ]
	[ "${stderr_lines[3]}" = "jfmt: <stdin>:1:12: unexpected '*'" ]
	local plain2=$stderr opts
	for opts in "--comments --seq" "--strip-comments --seq" "--comments" "--strip-comments"; do
		run -1 --separate-stderr jfmt_in $'\x1e[x // a \x1e b\n2\n' -c $opts
		[ "$output" = "" ]
		[ "$stderr" = "$plain1" ]
		run -1 --separate-stderr jfmt_in $'\x1e[x /* \xff \x1e */ 3\n\x1e4\n' -c $opts
		[ "$output" = "$([[ $opts == *--seq ]] && printf '\x1e')4" ]
		[ "$stderr" = "$plain2" ]
	done
}

@test "a text sequence with --comments: an RS ends a comment; one left open is an error, and the next record is read" {
	# a block comment open at an RS is not closed: its record is
	# skipped, the next one read (as at the end of the input)
	run -1 --separate-stderr jfmt_in $'\x1e1\n\x1e[2, /* c \x1e 3 */ 4]\n\x1e5\n' --comments -c
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:6: comment is not closed (no */ before the record ends at RS)" ]
	[ "${stderr_lines[3]}" = "jfmt: <stdin>:2:15: unexpected '*'" ]
	[ "${#stderr_lines[@]}" -eq 6 ]
	# (the 3 before the error is written, as it is without --comments)
	[ "$output" = $'1\n3\n5' ]
	# a line comment ends at an RS as at a line end: no error
	run -0 --separate-stderr jfmt_in $'\x1e[1] // one\x1e2\n' --comments --seq -c
	[ "$output" = $'\x1e[1]/* one */\n\x1e2' ]
	[ "$stderr" = "" ]
	run -0 --separate-stderr jfmt_in $'\x1e[1] // one\x1e2\n' --comments
	[ "$output" = $'[\n  1\n] // one\n2' ]
	# where the reads of a pipe end changes nothing (but how much of a
	# line the message can show)
	printf '\x1e{"a":0}\n\x1e/* x \x1e {\x1e[' >seq.json
	run -1 --separate-stderr "$JFMT" --comments -c seq.json
	local want=$output want_err
	want_err=$(grep '^jfmt:' <<<"$stderr")
	[ "${stderr_lines[0]}" = "jfmt: seq.json:2:2: comment is not closed (no */ before the record ends at RS)" ]
	[ "$(wc -l <<<"$want_err")" -eq 3 ]
	local cut
	for cut in 3 12 14 16; do
		run -1 --separate-stderr bash -c "{ head -c $cut seq.json; sleep 0.1; tail -c +$((cut + 1)) seq.json; } | '$JFMT' --comments -c --stdin-filename=seq.json"
		[ "$output" = "$want" ]
		[ "$(grep '^jfmt:' <<<"$stderr")" = "$want_err" ] || { echo "cut at $cut: $stderr"; return 1; }
	done
}

@test "-k: a line inside a comment of a skipped value never begins a value" {
	local opt
	for opt in --comments --strip-comments; do
		run -1 --separate-stderr jfmt_in $'[x,\n/*\n{ */ 2]\n3\n' -k $opt -c
		[ "$output" = '3' ]
		[ "${#stderr_lines[@]}" -eq 3 ]
		run -1 --separate-stderr jfmt_in $'{"a": x, // c\n  "b": 1 /* d\n[ */\n}\n[4]\n' -k $opt -c
		[ "$output" = '[4]' ]
		[ "${#stderr_lines[@]}" -eq 3 ]
	done
	# read in pieces, the same
	put in.json $'[x,\n/*\n{ */ 2]\n3\n'
	pieces 1,2 "$JFMT" -k --comments -c <in.json >got 2>/dev/null && return 1
	[ "$(cat got)" = '3' ]
}

@test "a text sequence: a value that ends at its record's end comes before the next record's comments" {
	printf '\x1e1\x1e// o\n\x1e3\x1e' >s
	run -0 --separate-stderr "$JFMT" --comments s
	[ "$output" = $'1 // o\n3' ]
	pieces 1,2 "$JFMT" --comments <s >got
	[ "$(cat got)" = $'1 // o\n3' ]
}
