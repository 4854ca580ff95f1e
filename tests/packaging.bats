#!/usr/bin/env bats
# tests/packaging.bats - what jfmt ships besides the program: one version
# everywhere, the release tarball, shell completions, the pre-commit hooks
# and the pointers from --help to the environment and the man page.

load test_helper

TOP="$BATS_TEST_DIRNAME/.."

# --- one version ---

@test "--version prints the version in VERSION" {
	version=$(cat "$TOP/VERSION")
	[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
	run -0 --separate-stderr "$JFMT" --version
	[[ "$output" == "jfmt $version (yajl "* ]]
}

@test "the man page's footer carries the version in VERSION" {
	version=$(cat "$TOP/VERSION")
	run -0 grep -c '^\.Os ' "$TOP/man/jfmt.1"
	[ "$output" = 1 ]
	run -0 grep '^\.Os ' "$TOP/man/jfmt.1"
	[ "$output" = ".Os jfmt $version" ]
}

@test "CHANGELOG.md's first version heading is the version in VERSION" {
	version=$(cat "$TOP/VERSION")
	run -0 grep -m1 '^## ' "$TOP/CHANGELOG.md"
	[[ "$output" == "## $version" || "$output" == "## $version "* ]]
}

# --- --help ---

@test "--help names NO_COLOR and JFMT_COLORS and points to the man page" {
	run -0 --separate-stderr "$JFMT" --help
	[[ "$output" == *NO_COLOR* ]]
	[[ "$output" == *JFMT_COLORS* ]]
	[[ "${lines[-1]}" == *"See 'man jfmt' for details."* ]]
}
