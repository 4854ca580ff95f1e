#!/usr/bin/env bats
# tests/eol.bats - --eol=lf|crlf|auto: the line end jfmt writes.  Inside
# strings nothing changes (a JSON string holds no raw line end); a
# comment's line ends follow the option.

load test_helper

# crlf TEXT: TEXT with each newline written as CR LF.
crlf() {
	printf '%s' "$1" | sed 's/$/\r/'
}

@test "--eol=crlf: every line ends with CR LF" {
	jfmt_in '{"a":[1,2],"s":"x\ny"}' --eol=crlf >got
	printf '{\r\n  "a": [\r\n    1,\r\n    2\r\n  ],\r\n  "s": "x\\ny"\r\n}\r\n' >want
	same_bytes want got
}

@test "--eol=crlf -c: one CR LF after each value" {
	jfmt_in '[1] {"a":"\n"}' --eol=crlf -c >got
	printf '[1]\r\n{"a":"\\n"}\r\n' >want
	same_bytes want got
}

@test "--eol=crlf --seq --tab -S and --width: the same line ends" {
	jfmt_in '{"b":[1,2],"a":{"c":[3]}}' --eol=crlf --seq --tab -S >got
	printf '\x1e{\r\n\t"a": {\r\n\t\t"c": [\r\n\t\t\t3\r\n\t\t]\r\n\t},\r\n\t"b": [\r\n\t\t1,\r\n\t\t2\r\n\t]\r\n}\r\n' >want
	same_bytes want got
	jfmt_in '{"b":[1,2],"a":{"c":[3]}}' --eol=crlf --width=20 >got
	printf '{\r\n  "b": [1, 2],\r\n  "a": {"c": [3]}\r\n}\r\n' >want
	same_bytes want got
}

@test "--eol=lf is the default" {
	crlf '{
  "a": 1
}
' >in.json
	"$JFMT" in.json >got
	printf '{\n  "a": 1\n}\n' >want
	same_bytes want got
	"$JFMT" --eol=lf in.json >got
	same_bytes want got
}

@test "--eol=auto: the input's first line end decides" {
	crlf '{
  "a": 1
}
' >dos.json
	printf '{\n  "a": 1\n}\n' >unix.json
	printf '{"a":1}' >none.json
	"$JFMT" --eol=auto dos.json >got
	same_bytes dos.json got
	"$JFMT" --eol=auto unix.json >got
	same_bytes unix.json got
	"$JFMT" --eol=auto none.json >got
	same_bytes unix.json got
	# each input for itself: a CRLF file, then an LF one, on standard input too
	"$JFMT" --eol=auto -c dos.json unix.json >got
	printf '{"a":1}\r\n{"a":1}\n' >want
	same_bytes want got
	"$JFMT" --eol=auto <dos.json >got
	same_bytes dos.json got
}

@test "--eol=auto: a value that ends its input at its last byte keeps that input's line end" {
	# (a number is complete only at the end of its input: it was written
	# with the next input's line ends)
	printf '[1]\r\n2' >dos.json
	printf '[3]\n4' >unix.json
	"$JFMT" --eol=auto -c dos.json unix.json dos.json >got
	printf '[1]\r\n2\r\n[3]\n4\n[1]\r\n2\r\n' >want
	same_bytes want got
}

@test "--eol=auto --check: a formatted CRLF file passes, and fails without it" {
	crlf '{
  "a": [
    1
  ]
}
' >dos.json
	run -0 "$JFMT" --eol=auto --check dos.json
	[ -z "$output" ]
	run -1 --separate-stderr "$JFMT" --check dos.json
	[ "$output" = "dos.json" ]
}

@test "--eol=auto -i keeps a CRLF file's line ends" {
	crlf '{"a":1,
"b":2}
' >dos.json
	run -0 "$JFMT" --eol=auto -i dos.json
	crlf '{
  "a": 1,
  "b": 2
}
' >want
	same_bytes want dos.json
}

@test "--eol=crlf --comments: comments' line ends follow the option" {
	printf '{ // one  \r\n  "a": 1, /* two\r\n     lines */\r\n  "b": 2\r\n}\r\n' >in.jsonc
	"$JFMT" --comments --eol=crlf in.jsonc >got
	[ "$(grep -c $'\r$' got)" -eq "$(wc -l <got)" ]
	! grep -q $'\r\r' got
	"$JFMT" --comments --eol=lf in.jsonc >got
	! grep -q $'\r' got
}

