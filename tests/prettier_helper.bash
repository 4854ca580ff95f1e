# prettier_helper.bash - prettier 3 run by node, the oracle of
# --style=prettier, for slow/prettier_oracle.bats and slow/prettier_suite.bats;
# and whether the jfmt under test has the style, for them and prettier.bats.

# need_style: skip when jfmt does not know --style at all (a jfmt from
# before the style); any other failure is left to the test to show.
need_style() {
	local err
	err=$(printf '1' | "$JFMT" --style=prettier --stdin-filename=a.json 2>&1 >/dev/null) && return 0
	[[ $err != *"unknown option '--style"* ]] ||
		skip "this jfmt has no --style=prettier"
}

# need_prettier: skip unless node and the npm package prettier 3 are
# installed; set PRETTIER_DIR to the package's directory.
need_prettier() {
	need_cmd node
	local d v
	# (npm is asked only when build/npm does not have it: a start of npm
	# takes 0.3 s)
	for d in "$TESTS_DIR/../build/npm/node_modules" global; do
		[ "$d" != global ] || d=$(npm root -g 2>/dev/null) || continue
		[ -f "$d/prettier/package.json" ] || continue
		v=$(sed -n 's/^ *"version": *"\([0-9]*\)\..*/\1/p' "$d/prettier/package.json")
		if [ "$v" = 3 ]; then
			PRETTIER_DIR="$d/prettier"
			export PRETTIER_DIR
			return 0
		fi
	done
	skip "the npm package prettier 3 is not installed (make deps-all)"
}

# show_summary TEXT: TEXT's lines up to the first empty one, as comments in
# the TAP output (which tests/run shows).
show_summary() {
	printf '%s\n' "$1" | sed -n '/^$/q; s/^/# /p' >&3
}
