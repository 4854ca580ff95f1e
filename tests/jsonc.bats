#!/usr/bin/env bats
# tests/jsonc.bats - JSONC with --comments (--jsonc): every comment kept,
# in order and where it stood; trailing commas accepted; --strip-comments;
# the errors that name --comments.

load test_helper

# A settings file as an editor writes it.
SETTINGS='// Editor settings
{
  /* Fonts */
  "editor.fontSize": 14, // points
  "editor.fontFamily": "Fira Code",
  // Files
  "files.exclude": {
    "**/.git": true,
    "**/node_modules": true, // big
  },
  "search.exclude": [
    /* none yet */
  ],
  /*
   * Trailing comma below, as VS Code allows.
   */
  "window.zoomLevel": 1,
}
'

SETTINGS_OUT='// Editor settings
{
  /* Fonts */
  "editor.fontSize": 14, // points
  "editor.fontFamily": "Fira Code",
  // Files
  "files.exclude": {
    "**/.git": true,
    "**/node_modules": true // big
  },
  "search.exclude": [
    /* none yet */
  ],
  /*
   * Trailing comma below, as VS Code allows.
   */
  "window.zoomLevel": 1
}
'

MEMBERS=$'{\n  // own\n  "a": 1, // end a\n  "b": 2\n}\n'

# --- Placement ---

@test "a comment on a line of its own stays there, at its depth; one after a comma ends that line" {
	fmt_is "$MEMBERS" "$MEMBERS" --comments
	fmt_is $'{\n// own\n"a":1,   // end a\n\n"b":2}' "$MEMBERS" --comments
	fmt_is "$MEMBERS" $'{\n    // own\n    "a": 1, // end a\n    "b": 2\n}\n' --comments --indent 4
	fmt_is "$MEMBERS" $'{\n\t// own\n\t"a": 1, // end a\n\t"b": 2\n}\n' --comments --tab
	fmt_is "$MEMBERS" $'{/* own */"a":1,/* end a */"b":2}\n' --comments -c
}

@test "a comment after a value before its comma goes after the comma" {
	fmt_is $'[1 /* one */, 2]' $'[\n  1, /* one */\n  2\n]\n' --comments
	fmt_is $'[1 /* one */, 2]' $'[1,/* one */2]\n' --comments -c
}

@test "comments just inside brackets stay inside" {
	fmt_is $'[ // first\n  1,\n  2 // last\n]' $'[ // first\n  1,\n  2 // last\n]\n' --comments
	fmt_is $'[1,\n  2\n  // after the last\n]' $'[\n  1,\n  2\n  // after the last\n]\n' --comments
	fmt_is $'[ // first\n  1,\n  2 // last\n]' $'[/* first */1,2/* last */]\n' --comments -c
}

@test "a comment after a // comment starts a new line" {
	fmt_is $'[[1]// a\n ,/*b*/\n ]' $'[\n  [\n    1\n  ] // a\n  /*b*/\n]\n' --comments
	fmt_is $'[1 // a\n, /*b*/ 2]' $'[\n  1, // a\n  /*b*/\n  2\n]\n' --comments
}

@test "a container holding only a comment is not collapsed" {
	fmt_is $'{ /* empty */ }' $'{ /* empty */\n}\n' --comments
	fmt_is $'[\n  // nothing\n]' $'[\n  // nothing\n]\n' --comments
	fmt_is $'{"a": [\n// nothing\n]}' $'{\n  "a": [\n    // nothing\n  ]\n}\n' --comments
	fmt_is $'{"a": [\n// nothing\n]}' $'{"a":[/* nothing */]}\n' --comments -c
	fmt_is $'{"a": [\n// nothing\n]}' $'{\n    "a": [\n        // nothing\n    ]\n}\n' --comments --indent 4
}

@test "a comment between a key and its value stays there" {
	fmt_is $'{"a": /* k */ 1}' $'{\n  "a": /* k */ 1\n}\n' --comments
	fmt_is $'{"a": /* k */ 1}' $'{"a":/* k */1}\n' --comments -c
	fmt_is $'{"a": // k\n 1}' $'{\n  "a": // k\n  1\n}\n' --comments
}

