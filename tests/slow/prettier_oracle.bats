#!/usr/bin/env bats
# slow/prettier_oracle.bats - --style=prettier writes what prettier 3
# writes: on 10,000 generated documents, prettier run in-process by node
# and jfmt once per document (tests/prettier_oracle.mjs, whose kinds of
# known difference are in tests/prettier_known.txt); the harness itself
# against prettier; and prettier.bats's expectations against prettier.
# Each skips without node and prettier (make deps-all).
#
# A run takes a random seed and prints it; PRETTIER_ORACLE_SEED=N runs
# the same documents again, PRETTIER_ORACLE_CASES=N that many of them.

# (test_helper looks for jfmt next to tests/, one level up from here)
JFMT="${JFMT:-$BATS_TEST_DIRNAME/../../jfmt}"
load ../test_helper
load ../prettier_helper

@test "--style=prettier writes what prettier writes, on 10,000 generated documents" {
	need_style
	need_prettier
	run node "$TESTS_DIR/prettier_oracle.mjs" "$PRETTIER_DIR" "$JFMT" \
		"$TESTS_DIR/prettier_known.txt" "$T/report"
	show_summary "$output"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "the oracle measures prettier, through the option mapping, as identical to itself" {
	need_prettier
	# (the option mapping both ways, the documents, the comparison: with
	# prettier in jfmt's place every case must come out the same)
	PRETTIER_ORACLE_CASES=1000 run node "$TESTS_DIR/prettier_oracle.mjs" "$PRETTIER_DIR" \
		self-check "$TESTS_DIR/prettier_known.txt" "$T/report"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ ${lines[1]} == "  without comments: "*" cases, "*" identical (100.0%)" ]]
	[[ ${lines[2]} == "  with comments: "*" cases, "*" identical (100.0%)" ]]
}

@test "prettier.bats expects what prettier writes" {
	need_prettier
	need_cmd bats
	JFMT="$TESTS_DIR/prettier_as_jfmt.mjs" run bats --tap "$TESTS_DIR/prettier.bats"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output != *"not ok"* ]]
}
