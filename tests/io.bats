#!/usr/bin/env bats
# tests/io.bats - where input comes from and output goes: standard input and
# files, -o FILE (replaced only on success) and -i (each FILE rewritten in
# place), file modes, symbolic links, and interruption by signals.

load test_helper

# huge_json: the path of a ~200 MB valid document, made once per file run.
huge_json() {
	local f="$BATS_FILE_TMPDIR/huge.json"
	if [ ! -s "$f" ]; then
		python3 - "$f.part" <<'EOF'
import sys
line = '{"id": 12345, "text": "some words to fill the line", "n": [1, 2, 3]},\n'
with open(sys.argv[1], 'w') as f:
    f.write('[\n')
    f.write(line * (200_000_000 // len(line)))
    f.write('null]\n')
EOF
		mv "$f.part" "$f"
	fi
	printf '%s\n' "$f"
}

# interrupt SIGNAL OPTION...: start jfmt OPTION... in the background, send
# SIGNAL after 0.2 s and check that it died of it (it was still working:
# on one thread, as several could be done by then).
interrupt() {
	local sig=$1 pid st=0
	shift
	# A script's background job starts with SIGINT ignored (and a run
	# under nohup with SIGHUP), and jfmt leaves ignored signals ignored:
	# give it every default, as a terminal's.
	env --default-signal "$JFMT" -j1 "$@" 2>"$T/interrupt.err" &
	pid=$!
	sleep 0.2
	kill "-$sig" "$pid"
	wait "$pid" || st=$?
	[ "$st" -eq $((128 + $(kill -l "$sig"))) ] ||
		{ echo "jfmt $* exited $st, not killed by SIG$sig (too fast?)"; cat "$T/interrupt.err"; return 1; }
}

# --- Standard input and files ---

@test "standard input and a file give the same output" {
	printf '{"a":[1,{"b":null}],"c":"\xc3\xa9"}\n[2]' >in.json
	"$JFMT" in.json >from_file.out
	"$JFMT" <in.json >from_stdin.out
	same_bytes from_file.out from_stdin.out
	[ -s from_file.out ]
}

@test "- means standard input" {
	printf '{"a":1}' >in.json
	"$JFMT" - <in.json >dash.out
	"$JFMT" in.json >file.out
	same_bytes file.out dash.out
}

@test "several files are processed in order into one output" {
	printf '[1]' >a.json
	printf '{"b":2}\n"c"' >b.json
	printf '3\n' >c.json
	run -0 --separate-stderr "$JFMT" -c a.json b.json c.json
	[ "$output" = $'[1]\n{"b":2}\n"c"\n3' ]
	run -0 --separate-stderr "$JFMT" -c c.json a.json
	[ "$output" = $'3\n[1]' ]
}

@test "- among files reads standard input at its place" {
	printf '[1]' >a.json
	printf '[3]' >c.json
	run -0 --separate-stderr bash -c 'printf "[2]" | "$JFMT" -c a.json - c.json'
	[ "$output" = $'[1]\n[2]\n[3]' ]
}

@test "a file without a final newline is followed by the next file's values" {
	printf '1' >a.json
	printf '2' >b.json
	run -0 --separate-stderr "$JFMT" a.json b.json
	[ "$output" = $'1\n2' ]
}

@test "a big input through a pipe in small pieces" {
	need_cmd python3
	python3 -c 'import json; print(json.dumps([{"k%d" % i: [i, "v" * (i % 50)]} for i in range(30000)]))' >big.json
	"$JFMT" -c big.json >want.json
	python3 -c '
import sys, time
data = open("big.json", "rb").read()
for i in range(0, len(data), 7919):
    sys.stdout.buffer.write(data[i:i + 7919])
    sys.stdout.buffer.flush()
' | "$JFMT" -c >got.json
	same_bytes want.json got.json
}

@test "an error read right after a short read shows its line as read from a file" {
	# reads of a few bytes from a pipe each became the read before the
	# next, and the start of the line was out of memory: the message
	# showed less of the line than for the same input in a file
	py 'import sys; sys.stdout.write("[1,\n  \"" + "a" * 60 + "\" 2]\n")' >in.json
	local want sizes
	want=$(printf '%s\n' \
		"jfmt: <stdin>:2:66: missing ',' between array elements" \
		"    $(printf 'a%.0s' {1..38})\" 2]" \
		"                                            ^")
	diff <(printf '%s\n' "$want") <("$JFMT" <in.json 2>&1)
	for sizes in 62,6,1000 66,1,1000 40,25,1000 1 3,1; do
		pieces "$sizes" "$JFMT" <in.json >/dev/null 2>err && return 1
		diff <(printf '%s\n' "$want") err || { echo "in pieces of $sizes"; return 1; }
	done
}

# --- -o FILE ---

@test "-o FILE writes FILE and nothing on stdout" {
	printf '{"a":[1]}' >in.json
	run -0 --separate-stderr "$JFMT" -o out.json in.json
	[ -z "$output" ]
	[ -z "$stderr" ]
	"$JFMT" in.json >want.json
	same_bytes want.json out.json
}

@test "-o FILE with several inputs and standard input" {
	printf '[1]' >a.json
	printf '[2]' >b.json
	"$JFMT" -c -o out.json a.json b.json
	[ "$(cat out.json)" = $'[1]\n[2]' ]
	printf '[3]' | "$JFMT" -c -o out2.json
	[ "$(cat out2.json)" = "[3]" ]
}

@test "-o: a new FILE gets mode 0666 minus the umask" {
	printf '[1]' >in.json
	(umask 022 && "$JFMT" -o a.json in.json)
	[ "$(stat -c %a a.json)" = 644 ]
	(umask 077 && "$JFMT" -o b.json in.json)
	[ "$(stat -c %a b.json)" = 600 ]
	(umask 002 && "$JFMT" -o c.json in.json)
	[ "$(stat -c %a c.json)" = 664 ]
	(umask 0 && "$JFMT" -o d.json in.json)
	[ "$(stat -c %a d.json)" = 666 ]
}

@test "-o: an existing FILE keeps its mode" {
	printf '[1]' >in.json
	printf 'old' >out.json
	chmod 640 out.json
	(umask 022 && "$JFMT" -c -o out.json in.json)
	[ "$(stat -c %a out.json)" = 640 ]
	[ "$(cat out.json)" = "[1]" ]
	chmod 604 out.json
	(umask 077 && "$JFMT" -c -o out.json in.json)
	[ "$(stat -c %a out.json)" = 604 ]
}

@test "-o: invalid input leaves an existing FILE untouched, no temporary file, 'not written'" {
	printf '{"a":[1,]}' >bad.json
	printf 'precious\000bytes\n' >out.json
	cp out.json keep.json
	before=$(ls -A)
	run -1 --separate-stderr "$JFMT" -o out.json bad.json
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == "jfmt: bad.json:1:9: "* ]]
	[ "${stderr_lines[${#stderr_lines[@]}-1]}" = "jfmt: out.json: not written" ]
	cmp keep.json out.json
	[ "$(ls -A)" = "$before" ]
}

