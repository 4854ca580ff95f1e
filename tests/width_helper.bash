# width_helper.bash - the --width oracle, json-stringify-pretty-compact
# run by node (tests/width_oracle.mjs), for width.bats and slow/width.bats.

# need_oracle: skip unless node and json-stringify-pretty-compact are
# installed; set ORACLE to the package's index.js.
need_oracle() {
	need_cmd node
	local d
	# (npm is asked only when build/npm does not have it: a start of npm
	# takes 0.3 s)
	for d in "$TESTS_DIR/../build/npm/node_modules" global; do
		[ "$d" != global ] || d=$(npm root -g 2>/dev/null) || continue
		if [ -f "$d/json-stringify-pretty-compact/index.js" ]; then
			ORACLE="$d/json-stringify-pretty-compact/index.js"
			return 0
		fi
	done
	skip "the npm package json-stringify-pretty-compact is not installed (make deps-all)"
}

# same_as_oracle FILE...: for each FILE, as JavaScript prints it, jfmt
# --width N --indent I writes what the package does, for N 40 80 120 and I
# 2 4.
same_as_oracle() {
	mkdir -p "$T/oracle"
	node "$TESTS_DIR/width_oracle.mjs" "$ORACLE" "$T/oracle" "$@" || return 1
	local k n i
	for ((k = 0; k < $#; k++)); do
		for n in 40 80 120; do
			for i in 2 4; do
				same_as_file "$T/oracle/$k.json" "$T/oracle/$k.w$n.i$i.json" \
					--width "$n" --indent "$i" || { echo "for document $k"; return 1; }
			done
		done
	done
}
