#!/usr/bin/env bats
# slow/conformance.bats - JSONTestSuite in ../shared in every mode: the y_
# files in nine more layouts and with --seq, each n_ file in all three
# modes and each i_ file in all eight, every file with an escaped lone
# surrogate checked against Python, the values of the i_ files compact
# and with -a.  conformance.bats holds the quick share: y_ pretty, each n_
# file in one mode and each i_ file in two, the values of the i_ files
# pretty and sorted and of the transform files.

load ../test_helper
load ../conformance_helper

@test "JSONTestSuite y_*: accepted, value unchanged with -c, -t, --indent=0, -a, -S, --escape-slash, --seq" {
	need_shared "${SUITE[@]}"
	run python3 -c "$(values_py)" "$JFMT" accept \
		"-c|-t|--indent=0|--indent=16|-a|-S|-c -S -a|--escape-slash|-c --escape-slash -a" \
		"$PARSING"/y_*.json
	echo "$output"
	[ "$status" -eq 0 ]
	# --seq adds a record separator, which Python's parser does not take:
	# just accepted, and the same text after it.
	local failures=() f
	for f in "$PARSING"/y_*.json; do
		if ! cmp -s <("$JFMT" -c --seq "$f" 2>/dev/null) \
			<(printf '\036'; "$JFMT" -c "$f" 2>/dev/null); then
			failures+=("$f [--seq -c]: not RS + the compact text")
		fi
	done
	report_failures "${failures[@]}"
}

@test "JSONTestSuite n_*: rejected with exit 1 and a located message (default, -c, -n)" {
	need_shared "${SUITE[@]}"
	local files=()
	untraced not_concatenated "$PARSING"/n_*.json
	run python3 -c "$(runs_py)" "$JFMT" rejected "|-c|-n" 3 "${files[@]}"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "JSONTestSuite n_*: every one rejected with --single (default, -c, -n, -S)" {
	# (not with --comments, which takes JSONC: comments, trailing commas)
	need_shared "${SUITE[@]}"
	run python3 -c "$(runs_py)" "$JFMT" rejected "--single|--single -c|--single -n|--single -S" 4 \
		"$PARSING"/n_*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "JSONTestSuite i_*: what is accepted keeps its value, stays UTF-8, and formats idempotently, compact and with -a" {
	# (conformance.bats: pretty and sorted)
	need_shared "${SUITE[@]}"
	run python3 -c "$(values_py)" "$JFMT" either "-c|-a" "$PARSING"/i_*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "JSONTestSuite i_*: exit 0 or 1 in every mode, never a crash or a hang" {
	need_shared "${SUITE[@]}"
	run python3 -c "$(runs_py)" "$JFMT" either "|-c|-n|-a|-S|-t|--comments|-c --seq" 8 \
		"$PARSING"/i_*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "every escaped lone surrogate in JSONTestSuite comes back as its escape" {
	need_shared "${SUITE[@]}"
	local failures=() f out
	for f in "$PARSING"/i_*surrogate*.json "$TRANSFORM"/string_*escaped*.json; do
		grep -q '\\u' "$f" || continue
		out=$("$JFMT" -c "$f" 2>&1) || { failures+=("$f: rejected: $out"); continue; }
		# Strict UTF-8, no '?', and the value Python reads from the input.
		if ! printf '%s' "$out" | python3 -c 'import sys; sys.stdin.buffer.read().decode("utf-8")' 2>/dev/null; then
			failures+=("$f: output is not UTF-8: $out")
		elif [[ $out == *'?'* ]]; then
			failures+=("$f: '?' in the output: $out")
		elif ! python3 -c 'import json, sys; a, b = sys.argv[1:]; sys.exit(json.loads(a) != json.loads(b))' \
			"$(tr -d '\n' <"$f")" "$out"; then
			failures+=("$f: value changed: $(cat "$f") -> $out")
		fi
	done
	report_failures "${failures[@]}"
}