@test "comments before and after the top-level values are kept" {
	fmt_is $'/* head */\n[1] // tail\n// foot\n' $'/* head */\n[\n  1\n] // tail\n// foot\n' --comments
	fmt_is $'/* head */\n[1] // tail\n// foot\n' $'/* head */[1]/* tail */\n/* foot */\n' --comments -c
	fmt_is $'1 // one\n// two\n2\n' $'1 // one\n// two\n2\n' --comments
	fmt_is $'1 // one\n// two\n2\n' $'1/* one */\n/* two */2\n' --comments -c
}

@test "a block comment spanning lines keeps its lines; only the first is re-indented" {
	fmt_is $'[1,\n   /* a\n      b */\n 2]' $'[\n  1,\n  /* a\n      b */\n  2\n]\n' --comments
	fmt_is $'[1,\n   /* a\n      b */\n 2]' $'[1,/* a\n      b */2]\n' --comments -c
}

@test "comment text is kept byte for byte; a CR before the newline is not part of it" {
	fmt_is $'[1, //  x\t*/ "y" \r\n 2]' $'[\n  1, //  x\t*/ "y" \n  2\n]\n' --comments
	fmt_is $'["//", "/*", 1 /* "\\u00e9" // */]' $'[\n  "//",\n  "/*",\n  1 /* "\\u00e9" // */\n]\n' --comments
}

@test "-c writes // comments as block comments, and stops at one holding */" {
	fmt_is $'[1, //one\n2]' $'[1,/*one*/2]\n' --comments -c
	run -1 --separate-stderr jfmt_in $'[1, // a */ b\n2]' --comments -c
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:5: a // comment holding */ cannot be written in compact output (-c); use --strip-comments to drop comments" ]
	fmt_is $'[1, // a */ b\n2]' $'[\n  1, // a */ b\n  2\n]\n' --comments
	fmt_is $'[1, // a */ b\n2]' $'[1,2]\n' --strip-comments -c
}

@test "-S: a comment travels with the member after it, or before it when it ends its line" {
	local in=$'{"z": 1, // z\n // before a\n "a": 2 // a\n}'
	fmt_is "$in" $'{\n  // before a\n  "a": 2, // a\n  "z": 1 // z\n}\n' --comments -S
	fmt_is "$in" $'{/* before a */"a":2,/* a */"z":1/* z */}\n' --comments -S -c
	fmt_is $'{"b": {"y": 1 /* y */, "x": 2}, "a": 0}' \
		$'{"a":0,"b":{"x":2,"y":1/* y */}}\n' --comments -S -c
	# already in order: written as it came
	fmt_is $'{"a": 1, // a\n "b": 2}' $'{\n  "a": 1, // a\n  "b": 2\n}\n' --comments -S
}

# --- Trailing commas ---

@test "--comments accepts trailing commas in arrays and objects, nested, and drops them" {
	fmt_is $'{"a": [1, [2, {"b": 3,},],], "c": {"d": [],},}' $'{"a":[1,[2,{"b":3}]],"c":{"d":[]}}\n' --comments -c
	fmt_is $'[1, // one\n /* x */ ]' $'[\n  1 // one\n  /* x */\n]\n' --comments
	fmt_is $'[1,\n]' $'[\n  1\n]\n' --jsonc
}

@test "a comma with no value before it stays an error with --comments" {
	run -1 --separate-stderr jfmt_in '[,]' --comments
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:2: missing value before ','" ]
	run -1 --separate-stderr jfmt_in '[1,,]' --comments
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:4: missing value before ','" ]
	run -1 --separate-stderr jfmt_in '{"a":,}' --comments
	[ "$status" -eq 1 ]
}

@test "without --comments a trailing comma is an error that names the option" {
	run -1 --separate-stderr jfmt_in $'[1,\n]'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:1: trailing comma in an array (--comments accepts it)" ]
	run -1 --separate-stderr jfmt_in '{"a": 1 , }'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:11: trailing comma in an object (--comments accepts it)" ]
	run -1 --separate-stderr jfmt_in '[1, /* c */]'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:5: comments are not allowed without --comments" ]
}

# --- Errors ---

