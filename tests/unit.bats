#!/usr/bin/env bats
# unit.bats - checks of internals that no single input can reach: each is a
# small C program in tests/unit/, built here against jfmt's sources.  The
# long ones (UTF-8, escaping, key order) are in slow/unit.bats.

load test_helper

@test "the input scan: every version agrees with a byte-at-a-time count" {
	# jfmt runs whichever version the CPU allows, so the others are only
	# reached from here
	build_unit scan_check
	run "$T/scan_check"
	echo "$output"
	[ "$status" -eq 0 ]
	case $(uname -m) in
	x86_64)
		[[ "$output" == "checked: plain sse2"* ]]
		if grep -qw avx2 /proc/cpuinfo; then
			[[ "$output" == *" avx2 ("* ]]
		fi
		;;
	*) [[ "$output" == "checked: plain ("* ]] ;;
	esac
}
