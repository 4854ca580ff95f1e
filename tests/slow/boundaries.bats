#!/usr/bin/env bats
# slow/boundaries.bats - the exhaustive runs over where reads end, whose
# samples are in the quick tier: errors after each kind of member read in
# pieces of 1 to 100 bytes (hostile.bats), a stream cut in two at every
# byte in each layout (format.bats), form feeds and vertical tabs on both
# sides of each boundary of the scan and the read (errors.bats).

load ../test_helper

@test "fuzz: a string where ',' or '}' belongs, cut over reads: located at its quote" {
	# yajl moves its offset back by the length of the offending token, or
	# to the start of the read when the token began in an earlier one.
	string_where_comma_belongs 1 2 3 5 8 13 100
}

@test "a token where ',' or '}' belongs after a member of each kind, read whole or in pieces: located at its start" {
	# Where a member's value ends is noted two ways (a pointer into the
	# read, or a call to the reader); each must give the same column.  A
	# word's end is found after its key when nothing stands between.
	# (the reads in pieces in one python3 run: pieces_runs)
	local v size col cases=() want=()
	local said="missing ',' between object members"
	for v in '"x"' 12 -1.5e3 true null '{}' '[1]' '"a\\nb"' '"\u00e9"' '"é"' \
		 '"0123456789012345678901234567890123456789"'; do
		col=$(( 10 + $(printf '%s' "$v" | wc -c) ))   # columns count bytes
		for size in 1 3 100; do
			cases+=("$size" -c "{\"a\":$v    \"b\": 2}"$'\n')
			want+=($'1\t'"jfmt: <stdin>:1:$col: $said")
		done
		run -1 --separate-stderr "$JFMT" <<<"{\"a\":$v    \"b\": 2}"
		[ "${stderr%%$'\n'*}" = "jfmt: <stdin>:1:$col: $said" ]
		col=$(( 11 + $(printf '%s' "$v" | wc -c) ))
		for size in 1 2 3 5 7 100; do
			cases+=("$size" -c "{\"a\": $v    \"b\": 2}"$'\n')
			want+=($'1\t'"jfmt: <stdin>:1:$col: $said")
		done
		run -1 --separate-stderr "$JFMT" <<<"{\"a\": $v    \"b\": 2}"
		[ "${stderr%%$'\n'*}" = "jfmt: <stdin>:1:$col: $said" ]
		cases+=(3 -S "{\"a\": $v    \"b\": 2}"$'\n')
		want+=($'1\t'"jfmt: <stdin>:1:$col: $said")
		run -1 --separate-stderr "$JFMT" -S <<<"{\"a\": $v    \"b\": 2}"
		[ "${stderr%%$'\n'*}" = "jfmt: <stdin>:1:$col: $said" ]
	done
	diff <(printf '%s\n' "${want[@]}") <(pieces_runs "${cases[@]}")
}

@test "fuzz: a number or word right after another, cut over reads: located at its start" {
	# "00" and "7777-7777" are two numbers each; the error was put at the
	# start of the first, or (read in pieces) wherever the read began.
	run_together_in_pieces 1 2 3 5 100
}

@test "a stream read in two pieces, cut at every byte, is written and reported as when read whole" {
	need_cmd python3
	cut_in_two 1
}

@test "form feeds and vertical tabs are found anywhere in a long input" {
	need_cmd python3
	# each lands at a different place within the reads and within the
	# stretches the scan looks at together
	ctrl_at 1 15 16 127 128 129 8063 8064 8065 65535 65536 65537 200000
}
