#!/usr/bin/env bats
# tests/width.bats - --width: short arrays and objects on one line.  The
# rule is json-stringify-pretty-compact's, whose output is the oracle where
# node and the package are installed (make deps-all).  Memory on large inputs,
# and the oracle on generated and deep documents, are in slow/width.bats.

load test_helper
load width_helper

# --- the layout ---

@test "--width: containers that fit are on one line, with a space after , and :" {
	fmt_is '{"a":[1,2,3],"b":{"c":null,"d":[true,false]},"e":"s"}' \
		$'{"a": [1, 2, 3], "b": {"c": null, "d": [true, false]}, "e": "s"}\n' --width 80
	fmt_is '[[1,2],[3,[4,5]]]' $'[[1, 2], [3, [4, 5]]]\n' -w 80
	fmt_is '[[1,2],[3,[4,5]]]' $'[[1, 2], [3, [4, 5]]]\n' -w80
	fmt_is '[[1,2],[3,[4,5]]]' $'[[1, 2], [3, [4, 5]]]\n' --width=80
}

@test "--width: what does not fit is expanded, and its elements tried again" {
	fmt_is '{"name":"a long enough name","tags":["x","y"],"pos":[[1,2],[3,4]]}' '{
  "name": "a long enough name",
  "tags": ["x", "y"],
  "pos": [[1, 2], [3, 4]]
}
' --width 40
	fmt_is '[[1,2],[3,4]]' '[
  [1, 2],
  [3, 4]
]
' --width 12
}

@test "--width: a line of exactly N columns fits, N+1 does not" {
	# [1, 2, 3] is 9 columns
	fmt_is '[1,2,3]' $'[1, 2, 3]\n' --width 9
	fmt_is '[1,2,3]' $'[\n  1,\n  2,\n  3\n]\n' --width 8
	# an element: indentation 2 + [10, 20] 8 + comma 1
	fmt_is '[[10,20],[30,40,50,60,70,80,90]]' '[
  [10, 20],
  [
    30,
    40,
    50,
    60,
    70,
    80,
    90
  ]
]
' --width 11
	fmt_is '[[10,20],[30,40,50,60,70,80,90]]' '[
  [
    10,
    20
  ],
  [
    30,
    40,
    50,
    60,
    70,
    80,
    90
  ]
]
' --width 10
}

@test "--width: the key is counted" {
	# '  "abc": [1, 2]' is 15 columns, the last member: no comma
	doc='{"zzzzzzzzzzzzzzzz":0,"abc":[1,2]}'
	fmt_is "$doc" $'{\n  "zzzzzzzzzzzzzzzz": 0,\n  "abc": [1, 2]\n}\n' --width 15
	fmt_is "$doc" $'{\n  "zzzzzzzzzzzzzzzz": 0,\n  "abc": [\n    1,\n    2\n  ]\n}\n' --width 14
}

@test "--width: the comma after an element is counted" {
	# '  "abc": [1, 2],' is 16 columns
	doc='{"abc":[1,2],"zzzzzzzzzzzzzzzz":0}'
	fmt_is "$doc" $'{\n  "abc": [1, 2],\n  "zzzzzzzzzzzzzzzz": 0\n}\n' --width 16
	fmt_is "$doc" $'{\n  "abc": [\n    1,\n    2\n  ],\n  "zzzzzzzzzzzzzzzz": 0\n}\n' --width 15
	# the same container, last in an array: no comma, so 15 columns fit
	fmt_is '[[100000000000000],[1,2,3,4,5,6,7,8,9,10]]' '[
  [100000000000000],
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
]
' --width 33
	fmt_is '[[1,2,3,4,5,6,7,8,9,10],[100000000000000]]' '[
  [
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10
  ],
  [100000000000000]
]
' --width 33
}