@test "an unclosed /* at the end of input is an error at the /*" {
	run -1 --separate-stderr jfmt_in $'[1] /* open\n' --comments
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:5: comment is not closed (no */ before the end of input)" ]
	[ "${stderr_lines[1]}" = "    [1] /* open" ]
	[ "${stderr_lines[2]}" = "        ^" ]
	run -1 --separate-stderr jfmt_in $'{"a": 1, /* open\n"b": 2}' --comments -n
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:10: comment is not closed (no */ before the end of input)" ]
	run -1 --separate-stderr jfmt_in $'[1] /' --comments
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:5: '/' does not start a comment (// or /*)" ]
	run -1 --separate-stderr jfmt_in $'[1 / 2]' --comments
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:4: '/' does not start a comment (// or /*)" ]
}

@test "a comment must be UTF-8; --ascii writes it as it is" {
	run -1 --separate-stderr jfmt_in $'[1, /* a\xff */ 2]' --comments
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:9: invalid UTF-8 in comment" ]
	fmt_is $'[1, /* \xc3\xa9 */ "\xc3\xa9"]' $'[1,/* \xc3\xa9 */"\\u00e9"]\n' --comments -c -a
}

@test "-i with an unclosed comment keeps the file as it was" {
	put s.json $'{"a": 1}\n/* the rest\n{"b": 2}\n'
	cp s.json before
	run -1 --separate-stderr "$JFMT" -i --comments s.json
	[ "${stderr_lines[0]}" = "jfmt: s.json:2:1: comment is not closed (no */ before the end of input)" ]
	same_bytes before s.json
}

@test "an error before a comment in the same read is reported first" {
	run -1 --separate-stderr jfmt_in $'[1 2] /* open' --comments
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:4: missing ',' between array elements" ]
}

# --- Whole files ---

@test "-i --comments on a settings file keeps every comment" {
	put settings.json "$SETTINGS"
	run -0 --separate-stderr "$JFMT" -i --comments settings.json
	[ -z "$stderr" ]
	put want "$SETTINGS_OUT"
	same_bytes want settings.json
}

@test "formatting the output again changes nothing" {
	local opts
	put in.json "$SETTINGS"
	for opts in "" "--indent 4" "--tab" "-c" "-S" "-S -c"; do
		"$JFMT" --comments $opts in.json >once
		"$JFMT" --comments $opts once >twice
		same_bytes once twice
	done
}

@test "--strip-comments writes plain JSON, valid without --comments" {
	put in.json "$SETTINGS"
	run -0 --separate-stderr "$JFMT" --strip-comments in.json
	[ -z "$stderr" ]
	printf '%s\n' "$output" >out.json
	run -0 "$JFMT" -n out.json
	[[ "$output" != *"//"*"points"* ]]
}

@test "comments and trailing commas across read boundaries" {
	local pad
	pad=$(head -c 65530 /dev/zero | tr '\0' ' ')
	# a comment, a comma before a bracket and a lone slash cut by the
	# 64 KiB read, and a comment longer than a read
	printf '[1%s/* a */, 2 // b\n,\n]\n' "$pad" >a.json
	run -0 --separate-stderr "$JFMT" --comments -c a.json
	[ "$output" = "[1,/* a */2/* b */]" ]
	printf '[1,%s\n]\n' "$pad" >b.json
	run -0 --separate-stderr "$JFMT" --comments -c b.json
	[ "$output" = "[1]" ]
	printf '[1%s/ 2]\n' "$pad" >c.json
	run -1 --separate-stderr "$JFMT" --comments c.json
	[[ "${stderr_lines[0]}" == "jfmt: c.json:1:65533: '/' does not start a comment (// or /*)" ]]
	{ printf '[1, /*'; head -c 200000 /dev/zero | tr '\0' x; printf '*/ 2]'; } >d.json
	run -0 --separate-stderr "$JFMT" --comments -c d.json
	[ "${#output}" -eq 200009 ]
	[ "${output:0:9}" = "[1,/*xxxx" ]
	[ "${output: -6}" = "xx*/2]" ]
	{ printf '[1, /*'; head -c 200000 /dev/zero | tr '\0' x; } >e.json
	run -1 --separate-stderr "$JFMT" --comments e.json
	[ "${stderr_lines[0]}" = "jfmt: e.json:1:5: comment is not closed (no */ before the end of input)" ]
}

@test "--jsonc is --comments; --validate accepts JSONC" {
	fmt_is $'[1, // one\n]' $'[\n  1 // one\n]\n' --jsonc
	run -0 --separate-stderr "$JFMT" --jsonc -n <<<"$SETTINGS"
	[ -z "$output" ]
}
