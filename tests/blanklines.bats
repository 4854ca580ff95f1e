#!/usr/bin/env bats
# tests/blanklines.bats - --blank-lines=keep|drop: where the input has
# blank lines between two members or elements, or before a comment, the
# output has exactly one; none after an opening bracket or before a
# closing one.  keep is the default with --comments, drop without.

load test_helper

GROUPED='{

  "a": 1,


  "b": 2,
  // c

  "d": [

    1,
   
    2

  ]

}
'

@test "--comments keeps one blank line where the input has blank lines" {
	fmt_is "$GROUPED" '{
  "a": 1,

  "b": 2,
  // c

  "d": [
    1,

    2
  ]
}
' --comments
}

@test "a blank line after a comma is kept wherever reads cut the input" {
	# a comma whose next token is not read yet is passed again with the
	# next read: what the lines after it counted must not count twice
	local in=$'{\n  "a": {\n    "x": 1\n  },\r\n\r\n  "b": 2,\n  \n  "c": {\n    "y": [1]\n  }, // c\n\n  "d": 3\n}\n'
	local pretty=$'{\n  "a": {\n    "x": 1,\n  },\n\n  "b": 2,\n\n  "c": {\n    "y": [1],\n  }, // c\n\n  "d": 3,\n}\n'
	local want=$'{\n  "a": {\n    "x": 1\n  },\n\n  "b": 2,\n\n  "c": {\n    "y": [\n      1\n    ]\n  }, // c\n\n  "d": 3\n}\n'
	fmt_is "$in" "$pretty" --style=prettier --stdin-filename x.jsonc
	fmt_is "$in" "$want" --comments
	at_every_cut "$in" "--style=prettier --stdin-filename x.jsonc" "$pretty" --comments "$want"
}

@test "--blank-lines=drop with --comments drops them" {
	fmt_is "$GROUPED" '{
  "a": 1,
  "b": 2,
  // c
  "d": [
    1,
    2
  ]
}
' --comments --blank-lines=drop
}

@test "a blank line before a comment is kept, and after one" {
	fmt_is $'{"a": 1,\n\n  // about b\n\n  "b": 2, /* end */\n\n  "c": 3}' '{
  "a": 1,

  // about b

  "b": 2, /* end */

  "c": 3
}
' --comments
}

@test "JSON: drop by default, --blank-lines=keep keeps them" {
	local in=$'[\n  1,\n\n  {"a": 1,\r\n\r\n"b": 2}\n]\n'
	fmt_is "$in" '[
  1,
  {
    "a": 1,
    "b": 2
  }
]
'
	fmt_is "$in" '[
  1,

  {
    "a": 1,

    "b": 2
  }
]
' --blank-lines=keep
}

@test "--blank-lines=keep: JSON stays strict (a comment or trailing comma is still an error)" {
	run -1 jfmt_in $'[1,\n\n2,]' --blank-lines=keep
	[ "$output" = "$(jfmt_in $'[1,\n\n2,]' 2>&1)" ]
	run -1 jfmt_in $'[1, // c\n\n2]' --blank-lines=keep
	[ "$output" = "$(jfmt_in $'[1, // c\n\n2]' 2>&1)" ]
}

@test "--blank-lines=keep: strings are not lines" {
	fmt_is '["a\n\nb",

"c"]' '[
  "a\n\nb",

  "c"
]
' --blank-lines=keep
}

@test "--blank-lines=keep: -c and -S drop them" {
	fmt_is $'{"b": 1,\n\n"a": 2}' '{"b":1,"a":2}
' --blank-lines=keep -c
	fmt_is $'{"b": 1,\n\n"a": 2}' '{
  "a": 2,
  "b": 1
}
' --blank-lines=keep -S
	fmt_is $'{"b": 1,\n\n"a": 2}' '{
  "a": 2,
  "b": 1
}
' --comments -S
}

@test "--blank-lines=keep is idempotent, with --tab and --indent=0" {
	local opts
	printf '%s' "$GROUPED" >grouped.jsonc
	grep -v '// c' grouped.jsonc >grouped.json
	for opts in "--comments grouped.jsonc" "--comments --tab grouped.jsonc" \
		"--blank-lines=keep --indent=0 grouped.json"; do
		# shellcheck disable=SC2086
		"$JFMT" $opts >once
		grep -q '^$' once
		# shellcheck disable=SC2086
		"$JFMT" ${opts% *} once >twice
		same_bytes once twice
	done
}

@test "--blank-lines: a bad value is a usage error" {
	run -2 "$JFMT" --blank-lines=some </dev/null
	[ "${lines[0]}" = "jfmt: invalid blank-lines choice 'some' (expected keep or drop)" ]
}

@test "--width keeps comments and blank lines, and expands what holds them" {
	run -0 jfmt_in $'[1, // c\n\n2]' --width=80 --comments
	[ "$output" = $'[\n  1, // c\n\n  2\n]' ]
	run -0 jfmt_in $'[1,\n\n2]' --width=80 --blank-lines=keep
	[ "$output" = $'[\n  1,\n\n  2\n]' ]
	run -0 jfmt_in $'[1, // c\n\n2]' --width=80 --strip-comments
	[ "$output" = "[1, 2]" ]
	run -0 jfmt_in $'[1,\n\n2]' --width=80 --blank-lines=drop
	[ "$output" = "[1, 2]" ]
}

@test "--width with --sort-keys cannot keep comments: a usage error, as the man page says" {
	run -2 jfmt_in '[1]' --width=80 --comments --sort-keys
	[ "${lines[0]}" = "jfmt: --width with --sort-keys cannot keep comments: use --strip-comments with them" ]
	run -0 jfmt_in $'{"b": 1, // c\n"a": 2}' --width=80 --strip-comments --sort-keys
	[ "$output" = '{"a": 2, "b": 1}' ]
}