@test "--width: a key's columns are its code points, whether it is held or written out" {
	# '  "é€": [1, 2]' is 14 columns, the last member: no comma
	doc='{"zzzzzzzzzzzzzzzz":0,"é€":[1,2],"k":{"é€":[1]}}'
	fmt_is "$doc" '{
  "zzzzzzzzzzzzzzzz": 0,
  "é€": [1, 2],
  "k": {"é€": [1]}
}
' --width 19
	fmt_is "$doc" '{
  "zzzzzzzzzzzzzzzz": 0,
  "é€": [
    1,
    2
  ],
  "k": {
    "é€": [1]
  }
}
' --width 14
	# with -a the key is "\u00e9\u20ac", 14 columns: the line is 24
	fmt_is '{"zzzzzzzzzzzzzzzz":0,"é€":[1,2]}' '{
  "zzzzzzzzzzzzzzzz": 0,
  "\u00e9\u20ac": [1, 2]
}
' --width 24 -a
	fmt_is '{"zzzzzzzzzzzzzzzz":0,"é€":[1,2]}' '{
  "zzzzzzzzzzzzzzzz": 0,
  "\u00e9\u20ac": [
    1,
    2
  ]
}
' --width 23 -a
}

@test "--width: a line longer than 128 bytes that fits is one line" {
	need_cmd python3
	python3 -c '
import json
doc = [list(range(60)), {"é" * 40: ["€" * 30, 1]}, [[1, 2], "x" * 150]]
open("in.json", "w").write(json.dumps(doc))
with open("want.json", "w") as f:
    f.write("[\n" + ",\n".join("  " + json.dumps(v, ensure_ascii=False) for v in doc) + "\n]\n")
'
	same_as_file in.json want.json --width 300
}

@test "--width 1 expands all but empty containers, at any depth of indentation" {
	need_cmd python3
	python3 -c '
import json
def v(n):
    return "x" if n == 0 else [v(n - 1), 1, {"a": v(n - 1) if n < 3 else [], "b": "s"}]
open("in.json", "w").write(json.dumps(v(12)))
'
	for opt in "--indent 2" "--indent 16" "--tab"; do
		# shellcheck disable=SC2086
		"$JFMT" $opt in.json >want.json
		# shellcheck disable=SC2086
		same_as_file in.json want.json --width 1 $opt
	done
}

@test "--width: invalid UTF-8 in a key or a string, held or on its own line, is an error" {
	for doc in $'{"a":1,"\xff":2}' $'{"a":1,"b":"\xff"}' $'[1,"x\xff"]' $'[["\xff"]]' \
		   $'[{"\xff":1}]' $'{"k":{"a":"\xc3"}}'; do
		run -1 --separate-stderr "$JFMT" --width 80 <<<"$doc"
		[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:"*": invalid UTF-8 in a string"* ]] ||
			{ echo "for $doc: ${stderr_lines[0]}"; return 1; }
	done
}

@test "--width: empty containers stay [] and {}, even when nothing fits" {
	fmt_is '[[],{},[[]],{"a":{}}]' $'[[], {}, [[]], {"a": {}}]\n' --width 80
	fmt_is '[[],{},[[]],{"a":{}}]' '[
[],
{},
[
[]
],
{
"a": {}
}
]
' --width 1 --indent 0
	fmt_is '[]' $'[]\n' --width 1
	fmt_is '{}' $'{}\n' -w 1
}

@test "--width: a scalar longer than N stays whole on its line" {
	long=$(printf 'x%.0s' {1..60})
	fmt_is "[\"$long\",1,{\"k\":\"$long\"}]" "[
  \"$long\",
  1,
  {
    \"k\": \"$long\"
  }
]
" --width 40
	fmt_is "\"$long\"" "\"$long\""$'\n' --width 10
	fmt_is '123456789012' $'123456789012\n' --width 3
}

@test "--width: deep nesting, one line where it fits and expanded where it does not" {
	fmt_is '[[[[1]]],2]' $'[[[[1]]], 2]\n' --width 12
	fmt_is '[[[[1]]],2]' $'[\n  [[[1]]],\n  2\n]\n' --width 11
	fmt_is '[[[[1]]],2]' $'[\n  [\n    [[1]]\n  ],\n  2\n]\n' --width 9
	fmt_is '[[[[1]]],2]' $'[\n  [\n    [\n      [\n        1\n      ]\n    ]\n  ],\n  2\n]\n' --width 8
	need_cmd python3
	python3 -c 'print("[" * 100000 + "1" + "]" * 100000)' >deep.json
	# (no indentation, which would make the output 20 GB)
	jfmt_ok out.json --width 80 --indent 0 deep.json
	"$JFMT" -c out.json >again.json
	cmp deep.json again.json
	# 39 levels, 2 * 39 + 1 columns, fit on one line; the 99961 around
	# them are expanded
	[ "$(wc -l <out.json)" -eq 199923 ]
	[ "$(sed -n 99962p out.json)" = "$(printf '[%.0s' {1..39})1$(printf ']%.0s' {1..39})" ]
	[ "$(sed -n 99961p out.json)" = "[" ]
}

