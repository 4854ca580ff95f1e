#!/usr/bin/env bats
# slow/prettier_suite.bats - --style=prettier on prettier's own JSON tests:
# every case of tests/format/json/** in a prettier checkout whose parser,
# options and input jfmt has (tests/prettier_suite.mjs reads them where
# they are: nothing of prettier's is copied here), against the output in
# prettier's snapshots; the cases known to differ are listed, each with its
# reason, in tests/prettier_suite_known.txt.
#
# PRETTIER_REPO names the checkout, or its git directory (read at
# PRETTIER_REF, default HEAD); without it the tests skip.  Both need node.

# (test_helper looks for jfmt next to tests/, one level up from here)
JFMT="${JFMT:-$BATS_TEST_DIRNAME/../../jfmt}"
load ../test_helper
load ../prettier_helper

# need_prettier_repo: skip unless PRETTIER_REPO names a prettier checkout
# or git directory.
need_prettier_repo() {
	need_cmd node
	[ -n "${PRETTIER_REPO:-}" ] ||
		skip "PRETTIER_REPO is not set (a prettier checkout or git directory, for its tests/format/json)"
	[ -d "$PRETTIER_REPO/tests/format/json" ] ||
		git --git-dir "$PRETTIER_REPO" cat-file -e "${PRETTIER_REF:-HEAD}:tests/format/json" 2>/dev/null ||
		skip "PRETTIER_REPO ($PRETTIER_REPO) holds no tests/format/json"
}

@test "--style=prettier writes what prettier's JSON tests expect, but for the cases listed" {
	need_style
	need_prettier_repo
	run node "$TESTS_DIR/prettier_suite.mjs" "$PRETTIER_REPO" "$JFMT" \
		"$TESTS_DIR/prettier_suite_known.txt" "$T/report"
	show_summary "$output"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "prettier itself, through the option mapping, writes what its JSON tests expect" {
	need_prettier_repo
	need_prettier
	# (what the suite reads of the tests, and how it gives jfmt their
	# options, checked against the prettier installed: a checkout of
	# another version may differ where prettier changed)
	run node "$TESTS_DIR/prettier_suite.mjs" "$PRETTIER_REPO" self-check /dev/null
	show_summary "$output"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output =~ "identical: "([0-9]+)" of "([0-9]+) ]]
	[ "${BASH_REMATCH[1]}" -eq "${BASH_REMATCH[2]}" ]
	[ "${BASH_REMATCH[2]}" -gt 400 ]
}