@test "-o: invalid input does not create a new FILE" {
	printf '[1,' >bad.json
	before=$(ls -A)
	run -1 --separate-stderr "$JFMT" -o out.json bad.json
	[ ! -e out.json ]
	[ "${stderr_lines[${#stderr_lines[@]}-1]}" = "jfmt: out.json: not written" ]
	[ "$(ls -A)" = "$before" ]
}

@test "-o: one invalid input among several leaves FILE untouched" {
	printf '[1]' >a.json
	printf '[2' >b.json
	printf '[3]' >c.json
	printf 'old\n' >out.json
	run -1 --separate-stderr "$JFMT" -o out.json a.json b.json c.json
	[ "$(cat out.json)" = old ]
	[ "${stderr_lines[${#stderr_lines[@]}-1]}" = "jfmt: out.json: not written" ]
}

@test "-o: a missing input leaves FILE untouched, exit 3" {
	printf '[1]' >a.json
	printf 'old\n' >out.json
	before=$(ls -A)
	run -3 --separate-stderr "$JFMT" -o out.json a.json no-such.json
	[ "$(cat out.json)" = old ]
	[ "${stderr_lines[0]}" = "jfmt: no-such.json: No such file or directory" ]
	[ "$(ls -A)" = "$before" ]
}

@test "jfmt f -o f reformats f in place" {
	printf '{"b":[1,2],"a":{}}' >f.json
	"$JFMT" f.json >want.json
	run -0 --separate-stderr "$JFMT" f.json -o f.json
	same_bytes want.json f.json
	run -0 --separate-stderr "$JFMT" -c -S -o f.json f.json
	[ "$(cat f.json)" = '{"a":{},"b":[1,2]}' ]
}

