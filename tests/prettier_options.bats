#!/usr/bin/env bats
# tests/prettier_options.bats - --style=prettier: its options, how files
# are read by name, what cannot go with it, comments, and what is held in
# memory.  Every expected text here is what prettier 3.10.2 writes for the
# same input, file name and options (npm prettier: the oracle of the slow
# tier, tests/slow/prettier_oracle.bats).

load test_helper

# pfmt_is NAME INPUT EXPECTED [OPTION...]: jfmt --style=prettier, with
# standard input called NAME, writes EXPECTED.
pfmt_is() {
	local name=$1 input=$2 expected=$3
	shift 3
	fmt_is "$input" "$expected" --style=prettier --stdin-filename="$name" "$@"
}

@test "--style=prettier: a container on one line when it fits in 80 columns" {
	pfmt_is a.json '{"a":[1,2,3],"b":{"c":null}}' $'{ "a": [1, 2, 3], "b": { "c": null } }\n'
	# 80 columns fit, 81 do not
	# { "k": 1 } is the key's length and 9 columns
	local k71 k72
	k71=$(printf 'x%.0s' $(seq 71))
	k72=$(printf 'x%.0s' $(seq 72))
	pfmt_is a.json "{\"$k71\":1}" "{ \"$k71\": 1 }"$'\n'
	pfmt_is a.json "{\"$k72\":1}" $'{\n'"  \"$k72\": 1"$'\n}\n'
}

@test "--style=prettier: --width, --indent and --tab set printWidth, tabWidth and useTabs" {
	pfmt_is a.json '{"a":[1,2,3],"b":"cc"}' $'{\n    "a": [1, 2, 3],\n    "b": "cc"\n}\n' --width=20 --indent=4
	pfmt_is a.json '{"a":[1,2,3],"b":"cc"}' $'{\n\t"a": [1, 2, 3],\n\t"b": "cc"\n}\n' --width=20 --tab
}

@test "--style=prettier: an object expanded in the input stays expanded" {
	pfmt_is a.json $'{\n"a":1}' $'{\n  "a": 1\n}\n'
	pfmt_is a.json $'{"a":{\n"b":1}}' $'{\n  "a": {\n    "b": 1\n  }\n}\n'
	pfmt_is a.json $'{\n"a":1}' $'{ "a": 1 }\n' --object-wrap=collapse
	pfmt_is a.json $'{\n}' $'{}\n'
}

@test "--style=prettier: --bracket-spacing=no writes no space inside braces" {
	pfmt_is a.json '{"a":{"b":1}}' $'{"a": {"b": 1}}\n' --bracket-spacing=no
}

@test "--style=prettier: arrays of numbers are filled, arrays of objects expanded" {
	pfmt_is a.json "[$(seq -s, 1 30)]" '[
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
  23, 24, 25, 26, 27, 28, 29, 30
]
'
	pfmt_is a.json '[{"a":1,"b":2},{"c":3,"d":4}]' $'[\n  { "a": 1, "b": 2 },\n  { "c": 3, "d": 4 }\n]\n'
	pfmt_is a.json '[{"a":1},{"c":3,"d":4}]' $'[{ "a": 1 }, { "c": 3, "d": 4 }]\n'
}

@test "--style=prettier: numbers spelled as prettier spells them, strings as written" {
	pfmt_is a.json '[1E+2,1e-05,1.50,1.0,7e0,-0.0,"\u00e9\/"]' \
		$'[1e2, 1e-5, 1.5, 1.0, 7, -0.0, "\\u00e9\\/"]\n'
}

@test "--style=prettier: package.json is expanded whole, its numbers as they stand" {
	pfmt_is package.json '{"a":[1,2],"b":{},"c":1E+2}' $'{\n  "a": [\n    1,\n    2\n  ],\n  "b": {},\n  "c": 1E+2\n}\n'
	pfmt_is sub/composer.json '{"a":[1]}' $'{\n  "a": [\n    1\n  ]\n}\n'
}

@test "--style=prettier: trailing commas in .jsonc files, unless --trailing-commas=none" {
	pfmt_is a.jsonc $'{\n"a":[1]}' $'{\n  "a": [1],\n}\n'
	pfmt_is a.jsonc $'{\n"a":[1]}' $'{\n  "a": [1]\n}\n' --trailing-commas=none
	pfmt_is a.json $'{\n"a":[1]}' $'{\n  "a": [1]\n}\n' --trailing-commas=all
}

@test "--style=prettier: one blank line kept between members" {
	pfmt_is a.json $'{"a":1,\n\n\n"b":2}' $'{\n  "a": 1,\n\n  "b": 2\n}\n'
	pfmt_is a.json $'[1,\n\n"x"]' $'[1, "x"]\n'
}

