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
	fmt_is $'{\n// own\n"a":1,   // end a\n\n"b":2}' "$MEMBERS" --comments --blank-lines=drop
	fmt_is $'{\n// own\n"a":1,   // end a\n\n"b":2}' $'{\n  // own\n  "a": 1, // end a\n\n  "b": 2\n}\n' --comments
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
	fmt_is $'[1 // a\n, /*b*/ 2]' $'[\n  1, // a\n  /*b*/ 2\n]\n' --comments
	fmt_is $'[1 // a\n, /*b*/\n 2]' $'[\n  1, // a\n  /*b*/\n  2\n]\n' --comments
}

@test "a container holding only a comment is not collapsed" {
	fmt_is $'{ /* empty */ }' $'{ /* empty */ }\n' --comments
	fmt_is $'[\n  // nothing\n]' $'[\n  // nothing\n]\n' --comments
	fmt_is $'{"a": [\n// nothing\n]}' $'{\n  "a": [\n    // nothing\n  ]\n}\n' --comments
	fmt_is $'{"a": [\n// nothing\n]}' $'{"a":[/* nothing */]}\n' --comments -c
	fmt_is $'{"a": [\n// nothing\n]}' $'{\n    "a": [\n        // nothing\n    ]\n}\n' --comments --indent 4
}

@test "a comment between a key and its value stays there" {
	fmt_is $'{"a": /* k */ 1}' $'{\n  "a": /* k */ 1\n}\n' --comments
	fmt_is $'{"a": /* k */ 1}' $'{"a":/* k */1}\n' --comments -c
}

@test "block comments alone on the opening bracket's line keep a container on one line" {
	fmt_is '{ /* none yet */ }' $'{ /* none yet */ }\n' --comments
	fmt_is '[ /* none */ ]' $'[ /* none */ ]\n' --comments
	fmt_is $'[/* a */ /* b */\n]' $'[ /* a */ /* b */ ]\n' --comments
	fmt_is $'{"b": { /* none */ },\n "a": [ /* none */ ]}' \
		$'{\n  "a": [ /* none */ ],\n  "b": { /* none */ }\n}\n' --comments -S
	fmt_is '{"a": { /* none */ }}' $'{\n\t"a": { /* none */ }\n}\n' --comments --tab
	fmt_is '{"a": { /* none */ }}' $'{"a":{/* none */}}\n' --comments -c
	# a // comment still ends its line; one on a line of its own keeps it
	fmt_is $'[ // none\n]' $'[ // none\n]\n' --comments
	fmt_is $'[ /* a */ // none\n]' $'[ /* a */ // none\n]\n' --comments
	fmt_is $'{\n  /* none */ }' $'{\n  /* none */\n}\n' --comments
}

@test "block comments before an element on its line stay on that line" {
	local in=$'{\n  /* c */ "b": 1,\n  /* d */ /* e */ "a": [\n    /* f */ 2\n  ]\n}\n'
	fmt_is "$in" "$in" --comments
	fmt_is "$in" $'{\n  /* d */ /* e */ "a": [\n    /* f */ 2\n  ],\n  /* c */ "b": 1\n}\n' --comments -S
	fmt_is "$in" $'{\n    /* c */ "b": 1,\n    /* d */ /* e */ "a": [\n        /* f */ 2\n    ]\n}\n' --comments --indent 4
	fmt_is "$in" $'{/* c */"b":1,/* d *//* e */"a":[/* f */2]}\n' --comments -c
	# after a comma on the value's line, a comment ends that line
	fmt_is $'[1, /* c */ 2]' $'[\n  1, /* c */\n  2\n]\n' --comments
}

@test "a comment between a key and a value on a later line goes before the member" {
	fmt_is $'{"a": // k\n 1}' $'{\n  // k\n  "a": 1\n}\n' --comments
	fmt_is $'{"a": /* k */\n 1}' $'{\n  /* k */\n  "a": 1\n}\n' --comments
	fmt_is $'{"a":\n /* k */ [1]}' $'{\n  /* k */ "a": [\n    1\n  ]\n}\n' --comments
	fmt_is $'{"x": 0, /* c */ "a": /* j */ // k\n {}}' \
		$'{\n  "x": 0, /* c */\n  /* j */ // k\n  "a": {}\n}\n' --comments
	fmt_is $'{"b": // k\n 1, "a": 2}' $'{\n  "a": 2,\n  // k\n  "b": 1\n}\n' --comments -S
	fmt_is $'{"a": // k\n 1}' $'{"a":/* k */1}\n' --comments -c
	# on the key's line, the comment stays there
	fmt_is $'{"a": /* k */ 1}' $'{\n  "a": /* k */ 1\n}\n' --comments
}

