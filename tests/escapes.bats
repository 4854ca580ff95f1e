#!/usr/bin/env bats
# tests/escapes.bats - --keep-escapes: every string and key written as it
# stands between its quotes in the input, escapes and raw UTF-8 alike,
# after the usual checks; -a and --escape-slash still escape the raw
# characters they name.

load test_helper

@test "--keep-escapes: escapes and raw UTF-8 are written as they were" {
	fmt_is '{"n":"Zo\u00eb","u":"a\/b","r":"é","t":"a\tb","U":"\u00EB"}' \
		'{"n":"Zo\u00eb","u":"a\/b","r":"é","t":"a\tb","U":"\u00EB"}
' --keep-escapes -c
}

@test "--keep-escapes: keys are kept too" {
	fmt_is '{"k\u00e9y": 1, "\/": 2}' '{
  "k\u00e9y": 1,
  "\/": 2
}
' --keep-escapes
}

@test "without --keep-escapes the strings are written decoded (the default stays)" {
	fmt_is '["Zo\u00eb","a\/b"]' '["Zoë","a/b"]
' -c
}

@test "--keep-escapes: a file written by json.dumps passes --check" {
	python3 -c 'import json; print(json.dumps({"name": "Zoë", "path": "a/b", "tab": "x\ty", "list": [1, "€"]}, indent=2))' >dumps.json
	grep -q 'Zo\\u00eb' dumps.json
	run "$JFMT" --keep-escapes --check dumps.json
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	# the same file fails --check without it: its strings would be decoded
	run "$JFMT" --check dumps.json
	[ "$status" -eq 1 ]
}

@test "--keep-escapes -a: raw non-ASCII is escaped, existing escapes are kept" {
	fmt_is '["é\u00E9\/"]' '["\u00e9\u00E9\/"]
' --keep-escapes -a -c
}

@test "--keep-escapes --escape-slash: a raw slash is escaped, an escaped one kept" {
	fmt_is '["a/b\/c"]' '["a\/b\/c"]
' --keep-escapes --escape-slash -c
}

@test "--keep-escapes: an unpaired surrogate escape is kept as today" {
	fmt_is '["\ud800x","\uDC00"]' '["\ud800x","\uDC00"]
' --keep-escapes -c
}

@test "--keep-escapes: an invalid escape is still an error" {
	run -1 "$JFMT" --keep-escapes -c <<<'["a\x"]'
	[[ "$output" == "jfmt: "* ]]
}

@test "--keep-escapes: invalid UTF-8 is still an error" {
	printf '["a\\u00e9\xff"]' >bad.json
	run -1 "$JFMT" --keep-escapes -c bad.json
	[[ "$output" == *"UTF-8"* ]]
}

@test "--keep-escapes -S: keys are ordered by what they decode to" {
	fmt_is '{"c":1,"\u0062":2,"a":3,"\u00e9":4,"z":5}' '{"a":3,"\u0062":2,"c":1,"z":5,"\u00e9":4}
' --keep-escapes -S -c
}

@test "--keep-escapes --width: columns are counted as written" {
	# as written the array is 22 columns wide, decoded 12: at --width=20
	# it no longer fits on one line
	fmt_is '["\u0041\u0042","\u0043"]' '[
  "\u0041\u0042",
  "\u0043"
]
' --keep-escapes --width=20
	fmt_is '["\u0041\u0042","\u0043"]' '["AB", "C"]
' --width=20
}

@test "--keep-escapes -S --width: the kept escapes survive the sorted layout" {
	fmt_is '{"b":"\u00e9\/","a":["\u0041"]}' '{"a": ["\u0041"], "b": "\u00e9\/"}
' --keep-escapes -S --width=80
}

@test "--keep-escapes: strings cut by every read boundary are kept" {
	local doc='{"k\u00e9y":["Zo\u00eb \/ \"q\" \\ \ud83d\ude00","plain","é\n"]}'
	printf '%s' "$doc" >in.json
	"$JFMT" --keep-escapes -c in.json >whole
	printf '%s\n' "$doc" >want
	same_bytes want whole
	local n k=0
	run -0 pieces_runs 1 "--keep-escapes -c" "$doc" 2 "--keep-escapes -c" "$doc" \
		3 "--keep-escapes -c" "$doc" 5 "--keep-escapes -c" "$doc" 7 "--keep-escapes -c" "$doc"
	for n in 1 2 3 5 7; do
		k=$((k + 1))
		[[ ${lines[k - 1]} == 0$'\t'* ]] || { echo "pieces of $n: ${lines[k - 1]}"; return 1; }
		same_bytes want "$T/pieces_out.$k" || { echo "pieces of $n"; return 1; }
	done
}

@test "--keep-escapes with --comments and --color=always" {
	fmt_is '{"a\u0041": "\/" // c
}' '{
  "a\u0041": "\/" // c
}
' --keep-escapes --comments
	run jfmt_in '{"\u0041":"\/"}' --keep-escapes --color=always -c
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | strip_sgr)" = '{"\u0041":"\/"}' ]
}

@test "-S --width: an unpaired surrogate escape survives the sorted layout" {
	fmt_is '{"b":"\ud800","a":"\uDC00\u00e9"}' '{"a": "\udc00é", "b": "\ud800"}
' -S --width=80
}

@test "--keep-escapes: a string with an escape and 3 MiB of spaces before its quote is kept" {
	python3 -c 'import sys; sys.stdout.write("[\"a\\u00e9" + " " * (3 << 20) + "\"]\n")' >long.json
	run -0 --separate-stderr "$JFMT" -c --keep-escapes long.json
	[ "${#output}" -eq $((3 * 1048576 + 11)) ]
	[[ "$output" == '["a\u00e9   '* ]]
	[[ "$output" == *'   "]' ]]
}
