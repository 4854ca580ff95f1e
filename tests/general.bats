#!/usr/bin/env bats
# tests/general.bats - every layout fast path held to the referee:
# build/general/jfmt (`make general`) lays every document out with the
# general callbacks alone, and ./jfmt must write the same bytes to stdout
# and stderr, and exit with the same status, for every layout (each layout
# option of jfmt's table, from jfmt --list-options, and combinations),
# every input and every way the input is read.
#
# The inputs come from tests/general_inputs.py (a fixed seed: the same
# files on every run; `python3 tests/general_inputs.py DIR` writes them
# again to look at one), not from ../shared.  Each layout is one test: all
# the inputs are given to one run of each program, as operands; on a
# difference each input is run on its own, and the ones that differ are
# named, with a diff of what each program wrote.  A few layouts also take
# each input on standard input, in pieces of a few bytes (one read(2)
# each), so that tokens, keys and escapes are cut everywhere; two more do
# in slow/general.bats.  The referee and the comparisons are in
# general_helper.bash.

load test_helper
load general_helper

setup_file() {
	general_setup_file
}

@test "the referee is another program: build/general/jfmt is not ./jfmt" {
	need_referee
	[ -x "$GENERAL" ]
	run ! cmp -s "$JFMT" "$GENERAL"
}

@test "the inputs are what the comparisons need" {
	need_referee
	cd "$INPUTS"
	# valid ones and invalid ones, JSONC, text sequences; output past a
	# few 64 KiB blocks
	ls ./*.jsonc ./*.seq ./bad-*.json >/dev/null
	set -- *
	[ $# -ge 50 ]
	"$JFMT" mixed-*.json records.json keys.json strings.json numbers.json deep-*.json \
		big.json big-tokens.json widths.json >/dev/null
	[ "$("$JFMT" --indent=16 big.json | wc -c)" -gt $((4 * BLOCK)) ]
	# nesting past 1024 columns at --indent=16, and 140 deep
	[ "$("$JFMT" --indent=16 deep-75.json | awk '{ if (length > m) m = length } END { print m }')" -gt 1100 ]
	"$JFMT" -c deep-140.json | grep -q '^\[\[\[\[\[\[\[\[\[\[\[\[\[\[\['
	run -1 "$JFMT" bad-trailing-comma.json
}

# --- Each layout, every input given as a file ---

@test "general: default (pretty, 2 spaces)" { agree; }
# every layout option of jfmt's table (--list-options), with each of its
# example values: a new row is refereed without a line here
@test "general: each layout option of the table, alone" {
	local opt n=0
	for opt in $(layout_options); do
		agree "$opt" || return 1
		n=$((n + 1))
	done
	[ "$n" -ge 20 ]
}
@test "general: --color=always" { agree --color=always; }
@test "general: --width=40" { agree --width=40; }
@test "general: -S -c" { agree -S -c; }

# --- Combinations ---

@test "general: -S --width=40" { agree -S --width=40; }
@test "general: -S -a" { agree -S -a; }
@test "general: --comments -c" { agree --comments -c; }
@test "general: --comments -S" { agree --comments -S; }
@test "general: -k (broken NDJSON among the inputs)" { agree -k; }
@test "general: -k -c" { agree -k -c; }
@test "general: --strip-comments" { agree --strip-comments; }
@test "general: --strip-comments -c" { agree --strip-comments -c; }
# (what comes before an error is written out, not held back)
@test "general: --buffer-size=0" { agree --buffer-size=0; }
@test "general: --buffer-size=0 -c" { agree --buffer-size=0 -c; }
@test "general: --buffer-size=0 --width=80" { agree --buffer-size=0 --width=80; }
@test "general: --buffer-size=0 -S" { agree --buffer-size=0 -S; }
@test "general: --color=always with JFMT_COLORS, -S, --indent=16" {
	export JFMT_COLORS='1;31::4:0;35:33;44:7:32:'
	agree --color=always -S --indent=16
}
@test "general: --color=always -c --width=40" { agree --color=always -c --width=40; }
@test "general: -a --escape-slash --tab --seq" { agree -a --escape-slash --tab --seq; }
@test "general: --width=80 --tab -a" { agree --width=80 --tab -a; }
@test "general: --comments --escape-slash --indent=16" { agree --comments --escape-slash --indent=16; }
@test "general: --blank-lines=keep --color=always --indent=4 --eol=crlf" { agree --blank-lines=keep --color=always --indent=4 --eol=crlf; }
@test "general: --keep-escapes -c -a" { agree --keep-escapes -c -a; }
@test "general: --keep-escapes -S --escape-slash" { agree --keep-escapes -S --escape-slash; }
@test "general: --keep-escapes -S --width=40 -a" { agree --keep-escapes -S --width=40 -a; }
@test "general: --keep-escapes --width=80 --strip-comments -k" { agree --keep-escapes --width=80 --strip-comments -k; }
@test "general: --comments --width=40" { agree --comments --width=40; }
@test "general: --blank-lines=keep --width=20 --color=always -k" { agree --blank-lines=keep --width=20 --color=always -k; }

# --- Standard input in pieces ---

# (slow/general.bats: --keep-escapes -c and --keep-escapes -S in pieces)
@test "general in pieces: default" { agree_in_pieces 7; }
@test "general in pieces: -c" { agree_in_pieces 1,7,3,64,5 -c; }

# A value dropped by -k may have written part of itself before its error,
# and how much depends on the path (--width's general path writes the
# comma before a string that turns out to be invalid UTF-8, its quick path
# does not).  Whether the next read goes onto this one (a token is still
# open: 66 of 6666) must not: otherwise the message quotes less of its
# line on one path.
@test "general in pieces: -k --width, a value cut by reads after a dropped one" {
	need_referee
	printf '["ab","c\xd3"]\n6666 "x": 1\n' > "$T/in"
	for sizes in 5,9,3,20 5,10,2,20 6,8,3,20; do
		run -1 pieces "$sizes" "$JFMT" -k --width=40 < "$T/in"
		local fast=$output
		run -1 pieces "$sizes" "$GENERAL" -k --width=40 < "$T/in"
		[ "$output" = "$fast" ]
		[[ $output == *$'\n    6666 "x": 1\n'* ]]
	done
}

# A document the plain layouts tell the reader of after the parse
# (src/layout/valueend.h) that began a read before, its last member's key
# past the first token of its last read: the value after it begins anew,
# so that -k goes on past an error at that value's first byte once.
@test "general in pieces: -k, an error at the first byte after a document begun a read before" {
	need_referee
	printf '{"x":1}\n{"a":1,\n"c":2, "b":1}\n-x\n{"b":2}\n' > "$T/in"
	for opt in -c --indent=2; do
		run -1 pieces 16,100 "$JFMT" -k $opt < "$T/in"
		local fast=$output
		run -1 pieces 16,100 "$GENERAL" -k $opt < "$T/in"
		[ "$output" = "$fast" ]
		[ "$(grep -c 'a digit must follow' <<< "$output")" = 1 ]
	done
}

# What a user sees of the same: --color=always takes the general path.
@test "-k --width --color=always in pieces: the message quotes its line whole" {
	printf '["ab","c\xd3"]\n6666 "x": 1\n' > "$T/in"
	for sizes in 5,9,3,20 5,10,2,20 6,8,3,20; do
		run -1 pieces "$sizes" "$JFMT" -k --width=40 --color=always < "$T/in"
		[[ $output == *$'\n    6666 "x": 1\n'* ]]
	done
}
