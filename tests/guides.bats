#!/usr/bin/env bats
# tests/guides.bats - the guides for developers agree with the tree, where
# a command can tell (tests/guides_check.py does the reading):
# src/README.md's table of floors (a row per folder, in order, the headers
# it says to start with) and its table of includes (the edges its own
# command prints, each down a floor); the files, functions, constants and
# make targets HACKING.md names.  Each check is also shown to fail on a
# guide that drifted.

load test_helper

TOP="$BATS_TEST_DIRNAME/.."
CHECK="$BATS_TEST_DIRNAME/guides_check.py"

# drifted FILE SED-SCRIPT: a copy of FILE changed by SED-SCRIPT, in $T;
# prints its path.  The change must change something.
drifted() {
	sed "$2" "$1" >"$T/drifted"
	! cmp -s "$1" "$T/drifted" || { echo "drifted: '$2' changes nothing" >&2; return 1; }
	echo "$T/drifted"
}

@test "src/README.md's table of floors: every folder of src/, in order, and the headers it names" {
	run -0 python3 "$CHECK" floors "$TOP"
	[ "$output" = "" ]
}

@test "src/README.md's table of includes is what its own command prints" {
	run -0 python3 "$CHECK" includes "$TOP"
	[ "$output" = "" ]
}

@test "the names HACKING.md gives are in the tree: files, functions, constants, make targets" {
	run -0 python3 "$CHECK" hacking "$TOP"
	[ "$output" = "" ]
}

@test "the checks of src/README.md fail on a table that drifted" {
	readme="$TOP/src/README.md"
	# a folder left out of the table of floors
	f=$(drifted "$readme" '/^| [0-9]* | `sort\/` |/d')
	run -1 python3 "$CHECK" floors "$TOP" "$f"
	[[ "$output" == *"src/sort/ has no row in the table of floors"* ]]
	# a header to start with that is gone
	f=$(drifted "$readme" 's/`jobs.h`, /`jobs.h`, `gone.h`, /')
	run -1 python3 "$CHECK" floors "$TOP" "$f"
	[ "$output" = "the table of floors says to start with jobs/gone.h, which is not there" ]
	# two floors swapped
	f=$(drifted "$readme" 's/^| 3 | `files\/`/| 4 | `files\/`/')
	run -1 python3 "$CHECK" floors "$TOP" "$f"
	[[ "$output" == *"files/ is floor 4 in the table, row 3"* ]]
	# an edge missing, and one too many
	f=$(drifted "$readme" 's/^| `read\/` | `base\/`, `text\/`, `report\/` |/| `read\/` | `base\/`, `report\/`, `style\/` |/')
	run -1 python3 "$CHECK" includes "$TOP" "$f"
	[[ "$output" == *"read/ includes from text/, which the table of includes does not say"* ]]
	[[ "$output" == *"the table of includes says read/ includes from style/, which it does not"* ]]
}

@test "the check of HACKING.md fails on a name that drifted" {
	hacking="$TOP/HACKING.md"
	f=$(drifted "$hacking" 's|base/diag\.c|base/diagnostics.c|')
	run -1 python3 "$CHECK" hacking "$TOP" "$f"
	[[ "$output" == *"HACKING.md names base/diagnostics.c, which is not in the tree"* ]]
	f=$(drifted "$hacking" 's/`cli_parse()`/`cli_read()`/')
	run -1 python3 "$CHECK" hacking "$TOP" "$f"
	[[ "$output" == *"HACKING.md names cli_read(), which is not in the code"* ]]
	f=$(drifted "$hacking" 's/`STYLE_RUN`/`STYLE_RUN_LEN`/')
	run -1 python3 "$CHECK" hacking "$TOP" "$f"
	[[ "$output" == *"HACKING.md names STYLE_RUN_LEN, which is not in the code"* ]]
	f=$(drifted "$hacking" 's/`cli_parse()` (cli\/cli.c)/`cli_parse()` (cli\/main.c)/')
	run -1 python3 "$CHECK" hacking "$TOP" "$f"
	[[ "$output" == *"HACKING.md places cli_parse() in cli/main.c, which does not define it"* ]]
	f=$(drifted "$hacking" 's/^make general /make referee /')
	run -1 python3 "$CHECK" hacking "$TOP" "$f"
	[[ "$output" == *"HACKING.md says \`make referee\`, which the Makefile has no target for"* ]]
}