@test "-o into a directory that does not exist: exit 3" {
	printf '[1]' >in.json
	run -3 --separate-stderr "$JFMT" -o no-such-dir/out.json in.json
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == "jfmt: no-such-dir/out.json: "* ]]
	[ ! -e no-such-dir ]
}

@test "-o into a directory path: exit 3, the directory stays" {
	printf '[1]' >in.json
	mkdir out.d
	run -3 --separate-stderr "$JFMT" -o out.d in.json
	[ -d out.d ]
	[ -z "$(ls -A out.d)" ]
}

@test "-o into a read-only directory: exit 3" {
	skip_if_root
	printf '[1]' >in.json
	mkdir ro
	chmod 555 ro
	run -3 --separate-stderr "$JFMT" -o ro/out.json in.json
	chmod 755 ro
	[ ! -e ro/out.json ]
}

# --- -i, --in-place ---

@test "-i rewrites each FILE" {
	printf '{"a":[1,2]}' >a.json
	printf '[{"b":null}]\n"x"' >b.json
	"$JFMT" a.json >want_a.json
	"$JFMT" b.json >want_b.json
	run -0 --separate-stderr "$JFMT" -i a.json b.json
	[ -z "$output" ]
	[ -z "$stderr" ]
	same_bytes want_a.json a.json
	same_bytes want_b.json b.json
}

@test "--in-place with layout options" {
	printf '{"b":1,\n "a":[ 2 ]}' >a.json
	run -0 --separate-stderr "$JFMT" --in-place -c -S a.json
	[ "$(cat a.json)" = '{"a":[2],"b":1}' ]
	run -0 --separate-stderr "$JFMT" -i --tab a.json
	[ "$(cat a.json)" = $'{\n\t"a": [\n\t\t2\n\t],\n\t"b": 1\n}' ]
}

@test "-i on a file in another directory" {
	mkdir -p sub/dir
	printf '[1]' >sub/dir/a.json
	run -0 --separate-stderr "$JFMT" -i -c sub/dir/a.json
	[ "$(cat sub/dir/a.json)" = "[1]" ]
	[ "$(ls -A sub/dir)" = a.json ]
	printf '[2]' >sub/b.json
	(cd sub/dir && "$JFMT" -i ../b.json)
	[ "$(cat sub/b.json)" = $'[\n  2\n]' ]
}

@test "-i keeps the mode" {
	printf '[1]' >a.json
	chmod 640 a.json
	printf '[2]' >b.json
	chmod 600 b.json
	(umask 022 && "$JFMT" -i a.json b.json)
	[ "$(stat -c %a a.json)" = 640 ]
	[ "$(stat -c %a b.json)" = 600 ]
	[ "$(cat a.json)" = $'[\n  1\n]' ]
}

@test "-i through a symbolic link rewrites the target and keeps the link" {
	mkdir data
	printf '{"a":1}' >data/real.json
	ln -s data/real.json link.json
	run -0 --separate-stderr "$JFMT" -i -c link.json
	[ -L link.json ]
	[ "$(readlink link.json)" = data/real.json ]
	[ -f data/real.json ] && [ ! -L data/real.json ]
	[ "$(cat data/real.json)" = '{"a":1}' ]
	printf '{ "b" : 2 }' >data/real.json
	run -0 --separate-stderr "$JFMT" -i link.json
	[ -L link.json ]
	[ "$(cat data/real.json)" = $'{\n  "b": 2\n}' ]
	[ "$(ls -A data)" = real.json ]
}