@test "--width: several documents, scalars at the top, and --seq" {
	fmt_is $'[1,2]\n{"a":[]}\n3\n"s"\n[[1,2,3]]' $'[1, 2]\n{"a": []}\n3\n"s"\n[[1, 2, 3]]\n' --width 80
	fmt_is $'[1,2]\n{"a":[1,2,3],"b":0}' $'\x1e[1, 2]\n\x1e{\n  "a": [1, 2, 3],\n  "b": 0\n}\n' --width 17 --seq
	# a top-level value of exactly N columns: no comma can follow it
	fmt_is $'[1,2]\n[3,4]' $'[1, 2]\n[3, 4]\n' --width 6
}

@test "--width 0 keeps the usual layout, and -c ignores --width" {
	in='{"a":[1,2],"b":{}}'
	"$JFMT" <<<"$in" >want.json
	jfmt_ok got.json --width 0 <<<"$in"
	cmp want.json got.json
	fmt_is "$in" $'{"a":[1,2],"b":{}}\n' -c --width 80
	fmt_is "$in" $'{"a":[1,2],"b":{}}\n' --width 80 -c
	fmt_is "$in" $'{"a":[1,2],"b":{}}\n' -c -w 1
}

@test "--width: bad values are usage errors" {
	for v in abc -1 '' 2x 10001 100000000000000000000 1.5 ' 2' +2 '2 '; do
		run -2 --separate-stderr "$JFMT" "--width=$v" </dev/null
		[ "${stderr_lines[0]}" = "jfmt: invalid width '$v' (expected 0 to 10000)" ] ||
			{ echo "for --width='$v': $stderr"; return 1; }
		[ -z "$output" ]
	done
	run -2 --separate-stderr "$JFMT" -w </dev/null
	[ "${stderr_lines[0]}" = "jfmt: option '-w' requires a value" ]
	run -2 --separate-stderr "$JFMT" -w x </dev/null
	[ "${stderr_lines[0]}" = "jfmt: invalid width 'x' (expected 0 to 10000)" ]
	fmt_is '[1]' $'[1]\n' --width 10000
	fmt_is '[1]' $'[1]\n' --width 007
}

@test "--help describes -w and --width" {
	run -0 --separate-stderr "$JFMT" --help
	[[ "$output" == *"-w, --width=N"* ]]
	[[ "${lines[0]}" == *"[-w N]"* ]]
}

# --- with the other options ---

@test "-S --width: the sorted order decides the width" {
	in='{"b":[1,2],"a":{"d":1,"c":[3]}}'
	fmt_is "$in" $'{"a": {"c": [3], "d": 1}, "b": [1, 2]}\n' -S --width 80
	# "bb" comes last once sorted: no comma after it, and 14 columns fit
	fmt_is '{"bb":[1,2],"a":0}' $'{\n  "a": 0,\n  "bb": [1, 2]\n}\n' -S --width 14
	fmt_is '{"bb":[1,2],"a":0}' $'{\n  "bb": [\n    1,\n    2\n  ],\n  "a": 0\n}\n' --width 14
	# sorted objects inside arrays inside sorted objects
	fmt_is '{"z":[{"y":1,"x":[2,{"w":0,"v":1}]}],"a":1}' \
		$'{\n  "a": 1,\n  "z": [\n    {"x": [2, {"v": 1, "w": 0}], "y": 1}\n  ]\n}\n' -S --width 40
}

@test "--width with --tab: a tab counts as 8 columns" {
	# a tab, then '"a": [1, 2],' (12 columns): 20
	doc='{"a":[1,2],"zzzzzzzzzzzzzzzzzzzzzzzzzzzz":0}'
	fmt_is "$doc" $'{\n\t"a": [1, 2],\n\t"zzzzzzzzzzzzzzzzzzzzzzzzzzzz": 0\n}\n' --tab --width 20
	fmt_is "$doc" $'{\n\t"a": [\n\t\t1,\n\t\t2\n\t],\n\t"zzzzzzzzzzzzzzzzzzzzzzzzzzzz": 0\n}\n' --tab --width 19
}

