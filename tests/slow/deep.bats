#!/usr/bin/env bats
# slow/deep.bats - nesting a million deep, with every line of the output
# compared: two million lines at --indent=0, 200 MB of indentation at depth
# 10,000, sorting keys out of order at every one of 10^6 levels (a test that
# hits its time limit, 60 s, adds it); depth 2,000 in the default layout,
# at --indent=16 and with tabs, against Python.  The cheap deep cases are
# in format.bats, 100,000 deep; here the same cases a million deep.

load ../test_helper
load ../deep_helper

@test "1,000,000 nested arrays: --indent=0, one bracket a line" {
	local n=1000000 out=$BATS_TEST_TMPDIR/out
	nested arrays $n | "$JFMT" --indent=0 >"$out"
	[ "$(wc -l <"$out")" -eq $((2 * n - 1)) ]
	[ "$(head -n 1 "$out")" = "[" ]
	[ "$(sed -n "${n}p" "$out")" = "[]" ]
	[ "$(tail -n 1 "$out")" = "]" ]
	nested_pretty arrays $n 0 ' ' | cmp - "$out"
}

@test "1,000,000 nested objects: --indent=0, one member a line" {
	local n=1000000 out=$BATS_TEST_TMPDIR/out
	nested objects $n | "$JFMT" --indent=0 >"$out"
	[ "$(wc -l <"$out")" -eq $((2 * n + 1)) ]
	[ "$(head -n 1 "$out")" = "{" ]
	[ "$(sed -n 2p "$out")" = '"a": {' ]
	[ "$(sed -n "$((n + 1))p" "$out")" = '"a": 1' ]
	[ "$(tail -n 1 "$out")" = "}" ]
	nested_pretty objects $n 0 ' ' | cmp - "$out"
}

@test "10,000 nested arrays and objects: default pretty output, byte for byte" {
	# 200 MB of indentation each: compared through pipes, never stored.
	cmp <(nested arrays 10000 | "$JFMT") <(nested_pretty arrays 10000 2 ' ')
	cmp <(nested objects 10000 | "$JFMT") <(nested_pretty objects 10000 2 ' ')
	cmp <(nested arrays 10000 | "$JFMT" -t) <(nested_pretty arrays 10000 1 "$(printf '\t')")
	cmp <(nested objects 10000 | "$JFMT" --indent=3) <(nested_pretty objects 10000 3 ' ')
}

@test "1,000,000 nested objects with -S, keys out of order at every level" {
	# Each level's members are reordered around the levels inside it: done
	# by copying, this was quadratic in the depth (10^5 levels took 4 s).
	py 'import sys; n = 1000000; sys.stdout.write("{\"b\":0,\"a\":" * n + "1" + "}" * n + "\n")' \
		>"$BATS_TEST_TMPDIR/in"
	py 'import sys; n = 1000000; sys.stdout.write("{\"a\":" * n + "1" + ",\"b\":0}" * n + "\n")' \
		>"$BATS_TEST_TMPDIR/want"
	run timeout 60 "$JFMT" -S -c "$BATS_TEST_TMPDIR/in" -o "$BATS_TEST_TMPDIR/out"
	echo "status $status (124: timed out after 60 s)"
	[ "$status" -eq 0 ]
	cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/out"
}

@test "depth 2000, pretty, matches python" {
	# (format.bats: depth 600)
	need_cmd python3
	python3 -c 'print("[{\"k\":" * 1000 + "[1,{}]" + "}]" * 1000)' >deep.json
	python3 - <<'EOF' >want.json
import json, sys
sys.setrecursionlimit(100000)
with open('deep.json') as f:
    doc = json.load(f)
print(json.dumps(doc, indent=2, ensure_ascii=False))
EOF
	run -0 --separate-stderr "$JFMT" deep.json
	[ -z "$stderr" ]
	"$JFMT" deep.json >got.json
	same_bytes want.json got.json
}

@test "depth 2000 with --indent=16 and --tab matches python" {
	need_cmd python3
	python3 -c 'print("[" * 2000 + "true" + "]" * 2000)' >deep.json
	python3 - <<'EOF'
import json, sys
sys.setrecursionlimit(100000)
with open('deep.json') as f:
    doc = json.load(f)
with open('want16.json', 'w') as f:
    f.write(json.dumps(doc, indent=16) + '\n')
with open('wanttab.json', 'w') as f:
    f.write(json.dumps(doc, indent='\t') + '\n')
EOF
	"$JFMT" --indent=16 deep.json >got16.json
	same_bytes want16.json got16.json
	"$JFMT" --tab deep.json >gottab.json
	same_bytes wanttab.json gottab.json
}

@test "1,000,000 nested arrays: -c writes them back unchanged, from a file, with -o and from a pipe" {
	deep_compact_arrays 1000000
}

@test "1,000,000 nested objects, and objects and arrays in turn: -c writes them back unchanged" {
	deep_compact_objects 1000000
}

@test "1,000,000 nested arrays and objects: -n accepts them silently" {
	deep_check_only 1000000
}

@test "1,000,000 unclosed arrays: rejected at the end, in every mode" {
	deep_unclosed 1000000
}

@test "1,000,000 nested objects with -S: sorted (trivially) in linear time" {
	deep_sorted_once 1000000 30
}
