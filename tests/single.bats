#!/usr/bin/env bats
# single.bats - --single: each input is exactly one JSON text, as RFC 8259
# defines it; a second value is an error at its line and column.  (Every
# n_ file of JSONTestSuite is rejected with it: conformance.bats.)

load test_helper

@test "--single: values one after another are an error at the second" {
	run -0 jfmt_in '[][]' -n
	run -1 --separate-stderr jfmt_in '[][]' -n --single
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:3: a second value: --single takes one JSON text per input" ]
	run -1 --separate-stderr jfmt_in $'{"a":1}\n "x"' -c --single
	[ "$output" = '' ]
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:2: a second value: --single takes one JSON text per input" ]
}

@test "--single writes nothing of an input that is not one text: the first value is held with it" {
	# it wrote "use strict" and then failed
	run -1 --separate-stderr jfmt_in $'"use strict"\n{}' --single
	[ -z "$output" ] || { echo "written: $output"; return 1; }
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:1: a second value: --single takes one JSON text per input" ]
	run -1 --separate-stderr jfmt_in $'// a\n1 /* b */ 2' --single --comments
	[ -z "$output" ]
	run -1 --separate-stderr jfmt_in '[1] [2]' --single --width=80
	[ -z "$output" ]
	# through a pipe that gives the first value in a read of its own
	pieces 4 "$JFMT" --single <<<'[1] [2]' >out 2>err && return 1
	[ ! -s out ]
}

@test "--single: past --buffer-size an input streams, and a second value ends the line written" {
	python3 -c 'import json; print(json.dumps(list(range(3000))), "[]")' >big.json
	run -1 --separate-stderr "$JFMT" -c --single --buffer-size=1K big.json
	[ "${#output}" -gt 1024 ]
	[ "${output:0:8}" = '[0,1,2,3' ]
	[ "${stderr_lines[0]:0:17}" = "jfmt: big.json:1:" ]
	# within the bound, nothing
	run -1 --separate-stderr "$JFMT" -c --single big.json
	[ -z "$output" ]
}

@test "--single: one value with white space, or comments with --comments, is fine" {
	fmt_is $' \n[1]\n\n' $'[\n  1\n]\n' --single
	fmt_is $'// a\n[1] /* b */\n' '/* a */[1]/* b */'$'\n' --single --comments -c
	run -1 --separate-stderr jfmt_in '' --single
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:1: no JSON value" ]
}

@test "--single: a text sequence is not one JSON text; each input is checked on its own" {
	run -1 --separate-stderr jfmt_in $'\x1e1\n' --single
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:1: control character (byte 0x1e) outside a string" ]]
	put a.json '[1]'
	put b.json '[2] [3]'
	run -1 --separate-stderr "$JFMT" -c --single a.json b.json a.json
	[ "$output" = $'[1]\n[1]' ]
	[ "${stderr_lines[0]}" = "jfmt: b.json:1:5: a second value: --single takes one JSON text per input" ]
}

@test "--single with -k is a usage error" {
	run -2 --separate-stderr jfmt_in '1' --single -k
	[[ "$stderr" == *"--single and --keep-going cannot be used together"* ]]
}