@test "the lines of a block comment move with its first, with spaces or tabs" {
	local in=$'{\n      /* a\n       * b\n       */\n  "x": 1}'
	fmt_is "$in" $'{\n  /* a\n   * b\n   */\n  "x": 1\n}\n' --comments
	fmt_is "$in" $'{\n\t/* a\n\t * b\n\t */\n\t"x": 1\n}\n' --comments --tab
	fmt_is "$in" $'{\n        /* a\n         * b\n         */\n        "x": 1\n}\n' --comments --indent 8
	fmt_is "$in" $'{/* a\n       * b\n       */"x":1}\n' --comments -c
	# tabs in the input are tab stops 8 columns apart
	fmt_is $'{\n\t/* a\n\t * b */\n\t"x": 1}' $'{\n  /* a\n   * b */\n  "x": 1\n}\n' --comments
	# a line with fewer blanks than the move takes loses them all, no more
	fmt_is $'[\n      /* a\nb\n    c */ 1]' $'[\n  /* a\nb\nc */ 1\n]\n' --comments
	# a comment moved before its member moves as a block
	fmt_is $'{"a": /* x\n       y */\n 1}' $'{\n  /* x\n   y */\n  "a": 1\n}\n' --comments
	# after a value, it moves as its line's indentation does
	fmt_is $'[\n    1, /* x\n          y */\n 2]' $'[\n  1, /* x\n        y */\n  2\n]\n' --comments
	# read in pieces of a byte or two, columns are counted the same
	put in.json $'{\n      /* a  \n       * b\n       */ "x": // k  \n  {"y": /* c\n   d */\n 1}}'
	jfmt_ok whole --comments in.json
	pieces 1,2 "$JFMT" --comments <in.json >got
	same_bytes whole got
}

@test "blanks at the end of a comment's lines are dropped" {
	fmt_is $'[1, // x \t \n 2]' $'[\n  1, // x\n  2\n]\n' --comments
	fmt_is $'[1, // x \t \n 2]' $'[1,/* x */2]\n' --comments -c
	fmt_is $'[1, /* x  \n  y\t\r\n  \n  z  */ 2]' $'[\n  1, /* x\n    y\n\n    z  */\n  2\n]\n' --comments
	fmt_is $'[1, /* x  \n  y */ 2]' $'[1,/* x\n  y */2]\n' --comments -c
}

@test "carriage returns ending a block comment's line go with its blanks, once" {
	# a line end is LF or the --eol choice; each run took one more CR
	fmt_is $'[1, /* a\r\r\r \n b\r \r\n c */ 2]' $'[\n  1, /* a\n   b\n   c */\n  2\n]\n' --comments
	fmt_is $'/* a\r\r\r \n b */ 1' $'\x1e/* a\n b */1\n' --comments -c --seq
	local opts
	for opts in "" "-c" "-c --seq" "--eol=crlf"; do
		put in.json $'[1, /* a\r\r \r\n b\r\r */ 2]'
		"$JFMT" --comments $opts in.json >once
		"$JFMT" --comments $opts once >twice
		same_bytes once twice
	done
}

@test "in a text sequence the RS takes no column: a block comment's later lines stay put, pass after pass" {
	# they moved a column left on every pass, and --check failed its own output
	local in=$'\x1e{ /*\n    x\n      y */\n "f": 1\n}\n'
	local want=$'\x1e{ /*\n    x\n      y */\n  "f": 1\n}\n'
	fmt_is "$in" "$want" --comments --seq
	fmt_is "$want" "$want" --comments --seq
	fmt_is "$in" "${want#$'\x1e'}" --comments
	put once.json "$want"
	jfmt_ok checked --comments --seq --check once.json
	# a record after another on the same line starts its columns after its RS
	fmt_is $'\x1e1 \x1e[ /*\n  x */ 2]\n' $'\x1e1\n\x1e[ /*\n  x */\n  2\n]\n' --comments --seq
}

