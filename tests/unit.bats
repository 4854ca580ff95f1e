#!/usr/bin/env bats
# unit.bats - checks of internals that no single input can reach: each is a
# small C program in tests/unit/, built here against jfmt's sources.  The
# long ones (UTF-8, escaping, key order) are in slow/unit.bats.

load test_helper

# every_version_checked: $output names each version of a scan that this
# CPU can run: plain, SSE2 on x86-64, and AVX2 where the CPU has it.
every_version_checked() {
	case $(uname -m) in
	x86_64)
		[[ "$output" == "checked: plain sse2"* ]] || return 1
		if grep -qw avx2 /proc/cpuinfo; then
			[[ "$output" == *" avx2 ("* ]] || return 1
		fi
		;;
	*) [[ "$output" == "checked: plain ("* ]] || return 1 ;;
	esac
}

@test "the input scan: every version agrees with a byte-at-a-time count" {
	# jfmt runs whichever version the CPU allows, so the others are only
	# reached from here
	build_unit scan_check
	run "$T/scan_check"
	echo "$output"
	[ "$status" -eq 0 ]
	every_version_checked
}

@test "JSONC's plain lines: every version of the scan finds the stretch that a line-at-a-time reading of the rules finds" {
	build_unit jsonc_lines_check
	run "$T/jsonc_lines_check"
	echo "$output"
	[ "$status" -eq 0 ]
	every_version_checked
}

@test "the point kept for messages: found from quote to quote as a byte-at-a-time lexing finds it" {
	build_unit scope_check
	run "$T/scope_check"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "checked: "*" points" ]]
}

@test "the element lines of -j: found in memory or read in windows from a file, as a byte-at-a-time reading finds them" {
	build_unit lines_check
	run "$T/lines_check"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "checked: "*" searches, in memory and read in windows" ]]
}

@test "the cut scan of -j: every version, in memory or read in windows from a file, agrees with a byte-at-a-time walk" {
	build_unit split_check
	run "$T/split_check"
	echo "$output"
	[ "$status" -eq 0 ]
	case $(uname -m) in
	x86_64)
		if grep -qw avx2 /proc/cpuinfo; then
			[ "$output" = "checked: narrow wide, in memory and read in windows" ]
		else
			[ "$output" = "checked: narrow, in memory and read in windows" ]
		fi
		;;
	*) [ "$output" = "checked: narrow, in memory and read in windows" ] ;;
	esac
}

@test "the columns of text: each code point counted by its block as the tables count it" {
	build_unit columns_check
	run "$T/columns_check"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "checked: 1111936 code points" ]
}
