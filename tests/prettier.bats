#!/usr/bin/env bats
# tests/prettier.bats - --style=prettier: what prettier 3 writes for the
# same file name and options, on small cases, each expectation prettier's
# own output written out here (so that this tier needs no node).
# slow/prettier_oracle.bats runs this file against prettier itself
# (tests/prettier_as_jfmt.mjs) and jfmt against prettier on generated
# documents; slow/prettier_suite.bats against prettier's own JSON tests.

load test_helper
load prettier_helper

setup() {
	setup_work
	need_style
}

# pfmt_is INPUT EXPECTED NAME [OPTION...]: `jfmt --style=prettier
# --stdin-filename=NAME OPTION...` writes EXPECTED for INPUT.
pfmt_is() {
	local input=$1 expected=$2 name=$3
	shift 3
	fmt_is "$input" "$expected" --style=prettier "$@" --stdin-filename="$name"
}

# --- objects ---

@test "--style=prettier: an object that fits is on one line, spaces inside its braces" {
	pfmt_is '{"a":1,"b":[true,null],"c":"s"}' \
		$'{ "a": 1, "b": [true, null], "c": "s" }\n' a.json
	# line breaks elsewhere than after { do not matter
	pfmt_is $'{"a":\n1,\n"b":2\n}' $'{ "a": 1, "b": 2 }\n' a.json
}

@test "--style=prettier: an object with a line break after { stays expanded" {
	pfmt_is $'{\n"a":1,"b":2}' '{
  "a": 1,
  "b": 2
}
' a.json
	pfmt_is $'{\n"a":1,"b":2}' $'{ "a": 1, "b": 2 }\n' a.json --object-wrap=collapse
	pfmt_is $'{\n"a":1,"b":2}' '{
  "a": 1,
  "b": 2
}
' a.json --object-wrap=preserve
}

@test "--style=prettier: an expanded object expands what holds it" {
	pfmt_is $'{"a":{\n"b":1},"c":[1]}' '{
  "a": {
    "b": 1
  },
  "c": [1]
}
' a.json
	pfmt_is $'[{\n"a":1},2]' '[
  {
    "a": 1
  },
  2
]
' a.json
}

@test "--style=prettier: --bracket-spacing=no, empty containers and duplicate keys" {
	pfmt_is '{"a":{"b":1},"c":[1,2]}' $'{"a": {"b": 1}, "c": [1, 2]}\n' a.json --bracket-spacing=no
	pfmt_is '{"a":{},"b":[]}' $'{"a": {}, "b": []}\n' a.json --bracket-spacing=no
	pfmt_is $'{"a":{ },"b":[\n],"c":{}}' $'{ "a": {}, "b": [], "c": {} }\n' a.json
	pfmt_is '{"a":1,"a":2}' $'{ "a": 1, "a": 2 }\n' a.json
}

# --- arrays ---

@test "--style=prettier: an array that fits is on one line, else one element a line" {
	pfmt_is '[1,"two",true,null,{}]' $'[1, "two", true, null, {}]\n' a.json
	pfmt_is '["alpha","beta","gamma","delta","epsilon","zeta","eta","theta","iota","kappa"]' '[
  "alpha",
  "beta",
  "gamma",
  "delta",
  "epsilon",
  "zeta",
  "eta",
  "theta",
  "iota",
  "kappa"
]
' a.json
}

@test "--style=prettier: an array whose elements fit but not its closing bracket is expanded" {
	# the bracket decides: at the top, in a member, and one level in
	pfmt_is '["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]' \
		$'[\n  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"\n]\n' a.json --width=40
	pfmt_is '{"k":["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]}' \
		$'{\n  "k": [\n    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"\n  ]\n}\n' a.json --width=40
	pfmt_is '{"k":["aaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]}' \
		$'{\n  "k": ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]\n}\n' a.json --width=40
	pfmt_is '[[1, 22222222222222222222222222222222222]]' \
		$'[\n  [\n    1,\n    22222222222222222222222222222222222\n  ]\n]\n' a.json --width=40
}

