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
	[ "$output" = '{"a":1}' ]
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:2: a second value: --single takes one JSON text per input" ]
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
	[ "$output" = $'[1]\n[2]\n[1]' ]
	[ "${stderr_lines[0]}" = "jfmt: b.json:1:5: a second value: --single takes one JSON text per input" ]
}

@test "--single with -k is a usage error" {
	run -2 --separate-stderr jfmt_in '1' --single -k
	[[ "$stderr" == *"--single and --keep-going cannot be used together"* ]]
}