@test "--style=prettier: comments where prettier attaches them" {
	pfmt_is a.jsonc '{/*c*/"K":"V"}' $'{ /*c*/ "K": "V" }\n'
	pfmt_is a.jsonc $'[1, // one\n2]' $'[\n  1, // one\n  2,\n]\n'
	pfmt_is a.jsonc $'{\n  // own\n  "a": 1 // end\n}' $'{\n  // own\n  "a": 1, // end\n}\n'
	pfmt_is a.jsonc $'[\n// only\n]' $'[\n  // only\n]\n'
	pfmt_is a.jsonc $'[/* c */]' $'[/* c */]\n'
	pfmt_is a.jsonc $'1 // after' $'1 // after\n'
}

@test "--style=prettier: a leading byte order mark is kept, and --check passes it" {
	printf '\xef\xbb\xbf{"a":1}' >in.json
	"$JFMT" --style=prettier in.json >out.json
	printf '\xef\xbb\xbf{ "a": 1 }\n' >want.json
	same_bytes want.json out.json
	run "$JFMT" --style=prettier --check out.json
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "--style=prettier --check: a file prettier wrote passes, another fails" {
	put good.json $'{ "a": [1, 2, 3] }\n'
	put bad.json $'{"a": [1, 2, 3]}\n'
	run "$JFMT" --style=prettier --check good.json
	[ "$status" -eq 0 ]
	run "$JFMT" --style=prettier --check good.json bad.json
	[ "$status" -eq 1 ]
	[[ $output == *bad.json* ]]
	[[ $output != *good.json* ]]
}

@test "--style=prettier: comments in package.json are an error, exit 1" {
	run "$JFMT" --style=prettier --stdin-filename=package.json <<<'{"a":1 // c
}'
	[ "$status" -eq 1 ]
	[[ $output == "jfmt: package.json:1:8: "* ]]
}

@test "--style=prettier: invalid UTF-8 in a string: exit 1, located, whether the string is held or not" {
	# written out at once (not measured), held in a line that may fit
	# (measured), and a key
	local doc
	for doc in $'{\n  "a": "x\xffy",\n  "b": 1\n}\n:2:10' $'["x\xffy", 1]\n:1:4' \
		   $'{\n  "x\xff": 1\n}\n:2:5'; do
		printf '%s' "${doc%:*:*}" >bad.json
		run -1 --separate-stderr "$JFMT" --style=prettier bad.json
		[ "${stderr_lines[0]}" = "jfmt: bad.json${doc#"${doc%:*:*}"}: invalid UTF-8 in a string (byte 0xff)" ] ||
			{ echo "${stderr_lines[0]}"; return 1; }
		[ -z "$output" ]
	done
}

@test "--style=prettier: what it cannot write is a usage error, exit 2" {
	local pair
	for pair in -c:--compact -S:--sort-keys -a:--ascii --escape-slash:--escape-slash \
		--color=always:--color; do
		run "$JFMT" --style=prettier "${pair%%:*}" <<<'{}'
		[ "$status" -eq 2 ]
		[[ $output == "jfmt: --style=prettier "*"cannot be used with ${pair#*:}"* ]]
	done
	run "$JFMT" --style=nope <<<'{}'
	[ "$status" -eq 2 ]
	[[ $output == *"invalid style 'nope' (expected jfmt or prettier)"* ]]
	for o in --bracket-spacing=maybe --object-wrap=x --trailing-commas=es5; do
		run "$JFMT" --style=prettier "$o" <<<'{}'
		[ "$status" -eq 2 ]
	done
}

@test "--style=prettier: an array of numbers past --buffer-size is filled as it comes" {
	seq -s, 1 3000 | sed 's/^/[/; s/$/]/' >nums.json
	"$JFMT" --style=prettier nums.json >want.txt
	"$JFMT" --style=prettier --buffer-size=1K nums.json >got.txt
	same_bytes want.txt got.txt
	# held: about a line's worth, not the array
	head -c 200 want.txt | grep -q '^  1, 2, 3, 4'
}

@test "--style=prettier: -j writes what one thread writes" {
	python3 -c '
import json
print(json.dumps([{"id": i, "tags": ["a", "b"], "v": [i, i * 2]} for i in range(40000)]))' >big.json
	"$JFMT" --style=prettier -j1 big.json >one.txt
	"$JFMT" --style=prettier -j2 big.json >two.txt
	same_bytes one.txt two.txt
}

@test "--style=prettier: the referee build writes the same" {
	[ -x "$TESTS_DIR/../build/general/jfmt" ] || skip "no build/general/jfmt (make general)"
	local doc=$'{\n"a":[1,2,3,{"b":[{"c":1,"d":2},{"e":3,"f":4}]}],\n\n"g":"x"}'
	printf '%s' "$doc" | "$JFMT" --style=prettier >fast.txt
	printf '%s' "$doc" | "$TESTS_DIR/../build/general/jfmt" --style=prettier >general.txt
	same_bytes fast.txt general.txt
}
