#!/usr/bin/env bats
# tests/streams.bats - what people pipe in: values one after another, RFC
# 7464 text sequences, going on after an invalid value (-k), and output
# held back until each value is complete (--buffer-size), so that an error
# never lands inside output.

load test_helper

RS=$'\x1e'

# --- Values one after another ---

@test "values separated by white space or by nothing where the boundary is plain" {
	fmt_is '1 2' $'1\n2\n' -c
	fmt_is '[][]' $'[]\n[]\n' -c
	fmt_is '{}{}' $'{}\n{}\n' -c
	fmt_is '"a""b"' $'"a"\n"b"\n' -c
	fmt_is '[1]2' $'[1]\n2\n' -c
	fmt_is '1[2]' $'1\n[2]\n' -c
	fmt_is '1"a"' $'1\n"a"\n' -c
	fmt_is '{"a":1}{"b":[2]}' $'{\n  "a": 1\n}\n{\n  "b": [\n    2\n  ]\n}\n'
	fmt_is $'1\t2\r\n3' $'1\n2\n3\n' -c
}

@test "each document's brackets, empty or not, open and end its own lines" {
	fmt_is '[]{}[[]]{"a":{}}[1]' $'[]\n{}\n[[]]\n{"a":{}}\n[1]\n' -c
	fmt_is '[]{}[[]]{"a":{}}[1]' $'[]\n{}\n[\n  []\n]\n{\n  "a": {}\n}\n[\n  1\n]\n'
	fmt_is '[{}] {"a":[]}' $'[\n\t{}\n]\n{\n\t"a": []\n}\n' --tab
	fmt_is '[{}] {"a":[]}' $'[\n{}\n]\n{\n"a": []\n}\n' --indent=0
}