@test "comments before and after the top-level values are kept" {
	fmt_is $'/* head */\n[1] // tail\n// foot\n' $'/* head */\n[\n  1\n] // tail\n// foot\n' --comments
	fmt_is $'/* head */\n[1] // tail\n// foot\n' $'/* head */[1]/* tail */\n/* foot */\n' --comments -c
	fmt_is $'1 // one\n// two\n2\n' $'1 // one\n// two\n2\n' --comments
	fmt_is $'1 // one\n// two\n2\n' $'1/* one */\n/* two */2\n' --comments -c
}

@test "a block comment spanning lines keeps its lines, moved with its first" {
	fmt_is $'[1,\n   /* a\n      b */\n 2]' $'[\n  1,\n  /* a\n     b */\n  2\n]\n' --comments
	fmt_is $'[1,\n   /* a\n      b */\n 2]' $'[1,/* a\n      b */2]\n' --comments -c
}

@test "comment text is kept byte for byte but the blanks ending it; a CR before the newline is not part of it" {
	fmt_is $'[1, //  x\t*/ "y" \r\n 2]' $'[\n  1, //  x\t*/ "y"\n  2\n]\n' --comments
	fmt_is $'["//", "/*", 1 /* "\\u00e9" // */]' $'[\n  "//",\n  "/*",\n  1 /* "\\u00e9" // */\n]\n' --comments
}

@test "-c writes // comments as block comments, and stops at one holding */" {
	fmt_is $'[1, //one\n2]' $'[1,/*one*/2]\n' --comments -c
	run -1 --separate-stderr jfmt_in $'[1, // a */ b\n2]' --comments -c
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:5: a // comment holding */ cannot be written in compact output (-c); use --strip-comments to drop comments" ]
	fmt_is $'[1, // a */ b\n2]' $'[\n  1, // a */ b\n  2\n]\n' --comments
	fmt_is $'[1, // a */ b\n2]' $'[1,2]\n' --strip-comments -c
}

@test "-c with records: a // comment holding */ is the error, also when a record ends a value after it" {
	local want="jfmt: <stdin>:1:4: a // comment holding */ cannot be written in compact output (-c); use --strip-comments to drop comments"
	# the number 3 ends at the RS, as the record does: the comment
	# before it is written (and fails) only then
	run -1 --separate-stderr jfmt_in $'\x1e1 // a */\n\x1e3\x1e' --comments -c
	[ "$output" = 1 ] && [ "${stderr_lines[0]}" = "$want" ]
	run -1 --separate-stderr jfmt_in $'\x1e1 // a */\n\x1e3\n' --comments -c
	[ "$output" = 1 ] && [ "${stderr_lines[0]}" = "$want" ]
	# with -k, the value after it goes out once, the message once
	run -1 --separate-stderr jfmt_in $'\x1e1 // a */\n\x1e3\x1e\x1e5\x1e' --comments -c -k
	[ "$output" = $'1\n5' ] && [ "${stderr_lines[0]}" = "$want" ]
	[ "$(grep -c '^jfmt: ' <<<"$stderr")" -eq 1 ]
}

@test "--seq -c: comments on lines of their own between records end their line, so that each RS begins one" {
	# the RS after them began no line, and the output did not read back
	fmt_is $'\x1e1\n// hi\n\x1e"b"\n' $'\x1e1\n/* hi */\n\x1e"b"\n' --comments --seq -c
	fmt_is $'\x1e1\n// a\n/* b */\n\x1e2\n' $'\x1e1\n/* a *//* b */\n\x1e2\n' --comments --seq -c
	# read back as a text sequence, with -k as the fuzzer found it
	local in=$'\x1e1\n// x \x12"\n\x1e"b"\n\n' out
	out=$(printf '%s' "$in" | "$JFMT" -c --comments --seq -k)
	printf '%s\n' "$out" | "$JFMT" --check -c --comments --seq
	# on the same line as the value, a comment stays there; at the
	# start of the output, after the first RS; pretty, on its line
	fmt_is $'\x1e1 // hi\n\x1e2\n' $'\x1e1/* hi */\n\x1e2\n' --comments --seq -c
	fmt_is $'// hi\n1\n2\n' $'\x1e/* hi */1\n\x1e2\n' --comments --seq -c
	fmt_is $'\x1e1\n// hi\n\x1e2\n' $'\x1e1\n// hi\n\x1e2\n' --comments --seq
	# without --seq, compact output keeps them on the value's line
	fmt_is $'1\n// hi\n2\n' $'1\n/* hi */2\n' --comments -c
}