@test "--style=prettier: an array of numbers fills its lines" {
	pfmt_is '[0,37,74,111,148,185,222,259,296,333,370,407,444,481,518,555,592,629,666,703,740,777,814,851,888,925,962,999,36,73]' '[
  0, 37, 74, 111, 148, 185, 222, 259, 296, 333, 370, 407, 444, 481, 518, 555,
  592, 629, 666, 703, 740, 777, 814, 851, 888, 925, 962, 999, 36, 73
]
' a.json
	pfmt_is '[-1,2.5,1e3,-40,50000,6,7.25,8,9,10,11,12,13,14]' '[
  -1, 2.5, 1e3, -40, 50000, 6, 7.25, 8,
  9, 10, 11, 12, 13, 14
]
' a.json --width=40
	# one string among them: one element a line
	pfmt_is '[1,"a",3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28]' \
		"$(printf '[\n  1,\n  "a",\n'; printf '  %d,\n' $(seq 3 27); printf '  28\n]\n')
" a.json
}

@test "--style=prettier: an array of numbers on one line, or broken by what comes after them" {
	# on its line, with no room to spare
	pfmt_is '[[1,22]]' $'[[1, 22]]\n' a.json --width=9
	# then something else: a string, an array, a comment, a blank line
	pfmt_is '[1,2,"a"]' $'[1, 2, "a"]\n' a.json
	pfmt_is '[1,2,[3]]' $'[1, 2, [3]]\n' a.json
	pfmt_is '[1, /* c */ 2, 3]' $'[1, /* c */ 2, 3]\n' a.jsonc
	pfmt_is $'[1,2,\n\n3]' $'[\n  1, 2,\n\n  3\n]\n' a.json
	# too long: by a number, by its closing bracket, by the comma after
	# it (which a trailing comma puts after the last member too)
	pfmt_is $'{\n"k":[111,222,333,444,555]}' \
		$'{\n  "k": [\n    111, 222, 333,\n    444, 555\n  ]\n}\n' a.json --width=20
	pfmt_is '[111,222,333,444,555,"x"]' \
		$'[\n  111,\n  222,\n  333,\n  444,\n  555,\n  "x"\n]\n' a.json --width=20
	pfmt_is $'{\n"k":[1,22]}' $'{\n  "k": [\n    1, 22\n  ]\n}\n' a.json --width=13
	pfmt_is $'{\n"k":[1,22]}' $'{\n  "k": [1, 22]\n}\n' a.json --width=14
	pfmt_is $'{\n"k":[1,22]}' $'{\n  "k": [\n    1, 22,\n  ],\n}\n' a.jsonc --width=14
	pfmt_is $'{\n"k":[1,22],"b":1}' $'{\n  "k": [\n    1, 22\n  ],\n  "b": 1\n}\n' \
		a.json --width=14
	pfmt_is $'{\n"k":[1,22],"b":1}' $'{\n  "k": [1, 22],\n  "b": 1\n}\n' a.json --width=15
}

@test "--style=prettier: objects or arrays of two elements or more, in an array, one a line" {
	pfmt_is '[{"a":1,"b":2},{"c":3,"d":4}]' '[
  { "a": 1, "b": 2 },
  { "c": 3, "d": 4 }
]
' a.json
	pfmt_is '[[1,2],[3,4]]' '[
  [1, 2],
  [3, 4]
]
' a.json
	# not when one of them has a single element
	pfmt_is '[{"a":1},{"b":2}]' $'[{ "a": 1 }, { "b": 2 }]\n' a.json
	pfmt_is '[{"a":1,"b":2},{"c":3}]' $'[{ "a": 1, "b": 2 }, { "c": 3 }]\n' a.json
}

@test "--style=prettier: a chain of arrays that does not fit opens at every level" {
	pfmt_is '[[[["deep"]]]]' '[
  [
    [
      [
        "deep"
      ]
    ]
  ]
]
' a.json --width=8
	pfmt_is '[[[["deep"]]]]' $'[[[["deep"]]]]\n' a.json --width=20
}

# --- width ---

