#!/usr/bin/env bats
# slow/unit.bats - the long checks of internals: each a small C program in
# tests/unit/, built here against jfmt's sources, that runs every version
# of a routine over every byte and offset it can meet and over random text.
# The quick one (the input scan) is in unit.bats.

load ../test_helper

@test "UTF-8: every version of the check agrees with utf8_sequence()" {
	# every class of invalid sequence (overlong, surrogate, past U+10FFFF,
	# stray continuation, cut short, bytes that never occur) at every
	# offset of a 64-byte window and at the end of input, and random text
	build_unit utf8_check
	run "$T/utf8_check"
	echo "$output"
	[ "$status" -eq 0 ]
	# the vector versions need glibc 2.33's CPU_FEATURE_ACTIVE
	local glibc
	glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc 2\.\([0-9]*\).*/\1/p')
	case $(uname -m):$(( ${glibc:-0} >= 33 )) in
	x86_64:1)
		[[ "$output" == "checked: plain"* ]]
		if grep -qw ssse3 /proc/cpuinfo; then
			[[ "$output" == *" ssse3 "* ]]
		fi
		if grep -qw avx2 /proc/cpuinfo; then
			[[ "$output" == *" avx2 "* ]]
		fi
		;;
	*) [[ "$output" == "checked: plain dispatch ("* ]] ;;
	esac
}

@test "escaping: the fast tests agree with escape_tables, the output with the rules" {
	# every byte value in every mode at every position of strings of 0 to
	# 32 bytes; then random strings against a byte-at-a-time escaper
	build_unit escape_check
	run "$T/escape_check"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "escape: the predicates agree"* ]]
}

@test "file names: quote.c's rules agree with utf8_sequence(), and quote_c() reads back" {
	# every string of one to three bytes, every four-byte one led by F0 to
	# F4, and random names
	build_unit quote_check
	run "$T/quote_check"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "checked: "*" names" ]]
}

@test "--sort-keys: key_compare() agrees with a code-point reference" {
	# keys that share heads of every length and then differ, end, or meet
	# an escape at every offset of the 16-byte (or 8-byte) loads, some at
	# the very end of the buffer
	build_unit keyorder_check
	run "$T/keyorder_check"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "key_compare: 300000 pairs agree"* ]]
}