@test "a comment after a record's RS begins its line, as after a newline: it is not moved onto the record before" {
	# it was written after the value of the record before, on its line
	local in=$'\x1e{"a":0}\n\x1e// c\n[1]\n'
	fmt_is "$in" $'{\n  "a": 0\n}\n// c\n[\n  1\n]\n' --comments
	fmt_is "$in" $'\x1e{\n  "a": 0\n}\n// c\n\x1e[\n  1\n]\n' --comments --seq
	fmt_is "$in" $'\x1e{"a":0}\n/* c */\n\x1e[1]\n' --comments --seq -c
	# a record of a comment alone, and a block comment after the RS
	fmt_is $'\x1e1\n\x1e// c\n\x1e2\n' $'1\n// c\n2\n' --comments
	fmt_is $'\x1e1\n\x1e/* c */ 2\n' $'1\n/* c */\n2\n' --comments
	# on several threads in chunks of a byte, the same bytes
	JFMT_JOBS_BLOCK=1 fmt_is "$in" $'\x1e{\n  "a": 0\n}\n// c\n\x1e[\n  1\n]\n' --comments --seq -j3
}

@test "--seq: a comment holding an RS byte is an error, as it would begin a record; without --seq it is kept" {
	local want="jfmt: <stdin>:1:6: a comment holding an RS byte (0x1e) cannot be written in a text sequence (--seq); use --strip-comments to drop comments"
	local in=$'/* a \x1e b */ 1\n' opts
	for opts in "--seq" "--seq -c" "--seq -S" "--seq --width=80" "--seq --check"; do
		# shellcheck disable=SC2086
		run -1 --separate-stderr jfmt_in "$in" --comments $opts
		[ -z "$output" ] && [ "${stderr_lines[0]}" = "$want" ] || { echo "with $opts"; return 1; }
	done
	run -1 --separate-stderr jfmt_in $'1 // a \x1e b\n2\n' --comments --seq
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:8: ${want#*:1:6: }" ]
	fmt_is "$in" $'/* a \x1e b */\n1\n' --comments
	fmt_is "$in" $'\x1e1\n' --strip-comments --seq
	fmt_is "$in" "" --comments --seq -n
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

# SORTED: members out of order, with comments of every kind.
SORTED='{
  // about zeta
  "zeta": 1, // end zeta
  /* about alpha,
     on two lines */
  "alpha": {"y": 1, /* "a" quote */ "x": 2}, // end alpha
  "mid": /* between */ 3, /* end mid */
  "beta": "b" // end beta
  // closing
}'

# sorted_ok FILE OPTION...: jfmt --comments -S OPTION... FILE writes output
# that is valid with --comments, formats to itself again, holds the same
# value sorted as FILE does, and every comment of SORTED still.
sorted_ok() {
	local f=$1
	shift
	jfmt_ok once --comments -S "$@" "$f" || return 1
	"$JFMT" --comments -n once
	jfmt_ok twice --comments -S "$@" once || return 1
	same_bytes once twice
	"$JFMT" --strip-comments -S -c "$f" >want_value
	"$JFMT" --strip-comments -S -c once >got_value
	same_bytes want_value got_value
	local c
	for c in "// about zeta" "// end zeta" "/* about alpha," "/* \"a\" quote */" \
		"// end alpha" "/* between */" "/* end mid */" "// end beta" "// closing"; do
		[ "$(grep -cF -- "${c#// }" "$f")" -le "$(grep -cF -- "${c#// }" once)" ] ||
			{ echo "lost: $c"; return 1; }
	done
}

@test "-S: comments move with their members; only the member written last has no comma" {
	fmt_is "$SORTED" '{
  /* about alpha,
     on two lines */
  "alpha": {
    "x": 2,
    "y": 1 /* "a" quote */
  }, // end alpha
  "beta": "b", // end beta
  "mid": /* between */ 3, /* end mid */
  // about zeta
  "zeta": 1 // end zeta
  // closing
}
' --comments -S
	fmt_is "$SORTED" '{/* about alpha,
     on two lines */"alpha":{"x":2,"y":1/* "a" quote */},/* end alpha */"beta":"b",/* end beta */"mid":/* between */3,/* end mid *//* about zeta */"zeta":1/* end zeta *//* closing */}
' --comments -S -c
	put in.json "$SORTED"
	local opts
	for opts in "" "-c" "--indent 4" "--tab" "--indent 0"; do
		sorted_ok in.json $opts
		# in colour, the same text (the comma moved is a coloured one)
		jfmt_ok colored --comments -S -C $opts in.json
		strip_sgr <colored >stripped
		same_bytes once stripped
	done
}

@test "-S: a block comment spanning lines keeps its lines in a sorted object, at any indentation" {
	local in=$'{"b": 1,\n  /* one\n\ttwo\n      three */\n  "a": {"d": 0, /* x\n y */ "c": 0}}'
	fmt_is "$in" $'{\n  /* one\n\ttwo\n      three */\n  "a": {\n    "c": 0,\n    "d": 0 /* x\n   y */\n  },\n  "b": 1\n}\n' --comments -S
	fmt_is "$in" $'{\n    /* one\n          two\n        three */\n    "a": {\n        "c": 0,\n        "d": 0 /* x\n       y */\n    },\n    "b": 1\n}\n' --comments -S --indent 4
	fmt_is "$in" $'{\n\t/* one\n\t      two\n\t    three */\n\t"a": {\n\t\t"c": 0,\n\t\t"d": 0 /* x\n\t       y */\n\t},\n\t"b": 1\n}\n' --comments -S --tab
	fmt_is "$in" $'{/* one\n\ttwo\n      three */"a":{"c":0,"d":0/* x\n y */},"b":1}\n' --comments -S -c
	# a newline followed by a byte that could be read as a depth
	fmt_is $'{"b": 1, /*\n" */ "a": 2}' $'{\n  "a": 2,\n  "b": 1 /*\n  " */\n}\n' --comments -S
}

@test "-S: nested sorted objects keep their comments, each at its depth" {
	local in=$'{"z": {"k": 1, // k\n  // before j\n  "j": {"b": [1, 2], /* b */ "a": null} // j\n  },\n "y": 0 // y\n}'
	fmt_is "$in" $'{\n  "y": 0, // y\n  "z": {\n    // before j\n    "j": {\n      "a": null,\n      "b": [\n        1,\n        2\n      ] /* b */\n    }, // j\n    "k": 1 // k\n  }\n}\n' --comments -S
	fmt_is "$in" $'{"y":0,/* y */"z":{/* before j */"j":{"a":null,"b":[1,2]/* b */},/* j */"k":1/* k */}}\n' --comments -S -c
	fmt_is "$in" $'{\n\t"y": 0, // y\n\t"z": {\n\t\t// before j\n\t\t"j": {\n\t\t\t"a": null,\n\t\t\t"b": [\n\t\t\t\t1,\n\t\t\t\t2\n\t\t\t] /* b */\n\t\t}, // j\n\t\t"k": 1 // k\n\t}\n}\n' --comments -S --tab
	put in.json "$in"
	local opts
	for opts in "" "-c" "--indent 4" "--tab"; do
		jfmt_ok once --comments -S $opts in.json
		"$JFMT" --comments -n once
		jfmt_ok twice --comments -S $opts once
		same_bytes once twice
	done
}

@test "-S: comments on lines of their own after the last member stay at the end" {
	fmt_is $'{"b": 1, "a": 2 // a\n // end\n}' $'{\n  "a": 2, // a\n  "b": 1\n  // end\n}\n' --comments -S
	fmt_is $'{"b": 1, "a": 2 // a\n // end\n}' $'{"a":2,/* a */"b":1/* end */}\n' --comments -S -c
	fmt_is $'{"b": 1, "a": 2\n /* end */ /* too */ }' $'{\n  "a": 2,\n  "b": 1\n  /* end */ /* too */\n}\n' --comments -S
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

# comma_lines FILE N: an array of N - 1 strings, one a line of 64 bytes
# (the first line too), each line ending after a comma: every 64 KiB read
# ends right after one.
comma_lines() {
	python3 -c '
import sys
n = int(sys.argv[2])
with open(sys.argv[1], "w") as f:
    f.write("[" + " " * 62 + "\n")
    f.write("".join("\"%060d\",\n" % i for i in range(n - 2)))
    f.write("0\n]\n")' "$1" "$2"
}

@test "a comma held back at the end of every read: memory stays small, the output and places as without comments" {
	need_rss
	# a comma at a read's end waits for the next token (a trailing
	# comma?); the read was extended for it, and kept every read after it
	# while that went on: 20 MiB of such lines took 26 MiB
	comma_lines in.json $((20 * 16384))
	rss=$(peak_rss_kib out -j1 --comments -c in.json)
	echo "peak RSS $rss KiB"
	[ "$rss" -lt 12288 ]
	"$JFMT" -j1 -c in.json >plain
	same_bytes plain out
	rss=$(peak_rss_kib out -j1 --style=prettier in.json)
	echo "--style=prettier: peak RSS $rss KiB"
	[ "$rss" -lt 12288 ]
	# an error on the first line of the third read, right after such a
	# comma, and one on the last line of the fourth
	sed -e '2049s/.*/  tru,/' in.json >bad.json
	run -1 --separate-stderr "$JFMT" --comments bad.json
	[ "${stderr_lines[0]}" = "jfmt: bad.json:2049:3: unknown word 'tru' (JSON has true, false and null)" ]
	sed -e '4096s/.*/ 1 x,/' in.json >bad.json
	run -1 --separate-stderr "$JFMT" --style=prettier bad.json
	[ "${stderr_lines[0]}" = "jfmt: bad.json:4096:4: unknown word 'x' (JSON has true, false and null)" ]
}

@test "lines without comments, read whole or cut by a read anywhere, come out as a byte at a time reads them" {
	# (lines with no comment and no trailing comma are passed a line at a
	# time: read/jsonc_lines.h) a '/' and ", ]" in strings; trailing
	# commas whose bracket, or a comment before it, comes lines later; a
	# block comment after a value on an indented line, whose later lines
	# move by that line's indentation; an escaped quote; CR LF
	local in=$'{\n  "url": "http://a/b",\n    "k": 4, /* x\n             y */\n  "s": "a, ]", "n": [1, 2,\n\n  ],\n  "m": [3, // c\n\n  ],\n  "t": "\\"/"\r\n}\n'
	local want=$'{\n  "url": "http://a/b",\n  "k": 4, /* x\n           y */\n  "s": "a, ]",\n  "n": [\n    1,\n    2\n  ],\n  "m": [\n    3 // c\n  ],\n  "t": "\\"/"\n}\n'
	local pretty=$'{\n  "url": "http://a/b",\n  "k": 4 /* x\n             y */,\n  "s": "a, ]",\n  "n": [1, 2],\n  "m": [\n    3, // c\n  ],\n  "t": "\\"/",\n}\n'
	fmt_is "$in" "$want" --comments
	fmt_is "$in" "$pretty" --style=prettier --stdin-filename x.jsonc
	at_every_cut "$in" --comments "$want" "--style=prettier --stdin-filename x.jsonc" "$pretty"
}

@test "--jsonc is --comments; --validate accepts JSONC" {
	fmt_is $'[1, // one\n]' $'[\n  1 // one\n]\n' --jsonc
	run -0 --separate-stderr "$JFMT" --jsonc -n <<<"$SETTINGS"
	[ -z "$output" ]
}

@test "a carriage return alone ends a // comment, as VS Code reads it; the line end written is LF" {
	fmt_is $'[1, // c\r  2]' $'[\n  1, // c\n  2\n]\n' --comments
	fmt_is $'{"a": 1 // c\r}' $'{\n  "a": 1 // c\n}\n' --comments
	jfmt_in $'[1, // c\r  2]' --comments --eol=crlf >got
	printf '[\r\n  1, // c\r\n  2\r\n]\r\n' >want
	same_bytes want got
	# an error after it is placed on the line after the carriage return
	run -1 jfmt_in $'[1, // c\r  x]' --comments
	[[ "${lines[0]}" == "jfmt: <stdin>:"*": unknown word 'x'"* ]]
}

@test "--comments: an input of comments alone is written back, exit 0" {
	fmt_is $'// only a comment\n/* and another */\n' $'// only a comment\n/* and another */\n' --comments
	# without --comments kept, it holds no JSON value
	run -1 jfmt_in $'// only a comment\n' --strip-comments
	[[ "$output" == *"no JSON value"* ]]
	run -1 jfmt_in '' --comments
	[[ "$output" == *"no JSON value"* ]]
}

@test "-n --comments: an input of comments alone is accepted, as formatting accepts it" {
	run -0 jfmt_in $'// c\n' -n --comments
	[ -z "$output" ]
	run -1 jfmt_in $'// c\n' -n --strip-comments
	[[ "$output" == *"no JSON value"* ]]
}
