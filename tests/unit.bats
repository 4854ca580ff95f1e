#!/usr/bin/env bats
# unit.bats - checks of internals that no single input can reach: each is a
# small C program in tests/unit/, built here against jfmt's sources.

load test_helper

# build_unit NAME: compile tests/unit/NAME.c to $T/NAME, warnings as errors.
build_unit() {
	local cc=${CC:-cc}
	command -v "$cc" >/dev/null || skip "no C compiler ($cc)"
	"$cc" -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 \
		-o "$T/$1" "$BATS_TEST_DIRNAME/unit/$1.c"
}

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