@test "--style=prettier: a line of exactly 80 columns fits, 81 does not" {
	local x67 x68
	x67=$(printf 'x%.0s' {1..67}) x68=${x67}x
	pfmt_is "{\"key\":\"$x67\"}" "{ \"key\": \"$x67\" }
" a.json
	pfmt_is "{\"key\":\"$x68\"}" "{
  \"key\": \"$x68\"
}
" a.json
}

@test "--style=prettier: the comma after a member counts, the last member has none" {
	local y26 y27
	y26=$(printf 'y%.0s' {1..26}) y27=${y26}y
	pfmt_is "{
\"k\":[1,2,3],\"key\":[\"$y26\"],\"z\":1}" "{
  \"k\": [1, 2, 3],
  \"key\": [\"$y26\"],
  \"z\": 1
}
" a.json --width=40
	pfmt_is "{
\"k\":[1,2,3],\"key\":[\"$y27\"],\"z\":1}" "{
  \"k\": [1, 2, 3],
  \"key\": [
    \"$y27\"
  ],
  \"z\": 1
}
" a.json --width=40
	pfmt_is "{
\"k\":[1,2,3],\"key\":[\"$y27\"]}" "{
  \"k\": [1, 2, 3],
  \"key\": [\"$y27\"]
}
" a.json --width=40
}

@test "--style=prettier: CJK characters and emoji are two columns wide" {
	local cjk=日本日本日本日本日本日本日本日本日本日本日本日本日本日本日本日本日本
	pfmt_is "{\"k\":\"a$cjk\"}" "{ \"k\": \"a$cjk\" }
" a.json
	pfmt_is "{\"k\":\"ab$cjk\"}" "{
  \"k\": \"ab$cjk\"
}
" a.json
	local e38=😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀
	pfmt_is "[\"$e38\"]" "[\"$e38\"]
" a.json
	pfmt_is "[\"${e38}😀\"]" "[
  \"${e38}😀\"
]
" a.json
}

# --- indentation, lines ---

@test "--style=prettier: --tab and --indent=4" {
	pfmt_is $'{\n"a":{\n"b":[1,2]}}' $'{\n\t"a": {\n\t\t"b": [1, 2]\n\t}\n}\n' a.json --tab
	pfmt_is $'{\n"a":{\n"b":[1,2]}}' '{
    "a": {
        "b": [1, 2]
    }
}
' a.json --indent=4
}

@test "--style=prettier: one blank line kept where the input has some between elements" {
	pfmt_is $'{"a":1,\n\n\n"b":2,"c":3}' '{
  "a": 1,

  "b": 2,
  "c": 3
}
' a.json
	pfmt_is $'[1,\n\n2]' $'[\n  1,\n\n  2\n]\n' a.json
}

@test "--style=prettier: CRLF input, LF output; --final-newline=no" {
	pfmt_is $'{\r\n"a":1,\r\n\r\n"b":[1,\r\n2]\r\n}\r\n' '{
  "a": 1,

  "b": [1, 2]
}
' a.json
	pfmt_is '{"a":1}' '{ "a": 1 }' a.json --final-newline=no
}

# --- what prettier's parser picks by name ---

@test "--style=prettier: package.json, package-lock.json and composer.json expand every container" {
	pfmt_is '{"name":"x","files":["a","b"],"scripts":{},"deps":[]}' '{
  "name": "x",
  "files": [
    "a",
    "b"
  ],
  "scripts": {},
  "deps": []
}
' package.json
	pfmt_is '{"require":{"php":">=8"}}' '{
  "require": {
    "php": ">=8"
  }
}
' composer.json
	pfmt_is '[{"a":1,"b":2},{"c":3,"d":4}]' '[
  {
    "a": 1,
    "b": 2
  },
  {
    "c": 3,
    "d": 4
  }
]
' package-lock.json
}

@test "--style=prettier: package.json keeps numbers as written, and no blank line" {
	pfmt_is '{"a":[1E+2,1.50,-0,1e-007],"b":"\u00e9\/x"}' '{
  "a": [
    1E+2,
    1.50,
    -0,
    1e-007
  ],
  "b": "\u00e9\/x"
}
' package.json
	pfmt_is $'{"a":1,\n\n"b":2}' $'{\n  "a": 1,\n  "b": 2\n}\n' package.json
}