@test "--eol: a bad value is a usage error" {
	run -2 "$JFMT" --eol=mac </dev/null
	[ "${lines[0]}" = "jfmt: invalid line end 'mac' (expected lf, crlf or auto)" ]
}

@test "--eol=crlf: a large output, held and streamed, is the LF one with CR added" {
	python3 -c 'import json; print(json.dumps([{"k%d" % i: ["v" * (i % 50)] * 3} for i in range(20000)]))' >big.json
	"$JFMT" big.json | sed 's/$/\r/' >want
	"$JFMT" --eol=crlf big.json >got
	same_bytes want got
	"$JFMT" --eol=crlf --buffer-size=0 big.json >got
	same_bytes want got
	"$JFMT" -c big.json | sed 's/$/\r/' >want
	"$JFMT" --eol=crlf -c --buffer-size=1K big.json >got
	same_bytes want got
}

# --- --final-newline: the line end after the last value ---

@test "--final-newline=no: the output ends with its last value, in every layout" {
	jfmt_in '{"a":[1]}' --final-newline=no >got
	printf '{\n  "a": [\n    1\n  ]\n}' >want
	same_bytes want got
	jfmt_in '[1] [2]' --final-newline=no -c --eol=crlf >got
	printf '[1]\r\n[2]' >want
	same_bytes want got
	# but a text sequence's record ends with LF, whatever is asked (RFC 7464)
	jfmt_in '[1,2]' --final-newline=no --width=20 --seq >got
	printf '\x1e[1, 2]\n' >want
	same_bytes want got
	# to a file, and through -j
	python3 -c 'import json; print(json.dumps(list(range(200000))))' >big.json
	"$JFMT" -j2 -c --final-newline=no -o out big.json
	[ "$(wc -l <out)" -eq 0 ]
	[ "$(tail -c 2 out)" = '9]' ]
	# several inputs: a line end still parts them
	put a.json '[1]'
	put b.json '[2]'
	"$JFMT" -c --final-newline=no --no-editorconfig a.json b.json >got
	printf '[1]\n[2]' >want
	same_bytes want got
	# yes is the default
	"$JFMT" -c --final-newline=yes a.json >got
	printf '[1]\n' >want
	same_bytes want got
}

@test "--final-newline: --check, -i and -d hold a file to it" {
	put a.json '{"a":1}'
	run -1 --separate-stderr "$JFMT" --check --final-newline=no a.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i --final-newline=no a.json" ]
	run -0 --separate-stderr "$JFMT" -i -l --final-newline=no a.json
	[ "$output" = a.json ]
	cmp a.json <(printf '{\n  "a": 1\n}')
	run -0 --separate-stderr "$JFMT" --check --final-newline=no a.json
	run -1 --separate-stderr "$JFMT" --check a.json
	need_cmd diff
	run -1 --separate-stderr "$JFMT" -d a.json
	[[ "$output" == *'\ No newline at end of file'* ]]
}

@test "--final-newline wins over .editorconfig's insert_final_newline, both ways" {
	printf 'root = true\n[no/*]\ninsert_final_newline = false\n[yes/*]\ninsert_final_newline = true\n' >.editorconfig
	mkdir no yes
	put no/a.json '[1]'
	put yes/a.json '[1]'
	"$JFMT" -c no/a.json >got
	printf '[1]' >want
	same_bytes want got
	"$JFMT" -c --final-newline=yes no/a.json >got
	printf '[1]\n' >want
	same_bytes want got
	"$JFMT" -c --final-newline=no yes/a.json >got
	printf '[1]' >want
	same_bytes want got
	printf '[1]' >no/b.json
	run -0 --separate-stderr "$JFMT" --check -c no/b.json
	run -1 --separate-stderr "$JFMT" --check -c --final-newline=yes no/b.json
	[ "$output" = no/b.json ]
}

@test "--final-newline takes yes or no" {
	run -2 --separate-stderr "$JFMT" --final-newline=maybe </dev/null
	[ "${stderr_lines[0]}" = "jfmt: invalid final-newline choice 'maybe' (expected yes or no)" ]
	run -2 --separate-stderr "$JFMT" --final-newline </dev/null
	[ "${stderr_lines[0]}" = "jfmt: option '--final-newline' requires a value" ]
}