@test "-i: an invalid file stays byte for byte, the valid ones are rewritten, exit 1" {
	printf '[1]' >a.json
	printf '{"x": [1,,2]}\n\000odd' >bad.json
	cp bad.json keep.json
	printf '{"c":3}' >c.json
	before=$(ls -A)
	run -1 --separate-stderr "$JFMT" -i -c a.json bad.json c.json
	[[ "${stderr_lines[0]}" == "jfmt: bad.json:1:10: "* ]]
	cmp keep.json bad.json
	[ "$(cat a.json)" = "[1]" ]
	[ "$(cat c.json)" = '{"c":3}' ]
	[ "$(ls -A)" = "$before" ]
}

@test "-i: a missing file is reported, the others rewritten, exit 3" {
	printf '[ 1 ]' >a.json
	printf '[ 2' >bad.json
	run -3 --separate-stderr "$JFMT" -i -c a.json no-such.json bad.json
	[ "$(cat a.json)" = "[1]" ]
	[ "$(cat bad.json)" = "[ 2" ]
	[[ "$stderr" == *"jfmt: no-such.json: No such file or directory"* ]]
	[ ! -e no-such.json ]
}

@test "-i on a directory: exit 3, nothing created" {
	mkdir dir
	printf '[ 1 ]' >a.json
	before=$(ls -A)
	run -3 --separate-stderr "$JFMT" -i -c dir a.json
	[[ "$stderr" == *"jfmt: dir: "* ]]
	[ -d dir ] && [ -z "$(ls -A dir)" ]
	[ "$(cat a.json)" = "[1]" ]
	[ "$(ls -A)" = "$before" ]
}

@test "-i leaves no temporary files" {
	for i in 1 2 3 4 5; do printf '{"n":%d}' "$i" >"f$i.json"; done
	printf 'nope' >bad.json
	run -1 --separate-stderr "$JFMT" -i f1.json f2.json bad.json f3.json f4.json f5.json
	[ "$(ls -A | tr '\n' ' ')" = "bad.json f1.json f2.json f3.json f4.json f5.json " ]
}

@test "-i on a file in a read-only directory: exit 3, the file is kept" {
	skip_if_root
	mkdir ro
	printf '[ 1 ]' >ro/a.json
	chmod 555 ro
	run -3 --separate-stderr "$JFMT" -i ro/a.json
	chmod 755 ro
	[ "$(cat ro/a.json)" = "[ 1 ]" ]
	[ "$(ls -A ro)" = a.json ]
}

@test "-i on an unreadable file: exit 3" {
	skip_if_root
	printf '[ 1 ]' >a.json
	chmod 000 a.json
	run -3 --separate-stderr "$JFMT" -i a.json
	[[ "$stderr" == "jfmt: a.json: "* ]]
}

# --- Interruption ---

@test "SIGTERM during -i leaves the file unchanged and no temporary file" {
	need_cmd python3
	huge=$(huge_json)
	cp "$huge" big.json
	before=$(ls -A)
	interrupt TERM -i big.json
	cmp "$huge" big.json
	[ "$(ls -A)" = "$before" ]
	! ls -A | grep -q '^\.big\.json\.jfmt-'
}

@test "SIGKILL during -i leaves the file unchanged and nothing behind" {
	need_cmd python3
	huge=$(huge_json)
	cp "$huge" big.json
	before=$(ls -A)
	interrupt KILL -i big.json
	cmp "$huge" big.json
	[ "$(ls -A)" = "$before" ]
}

@test "SIGINT and SIGHUP during -i leave the file unchanged" {
	need_cmd python3
	huge=$(huge_json)
	cp "$huge" big.json
	before=$(ls -A)
	interrupt INT -i big.json
	interrupt HUP -i big.json
	cmp "$huge" big.json
	[ "$(ls -A)" = "$before" ]
}

@test "SIGTERM during -o leaves an existing FILE unchanged and no temporary file" {
	need_cmd python3
	huge=$(huge_json)
	printf 'old\n' >out.json
	before=$(ls -A)
	interrupt TERM -o out.json "$huge"
	[ "$(cat out.json)" = old ]
	[ "$(ls -A)" = "$before" ]
}