@test "values that would run together are rejected at the second, as before" {
	local input col
	for input in truefalse:5 1true:2 00:2 1-2:2 nulltrue:5 '1.5.3':4; do
		col=${input##*:}
		run -1 --separate-stderr jfmt_in "${input%:*}" -c
		[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:$col: "* ]] || {
			echo "${input%:*}: ${stderr_lines[0]}"
			return 1
		}
	done
}

@test "-n accepts values one after another too" {
	run -0 --separate-stderr jfmt_in '[][] {} "a""b" 1 2' -n
	[ -z "$output" ]
	run -1 --separate-stderr jfmt_in '1true' -n
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:2: missing white space between two values" ]
}

# --- RFC 7464 text sequences ---

@test "--seq output read back: jfmt --seq -c f | jfmt -c is jfmt -c f" {
	printf '{"a":[1,2]}\n"x"\n[]\n3\n' >f.json
	"$JFMT" -c f.json >want
	"$JFMT" --seq -c f.json >seq
	grep -q "$RS" seq
	jfmt_ok got -c <seq
	same_bytes want got
	# and pretty records too
	"$JFMT" --seq f.json | "$JFMT" -c >got2
	same_bytes want got2
}

@test "a text sequence: a record that does not parse is reported and skipped" {
	printf '%s{"a":1}\n%s{"b":\n%s[1,2]\n%s"x"\n%s{"c" 3}\n%s4\n' "$RS" "$RS" "$RS" "$RS" "$RS" "$RS" >s
	run -1 --separate-stderr "$JFMT" -c s
	[ "$output" = $'{"a":1}\n[1,2]\n"x"\n4' ]
	[ "${stderr_lines[0]}" = "jfmt: s:3:1: record ends inside the object opened at 2:2" ]
	[ "${stderr_lines[3]}" = "jfmt: s:5:7: missing ':' after the object key" ]
	[ "${#stderr_lines[@]}" -eq 6 ]
}

@test "a text sequence with no final newline, and empty records" {
	printf '%s%s1%s%s[2]' "$RS" "$RS" "$RS" "$RS" >s
	run -0 --separate-stderr "$JFMT" -c s
	[ "$output" = $'1\n[2]' ]
	[ -z "$stderr" ]
}

@test "a text sequence with no value: no JSON value, as for empty input" {
	for input in "$RS" "$RS$RS" "$RS"$' \n' "$RS"$'\n'"$RS"; do
		run -1 --separate-stderr jfmt_in "$input"
		[[ "${stderr_lines[0]}" == "jfmt: <stdin>:"*": no JSON value" ]] ||
			{ printf 'for %q: %s\n' "$input" "$stderr"; return 1; }
		[ -z "$output" ]
	done
	run -1 --separate-stderr jfmt_in "$RS" -n
	[[ "${stderr_lines[0]}" == *": no JSON value" ]]
}

@test "a text sequence that ends in empty records, as one that starts with them" {
	printf '%s1%s[2]%s' "$RS" "$RS" "$RS" >s
	run -0 --separate-stderr "$JFMT" -c s
	[ "$output" = $'1\n[2]' ]
	[ -z "$stderr" ]
	printf '%s1\n%s \n%s\n' "$RS" "$RS" "$RS" >s
	run -0 --separate-stderr "$JFMT" -c s
	[ "$output" = '1' ]
	[ -z "$stderr" ]
}

# --- -k, --keep-going ---

@test "-k on NDJSON: each bad line reported with its line number, every good line written" {
	printf '{"a":1}\n{"b":\n[1,2]\n{"c":3}x\n{"d":4}\n[5 6]\n"e"\n' >in.ndjson
	run -1 --separate-stderr "$JFMT" -c -k in.ndjson
	[ "$output" = $'{"a":1}\n{"c":3}\n{"d":4}\n"e"' ]
	# {"b": takes [1,2] in as its value, and is found wrong at line 4,
	# whose first byte begins a value: reading goes on there
	[ "${stderr_lines[0]}" = "jfmt: in.ndjson:4:1: missing ',' between object members" ]
	[ "${stderr_lines[3]}" = "jfmt: in.ndjson:4:8: unknown word 'x' (JSON has true, false and null)" ]
	[ "${stderr_lines[6]}" = "jfmt: in.ndjson:6:4: missing ',' between array elements" ]
	[ "${#stderr_lines[@]}" -eq 9 ]
	run -1 --separate-stderr "$JFMT" -c --keep-going in.ndjson
	[ "$output" = $'{"a":1}\n{"c":3}\n{"d":4}\n"e"' ]
}

@test "-k: every form feed or vertical tab is reported, not only a read's first" {
	printf '[1]\v\n[2,\v3]\n[4]\n{"a":\f5}\n[6]\n' >in.ndjson
	run -1 --separate-stderr "$JFMT" -c -k in.ndjson
	[ "$output" = $'[1]\n[4]\n[6]' ]
	[ "${stderr_lines[0]}" = "jfmt: in.ndjson:1:4: vertical tab is not allowed here" ]
	[ "${stderr_lines[3]}" = "jfmt: in.ndjson:2:4: vertical tab is not allowed here" ]
	[ "${stderr_lines[6]}" = "jfmt: in.ndjson:4:6: form feed is not allowed here" ]
	[ "${#stderr_lines[@]}" -eq 9 ]
}

@test "-k: a string with an unpaired surrogate escape after a skipped value keeps its escape" {
	printf 'x\n["a\\ud800b"]\n[1 2]\n{"k\\udc00":"\\ud800"}\n[3]\v\n["\\udfff"]\n' >in.ndjson
	run -1 --separate-stderr "$JFMT" -c -k in.ndjson
	[ "$output" = '["a\ud800b"]
{"k\udc00":"\ud800"}
[3]
["\udfff"]' ]
	[ "${#stderr_lines[@]}" -eq 9 ]
}

@test "without -k the input stops at its first error; the next input is still read" {
	printf '{"a":1}\n{"b"\n[1,2]\n' >bad.ndjson
	printf '[3]\n' >good.json
	run -1 --separate-stderr "$JFMT" -c bad.ndjson good.json
	[ "$output" = $'{"a":1}\n[3]' ]
	[ "${#stderr_lines[@]}" -eq 3 ]
}

@test "-k: the line after a bad one is read whichever read its newline or blanks end" {
	# A line that began in a new read, after a newline or blanks that
	# ended the one before, was skipped with the bad line.  An indented
	# line does not begin a value.
	local cut k=0 doc=$'[1 2]\n  \t[3]\n{"a":1}\n' cases=()
	for cut in 5 6 7 8 9 10 11 12; do
		cases+=("$cut,100" "-c -k" "$doc")
	done
	run -0 pieces_runs "${cases[@]}"
	for cut in 5 6 7 8 9 10 11 12; do
		k=$((k + 1))
		[ "${lines[k - 1]}" = $'1\tjfmt: <stdin>:1:4: missing \',\' between array elements' ] ||
			{ echo "cut at $cut: ${lines[k - 1]}"; return 1; }
		[ "$(cat "$T/pieces_out.$k")" = '{"a":1}' ] || { echo "cut at $cut"; return 1; }
		[ "$(wc -l <"$T/pieces_err.$k")" -eq 3 ] || { echo "cut at $cut"; return 1; }
	done
}

@test "-k over reads: a bad line in every 64 KiB block" {
	python3 - <<'PY'
with open('big.ndjson', 'w') as f:
    for i in range(20000):
        f.write('{"i":%d,"s":"%s"}\n' % (i, 'x' * (i % 50)) if i % 997 else '{"i":%d,,}\n' % i)
PY
	run -1 --separate-stderr "$JFMT" -c -k big.ndjson
	[ "${#lines[@]}" -eq $((20000 - 21)) ]
	[ "$(grep -c '^jfmt: big.ndjson:' <<<"$stderr")" -eq 21 ]
	[[ "$stderr" == *"jfmt: big.ndjson:998:10: missing key before ','"* ]]
}

# --- Holding each value back ---

@test "an invalid document writes nothing; the documents before it are written" {
	run -1 --separate-stderr jfmt_in '[1, 2, 3'
	[ -z "$output" ]
	run -1 --separate-stderr jfmt_in $'{"a":1}\n{"b":[1,2,'
	[ "$output" = $'{\n  "a": 1\n}' ]
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:11: end of input inside the array opened at 2:6" ]
}

@test "past --buffer-size a document streams, and the message comes after it, on its own line" {
	python3 -c 'print("[" + ",".join(["1"] * 3000) + ",}")' >big.json
	"$JFMT" -c --buffer-size=1K big.json >merged 2>&1 && return 1
	tail -n 3 merged | head -n 1 | grep -q '^jfmt: big.json:1:6002: ' || { tail -n 3 merged; return 1; }
	head -c 6 merged | grep -q '^\[1,1,1' 
	# under the bound nothing of it is written
	run -1 --separate-stderr "$JFMT" -c big.json
	[ -z "$output" ]
	run -1 --separate-stderr "$JFMT" -c --buffer-size=8K big.json
	[ -z "$output" ]
}

@test "--buffer-size is exact: a bad value whose output fits writes nothing, one byte more streams" {
	# what the bad value wrote before its error: N-1, N and N+1 bytes
	# (bad-KIND-N.json, all written by one python3 run)
	local n want
	python3 -c '
for n in (1023, 1024, 1025):
    for kind in ("string", "key", "number"):
        with open("bad-%s-%d.json" % (kind, n), "w") as f:
            if kind == "string":   # ["aaa" is n bytes
                f.write("[\"" + "a" * (n - 3) + "\", x]")
            elif kind == "key":    # {"aaa":1 is n bytes
                f.write("{\"" + "a" * (n - 5) + "\":1, x}")
            else:                  # [1,...,1 is n bytes (n even)
                f.write("[" + "1," * (n // 2 - 1) + ("11" if n % 2 else "1") + ",x]")
'
	for n in 1023 1024 1025; do
		for kind in string key number; do
			want=0
			[ "$n" -le 1024 ] || want=$((n + 1))
			"$JFMT" -c --buffer-size=1K "bad-$kind-$n.json" >out 2>/dev/null && return 1
			[ "$(wc -c <out)" -eq "$want" ] || { echo "$kind $n: $(wc -c <out) bytes written"; return 1; }
		done
	done
}

@test "--buffer-size=0 streams: what came before the error is written, and its line ended" {
	run -1 --separate-stderr jfmt_in $'[1,\n2,' -c --buffer-size=0
	[ "$output" = "[1,2" ]
	run -1 jfmt_in $'[1,\n2,' -c --buffer-size=0
	[ "${lines[0]}" = "[1,2" ]
	[[ "${lines[1]}" == "jfmt: <stdin>:2:3: "* ]]
}

@test "--buffer-size takes K, M and G, and rejects anything else" {
	local size
	for size in 0 100 64K 64k 4M 1G; do
		run -0 jfmt_in '[1]' -c --buffer-size="$size"
		[ "$output" = "[1]" ]
	done
	for size in -1 1T 2G 1.5M K '' ' 1'; do
		run -2 --separate-stderr jfmt_in '[1]' --buffer-size="$size"
		[[ "${stderr_lines[0]}" == "jfmt: invalid size '$size'"* ]]
	done
}

# --- The command line ---

@test "-o - writes standard output" {
	run -0 --separate-stderr jfmt_in '[1]' -c -o -
	[ "$output" = "[1]" ]
	[ ! -e ./- ]
}

@test "the last of -c, --indent and --tab wins" {
	fmt_is '{"a":[1]}' $'{\n    "a": [\n        1\n    ]\n}\n' -c --indent=4
	fmt_is '{"a":[1]}' $'{"a":[1]}\n' --indent=4 -c
	fmt_is '{"a":[1]}' $'{"a":[1]}\n' --tab -c
	fmt_is '{"a":[1]}' $'{\n\t"a": [\n\t\t1\n\t]\n}\n' -c --tab
	fmt_is '{"a":[1]}' $'{\n "a": [\n  1\n ]\n}\n' --tab --indent=1
}

@test "an ambiguous option names what it could be" {
	run -2 --separate-stderr jfmt_in '[1]' --co
	[ "${stderr_lines[0]}" = "jfmt: option '--co' is ambiguous: it could be --color, --colour, --comments, --compact" ]
	[ "${stderr_lines[1]}" = "Try 'jfmt --help' for more information." ]
	run -2 --separate-stderr jfmt_in '[1]' --in=3
	[[ "${stderr_lines[0]}" == "jfmt: option '--in' is ambiguous: it could be --in-place, --indent"* ]]
	# a prefix of one option is that option
	run -0 jfmt_in '[1]' --comp
	[ "$output" = "[1]" ]
}

@test "no FILE and a terminal on standard input: usage on stderr, exit 2" {
	run -2 on_tty "$JFMT"
	[[ "$output" == "jfmt: no FILE given, and standard input is a terminal (usage: jfmt [OPTION]... [FILE]...)"* ]]
	[[ "$output" == *"Try 'jfmt --help' for more information."* ]]
}

@test "null is coloured 0;90 by default; JFMT_COLORS still sets it" {
	run -0 jfmt_in '[null]' -c -C
	[ "$output" = $'\e[1;39m[\e[0m\e[0;90mnull\e[0m\e[1;39m]\e[0m' ]
	run -0 env JFMT_COLORS='1;31' "$JFMT" -c -C < <(printf 'null')
	[ "$output" = $'\e[1;31mnull\e[0m' ]
}

@test "--progress is not drawn into standard output on the same terminal" {
	mkfifo slow.json
	{ printf '['; for i in 1 2; do sleep 0.12; printf '%s,' "$i"; done; printf '0]\n'; } >slow.json &
	run -0 on_tty "$JFMT" --progress -M -c slow.json
	wait
	[ "$output" = '[1,2,0]' ]
	# written to a file, the same input draws it
	{ printf '['; for i in 1 2; do sleep 0.12; printf '%s,' "$i"; done; printf '0]\n'; } >slow.json &
	run -0 on_tty "$JFMT" --progress -c -o out.json slow.json
	wait
	[[ "$output" == *"MB/s"* ]]
}