@test "--style=prettier: .jsonc has trailing commas by default, .json and tsconfig.json none" {
	local z70
	z70=$(printf 'z%.0s' {1..70})
	pfmt_is "{\"a\":[1,2],\"b\":\"$z70\"}" "{
  \"a\": [1, 2],
  \"b\": \"$z70\",
}
" a.jsonc
	pfmt_is '{"a":[1,2]}' $'{ "a": [1, 2] }\n' a.jsonc
	pfmt_is "{\"a\":[1,2],\"b\":\"$z70\"}" "{
  \"a\": [1, 2],
  \"b\": \"$z70\"
}
" a.jsonc --trailing-commas=none
	pfmt_is "{\"a\":[1,2],\"b\":\"$z70\"}" "{
  \"a\": [1, 2],
  \"b\": \"$z70\"
}
" a.json --trailing-commas=all
	# (prettier reads tsconfig.json as JSON)
	pfmt_is '{"compilerOptions":{"strict":true,"target":"es2022","module":"nodenext","outDir":"dist"}}' '{
  "compilerOptions": {
    "strict": true,
    "target": "es2022",
    "module": "nodenext",
    "outDir": "dist"
  }
}
' tsconfig.json
}

# --- values as written ---

@test "--style=prettier: numbers lose + and leading zeros of the exponent, trailing zeros of the fraction" {
	pfmt_is '[1E+2,1.50,1.0,1.00,-0,0.0,1e+0,10E-07,0.50e1]' \
		$'[1e2, 1.5, 1.0, 1.0, -0, 0.0, 1, 10e-7, 0.5e1]\n' a.json
	pfmt_is '1.50' $'1.5\n' a.json
}

@test "--style=prettier: long numbers are spelled as short ones, the exponent anywhere" {
	# 16 to 32 bytes are looked at in two loads (prettier's output)
	pfmt_is '[1.2345678901234e+5,12345678901234.5E-7,-1234567890123.45E+00,123456789012345678E2]' \
		$'[\n  1.2345678901234e5, 12345678901234.5e-7, -1234567890123.45,\n  123456789012345678e2,\n]\n' a.jsonc
	pfmt_is '[1234567890123456.7890123456789e-1,1234567890123456789012345678901E1,1234567890123456e0]' \
		$'[\n  1234567890123456.7890123456789e-1, 1234567890123456789012345678901e1,\n  1234567890123456,\n]\n' a.jsonc
	pfmt_is '[1.234567890123456789012345678900,1.0000000000000000000000e1,12345678901234567890123456789012]' \
		$'[1.2345678901234567890123456789, 1.0e1, 12345678901234567890123456789012]\n' a.jsonc
}

@test "--style=prettier: strings are kept as written, escapes and all" {
	pfmt_is '["\u00e9\/","é","\ud83d\ude00","a\tb"]' $'["\\u00e9\\/", "é", "\\ud83d\\ude00", "a\\tb"]\n' a.json
	pfmt_is '"s"' $'"s"\n' a.json
}

@test "--style=prettier: a byte order mark is kept" {
	pfmt_is $'\xef\xbb\xbf{"a":1}' $'\xef\xbb\xbf{ "a": 1 }\n' a.json
}

# --- JSONC ---

@test "--style=prettier: comments stay where they stand, with --comments or by name" {
	pfmt_is $'// head\n{"a":1, // one\n"b":/* two */2}' '// head
{
  "a": 1, // one
  "b": /* two */ 2
}
' a.json --comments
	pfmt_is $'{\n  // one\n  "a": 1,\n}' $'{\n  // one\n  "a": 1,\n}\n' a.jsonc
	# trailing commas in the input go
	pfmt_is '{"a":[1,2,],}' $'{ "a": [1, 2] }\n' a.json --comments
}

@test "--style=prettier: package.json with a comment is refused, as prettier does" {
	run -1 --separate-stderr "$JFMT" --style=prettier --comments --stdin-filename=package.json <<<$'{"a":1 // c\n}'
	[ -z "$output" ]
	[[ $stderr == jfmt:* ]]
}
