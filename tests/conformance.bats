#!/usr/bin/env bats
# conformance.bats - what jfmt accepts and rejects, and that formatting never
# changes a value.  Most of it runs over JSONTestSuite in ../shared (every
# y_ file accepted with its value unchanged, every n_ file rejected with a
# located message, every i_ file either way but never a crash or a hang); a
# handful of handwritten cases at the end run without it.  The y_ files in
# more layouts (compact among them), each n_ and i_ file in every mode and
# the values of the i_ files compact and with -a are in
# slow/conformance.bats.

load test_helper
load conformance_helper

# --- JSONTestSuite: test_parsing ---

@test "JSONTestSuite y_*: accepted, value unchanged, pretty" {
	# (compact and in eight more layouts: slow/conformance.bats)
	need_shared "${SUITE[@]}"
	run python3 -c "$(values_py)" "$JFMT" accept "" "$PARSING"/y_*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "JSONTestSuite y_*: accepted by --validate, silently" {
	need_shared "${SUITE[@]}"
	run python3 -c "$(runs_py)" "$JFMT" silent "-n" 1 "$PARSING"/y_*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "JSONTestSuite n_*: rejected with exit 1 and a located message (default, -c or -n in turn)" {
	# each file in one of the three modes (slow/conformance.bats: in each)
	need_shared "${SUITE[@]}"
	local files=()
	untraced not_concatenated "$PARSING"/n_*.json
	run python3 -c "$(runs_py)" "$JFMT" rejected "|-c|-n" 1 "${files[@]}"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "JSONTestSuite i_*: exit 0 or 1 in two modes each, in turn, never a crash or a hang" {
	# each file in two of the eight modes (slow/conformance.bats: in each)
	need_shared "${SUITE[@]}"
	run python3 -c "$(runs_py)" "$JFMT" either "|-c|-n|-a|-S|-t|--comments|-c --seq" 2 \
		"$PARSING"/i_*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "JSONTestSuite i_*: what is accepted keeps its value, stays UTF-8, and formats idempotently" {
	# (pretty and sorted; compact and -a: slow/conformance.bats)
	need_shared "${SUITE[@]}"
	run python3 -c "$(values_py)" "$JFMT" either "|-S" "$PARSING"/i_*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "JSONTestSuite i_*: --validate agrees with formatting on what is accepted" {
	need_shared "${SUITE[@]}"
	run python3 -c "$(runs_py)" "$JFMT" agree "-c|-n" 2 "$PARSING"/i_*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "the n_ files that hold two values one after another give the two values" {
	need_shared "${SUITE[@]}"
	run -0 --separate-stderr "$JFMT" -c "$PARSING/n_structure_double_array.json"
	[ "$output" = $'[]\n[]' ]
	run -0 --separate-stderr "$JFMT" -c "$PARSING/n_structure_object_with_trailing_garbage.json"
	[ "$output" = $'{"a":true}\n"x"' ]
	[ "${#CONCATENATED[@]}" -eq 2 ]
}

@test "JSONTestSuite n_*: the concatenated ones rejected with --single, located at the second value" {
	# (every n_ file with --single, in four modes: slow/conformance.bats)
	need_shared "${SUITE[@]}"
	run python3 -c "$(runs_py)" "$JFMT" rejected "--single|--single -c|--single -n" 3 \
		"$PARSING/n_structure_double_array.json" \
		"$PARSING/n_structure_object_with_trailing_garbage.json"
	echo "$output"
	[ "$status" -eq 0 ]
	run -1 --separate-stderr "$JFMT" --single -n "$PARSING/n_structure_double_array.json"
	[ "${stderr_lines[0]}" = "jfmt: $PARSING/n_structure_double_array.json:1:3: a second value: --single takes one JSON text per input" ]
}

@test "JSONTestSuite y_*: every one accepted with --single" {
	need_shared "${SUITE[@]}"
	run python3 -c "$(runs_py)" "$JFMT" accepted "--single -n" 1 "$PARSING"/y_*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "n_structure_whitespace_formfeed.json: the form feed is rejected at its location" {
	need_shared "${SUITE[@]}"
	local f="$PARSING/n_structure_whitespace_formfeed.json"
	run -1 --separate-stderr "$JFMT" "$f"
	echo "$stderr"
	[[ ${stderr_lines[0]} == "jfmt: $f:1:2: "* ]]
	[ "$(printf '%s\n' "${stderr_lines[2]}" | tr -d ' ')" = "^" ]
}

# check_surrogate FILE EXPECTED: accepted in every mode, with the unpaired
# surrogate written back as the same escape in lowercase -- not as '?', not
# as the three bytes of an encoded surrogate (which is not UTF-8).
check_surrogate() {
	local f="$PARSING/$1" want=$2 mode
	for mode in -c "" -a -S; do
		run -0 --separate-stderr "$JFMT" $mode "$f"
		echo "[$mode] $output"
		[ -z "$stderr" ]
		[[ $output == *"$want"* ]]
		[[ $output != *'?'* ]]
		# (each output ends with a newline: one that is not UTF-8 is not
		# made so by the next)
		"$JFMT" $mode "$f" >>"$BATS_TEST_TMPDIR/outputs"
	done
	python3 -c 'import sys; sys.stdin.buffer.read().decode("utf-8")' <"$BATS_TEST_TMPDIR/outputs"
	# And the compact output is exactly the input, lowercased escapes aside.
	run -0 "$JFMT" -c "$f"
	[ "$output" = "$(tr -d '\n' <"$f" | sed 's/\\u\([0-9A-Fa-f]\{4\}\)/\\u\L\1/g')" ]
}

@test "i_string_1st_surrogate_but_2nd_missing.json: kept as \\udada" {
	need_shared "${SUITE[@]}"
	check_surrogate i_string_1st_surrogate_but_2nd_missing.json '"\udada"'
}

@test "i_string_incomplete_surrogate_and_escape_valid.json: kept as \\ud800\\n" {
	need_shared "${SUITE[@]}"
	check_surrogate i_string_incomplete_surrogate_and_escape_valid.json '"\ud800\n"'
}

@test "i_string_inverted_surrogates_U+1D11E.json: kept as \\udd1e\\ud834" {
	need_shared "${SUITE[@]}"
	check_surrogate i_string_inverted_surrogates_U+1D11E.json '"\udd1e\ud834"'
}

@test "i_object_key_lone_2nd_surrogate.json: the key is kept as \\udfaa" {
	need_shared "${SUITE[@]}"
	check_surrogate i_object_key_lone_2nd_surrogate.json '"\udfaa":'
}

# --- JSONTestSuite: test_transform ---

@test "JSONTestSuite test_transform: exit 0 or 1, no crash; accepted values unchanged" {
	need_shared "${SUITE[@]}"
	run python3 -c "$(values_py)" "$JFMT" either "|-c|-S" "$TRANSFORM"/*.json
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "JSONTestSuite test_transform: numbers come out exactly as written" {
	need_shared "${SUITE[@]}"
	local failures=() f out want
	for f in "$TRANSFORM"/number_*.json "$TRANSFORM"/object_same_key_*.json; do
		want=$(tr -d ' \n' <"$f")
		out=$("$JFMT" -c "$f" 2>&1) || { failures+=("$f: rejected: $out"); continue; }
		[ "$out" = "$want" ] || failures+=("$f: want $want, got $out")
		out=$("$JFMT" "$f" 2>&1 | tr -d ' \n')
		[ "$out" = "$want" ] || failures+=("$f [pretty]: want $want, got $out")
	done
	report_failures "${failures[@]}"
}

@test "test_transform: [1.000000000000000005] and friends stay as written" {
	need_shared "${SUITE[@]}"
	run -0 "$JFMT" -c "$TRANSFORM/number_1.000000000000000005.json"
	[ "$output" = "[1.000000000000000005]" ]
	run -0 "$JFMT" -c "$TRANSFORM/number_1e-999.json"
	[ "$output" = "[1E-999]" ]
	run -0 "$JFMT" -c "$TRANSFORM/number_10000000000000000999.json"
	[ "$output" = "[10000000000000000999]" ]
	run -0 "$JFMT" -c "$TRANSFORM/object_same_key_unclear_values.json"
	[ "$output" = '{"a":0,"a":-0}' ]
	run -0 "$JFMT" -c "$TRANSFORM/string_with_escaped_NULL.json"
	[ "$output" = '["A\u0000B"]' ]
}

# --- Handwritten cases: these run without ../shared ---

# accept INPUT COMPACT: INPUT is accepted and formats to COMPACT with -c;
# else the case is added to the caller's `failures`.  (jfmt runs without
# bats's `run`, which costs more than jfmt: these run a hundred times.)
accept() {
	local out st=0 err=$BATS_TEST_TMPDIR/err
	out=$("$JFMT" -c <<<"$1" 2>"$err") || st=$?
	if [ "$st" -ne 0 ] || [ "$out" != "$2" ] || [ -s "$err" ]; then
		failures+=("$1: want $2 (exit 0), got $out (exit $st) $(cat "$err")")
	fi
}

# reject INPUT LINE:COL: INPUT (as is, no newline added) is rejected with
# exit 1, at LINE:COL: parse errors at the start of the offending token,
# lexical ones at the offending byte.  (Untraced: a hundred-odd commands.)
reject() {
	untraced reject_here "$@"
}

reject_here() {
	local mode in=$BATS_TEST_TMPDIR/in err=$BATS_TEST_TMPDIR/err st first
	printf '%s' "$1" >"$in"
	for mode in -c "" -n; do
		st=0 first=
		# shellcheck disable=SC2086
		"$JFMT" $mode <"$in" >/dev/null 2>"$err" || st=$?
		IFS= read -r first <"$err" || true
		if [ "$st" -ne 1 ] || [[ $first != "jfmt: <stdin>:$2: "* ]]; then
			failures+=("$1 [${mode:-default}]: want exit 1 at <stdin>:$2:, got exit $st, $first")
		fi
	done
}

@test "handwritten: valid documents are accepted and keep their values" {
	failures=()
	accept '{"a" : [ 1 , -0 , 1E+2 , 0.5e-3 , 1e2 ] }' '{"a":[1,-0,1E+2,0.5e-3,1e2]}'
	accept '"\"\\\/\b\f\n\r\t"' '"\"\\/\b\f\n\r\t"'
	accept '"\u0041\u00e9\u20ac\ud834\udd1e"' '"Aé€𝄞"'
	accept '"\u0000"' '"\u0000"'
	accept '["a\u0000b",{"\u0000":"\u001f"}]' '["a\u0000b",{"\u0000":"\u001f"}]'
	accept '"\u007f\u0080"' "$(printf '"\177\302\200"')"
	accept '[[],{},[{}],{"a":[]},[[[]]]]' '[[],{},[{}],{"a":[]},[[[]]]]'
	accept '  [ 1 , 2 ]  ' '[1,2]'
	accept 'true' 'true'
	accept 'null' 'null'
	accept '-0.0e-0' '-0.0e-0'
	accept '123456789012345678901234567890' '123456789012345678901234567890'
	accept '"é€😀"' '"é€😀"'
	accept '{"a":1,"a":2}' '{"a":1,"a":2}'
	accept '{"":""}' '{"":""}'
	accept "$(printf '1\n2\n[3]')" "$(printf '1\n2\n[3]')"
	accept "$(printf '\t{\r\n"x"\t:\rnull}\r\n')" '{"x":null}'
	report_failures "${failures[@]}"
}

@test "handwritten: pretty printing of nested empties" {
	run -0 "$JFMT" <<<'[[],{},[{}],{"a":[]}]'
	[ "$output" = "$(printf '[\n  [],\n  {},\n  [\n    {}\n  ],\n  {\n    "a": []\n  }\n]')" ]
}

@test "handwritten: invalid documents are rejected at the right place" {
	failures=()
	reject '[1,]' 1:4
	reject '{"a":1,}' 1:8
	# the 1 is a second number after the 0 (as Python's json points too)
	reject '[01]' 1:3
	reject "$(printf '["a\tb"]')" 1:4
	reject "$(printf '["a\001b"]')" 1:4
	reject "['a']" 1:2
	reject '[NaN]' 1:2
	reject '[Infinity]' 1:2
	reject '[.5]' 1:2
	reject '[1.]' 1:3
	reject '[+1]' 1:2
	reject '[-]' 1:2
	reject '[1e]' 1:3
	reject '[tru]' 1:2
	reject '["abc' 1:6
	reject '["\x"]' 1:3
	reject '["\u12"]' 1:7
	reject '[1 2]' 1:4
	reject '{"a" 1}' 1:6
	reject '{1:2}' 1:2
	reject '[1]]' 1:4
	reject '1true' 1:2
	reject '/* c */ []' 1:1
	reject '' 1:1
	reject "$(printf '[1,\n2,\n]')" 3:1
	report_failures "${failures[@]}"
}
