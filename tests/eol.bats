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