@test "--width counts code points: -a's escapes are 6 columns, UTF-8 characters one" {
	# ["é", "é"] is 10 columns (12 bytes); with -a, ["\u00e9", "\u00e9"] is 20
	fmt_is '["é","é"]' $'["é", "é"]\n' --width 10
	fmt_is '["é","é"]' $'[\n  "é",\n  "é"\n]\n' --width 9
	fmt_is '["é","é"]' $'["\\u00e9", "\\u00e9"]\n' -a --width 20
	fmt_is '["é","é"]' $'[\n  "\\u00e9",\n  "\\u00e9"\n]\n' -a --width 19
	# a character outside the BMP is one code point too
	fmt_is '["😀","€€"]' $'["😀", "€€"]\n' --width 11
}

@test "--width with colour: escape sequences count for nothing" {
	in='{"key":[1,"two",null,true],"o":{"p":false},"zzzzzzzzzzzzzzzzzzzzzzzz":0}'
	for n in 8 20 31 32 40 80; do
		jfmt_ok plain.json --width "$n" <<<"$in"
		jfmt_ok colour.json -C --width "$n" <<<"$in"
		strip_sgr <colour.json >stripped.json
		same_bytes plain.json stripped.json || { echo "for --width $n"; return 1; }
	done
	# the line of '"key": [...]' (32 columns) is over 100 bytes with colour
	jfmt_ok colour.json -C --width 32 <<<"$in"
	[ "$(sed -n 2p colour.json | strip_sgr)" = '  "key": [1, "two", null, true],' ]
	[ "$(sed -n 2p colour.json | wc -c)" -gt 100 ]
	# the comma is coloured as in the usual layout
	[[ "$(sed -n 2p colour.json)" == *$'\033[1;39m,\033[0m '* ]]
}

@test "--width: an error stops with status 1 and the usual message" {
	run -1 --separate-stderr "$JFMT" --width 80 <<<'[[1,2],[3,'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:11: end of input inside the array opened at 1:8" ]
	run -1 --separate-stderr "$JFMT" --width 80 <<<'{"a":[1 2]}'
	run -1 --separate-stderr "$JFMT" -S --width 80 <<<'{"b":[1,{"a":x}]}'
}

# --- the oracle ---

@test "--width: a character above U+FFFF is one column (in JavaScript, two)" {
	# ["😀😀"] is 6 code points; JavaScript's length, in UTF-16 units, is 8
	fmt_is '["😀😀"]' $'["😀😀"]\n' --width 6
	fmt_is '["😀😀"]' $'[\n  "😀😀"\n]\n' --width 5
	# written as an escape pair (-a), it is the 12 columns of the pair
	fmt_is '["😀"]' $'["\\ud83d\\ude00"]\n' --width 16 -a
	fmt_is '["😀"]' $'[\n  "\\ud83d\\ude00"\n]\n' --width 15 -a
}

@test "--width: json-stringify-pretty-compact counts a character above U+FFFF as two columns" {
	need_oracle
	printf '["😀😀"]' >astral.json
	# at 40, 80 and 120 columns both fit it on one line
	same_as_oracle astral.json
	# at 6 and 7 the package expands it, counting 8; jfmt counts 6
	node --input-type=module -e '
const { default: stringify } = await import(process.argv[1]);
for (const n of [6, 7, 8])
  process.stdout.write(`${n}: ${JSON.stringify(stringify(["😀😀"], { maxLength: n }))}\n`);
' "$ORACLE" >got
	printf '%s\n' '6: "[\n  \"😀😀\"\n]"' '7: "[\n  \"😀😀\"\n]"' '8: "[\"😀😀\"]"' >want
	same_bytes want got
	fmt_is '["😀😀"]' $'["😀😀"]\n' --width 6
}


@test "--width equals json-stringify-pretty-compact on citm_catalog.json" {
	need_shared corpus/citm_catalog.json
	need_oracle
	same_as_oracle "$CORPUS/citm_catalog.json"
}
