#!/usr/bin/env bats
# slow/general.bats - more layouts of general.bats held to the referee
# (build/general/jfmt, general_helper.bash) with each input on standard
# input in pieces of a few bytes: --keep-escapes, compact and sorted.
# general.bats has the default layout and -c in pieces, and every layout
# with the inputs as operands.

load ../test_helper
load ../general_helper

setup_file() {
	general_setup_file
}

@test "general in pieces: --keep-escapes -c" { agree_in_pieces 1,7,3,64,5 --keep-escapes -c; }
@test "general in pieces: --keep-escapes -S" { agree_in_pieces 7 --keep-escapes -S; }
